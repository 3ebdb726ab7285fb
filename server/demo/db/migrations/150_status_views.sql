-- Views over the tables of the first half of the schema that also read tables of the second half
-- (job_history, playbook_runs, incidents, applications), so they come after those migrations.

CREATE VIEW canaries_with_status AS
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
  j.*,
  json_build_object('id', a.id, 'name', a.name) AS agent,
  c.spec,
  c.agent_id,
  c.updated_at
FROM canaries c
LEFT JOIN agents a ON a.id = c.agent_id
LEFT JOIN LATERAL latest_job('canary', c.id::text) j ON true
WHERE c.deleted_at IS NULL;

CREATE VIEW topologies_with_status AS
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
  j.*,
  json_build_object('id', a.id, 'name', a.name) AS agent,
  (
    SELECT max(r.time_start) FROM job_history r
    WHERE r.resource_id = t.id::text AND r.resource_type = 'topology'
  ) AS last_runtime
FROM topologies t
LEFT JOIN agents a ON a.id = t.agent_id
LEFT JOIN LATERAL latest_job('topology', t.id::text) j ON true
WHERE t.deleted_at IS NULL;

CREATE VIEW config_scrapers_with_status AS
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
  j.*,
  json_build_object('id', a.id, 'name', a.name) AS agent,
  s.spec ->> 'schedule' AS schedule,
  (
    SELECT max(r.time_start) FROM job_history r
    WHERE r.resource_id = s.id::text AND r.resource_type = 'config_scraper'
  ) AS last_runtime
FROM config_scrapers s
LEFT JOIN agents a ON a.id = s.agent_id
LEFT JOIN LATERAL latest_job('config_scraper', s.id::text) j ON true
WHERE s.deleted_at IS NULL;

CREATE VIEW teams_with_status AS
SELECT
  t.id,
  t.name,
  t.icon,
  t.spec,
  t.source,
  t.created_by,
  t.created_at,
  t.updated_at,
  t.deleted_at,
  j.*
FROM teams t
LEFT JOIN LATERAL latest_job('team', t.id::text) j ON true
WHERE t.deleted_at IS NULL;

CREATE VIEW config_detail AS
SELECT
  ci.*,
  ag.name AS agent_name,
  json_build_object(
    'relationships', (
      SELECT count(*) FROM (
        SELECT DISTINCT
          CASE WHEN cr.config_id = ci.id THEN cr.related_id ELSE cr.config_id END,
          cr.relation
        FROM config_relationships cr
        WHERE (cr.config_id = ci.id OR cr.related_id = ci.id) AND cr.deleted_at IS NULL
      ) r
    ),
    'analysis', (
      SELECT count(*) FROM config_analysis ca WHERE ca.config_id = ci.id AND ca.status = 'open'
    ),
    'changes', (
      SELECT count(*) FROM config_changes cc
      WHERE cc.config_id = ci.id AND cc.created_at > now() - interval '7 days'
    ),
    'playbook_runs', (
      SELECT count(*) FROM playbook_runs pr
      WHERE pr.config_id = ci.id AND pr.start_time > now() - interval '30 days'
    ),
    'checks', (
      SELECT count(*) FROM check_config_relationships ccr
      WHERE ccr.config_id = ci.id AND ccr.deleted_at IS NULL
    )
  ) AS summary,
  CASE WHEN cs.id IS NULL THEN NULL ELSE json_build_object('id', cs.id, 'name', cs.name) END AS scraper
FROM config_items ci
LEFT JOIN agents ag ON ag.id = ci.agent_id
LEFT JOIN config_scrapers cs ON cs.id = ci.scraper_id;

CREATE VIEW agents_summary AS
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

-- Components with the roll-ups the topology API shows on each card.
CREATE VIEW topology AS
SELECT
  c.*,
  (
    SELECT json_agg(json_build_object('name', l ->> 'name'))
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(c.log_selectors) = 'array' THEN c.log_selectors ELSE '[]' END) l
  ) AS logs,
  (SELECT cs.checks FROM check_summary_by_component cs WHERE cs.component_id = c.id) AS checks,
  ARRAY(
    SELECT DISTINCT t.name FROM team_components tc JOIN teams t ON t.id = tc.team_id
    WHERE tc.component_id = c.id AND t.deleted_at IS NULL
  ) AS team_names,
  (
    SELECT jsonb_object_agg(i.type, i.severities)
    FROM (
      SELECT s.type, jsonb_object_agg(s.severity, s.total) AS severities
      FROM (
        SELECT inc.type, inc.severity, count(DISTINCT inc.id) AS total
        FROM incidents inc
        JOIN hypotheses h ON h.incident_id = inc.id
        JOIN evidences e ON e.hypothesis_id = h.id
        WHERE e.component_id = c.id AND inc.resolved IS NULL AND inc.closed IS NULL
        GROUP BY inc.type, inc.severity
      ) s
      GROUP BY s.type
    ) i
  ) AS incidents,
  (
    SELECT jsonb_object_agg(x.analysis_type, x.severities)
    FROM (
      SELECT s.analysis_type, jsonb_object_agg(s.severity, s.total) AS severities
      FROM (
        SELECT ca.analysis_type, coalesce(ca.severity, 'info') AS severity, count(*) AS total
        FROM config_component_relationships ccr
        JOIN config_analysis ca ON ca.config_id = ccr.config_id
        WHERE ccr.component_id = c.id AND ccr.deleted_at IS NULL AND ca.status = 'open'
          AND ca.analysis_type IS NOT NULL
        GROUP BY ca.analysis_type, coalesce(ca.severity, 'info')
      ) s
      GROUP BY s.analysis_type
    ) x
  ) AS analysis,
  ARRAY(
    SELECT cr.component_id FROM component_relationships cr
    WHERE cr.relationship_id = c.id AND cr.deleted_at IS NULL
  ) AS children,
  ARRAY(
    SELECT cr.relationship_id FROM component_relationships cr
    WHERE cr.component_id = c.id AND cr.deleted_at IS NULL
  ) AS parents
FROM components c
WHERE c.deleted_at IS NULL;
