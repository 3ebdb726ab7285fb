-- Indexes for the selector search of POST /api/resources/search (MISC-03, issue 43) at scale
-- (server/demo/search/compile.ts, test/bench/selectors.ts).

-- Live configs in name order, the search's order, with every column its answer and its common
-- terms read (type, health, status, tags, agent): a selector is then answered by walking this
-- index alone, testing each entry without reading the wide row (its scraped document), until a
-- page is found. The rows are read only for terms on other columns (config_class, source,
-- labels), or for pages written since the last VACUUM (the seed vacuums config_items).
CREATE INDEX config_items_search_idx ON config_items (name, id)
  INCLUDE (type, health, status, tags, agent_id, icon, created_at, updated_at, deleted_at)
  WHERE deleted_at IS NULL;

-- A change type as the selector compares it (case-insensitively), newest first: the changes of
-- one type are found without scanning every change.
CREATE INDEX config_changes_lower_change_type_idx ON config_changes (lower(change_type), created_at DESC);
