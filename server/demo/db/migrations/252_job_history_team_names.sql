-- Job history names the team, incident rule or playbook a job ran for, as it names canaries,
-- scrapers and topologies, instead of showing the id.
CREATE OR REPLACE VIEW job_histories AS
SELECT
  jh.id,
  jh.agent_id,
  jh.name,
  jh.success_count,
  jh.error_count,
  jh.details,
  jh.hostname,
  jh.duration_millis,
  jh.resource_type,
  jh.resource_id,
  jh.status,
  jh.time_start,
  jh.time_end,
  jh.created_at,
  jh.is_pushed,
  COALESCE(
    CASE jh.resource_type
      WHEN 'components' THEN (SELECT x.name FROM components x WHERE x.id = uuid_or_null(jh.resource_id))
      WHEN 'config_scraper' THEN (SELECT x.name FROM config_scrapers x WHERE x.id = uuid_or_null(jh.resource_id))
      WHEN 'topology' THEN (SELECT x.name FROM topologies x WHERE x.id = uuid_or_null(jh.resource_id))
      WHEN 'canary' THEN (SELECT x.name FROM canaries x WHERE x.id = uuid_or_null(jh.resource_id))
      WHEN 'team' THEN (SELECT x.name FROM teams x WHERE x.id = uuid_or_null(jh.resource_id))
      WHEN 'incident_rule' THEN (SELECT x.name FROM incident_rules x WHERE x.id = uuid_or_null(jh.resource_id))
      WHEN 'playbook' THEN (SELECT x.name FROM playbooks x WHERE x.id = uuid_or_null(jh.resource_id))
    END,
    jh.resource_id
  ) AS resource_name,
  (SELECT json_build_object('id', a.id, 'name', a.name) FROM agents a WHERE a.id = jh.agent_id) AS agent
FROM job_history jh;
