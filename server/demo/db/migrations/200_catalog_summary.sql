-- Indexes of the catalog endpoints at scale (api.md CAT-02 and CAT-19).

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
