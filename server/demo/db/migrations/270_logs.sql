-- The log lines the demo's log search (api.md LOG-01, `POST /api/logs`) answers from: what an
-- apm-hub backend would return for a component's log selector. A table of the stand-in itself
-- (`demo_` prefix): never served through `/api/db`.
--
-- A grouped line stands for `count` identical messages seen from `first_observed` to
-- `last_observed`; its `timestamp` is the last of them. Ungrouped lines have no count.

CREATE TABLE demo_log_lines (
  id bigserial PRIMARY KEY,
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  selector text NOT NULL,
  "timestamp" timestamptz NOT NULL,
  message text NOT NULL,
  labels jsonb NOT NULL DEFAULT '{}'::jsonb,
  count integer,
  first_observed timestamptz,
  last_observed timestamptz
);

CREATE INDEX demo_log_lines_search ON demo_log_lines (component_id, selector, "timestamp" DESC);
