-- Indexes for the catalog list at scale (CAT-01): the type and health filters, and the
-- substring search `or=(name.ilike.*s*,type.ilike.*s*,description.ilike.*s*,namespace.ilike.*s*)`.
CREATE INDEX config_items_live_type_health_idx ON config_items (type, health)
  WHERE deleted_at IS NULL;

-- Trigram indexes need pg_trgm. PGlite bundles it; a PostgreSQL server without the extension
-- (or without the right to create it) still works, the search then scans the table.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available (%); catalog search runs without trigram indexes', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX config_items_name_trgm_idx ON config_items
      USING gin (name gin_trgm_ops) WHERE deleted_at IS NULL;
    CREATE INDEX config_items_type_trgm_idx ON config_items
      USING gin (type gin_trgm_ops) WHERE deleted_at IS NULL;
    CREATE INDEX config_items_description_trgm_idx ON config_items
      USING gin (description gin_trgm_ops) WHERE deleted_at IS NULL;
    CREATE INDEX config_items_namespace_trgm_idx ON config_items
      USING gin ((tags ->> 'namespace') gin_trgm_ops) WHERE deleted_at IS NULL;
  END IF;
END
$$;
