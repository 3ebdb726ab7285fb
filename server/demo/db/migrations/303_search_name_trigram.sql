-- A free-text word of a selector matches a config's name as `lower(name) LIKE '%word%'`
-- (server/demo/search/compile.ts), for configs and for the changes of configs (their config's
-- name). Without an index on that expression, a rare word walked every live config: 48 to
-- 57 ms at scale 20 for one kind, and the palette searches every kind at once. With it, the
-- planner finds the few matching names through their trigrams (4 to 8 ms).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX config_items_lower_name_trgm_idx ON config_items
      USING gin (lower(name) gin_trgm_ops) WHERE deleted_at IS NULL;
  END IF;
END
$$;
