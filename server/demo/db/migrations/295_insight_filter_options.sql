-- The insights list's filter options in one call (duty's config_analysis_filter_options): the
-- distinct analysis types, analyzers, sources and config types of the insights, and the config
-- items that have insights, each list sorted. With p_config_id, every list is of that item's
-- insights only.
CREATE FUNCTION config_analysis_filter_options(p_config_id uuid DEFAULT NULL)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  WITH scoped AS (
    SELECT ca.analysis_type, ca.analyzer, ca.source, ca.config_id
    FROM config_analysis ca
    WHERE p_config_id IS NULL OR ca.config_id = p_config_id
  ),
  items AS (
    SELECT DISTINCT ci.id, ci.name, ci.type, ci.config_class
    FROM config_items ci
    WHERE ci.id IN (SELECT config_id FROM scoped)
  )
  SELECT jsonb_build_object(
    'types', COALESCE((
      SELECT jsonb_agg(v ORDER BY v) FROM (
        SELECT DISTINCT analysis_type AS v FROM scoped
        WHERE analysis_type IS NOT NULL AND analysis_type <> ''
      ) t), '[]'::jsonb),
    'analyzers', COALESCE((
      SELECT jsonb_agg(v ORDER BY v) FROM (
        SELECT DISTINCT analyzer AS v FROM scoped WHERE analyzer IS NOT NULL AND analyzer <> ''
      ) t), '[]'::jsonb),
    'sources', COALESCE((
      SELECT jsonb_agg(v ORDER BY v) FROM (
        SELECT DISTINCT source AS v FROM scoped WHERE source IS NOT NULL AND source <> ''
      ) t), '[]'::jsonb),
    'config_types', COALESCE((
      SELECT jsonb_agg(v ORDER BY v) FROM (
        SELECT DISTINCT type AS v FROM items WHERE type IS NOT NULL AND type <> ''
      ) t), '[]'::jsonb),
    'catalogs', COALESCE((
      SELECT jsonb_agg(
        jsonb_build_object('id', id, 'name', name, 'type', type, 'config_class', config_class)
        ORDER BY name, id)
      FROM items), '[]'::jsonb)
  )
$$;
