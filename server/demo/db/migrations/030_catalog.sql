-- The configuration catalog (data-model §3.4) and the link tables between checks, components and
-- config items. config_items keeps the cost columns and last_scraped_time of the schema the console
-- was written against (data-model §6.2): the console selects cost_total_7d.

CREATE TABLE config_scrapers (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  description text,
  name text NOT NULL,
  namespace text,
  spec jsonb NOT NULL,
  source source NOT NULL,
  application_id uuid,
  created_by uuid,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  deleted_at timestamptz,
  is_pushed boolean NOT NULL DEFAULT false,
  CONSTRAINT config_scrapers_pkey PRIMARY KEY (id),
  CONSTRAINT config_scrapers_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id),
  CONSTRAINT config_scrapers_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES agents (id)
);

CREATE TABLE config_items (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  icon text,
  scraper_id uuid,
  config_class text NOT NULL,
  status text,
  health text,
  ready boolean,
  external_id text[],
  type text NOT NULL,
  name text,
  description text,
  config jsonb,
  source text,
  labels jsonb,
  tags jsonb,
  tags_values jsonb GENERATED ALWAYS AS (jsonb_path_query_array(tags, '$[*].*')) STORED,
  properties jsonb,
  parent_id uuid,
  path text,
  is_pushed boolean NOT NULL DEFAULT false,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  delete_reason text,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  cost_per_minute numeric(16, 4),
  cost_total_1d numeric(16, 4),
  cost_total_7d numeric(16, 4),
  cost_total_30d numeric(16, 4),
  last_scraped_time timestamptz DEFAULT now(),
  properties_values jsonb GENERATED ALWAYS AS (
    CASE WHEN properties IS NULL THEN NULL
    ELSE jsonb_path_query_array(properties, '$[*].text') || jsonb_path_query_array(properties, '$[*].value')
    END
  ) STORED,
  CONSTRAINT config_items_pkey PRIMARY KEY (id),
  CONSTRAINT config_items_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES config_items (id)
    DEFERRABLE INITIALLY DEFERRED,
  CONSTRAINT config_items_scraper_id_fkey FOREIGN KEY (scraper_id) REFERENCES config_scrapers (id),
  CONSTRAINT config_items_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES agents (id),
  CONSTRAINT config_item_name_type_not_empty CHECK (length(name) > 0 AND length(type) > 0)
);
-- Scraped documents are a few kilobytes: keep them inline rather than compressing them.
ALTER TABLE config_items SET (toast_tuple_target = 8160);

-- Indexes for the catalog list: usually restricted to rows that are not deleted, ordered by name
-- or created_at, filtered by type (status, health and label filters are selective enough to be
-- applied while walking the name order).
CREATE INDEX config_items_live_name_idx ON config_items (name, id) WHERE deleted_at IS NULL;
CREATE INDEX config_items_created_at_idx ON config_items (created_at DESC);
CREATE INDEX config_items_type_name_idx ON config_items (type, name);
CREATE INDEX config_items_parent_id_idx ON config_items (parent_id);
CREATE INDEX config_items_path_idx ON config_items (path text_pattern_ops);
CREATE INDEX config_items_external_id_idx ON config_items USING gin (external_id);

ALTER TABLE components
  ADD CONSTRAINT components_config_id_fkey FOREIGN KEY (config_id) REFERENCES config_items (id);

CREATE TABLE config_changes (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  config_id uuid NOT NULL,
  external_change_id text,
  external_created_by text,
  change_type text,
  severity text,
  source text,
  summary text,
  patches jsonb,
  diff text,
  details jsonb,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  count integer NOT NULL DEFAULT 1,
  fingerprint text,
  first_observed timestamptz NOT NULL DEFAULT now(),
  is_pushed boolean NOT NULL DEFAULT false,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT config_changes_pkey PRIMARY KEY (id),
  CONSTRAINT config_changes_config_id_fkey FOREIGN KEY (config_id) REFERENCES config_items (id)
    ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED
);
CREATE UNIQUE INDEX config_changes_config_id_external_change_id_key
  ON config_changes (config_id, external_change_id);
CREATE INDEX config_changes_config_id_created_at_idx ON config_changes (config_id, created_at DESC);
CREATE INDEX config_changes_change_type_idx ON config_changes (change_type);
-- The change search (CAT-19) over a time range, with or without a minimum severity, finds the
-- matching changes from these two alone (index-only scans once the table is vacuumed): the id,
-- config, change type and severity of each change in the range, without reading the wide rows
-- (diffs, details) of tens of thousands of changes to count them by type.
CREATE INDEX config_changes_created_at_idx ON config_changes (created_at DESC)
  INCLUDE (id, config_id, change_type, severity);
CREATE INDEX config_changes_severity_created_at_idx ON config_changes (severity, created_at DESC)
  INCLUDE (id, config_id, change_type);

CREATE TABLE config_analysis (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  config_id uuid NOT NULL,
  scraper_id uuid,
  created_by uuid,
  source text,
  analyzer text NOT NULL,
  analysis_type text,
  severity text,
  summary text,
  status text DEFAULT 'open',
  message text,
  analysis jsonb,
  properties jsonb,
  first_observed timestamptz NOT NULL DEFAULT now(),
  last_observed timestamptz NOT NULL DEFAULT now(),
  is_pushed boolean NOT NULL DEFAULT false,
  properties_values jsonb GENERATED ALWAYS AS (
    CASE WHEN properties IS NULL THEN NULL
    ELSE jsonb_path_query_array(properties, '$[*].text') || jsonb_path_query_array(properties, '$[*].value')
    END
  ) STORED,
  CONSTRAINT config_analysis_pkey PRIMARY KEY (id),
  CONSTRAINT config_analysis_config_id_fkey FOREIGN KEY (config_id) REFERENCES config_items (id)
    ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  CONSTRAINT config_analysis_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id)
);
CREATE INDEX config_analysis_config_id_idx ON config_analysis (config_id, status);
CREATE INDEX config_analysis_first_observed_idx ON config_analysis (first_observed DESC);
CREATE INDEX config_analysis_status_idx ON config_analysis (status, analysis_type);

CREATE TABLE config_relationships (
  config_id uuid NOT NULL,
  related_id uuid NOT NULL,
  relation text,
  scraper_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  selector_id text,
  is_pushed boolean NOT NULL DEFAULT false,
  CONSTRAINT config_relationships_config_id_fkey FOREIGN KEY (config_id) REFERENCES config_items (id)
    ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  CONSTRAINT config_relationships_related_id_fkey FOREIGN KEY (related_id) REFERENCES config_items (id)
    ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  CONSTRAINT config_relationships_scraper_id_fkey FOREIGN KEY (scraper_id) REFERENCES config_scrapers (id)
);
CREATE UNIQUE INDEX config_relationships_related_id_config_id_relation_key
  ON config_relationships (related_id, config_id, relation, scraper_id) NULLS NOT DISTINCT;
CREATE INDEX config_relationships_config_id_idx ON config_relationships (config_id);

CREATE TABLE config_locations (
  id uuid NOT NULL,
  location text NOT NULL,
  CONSTRAINT config_locations_config_item_id_fkey FOREIGN KEY (id) REFERENCES config_items (id)
    ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX config_locations_config_item_id_location_key ON config_locations (id, location);
CREATE INDEX config_locations_location_idx ON config_locations (location text_pattern_ops);

CREATE TABLE config_component_relationships (
  component_id uuid NOT NULL,
  config_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  selector_id text,
  is_pushed boolean NOT NULL DEFAULT false,
  CONSTRAINT config_component_relationships_component_id_fkey FOREIGN KEY (component_id)
    REFERENCES components (id) ON DELETE CASCADE,
  CONSTRAINT config_component_relationships_config_id_fkey FOREIGN KEY (config_id)
    REFERENCES config_items (id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX config_component_relationships_component_id_config_id_key
  ON config_component_relationships (component_id, config_id);
CREATE INDEX config_component_relationships_config_id_idx ON config_component_relationships (config_id);

CREATE TABLE check_component_relationships (
  component_id uuid NOT NULL,
  check_id uuid NOT NULL,
  canary_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  selector_id text,
  is_pushed boolean NOT NULL DEFAULT false,
  CONSTRAINT check_component_relationships_canary_id_fkey FOREIGN KEY (canary_id)
    REFERENCES canaries (id) ON DELETE CASCADE,
  CONSTRAINT check_component_relationships_check_id_fkey FOREIGN KEY (check_id)
    REFERENCES checks (id) ON DELETE CASCADE,
  CONSTRAINT check_component_relationships_component_id_fkey FOREIGN KEY (component_id)
    REFERENCES components (id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX check_component_relationships_component_id_check_id_canary__key
  ON check_component_relationships (component_id, check_id, canary_id, selector_id);
CREATE INDEX check_component_relationships_check_id_idx ON check_component_relationships (check_id);

CREATE TABLE check_config_relationships (
  config_id uuid NOT NULL,
  check_id uuid NOT NULL,
  canary_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  selector_id text,
  is_pushed boolean NOT NULL DEFAULT false,
  CONSTRAINT check_config_relationships_canary_id_fkey FOREIGN KEY (canary_id)
    REFERENCES canaries (id) ON DELETE CASCADE,
  CONSTRAINT check_config_relationships_check_id_fkey FOREIGN KEY (check_id)
    REFERENCES checks (id) ON DELETE CASCADE,
  CONSTRAINT check_config_relationships_config_id_fkey FOREIGN KEY (config_id)
    REFERENCES config_items (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED
);
CREATE UNIQUE INDEX check_config_relationships_config_id_check_id_canary__key
  ON check_config_relationships (config_id, check_id, canary_id, selector_id);
CREATE INDEX check_config_relationships_check_id_idx ON check_config_relationships (check_id);

CALL track_updated_at(
  'config_scrapers', 'config_relationships', 'config_component_relationships',
  'check_component_relationships', 'check_config_relationships'
);
CALL keep_deleted_at_of('config_scrapers', 'config_items');

-- For config items only a change of the scraped document counts as an update.
CREATE FUNCTION config_items_set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.agent_id = '00000000-0000-0000-0000-000000000000'
     AND NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at
     AND NEW.config IS DISTINCT FROM OLD.config THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER config_items_updated_at BEFORE UPDATE ON config_items
  FOR EACH ROW EXECUTE FUNCTION config_items_set_updated_at();

-- The System scraper owns items created by Mission Control itself.
INSERT INTO config_scrapers (id, name, source, spec, description)
VALUES (
  '00000000-0000-0000-0000-000000000000', 'System', 'System',
  '{"schedule": "@every 5m", "system": true}', 'Items created by Mission Control itself'
);

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

-- The summary aggregates every config item by type (or tag), health and status. An index that
-- holds every column it reads (labels aside, which only a label filter needs) lets it scan the
-- index alone instead of the wide table rows, whose scraped documents are stored inline. Keyed by
-- id, so that the per-config change counts merge in by id order and analyses can look up their
-- config in it.
CREATE INDEX config_items_summary_idx ON config_items (id) INCLUDE (
  type, config_class, health, status, deleted_at, created_at, updated_at,
  cost_per_minute, cost_total_1d, cost_total_7d, cost_total_30d, tags
);

-- The change search leaves out changes of deleted configs: few configs are deleted, so an
-- anti-join on this small index is cheaper than joining every changed config.
CREATE INDEX config_items_deleted_idx ON config_items (id) WHERE deleted_at IS NOT NULL;
