-- The columns the settings lists read from the `*_with_status` relations (api.md §21 and
-- INT-01) that were missing: canaries' spec, agent_id and updated_at; the schedule of scrapers;
-- the last run of scrapers and topologies (their newest job). New columns go last, as
-- CREATE OR REPLACE VIEW requires. A canary's latest job is now only one of its own canary jobs.

CREATE OR REPLACE VIEW canaries_with_status AS
SELECT
  c.id,
  c.name,
  c.namespace,
  c.spec ->> 'interval' AS interval,
  c.spec ->> 'schedule' AS schedule,
  c.labels,
  c.source,
  c.created_by,
  c.created_at,
  c.deleted_at,
  (SELECT max(ch.last_runtime) FROM checks ch WHERE ch.canary_id = c.id) AS last_runtime,
  j.name AS job_name,
  j.success_count AS job_success_count,
  j.error_count AS job_error_count,
  j.details AS job_details,
  j.hostname AS job_hostname,
  j.duration_millis AS job_duration_millis,
  j.resource_type AS job_resource_type,
  j.status AS job_status,
  j.time_start AS job_time_start,
  j.time_end AS job_time_end,
  j.created_at AS job_created_at,
  (
    SELECT f.time_start FROM job_history f
    WHERE f.resource_id = c.id::text AND f.resource_type = 'canary' AND f.status = 'FAILED'
    ORDER BY f.created_at DESC LIMIT 1
  ) AS job_last_failed,
  json_build_object('id', a.id, 'name', a.name) AS agent,
  c.spec,
  c.agent_id,
  c.updated_at
FROM canaries c
LEFT JOIN agents a ON a.id = c.agent_id
LEFT JOIN LATERAL (
  SELECT * FROM job_history jh
  WHERE jh.resource_id = c.id::text AND jh.resource_type = 'canary'
  ORDER BY jh.created_at DESC, jh.id DESC
  LIMIT 1
) j ON true
WHERE c.deleted_at IS NULL;

CREATE OR REPLACE VIEW topologies_with_status AS
SELECT
  t.id,
  t.agent_id,
  t.name,
  t.namespace,
  t.labels,
  t.source,
  t.spec,
  t.created_at,
  t.updated_at,
  t.is_pushed,
  t.schedule,
  t.created_by,
  t.deleted_at,
  j.name AS job_name,
  j.success_count AS job_success_count,
  j.error_count AS job_error_count,
  j.details AS job_details,
  j.hostname AS job_hostname,
  j.duration_millis AS job_duration_millis,
  j.resource_type AS job_resource_type,
  j.status AS job_status,
  j.time_start AS job_time_start,
  j.time_end AS job_time_end,
  j.created_at AS job_created_at,
  (
    SELECT f.time_start FROM job_history f
    WHERE f.resource_id = t.id::text AND f.resource_type = 'topology' AND f.status = 'FAILED'
    ORDER BY f.created_at DESC LIMIT 1
  ) AS job_last_failed,
  json_build_object('id', a.id, 'name', a.name) AS agent,
  (
    SELECT max(r.time_start) FROM job_history r
    WHERE r.resource_id = t.id::text AND r.resource_type = 'topology'
  ) AS last_runtime
FROM topologies t
LEFT JOIN agents a ON a.id = t.agent_id
LEFT JOIN LATERAL (
  SELECT * FROM job_history jh
  WHERE jh.resource_id = t.id::text AND jh.resource_type = 'topology'
  ORDER BY jh.created_at DESC, jh.id DESC
  LIMIT 1
) j ON true
WHERE t.deleted_at IS NULL;

CREATE OR REPLACE VIEW config_scrapers_with_status AS
SELECT
  s.id,
  s.description,
  s.name,
  s.namespace,
  s.spec,
  s.source,
  s.application_id,
  s.created_by,
  s.agent_id,
  s.created_at,
  s.updated_at,
  s.deleted_at,
  s.is_pushed,
  j.name AS job_name,
  j.success_count AS job_success_count,
  j.error_count AS job_error_count,
  j.details AS job_details,
  j.hostname AS job_hostname,
  j.duration_millis AS job_duration_millis,
  j.resource_type AS job_resource_type,
  j.status AS job_status,
  j.time_start AS job_time_start,
  j.time_end AS job_time_end,
  j.created_at AS job_created_at,
  (
    SELECT f.time_start FROM job_history f
    WHERE f.resource_id = s.id::text AND f.resource_type = 'config_scraper' AND f.status = 'FAILED'
    ORDER BY f.created_at DESC LIMIT 1
  ) AS job_last_failed,
  json_build_object('id', a.id, 'name', a.name) AS agent,
  s.spec ->> 'schedule' AS schedule,
  (
    SELECT max(r.time_start) FROM job_history r
    WHERE r.resource_id = s.id::text AND r.resource_type = 'config_scraper'
  ) AS last_runtime
FROM config_scrapers s
LEFT JOIN agents a ON a.id = s.agent_id
LEFT JOIN LATERAL (
  SELECT * FROM job_history jh
  WHERE jh.resource_id = s.id::text AND jh.resource_type = 'config_scraper'
  ORDER BY jh.created_at DESC, jh.id DESC
  LIMIT 1
) j ON true
WHERE s.deleted_at IS NULL;
