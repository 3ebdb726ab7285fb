-- Uptime and latency of every check over the hour up to its newest status, kept up to date by
-- statement triggers on check_statuses, so the health summary (api.md HEALTH-01) reads one row
-- per check instead of aggregating thousands of status histories on each request. A stand-in
-- table (the demo_ prefix keeps it out of /api/db); upstream keeps such figures in the
-- materialized views check_status_summary and check_status_summary_aged.

CREATE TABLE demo_check_uptime (
  check_id uuid NOT NULL,
  -- Time of the check's newest status: the window is the hour up to it.
  window_end timestamptz NOT NULL,
  passed integer NOT NULL,
  failed integer NOT NULL,
  last_pass timestamptz,
  last_fail timestamptz,
  p99 integer,
  p97 integer,
  p95 integer,
  -- Mean latency of the window's runs, in milliseconds.
  rolling1h numeric,
  CONSTRAINT demo_check_uptime_pkey PRIMARY KEY (check_id)
);

-- Recomputes the figures of the given checks from their statuses.
CREATE FUNCTION demo_check_uptime_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM demo_check_uptime WHERE check_id = ANY (ids);
  INSERT INTO demo_check_uptime
    (check_id, window_end, passed, failed, last_pass, last_fail, p99, p97, p95, rolling1h)
  SELECT l.check_id, l.newest, s.passed, s.failed, s.last_pass, s.last_fail, s.p99, s.p97, s.p95,
         s.rolling1h
    FROM (
      SELECT check_id, max(time) AS newest
        FROM check_statuses
       WHERE check_id = ANY (ids)
       GROUP BY check_id
    ) l
   CROSS JOIN LATERAL (
     SELECT count(*) FILTER (WHERE cs.status)::int AS passed,
            count(*) FILTER (WHERE NOT cs.status)::int AS failed,
            max(cs.time) FILTER (WHERE cs.status) AS last_pass,
            max(cs.time) FILTER (WHERE NOT cs.status) AS last_fail,
            percentile_disc(0.99) WITHIN GROUP (ORDER BY cs.duration) AS p99,
            percentile_disc(0.97) WITHIN GROUP (ORDER BY cs.duration) AS p97,
            percentile_disc(0.95) WITHIN GROUP (ORDER BY cs.duration) AS p95,
            round(avg(cs.duration), 2) AS rolling1h
       FROM check_statuses cs
      WHERE cs.check_id = l.check_id
        AND cs.time > l.newest - interval '1 hour' AND cs.time <= l.newest
   ) s;
$$;

CREATE FUNCTION demo_check_uptime_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM demo_check_uptime_refresh(ARRAY(SELECT DISTINCT check_id FROM inserted_rows));
  RETURN NULL;
END;
$$;

CREATE FUNCTION demo_check_uptime_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM demo_check_uptime_refresh(ARRAY(SELECT DISTINCT check_id FROM deleted_rows));
  RETURN NULL;
END;
$$;

CREATE FUNCTION demo_check_uptime_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM demo_check_uptime_refresh(ARRAY(
    SELECT check_id FROM old_rows UNION SELECT check_id FROM new_rows
  ));
  RETURN NULL;
END;
$$;

CREATE FUNCTION demo_check_uptime_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM demo_check_uptime;
  RETURN NULL;
END;
$$;

CREATE TRIGGER check_statuses_uptime_insert AFTER INSERT ON check_statuses
  REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION demo_check_uptime_inserted();
CREATE TRIGGER check_statuses_uptime_delete AFTER DELETE ON check_statuses
  REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION demo_check_uptime_deleted();
CREATE TRIGGER check_statuses_uptime_update AFTER UPDATE ON check_statuses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION demo_check_uptime_updated();
CREATE TRIGGER check_statuses_uptime_truncate AFTER TRUNCATE ON check_statuses
  FOR EACH STATEMENT EXECUTE FUNCTION demo_check_uptime_truncated();

-- A database seeded before this migration gets its figures now.
SELECT demo_check_uptime_refresh(ARRAY(SELECT DISTINCT check_id FROM check_statuses));
