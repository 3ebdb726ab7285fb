-- Versions of the tables behind the demo's cached reads (server/demo/db/readCache.ts). Every
-- statement that writes one of them (from a route, a trigger, the scheduler or another server
-- on the same PostgreSQL) moves its version on, so a cached answer read before the write is not
-- answered again after it.

CREATE TABLE demo_data_versions (
  name text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0
);

CREATE FUNCTION demo_data_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO demo_data_versions (name, version) VALUES (TG_TABLE_NAME, 1)
  ON CONFLICT (name) DO UPDATE SET version = demo_data_versions.version + 1;
  RETURN NULL;
END $$;

DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['canaries', 'checks', 'demo_check_uptime', 'config_items',
    'config_changes', 'config_analysis', 'config_relationships'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION demo_data_versions_bump()', watched || '_version', watched);
  END LOOP;
END $$;

-- Agents report in every few seconds (last_seen): only what the catalog shows of them counts.
CREATE TRIGGER agents_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF id, name ON agents
  FOR EACH STATEMENT EXECUTE FUNCTION demo_data_versions_bump();
