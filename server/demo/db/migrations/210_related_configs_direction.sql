-- The relationship graph follows only the directions asked for: an item's parents by path
-- belong to the incoming side, so an outgoing walk no longer lists them (api.md CAT-30).

CREATE OR REPLACE FUNCTION related_configs_recursive(
  config_id uuid,
  type_filter text DEFAULT 'outgoing',
  include_deleted_configs boolean DEFAULT false,
  max_depth integer DEFAULT 5,
  incoming_relation text DEFAULT 'both',
  outgoing_relation text DEFAULT 'both'
)
RETURNS TABLE (
  id uuid,
  name text,
  type text,
  related_ids text[],
  tags jsonb,
  changes bigint,
  analysis jsonb,
  cost_per_minute numeric,
  cost_total_1h numeric,
  cost_total_1d numeric,
  cost_total_7d numeric,
  cost_total_30d numeric,
  created_at timestamptz,
  updated_at timestamptz,
  deleted_at timestamptz,
  agent_id uuid,
  health text,
  ready boolean,
  status text,
  path text
)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
  walk_out boolean := coalesce($2, '') IN ('outgoing', 'all', '');
  walk_in boolean := coalesce($2, '') IN ('incoming', 'all', '');
  hard_out boolean := $6 = 'hard';
  hard_in boolean := $5 = 'hard';
BEGIN
  IF coalesce($2, '') NOT IN ('outgoing', 'incoming', 'all', '') THEN
    RAISE EXCEPTION 'invalid type_filter: %, expected incoming, outgoing or all', $2;
  END IF;
  RETURN QUERY
  WITH RECURSIVE
  outgoing_walk (node_id, depth) AS (
    SELECT $1, 0
    UNION
    SELECT cr.related_id, w.depth + 1
    FROM outgoing_walk w
    JOIN config_relationships cr ON cr.config_id = w.node_id
    WHERE walk_out AND w.depth < $4 AND cr.deleted_at IS NULL
      AND (NOT hard_out OR cr.relation = 'hard')
  ),
  incoming_walk (node_id, depth) AS (
    SELECT $1, 0
    UNION
    SELECT cr.config_id, w.depth + 1
    FROM incoming_walk w
    JOIN config_relationships cr ON cr.related_id = w.node_id
    WHERE walk_in AND w.depth < $4 AND cr.deleted_at IS NULL
      AND (NOT hard_in OR cr.relation = 'hard')
  ),
  ancestors (node_id, depth) AS (
    SELECT a.ancestor::uuid, 1
    FROM config_items self, unnest(string_to_array(self.path, '.')) AS a(ancestor)
    WHERE walk_in AND self.id = $1 AND coalesce(self.path, '') <> ''
  ),
  nodes AS (
    SELECT n.node_id, min(n.depth) AS depth
    FROM (
      SELECT * FROM outgoing_walk
      UNION ALL SELECT * FROM incoming_walk
      UNION ALL SELECT * FROM ancestors
    ) n
    GROUP BY n.node_id
  )
  SELECT
    c.id,
    c.name,
    c.type,
    ARRAY(
      SELECT DISTINCT cr.related_id::text
      FROM config_relationships cr
      JOIN nodes target ON target.node_id = cr.related_id
      WHERE cr.config_id = c.id AND cr.deleted_at IS NULL
    ),
    c.tags,
    c.changes,
    c.analysis,
    c.cost_per_minute::numeric,
    c.cost_total_1h::numeric,
    c.cost_total_1d::numeric,
    c.cost_total_7d::numeric,
    c.cost_total_30d::numeric,
    c.created_at,
    c.updated_at,
    c.deleted_at,
    c.agent_id,
    c.health,
    c.ready,
    c.status,
    c.path
  FROM nodes
  JOIN configs c ON c.id = nodes.node_id
  WHERE $3 OR c.deleted_at IS NULL
  ORDER BY nodes.depth, c.name;
END;
$$;
