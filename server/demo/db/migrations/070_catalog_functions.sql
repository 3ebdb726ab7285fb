-- Catalog rpc functions (data-model §4.9).

-- Rank of a config type in a breadcrumb: accounts and clusters first, workloads later.
CREATE FUNCTION config_type_rank(config_type text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN config_type IN ('AWS::::Account', 'Kubernetes::Cluster') THEN 1
    WHEN config_type = 'AWS::Region' THEN 2
    WHEN config_type IN (
      'AWS::AvailabilityZone', 'AWS::AvailabilityZoneID', 'AWS::IAM::Role', 'AWS::IAM::User',
      'Kubernetes::Node', 'Kubernetes::Namespace', 'Kubernetes::StorageClass',
      'Kubernetes::IngressClass', 'Kubernetes::Role', 'Kubernetes::ClusterRole',
      'Kubernetes::RoleBinding', 'Kubernetes::ClusterRoleBinding', 'Kubernetes::PersistentVolume'
    ) THEN 3
    WHEN config_type IN (
      'AWS::EC2::VPC', 'AWS::S3::Bucket', 'Kubernetes::HelmRelease', 'Kubernetes::Kustomization'
    ) THEN 4
    WHEN config_type IN (
      'AWS::EC2::Subnet', 'Kubernetes::Deployment', 'Kubernetes::StatefulSet',
      'Kubernetes::DaemonSet', 'Kubernetes::CronJob', 'Kubernetes::Job'
    ) THEN 5
    WHEN config_type IN (
      'Kubernetes::Service', 'Kubernetes::Endpoints', 'Kubernetes::ReplicaSet',
      'Kubernetes::PersistentVolumeClaim'
    ) THEN 6
    ELSE 7
  END
$$;

CREATE FUNCTION related_configs_recursive(
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

CREATE FUNCTION get_parents_by_location(
  config_id uuid,
  alias_prefix text DEFAULT NULL,
  include_deleted boolean DEFAULT false
)
RETURNS TABLE (id uuid, name text, type text)
LANGUAGE sql STABLE AS $$
  SELECT p.id, p.name, p.type
  FROM (
    SELECT DISTINCT ci.id, ci.name, ci.type
    FROM config_locations cl
    JOIN config_items ci ON ci.external_id @> ARRAY[cl.location]
    WHERE cl.id = $1
      AND ci.id <> $1
      AND ($2 IS NULL OR cl.location LIKE $2 || '%')
      AND ($3 OR ci.deleted_at IS NULL)
  ) p
  ORDER BY config_type_rank(p.type), p.name
$$;

CREATE FUNCTION get_children_by_location(
  config_id uuid,
  alias_prefix text DEFAULT NULL,
  include_deleted boolean DEFAULT false
)
RETURNS TABLE (id uuid, name text, type text)
LANGUAGE sql STABLE AS $$
  SELECT DISTINCT ci.id, ci.name, ci.type
  FROM config_items self
  CROSS JOIN LATERAL unnest(self.external_id) AS own(external_id)
  JOIN config_locations cl ON cl.location LIKE own.external_id || '%'
  JOIN config_items ci ON ci.id = cl.id
  WHERE self.id = $1
    AND ci.id <> $1
    AND ($2 IS NULL OR own.external_id LIKE $2 || '%')
    AND ($3 OR ci.deleted_at IS NULL)
  ORDER BY ci.name
$$;

CREATE FUNCTION lookup_analysis_by_component(id text)
RETURNS SETOF config_analysis
LANGUAGE sql STABLE AS $$
  SELECT ca.*
  FROM config_analysis ca
  WHERE ca.config_id IN (
    SELECT ccr.config_id FROM config_component_relationships ccr
    WHERE ccr.component_id = $1::uuid
  )
$$;

CREATE FUNCTION lookup_configs_by_component(id text)
RETURNS TABLE (config_id uuid, name text, type text, icon text, role text, deleted_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT ci.id, ci.name, ci.config_class, ci.icon, 'left', ci.deleted_at
  FROM config_component_relationships ccr
  JOIN config_items ci ON ci.id = ccr.config_id
  WHERE ccr.component_id = $1::uuid
$$;

CREATE FUNCTION lookup_components_by_config(id text)
RETURNS TABLE (component_id uuid, name text, type text, icon text, role text)
LANGUAGE sql STABLE AS $$
  SELECT c.id, c.name, c.type, c.icon, 'right'
  FROM config_component_relationships ccr
  JOIN components c ON c.id = ccr.component_id
  WHERE ccr.config_id = $1::uuid
$$;

CREATE FUNCTION lookup_changes_by_component(id text)
RETURNS SETOF config_changes
LANGUAGE sql STABLE AS $$
  SELECT cc.*
  FROM config_changes cc
  WHERE cc.config_id IN (
    SELECT ccr.config_id FROM config_component_relationships ccr
    WHERE ccr.component_id = $1::uuid
  )
$$;

-- Changes of a config (`none`), of its descendants by path (`downstream`), of its ancestors
-- (`upstream`), or of everything reachable through relationships (`all`; soft links too when
-- `soft`). Backs the catalog changes search.
CREATE FUNCTION related_changes_recursive(
  lookup_id uuid,
  type_filter text DEFAULT 'downstream',
  include_deleted_configs boolean DEFAULT false,
  max_depth integer DEFAULT 5,
  soft boolean DEFAULT false
)
RETURNS TABLE (
  id uuid,
  config_id uuid,
  name text,
  deleted_at timestamptz,
  type text,
  tags jsonb,
  external_created_by text,
  created_at timestamptz,
  severity text,
  change_type text,
  source text,
  summary text,
  created_by uuid,
  count integer,
  first_observed timestamptz,
  agent_id uuid,
  inserted_at timestamptz
)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
  mode text := coalesce($2, '');
  own_path text;
  prefix text;
BEGIN
  IF mode NOT IN ('upstream', 'downstream', 'all', 'none', '') THEN
    RAISE EXCEPTION 'invalid type_filter: %, expected upstream, downstream, all or none', $2;
  END IF;
  SELECT ci.path INTO own_path FROM config_items ci WHERE ci.id = $1;
  prefix := CASE WHEN coalesce(own_path, '') = '' THEN $1::text ELSE own_path || '.' || $1::text END;
  RETURN QUERY
  WITH RECURSIVE
  walk (node_id, depth) AS (
    SELECT $1, 0
    UNION
    SELECT CASE WHEN cr.config_id = w.node_id THEN cr.related_id ELSE cr.config_id END, w.depth + 1
    FROM walk w
    JOIN config_relationships cr ON (cr.config_id = w.node_id OR cr.related_id = w.node_id)
    WHERE mode = 'all' AND w.depth < $4 AND cr.deleted_at IS NULL
      AND (soft OR cr.relation = 'hard')
  ),
  targets AS (
    SELECT $1 AS node_id
    UNION
    SELECT ci.id FROM config_items ci
    WHERE mode = 'downstream'
      AND ci.path LIKE prefix || '%'
      AND (ci.path = prefix OR ci.path LIKE prefix || '.%')
      AND array_length(string_to_array(ci.path, '.'), 1)
          - coalesce(array_length(string_to_array(nullif(own_path, ''), '.'), 1), 0) <= $4
    UNION
    SELECT a.ancestor::uuid
    FROM unnest(string_to_array(nullif(own_path, ''), '.')) AS a(ancestor)
    WHERE mode = 'upstream'
    UNION
    SELECT walk.node_id FROM walk
  )
  SELECT
    cc.id, cc.config_id, ci.name, ci.deleted_at, ci.type, ci.tags, cc.external_created_by,
    cc.created_at, cc.severity, cc.change_type, cc.source, cc.summary, cc.created_by, cc.count,
    cc.first_observed, ci.agent_id, cc.inserted_at
  FROM targets
  JOIN config_changes cc ON cc.config_id = targets.node_id
  JOIN config_items ci ON ci.id = cc.config_id;
END;
$$;
