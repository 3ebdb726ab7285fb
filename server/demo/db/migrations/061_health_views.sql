-- Health-check views (data-model §4.2). Uptime and latency over the last hour are computed live
-- from check_statuses (upstream keeps them in a materialized view).

-- Per check: pass/fail counts and latency percentiles over the last hour, or over the latest
-- single status when the check has not run in the last hour.
CREATE VIEW check_status_summary AS
SELECT
  c.id AS check_id,
  s.passed,
  s.failed,
  s.last_pass,
  s.last_fail,
  s.p99,
  s.p95,
  s.p50,
  s.avg
FROM checks c
CROSS JOIN LATERAL (
  SELECT
    count(*) FILTER (WHERE w.status) AS passed,
    count(*) FILTER (WHERE NOT w.status) AS failed,
    max(w.time) FILTER (WHERE w.status) AS last_pass,
    max(w.time) FILTER (WHERE NOT w.status) AS last_fail,
    round(percentile_cont(0.99) WITHIN GROUP (ORDER BY w.duration)::numeric, 2) AS p99,
    round(percentile_cont(0.95) WITHIN GROUP (ORDER BY w.duration)::numeric, 2) AS p95,
    round(percentile_cont(0.50) WITHIN GROUP (ORDER BY w.duration)::numeric, 2) AS p50,
    round(avg(w.duration)::numeric, 2) AS avg
  FROM (
    SELECT cs.status, cs.time, cs.duration FROM check_statuses cs
    WHERE cs.check_id = c.id AND cs.time > now() - interval '1 hour'
    UNION ALL
    (
      SELECT cs.status, cs.time, cs.duration FROM check_statuses cs
      WHERE cs.check_id = c.id
        AND NOT EXISTS (
          SELECT 1 FROM check_statuses recent
          WHERE recent.check_id = c.id AND recent.time > now() - interval '1 hour'
        )
      ORDER BY cs.time DESC
      LIMIT 1
    )
  ) w
) s;

CREATE VIEW check_summary AS
SELECT
  c.id,
  c.canary_id,
  c.agent_id,
  json_build_object(
    'passed', coalesce(s.passed, 0), 'failed', coalesce(s.failed, 0),
    'last_pass', s.last_pass, 'last_fail', s.last_fail
  ) AS uptime,
  json_build_object('p99', s.p99, 'p95', s.p95, 'p50', s.p50, 'avg', s.avg) AS latency,
  c.last_transition_time,
  c.type,
  c.icon,
  c.name,
  c.status,
  c.description,
  c.namespace,
  ca.namespace AS canary_namespace,
  ca.name AS canary_name,
  coalesce(ca.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb) AS labels,
  c.severity,
  c.owner,
  c.last_runtime,
  c.created_at,
  c.updated_at,
  c.deleted_at,
  c.silenced_at,
  c.next_runtime
FROM checks c
JOIN canaries ca ON ca.id = c.canary_id
LEFT JOIN check_status_summary s ON s.check_id = c.id;

CREATE VIEW check_summary_for_config AS
SELECT ccr.config_id, cs.*
FROM check_config_relationships ccr
JOIN check_summary cs ON cs.id = ccr.check_id
WHERE ccr.deleted_at IS NULL;

-- How many of the given check statuses there are of each ({"healthy": 2, "unhealthy": 1}), a
-- missing status counted as "unknown".
CREATE FUNCTION check_status_counts(statuses text[]) RETURNS json LANGUAGE sql IMMUTABLE AS $$
  SELECT json_object_agg(status, total ORDER BY status)
  FROM (
    SELECT coalesce(s, 'unknown') AS status, count(*) AS total
    FROM unnest(statuses) AS s
    GROUP BY 1
  ) c
$$;

CREATE VIEW checks_by_config AS
SELECT
  ccr.config_id,
  c.id,
  c.type,
  c.name,
  c.severity,
  c.status,
  c.icon,
  c.last_runtime
FROM check_config_relationships ccr
JOIN checks c ON c.id = ccr.check_id
WHERE ccr.deleted_at IS NULL;

CREATE VIEW check_summary_by_config AS
SELECT config_id, check_status_counts(array_agg(status)) AS checks
FROM checks_by_config
GROUP BY config_id;

CREATE VIEW checks_by_component AS
SELECT
  cr.component_id,
  c.id,
  c.type,
  c.name,
  c.severity,
  c.status,
  c.icon,
  c.last_runtime,
  c.next_runtime,
  c.last_transition_time,
  c.created_at
FROM check_component_relationships cr
JOIN checks c ON c.id = cr.check_id
WHERE cr.deleted_at IS NULL;

CREATE VIEW check_summary_by_component AS
SELECT component_id, check_status_counts(array_agg(status)) AS checks
FROM checks_by_component
GROUP BY component_id;

CREATE VIEW check_names AS
SELECT id, canary_id, type, name, status
FROM checks
WHERE deleted_at IS NULL AND silenced_at IS NULL
ORDER BY name;

-- Not defined upstream, but the permission form's canary picker asks for it (data-model §6.2).
CREATE VIEW canary_names AS
SELECT id, name, namespace
FROM canaries
WHERE deleted_at IS NULL
ORDER BY name;

CREATE VIEW checks_labels_keys AS
SELECT DISTINCT 'label:' || k.key AS key
FROM checks c, jsonb_object_keys(c.labels) AS k(key)
WHERE jsonb_typeof(c.labels) = 'object'
ORDER BY 1;
