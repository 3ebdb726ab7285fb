-- The integrations list and the agents list as the console reads them (api.md INT-01, AGENT-01).
--
-- integrations_with_status gains the definition columns INT-01 names (namespace, spec, labels,
-- schedule, icon, last_runtime) and no longer lists deleted logging backends. Logging backends
-- have no jobs, so their job columns are null rather than empty strings. The view is rebuilt
-- (not replaced) because columns are added in the middle.

DROP VIEW integrations_with_status;

CREATE VIEW integrations_with_status AS
SELECT
  s.id,
  s.name,
  s.namespace,
  s.description,
  'scrapers'::text AS integration_type,
  s.source::text AS source,
  s.spec,
  NULL::jsonb AS labels,
  s.spec ->> 'schedule' AS schedule,
  NULL::text AS icon,
  s.agent_id,
  (SELECT jsonb_build_object('id', ag.id, 'name', ag.name) FROM agents ag WHERE ag.id = s.agent_id) AS agent,
  s.created_at,
  s.updated_at,
  s.deleted_at,
  s.created_by,
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
    SELECT max(f.time_start) FROM job_history f
    WHERE f.resource_id = s.id::text AND f.resource_type = 'config_scraper' AND f.status = 'FAILED'
  ) AS job_last_failed,
  (
    SELECT max(r.time_start) FROM job_history r
    WHERE r.resource_id = s.id::text AND r.resource_type = 'config_scraper'
  ) AS last_runtime,
  creator.name AS creator_name,
  creator.avatar AS creator_avatar,
  creator.title AS creator_title,
  creator.email AS creator_email
FROM config_scrapers s
LEFT JOIN LATERAL (
  SELECT * FROM job_history jh
  WHERE jh.resource_id = s.id::text AND jh.resource_type = 'config_scraper'
  ORDER BY jh.created_at DESC, jh.id DESC LIMIT 1
) j ON true
LEFT JOIN people creator ON creator.id = s.created_by
WHERE s.deleted_at IS NULL
UNION ALL
SELECT
  t.id,
  t.name,
  t.namespace,
  '' AS description,
  'topologies'::text AS integration_type,
  t.source::text,
  t.spec,
  t.labels,
  t.schedule,
  t.spec ->> 'icon',
  t.agent_id,
  (SELECT jsonb_build_object('id', ag.id, 'name', ag.name) FROM agents ag WHERE ag.id = t.agent_id),
  t.created_at,
  t.updated_at,
  t.deleted_at,
  t.created_by,
  j.name,
  j.success_count,
  j.error_count,
  j.details,
  j.hostname,
  j.duration_millis,
  j.resource_type,
  j.status,
  j.time_start,
  j.time_end,
  j.created_at,
  (
    SELECT max(f.time_start) FROM job_history f
    WHERE f.resource_id = t.id::text AND f.resource_type = 'topology' AND f.status = 'FAILED'
  ),
  (
    SELECT max(r.time_start) FROM job_history r
    WHERE r.resource_id = t.id::text AND r.resource_type = 'topology'
  ),
  creator.name,
  creator.avatar,
  creator.title,
  creator.email
FROM topologies t
LEFT JOIN LATERAL (
  SELECT * FROM job_history jh
  WHERE jh.resource_id = t.id::text AND jh.resource_type = 'topology'
  ORDER BY jh.created_at DESC, jh.id DESC LIMIT 1
) j ON true
LEFT JOIN people creator ON creator.id = t.created_by
WHERE t.deleted_at IS NULL
UNION ALL
SELECT
  l.id,
  l.name,
  NULL::text AS namespace,
  '' AS description,
  'logging_backends'::text AS integration_type,
  l.source::text,
  l.spec,
  l.labels,
  NULL::text,
  NULL::text,
  l.agent_id,
  (SELECT jsonb_build_object('id', ag.id, 'name', ag.name) FROM agents ag WHERE ag.id = l.agent_id),
  l.created_at,
  l.updated_at,
  l.deleted_at,
  l.created_by,
  NULL::text,
  NULL::integer,
  NULL::integer,
  NULL::jsonb,
  NULL::text,
  NULL::integer,
  NULL::text,
  NULL::text,
  NULL::timestamptz,
  NULL::timestamptz,
  NULL::timestamptz,
  NULL::timestamptz,
  NULL::timestamptz,
  creator.name,
  creator.avatar,
  creator.title,
  creator.email
FROM logging_backends l
LEFT JOIN people creator ON creator.id = l.created_by
WHERE l.deleted_at IS NULL;

-- agents_summary: the agent's person as a small object (AGENT-01 `person`), appended last.
CREATE OR REPLACE VIEW agents_summary AS
SELECT
  a.*,
  nullif((SELECT count(*) FROM config_items ci WHERE ci.agent_id = a.id), 0) AS config_count,
  nullif((SELECT count(*) FROM config_scrapers s WHERE s.agent_id = a.id), 0) AS config_scrapper_count,
  nullif((SELECT count(*) FROM checks c WHERE c.agent_id = a.id), 0) AS checks_count,
  nullif((SELECT count(*) FROM playbook_runs pr WHERE pr.agent_id = a.id), 0) AS playbook_runs_count,
  CASE
    WHEN a.last_seen IS NULL THEN 'unknown'
    WHEN a.last_seen > now() - interval '61 seconds' THEN 'healthy'
    ELSE 'unhealthy'
  END AS health,
  CASE
    WHEN a.last_seen IS NULL THEN 'unknown'
    WHEN a.last_seen > now() - interval '61 seconds' THEN 'online'
    ELSE 'offline'
  END AS status,
  (
    SELECT jsonb_build_object('id', p.id, 'name', p.name)
    FROM people p WHERE p.id = a.person_id
  ) AS person
FROM agents a
WHERE a.deleted_at IS NULL;

-- A deleted agent's person is deleted with it, so nothing authenticates as the agent any more
-- (its tokens already expire through agents_soft_delete).
CREATE FUNCTION agents_delete_person() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE people SET deleted_at = NEW.deleted_at
  WHERE id = NEW.person_id AND type = 'agent' AND deleted_at IS NULL;
  RETURN NULL;
END;
$$;
CREATE TRIGGER agents_delete_person AFTER UPDATE OF deleted_at ON agents
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL AND NEW.person_id IS NOT NULL)
  EXECUTE FUNCTION agents_delete_person();
