-- The JSON text of every check as the health summary (HEALTH-01) lists it, kept by triggers on
-- the tables it is made from, so that a summary is one concatenation in the order asked for
-- instead of shaping thousands of checks for every new version of the checks
-- (server/demo/routes/canary/summary.ts, checkSummariesJson). The text is the one the server's
-- own shaping writes (toSummary then JSON.stringify): the same members in the same order, empty
-- optional ones left out, labels as a string map, zero percentiles left out. `plain` is false
-- when SQL cannot write the labels as JavaScript does (values that are not strings, keys that
-- are array indexes, which JavaScript puts first); the server shapes such summaries itself.

-- A check's text is updated in place, and only when it changes: with room left on each page the
-- update stays on its page (a HOT update), whose old versions are pruned as the page is read, so
-- the table does not grow with every check run on an embedded database that is never vacuumed.
CREATE TABLE demo_check_summary_rows (
  check_id uuid PRIMARY KEY,
  body text NOT NULL,
  plain boolean NOT NULL
) WITH (fillfactor = 50);

CREATE FUNCTION demo_check_summary_rows_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM demo_check_summary_rows r
   WHERE r.check_id = ANY (ids)
     AND NOT EXISTS (SELECT 1 FROM checks c JOIN canaries ca ON ca.id = c.canary_id
                      WHERE c.id = r.check_id);
  INSERT INTO demo_check_summary_rows (check_id, body, plain)
  SELECT c.id,
         '{' || concat_ws(',',
           '"id":' || to_json(c.id::text),
           '"canary_id":' || to_json(c.canary_id::text),
           '"canary_name":' || to_json(coalesce(ca.name, '')),
           '"canary_namespace":' || to_json(coalesce(ca.namespace, '')),
           '"agent_id":' || to_json(coalesce(c.agent_id::text, 'null')),
           '"name":' || to_json(coalesce(c.name, '')),
           '"namespace":' || to_json(coalesce(c.namespace, '')),
           '"type":' || to_json(coalesce(c.type, '')),
           '"description":' || to_json(nullif(c.description, '')),
           '"icon":' || to_json(nullif(c.icon, '')),
           '"labels":{' || coalesce((
             SELECT string_agg(to_json(l.key)::text || ':' || to_json(l.value #>> '{}')::text, ','
                               ORDER BY l.n)
               FROM jsonb_each(CASE WHEN jsonb_typeof(m.labels) = 'object' THEN m.labels END)
                    WITH ORDINALITY AS l (key, value, n)), '') || '}',
           '"owner":' || to_json(nullif(c.owner, '')),
           '"severity":' || to_json(nullif(c.severity, '')),
           '"status":' || to_json(coalesce(c.status, '')),
           '"last_transition_time":' || to_json(c.last_transition_time),
           '"last_runtime":' || to_json(c.last_runtime),
           '"silenced_at":' || to_json(c.silenced_at),
           '"latency":{' || concat_ws(',',
             '"p99":' || nullif(u.p99, 0)::text,
             '"p97":' || nullif(u.p97, 0)::text,
             '"p95":' || nullif(u.p95, 0)::text,
             '"rolling1h":' || coalesce(u.rolling1h::float8, 0)::text) || '}',
           '"uptime":{' || concat_ws(',',
             '"passed":' || coalesce(u.passed, 0)::text,
             '"failed":' || coalesce(u.failed, 0)::text,
             '"last_pass":' || to_json(u.last_pass),
             '"last_fail":' || to_json(u.last_fail)) || '}',
           '"created_at":' || coalesce(to_json(c.created_at)::text, 'null'),
           '"updated_at":' || coalesce(to_json(c.updated_at)::text, 'null'),
           '"deleted_at":' || to_json(coalesce(c.deleted_at, ca.deleted_at))) || '}',
         jsonb_typeof(m.labels) = 'object' AND NOT EXISTS (
           SELECT 1 FROM jsonb_each(CASE WHEN jsonb_typeof(m.labels) = 'object' THEN m.labels END) l
            WHERE jsonb_typeof(l.value) <> 'string' OR l.key ~ '^(0|[1-9][0-9]{0,9})$')
    FROM checks c
    JOIN canaries ca ON ca.id = c.canary_id
    LEFT JOIN demo_check_uptime u ON u.check_id = c.id
   CROSS JOIN LATERAL (
     SELECT coalesce(ca.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb) AS labels
   ) m
   WHERE c.id = ANY (ids)
  ON CONFLICT (check_id) DO UPDATE SET body = EXCLUDED.body, plain = EXCLUDED.plain
   WHERE demo_check_summary_rows.body IS DISTINCT FROM EXCLUDED.body
      OR demo_check_summary_rows.plain IS DISTINCT FROM EXCLUDED.plain;
$$;

CREATE FUNCTION demo_check_summary_rows_of_checks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM demo_check_summary_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM demo_check_summary_rows_refresh(ARRAY(SELECT id FROM old_rows));
  ELSE
    PERFORM demo_check_summary_rows_refresh(ARRAY(SELECT id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION demo_check_summary_rows_of_canaries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM demo_check_summary_rows_refresh(ARRAY(
    SELECT c.id FROM checks c WHERE c.canary_id IN (SELECT id FROM new_rows)));
  RETURN NULL;
END $$;

CREATE FUNCTION demo_check_summary_rows_of_uptime() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM demo_check_summary_rows_refresh(ARRAY(SELECT id FROM checks));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM demo_check_summary_rows_refresh(ARRAY(SELECT check_id FROM old_rows));
  ELSE
    PERFORM demo_check_summary_rows_refresh(ARRAY(SELECT check_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER checks_summary_rows_insert AFTER INSERT ON checks
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION demo_check_summary_rows_of_checks();
CREATE TRIGGER checks_summary_rows_update AFTER UPDATE ON checks
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION demo_check_summary_rows_of_checks();
CREATE TRIGGER checks_summary_rows_delete AFTER DELETE ON checks
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION demo_check_summary_rows_of_checks();
CREATE TRIGGER checks_summary_rows_truncate AFTER TRUNCATE ON checks
  FOR EACH STATEMENT EXECUTE FUNCTION demo_check_summary_rows_of_checks();

CREATE TRIGGER canaries_summary_rows_update AFTER UPDATE ON canaries
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION demo_check_summary_rows_of_canaries();

CREATE TRIGGER uptime_summary_rows_insert AFTER INSERT ON demo_check_uptime
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION demo_check_summary_rows_of_uptime();
CREATE TRIGGER uptime_summary_rows_update AFTER UPDATE ON demo_check_uptime
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION demo_check_summary_rows_of_uptime();
CREATE TRIGGER uptime_summary_rows_delete AFTER DELETE ON demo_check_uptime
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION demo_check_summary_rows_of_uptime();
CREATE TRIGGER uptime_summary_rows_truncate AFTER TRUNCATE ON demo_check_uptime
  FOR EACH STATEMENT EXECUTE FUNCTION demo_check_summary_rows_of_uptime();

SELECT demo_check_summary_rows_refresh(ARRAY(SELECT id FROM checks));
