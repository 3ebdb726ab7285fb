-- Catalog views (data-model §4.1). The 7-day change and open-analysis roll-ups that upstream keeps
-- in materialized views are computed live here, so they are never stale.

CREATE VIEW configs AS
SELECT
  ci.id,
  ci.scraper_id,
  ci.config_class,
  ci.external_id,
  ci.type,
  ci.name,
  ci.tags ->> 'namespace' AS namespace,
  ci.description,
  ci.source,
  ci.labels,
  ci.tags,
  ci.tags_values,
  ci.properties,
  ci.properties_values,
  ci.created_by,
  ci.created_at,
  ci.updated_at,
  ci.deleted_at,
  ci.cost_per_minute,
  (ci.cost_per_minute * 60)::numeric(16, 4) AS cost_total_1h,
  ci.cost_total_1d,
  ci.cost_total_7d,
  ci.cost_total_30d,
  ci.agent_id,
  ci.status,
  ci.health,
  ci.ready,
  ci.path,
  (
    SELECT count(*) FROM config_changes cc
    WHERE cc.config_id = ci.id AND cc.created_at > now() - interval '7 days'
  ) AS changes,
  (
    SELECT jsonb_object_agg(a.analysis_type, a.total)
    FROM (
      SELECT ca.analysis_type, count(*) AS total FROM config_analysis ca
      WHERE ca.config_id = ci.id AND ca.status = 'open' AND ca.analysis_type IS NOT NULL
      GROUP BY ca.analysis_type
    ) a
  ) AS analysis
FROM config_items ci;

CREATE VIEW config_names AS
SELECT id, type, external_id, name, config_class
FROM config_items
ORDER BY name;

CREATE VIEW config_types AS
WITH RECURSIVE walk (type) AS (
  (SELECT ci.type FROM config_items ci WHERE ci.type IS NOT NULL ORDER BY ci.type LIMIT 1)
  UNION ALL
  SELECT (
    SELECT ci.type FROM config_items ci WHERE ci.type > walk.type ORDER BY ci.type LIMIT 1
  )
  FROM walk
  WHERE walk.type IS NOT NULL
)
SELECT walk.type FROM walk WHERE walk.type IS NOT NULL;

CREATE VIEW config_classes AS
SELECT DISTINCT config_class FROM config_items ORDER BY config_class;

CREATE VIEW config_statuses AS
SELECT DISTINCT status FROM config_items WHERE status IS NOT NULL ORDER BY status;

CREATE VIEW analysis_types AS
SELECT DISTINCT analysis_type FROM config_analysis WHERE analysis_type IS NOT NULL ORDER BY analysis_type;

CREATE VIEW change_types AS
SELECT DISTINCT change_type FROM config_changes ORDER BY change_type;

CREATE VIEW config_analysis_analyzers AS
SELECT DISTINCT analyzer FROM config_analysis WHERE status = 'open' ORDER BY analyzer;

CREATE VIEW config_tags AS
SELECT DISTINCT t.key, t.value
FROM config_items ci, jsonb_each_text(ci.tags) AS t(key, value)
WHERE ci.deleted_at IS NULL AND jsonb_typeof(ci.tags) = 'object'
ORDER BY t.key, t.value;

CREATE VIEW config_labels AS
SELECT DISTINCT l.key, l.value
FROM config_items ci, jsonb_each_text(ci.labels) AS l(key, value)
WHERE ci.deleted_at IS NULL AND jsonb_typeof(ci.labels) = 'object'
ORDER BY l.key, l.value;

CREATE VIEW config_tags_labels_keys AS
SELECT DISTINCT 'tag:' || k.key AS key
FROM config_items ci, jsonb_object_keys(ci.tags) AS k(key)
WHERE jsonb_typeof(ci.tags) = 'object'
UNION
SELECT DISTINCT 'label:' || k.key AS key
FROM config_items ci, jsonb_object_keys(ci.labels) AS k(key)
WHERE jsonb_typeof(ci.labels) = 'object';

CREATE VIEW config_analysis_items AS
SELECT
  ca.id,
  ca.config_id,
  ca.scraper_id,
  ca.created_by,
  ca.source,
  ca.analyzer,
  ca.analysis_type,
  ca.severity,
  ca.summary,
  ca.status,
  ca.message,
  ca.analysis,
  ca.properties,
  ca.first_observed,
  ca.last_observed,
  ca.is_pushed,
  ca.properties_values,
  ci.name,
  ci.deleted_at,
  ci.type,
  ci.tags,
  ci.labels,
  ci.config,
  ci.agent_id,
  ci.path,
  ci.name AS config_name,
  ci.type AS config_type,
  ci.config_class
FROM config_analysis ca
LEFT JOIN config_items ci ON ci.id = ca.config_id;

CREATE FUNCTION severity_rank(severity text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE severity
    WHEN 'critical' THEN 1 WHEN 'blocker' THEN 2 WHEN 'high' THEN 3
    WHEN 'medium' THEN 4 WHEN 'low' THEN 5 WHEN 'info' THEN 6 ELSE 7 END
$$;

CREATE VIEW analysis_by_component AS
SELECT
  ca.config_id,
  ci.name,
  ci.config_class,
  ci.type,
  ca.analysis_type,
  ca.first_observed,
  ca.last_observed,
  ca.created_by,
  ca.id AS analysis_id,
  ca.severity,
  ccr.component_id
FROM config_analysis ca
JOIN config_items ci ON ci.id = ca.config_id
JOIN config_component_relationships ccr ON ccr.config_id = ci.id
WHERE ca.status = 'open' AND ci.deleted_at IS NULL
ORDER BY severity_rank(ca.severity), ci.name;

CREATE VIEW changes_by_component AS
SELECT
  cc.id,
  cc.config_id,
  ci.name,
  ci.config_class,
  ci.type,
  cc.change_type,
  cc.created_at,
  cc.created_by,
  cc.id AS change_id,
  cc.severity,
  ccr.component_id,
  ci.deleted_at AS config_deleted_at
FROM config_changes cc
JOIN config_items ci ON ci.id = cc.config_id
JOIN config_component_relationships ccr ON ccr.config_id = cc.config_id
ORDER BY cc.created_at DESC;

CREATE VIEW catalog_changes AS
SELECT
  cc.id,
  cc.config_id,
  ci.name,
  ci.deleted_at,
  ci.type,
  ci.tags,
  ci.config,
  cc.external_created_by,
  cc.created_at,
  cc.severity,
  cc.change_type,
  cc.source,
  cc.summary,
  cc.details,
  cc.diff,
  cc.created_by,
  cc.count,
  cc.first_observed,
  ci.agent_id,
  ci.path,
  cc.inserted_at
FROM config_changes cc
LEFT JOIN config_items ci ON ci.id = cc.config_id;

CREATE VIEW config_changes_items AS
SELECT
  cc.id,
  cc.config_id,
  cc.external_change_id,
  cc.external_created_by,
  cc.change_type,
  cc.severity,
  cc.source,
  cc.summary,
  cc.created_by,
  cc.created_at,
  cc.count,
  cc.first_observed,
  ci.name AS config_name,
  ci.type AS config_type,
  ci.config_class
FROM config_changes cc
JOIN config_items ci ON ci.id = cc.config_id;

CREATE VIEW config_summary AS
WITH items AS (
  SELECT
    type,
    max(created_at) AS created_at,
    max(updated_at) AS updated_at,
    count(*) AS total_configs,
    sum(cost_per_minute) AS cost_per_minute,
    sum(cost_per_minute * 60) AS cost_total_1h,
    sum(cost_total_1d) AS cost_total_1d,
    sum(cost_total_7d) AS cost_total_7d,
    sum(cost_total_30d) AS cost_total_30d
  FROM config_items
  WHERE deleted_at IS NULL
  GROUP BY type
),
open_analysis AS (
  SELECT ci.type, ca.analysis_type, ca.severity
  FROM config_analysis ca
  JOIN config_items ci ON ci.id = ca.config_id
  WHERE ca.status = 'open' AND ci.deleted_at IS NULL
),
analysis AS (
  SELECT type, jsonb_object_agg(analysis_type, total) AS analysis
  FROM (
    SELECT type, analysis_type, count(*) AS total FROM open_analysis
    WHERE analysis_type IS NOT NULL GROUP BY type, analysis_type
  ) a
  GROUP BY type
),
severity AS (
  SELECT type, jsonb_object_agg(severity, total) AS severity
  FROM (
    SELECT type, severity, count(*) AS total FROM open_analysis
    WHERE severity IS NOT NULL GROUP BY type, severity
  ) s
  GROUP BY type
),
changes AS (
  SELECT ci.type, count(*) AS changes
  FROM config_changes cc
  JOIN config_items ci ON ci.id = cc.config_id
  WHERE cc.created_at > now() - interval '30 days' AND ci.deleted_at IS NULL
  GROUP BY ci.type
)
SELECT
  items.type,
  items.created_at,
  items.updated_at,
  analysis.analysis,
  severity.severity,
  changes.changes,
  items.total_configs,
  items.cost_per_minute,
  items.cost_total_1h,
  items.cost_total_1d,
  items.cost_total_7d,
  items.cost_total_30d
FROM items
LEFT JOIN analysis ON analysis.type = items.type
LEFT JOIN severity ON severity.type = items.type
LEFT JOIN changes ON changes.type = items.type
ORDER BY items.type;

-- CAT-44: `config_item`, the config items under the singular name older console helpers create,
-- change and delete through. A plain view of the table, so PostgreSQL writes through it.
CREATE VIEW config_item AS SELECT * FROM config_items;
