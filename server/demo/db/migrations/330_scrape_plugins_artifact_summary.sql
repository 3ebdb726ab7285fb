-- Scrape plugins and the artifact summary, as the newest Mission Control schema has them (duty
-- schema/config.hcl `scrape_plugins`, views/046_artifact_summary.sql).

-- Transforms every scraper applies on top of its own spec: `spec` holds the plugin's changes
-- mappings, retention, relationships, properties, locations and aliases. Its creator is a
-- person; deleting a plugin marks it deleted.
CREATE TABLE scrape_plugins (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text,
  namespace text,
  spec jsonb NOT NULL,
  source source NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT scrape_plugins_pkey PRIMARY KEY (id),
  CONSTRAINT config_scraper_plugins_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id)
);
CREATE INDEX scrape_plugins_created_by_idx ON scrape_plugins (created_by);

CALL track_updated_at('scrape_plugins');
CALL keep_deleted_at_of('scrape_plugins');

-- The artifacts page lists every live artifact newest first, a page at a time.
CREATE INDEX artifacts_created_at_idx ON artifacts (created_at DESC) WHERE deleted_at IS NULL;

-- The live artifacts by content type, where their content is kept (in the row, `inline`, or
-- behind a connection, `external`) and that connection: how many and how many bytes.
CREATE VIEW artifact_summary AS
SELECT
  a.content_type,
  CASE WHEN a.content IS NOT NULL THEN 'inline' ELSE 'external' END AS storage,
  a.connection_id,
  c.name AS connection_name,
  c.type AS connection_type,
  count(*) AS total_count,
  coalesce(sum(a.size), 0) AS total_size
FROM artifacts a
LEFT JOIN connections c ON c.id = a.connection_id
WHERE a.deleted_at IS NULL
GROUP BY
  a.content_type,
  CASE WHEN a.content IS NOT NULL THEN 'inline' ELSE 'external' END,
  a.connection_id,
  c.name,
  c.type;
