-- Topology views (data-model §4.3).

CREATE VIEW component_names AS
SELECT id, path, external_id, type, name, created_at, updated_at, icon, parent_id
FROM components
WHERE deleted_at IS NULL AND hidden IS NOT TRUE
ORDER BY name, external_id;

CREATE VIEW component_names_all AS
SELECT id, path, external_id, type, name, created_at, updated_at, icon, parent_id, deleted_at
FROM components
ORDER BY name, external_id;

CREATE VIEW components_with_logs AS
SELECT id, name, agent_id, icon, type, log_selectors AS logs
FROM components
WHERE deleted_at IS NULL AND log_selectors IS NOT NULL;

CREATE VIEW component_labels AS
SELECT DISTINCT l.key, l.value
FROM components c, jsonb_each_text(c.labels) AS l(key, value)
WHERE jsonb_typeof(c.labels) = 'object'
ORDER BY l.key, l.value;

CREATE VIEW component_labels_keys AS
SELECT DISTINCT 'label:' || k.key AS key
FROM components c, jsonb_object_keys(c.labels) AS k(key)
WHERE jsonb_typeof(c.labels) = 'object'
ORDER BY 1;
