-- A view deleted for good (VIEW-03) takes its results with it: the table its evaluations wrote
-- (`view_{namespace}_{name}`, named as server/demo/views/spec.ts names it) and its cached panels.
CREATE OR REPLACE FUNCTION drop_view_results() RETURNS trigger AS $$
DECLARE
  results_table text := replace(format('view_%s_%s', coalesce(OLD.namespace, 'default'), OLD.name), '-', '_');
BEGIN
  DELETE FROM view_panels WHERE view_id = OLD.id;
  IF results_table ~ '^[A-Za-z0-9_]{1,63}$' THEN
    EXECUTE format('DROP TABLE IF EXISTS %I', results_table);
  END IF;
  RETURN OLD;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER views_drop_results
  AFTER DELETE ON views
  FOR EACH ROW EXECUTE FUNCTION drop_view_results();
