-- Topologies and their component trees (data-model §3.3). The foreign key from components to
-- config_items is added with the catalog tables.

CREATE TABLE topologies (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  name text NOT NULL,
  namespace text NOT NULL,
  labels jsonb,
  source source NOT NULL DEFAULT 'UI',
  spec jsonb,
  created_at timestamptz DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  is_pushed boolean NOT NULL DEFAULT false,
  schedule text,
  created_by uuid,
  deleted_at timestamptz,
  CONSTRAINT topologies_pkey PRIMARY KEY (id),
  CONSTRAINT topologies_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id),
  CONSTRAINT topologies_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES agents (id)
);
CREATE UNIQUE INDEX topologies_name_namespace_key ON topologies (agent_id, name, namespace)
  WHERE deleted_at IS NULL AND agent_id = '00000000-0000-0000-0000-000000000000';

CREATE TABLE components (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  topology_id uuid,
  external_id text NOT NULL,
  parent_id uuid,
  config_id uuid,
  name text NOT NULL,
  text text,
  topology_type text,
  namespace text,
  labels jsonb,
  hidden boolean NOT NULL DEFAULT false,
  silenced boolean NOT NULL DEFAULT false,
  is_pushed boolean NOT NULL DEFAULT false,
  status text NOT NULL,
  status_expr text,
  health_expr text,
  health text,
  description text,
  lifecycle text,
  tooltip text,
  status_reason text,
  schedule text,
  icon text,
  type text,
  owner text,
  selectors jsonb,
  log_selectors jsonb,
  component_checks jsonb,
  configs jsonb,
  properties jsonb,
  path text,
  summary jsonb,
  is_leaf boolean DEFAULT false,
  cost_per_minute numeric(16, 4),
  cost_total_1d numeric(16, 4),
  cost_total_7d numeric(16, 4),
  cost_total_30d numeric(16, 4),
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  properties_values jsonb GENERATED ALWAYS AS (
    CASE WHEN properties IS NULL THEN NULL
    ELSE jsonb_path_query_array(properties, '$[*].text') || jsonb_path_query_array(properties, '$[*].value')
    END
  ) STORED,
  CONSTRAINT components_pkey PRIMARY KEY (id),
  CONSTRAINT components_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id),
  CONSTRAINT components_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES components (id),
  CONSTRAINT components_topology_id_fkey FOREIGN KEY (topology_id) REFERENCES topologies (id),
  CONSTRAINT components_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES agents (id),
  CONSTRAINT components_topology_id_type_name_parent_id_key UNIQUE (topology_id, type, name, parent_id)
);
CREATE INDEX components_parent_id_idx ON components (parent_id);
CREATE INDEX components_name_idx ON components (name);
CREATE INDEX components_path_idx ON components (path text_pattern_ops);

CREATE TABLE component_relationships (
  component_id uuid NOT NULL,
  relationship_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  selector_id text,
  relationship_path text,
  is_pushed boolean NOT NULL DEFAULT false,
  CONSTRAINT component_relationships_component_id_fkey FOREIGN KEY (component_id)
    REFERENCES components (id) ON DELETE CASCADE,
  CONSTRAINT component_relationships_relationship_id_fkey FOREIGN KEY (relationship_id)
    REFERENCES components (id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX component_relationships_component_id_relationship_id_select_key
  ON component_relationships (component_id, relationship_id, selector_id);
CREATE INDEX component_relationships_relationship_id_idx ON component_relationships (relationship_id);

CREATE TABLE team_components (
  team_id uuid NOT NULL,
  component_id uuid NOT NULL,
  role text,
  selector_id text,
  CONSTRAINT team_components_pkey PRIMARY KEY (team_id, component_id),
  CONSTRAINT team_components_component_id_fkey FOREIGN KEY (component_id) REFERENCES components (id)
    ON DELETE CASCADE,
  CONSTRAINT team_components_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id)
    ON DELETE CASCADE
);
CREATE UNIQUE INDEX team_components_team_id_component_id_selector_id_key
  ON team_components (team_id, component_id, selector_id);
CREATE INDEX team_components_component_id_idx ON team_components (component_id);

CALL track_updated_at('topologies', 'components', 'component_relationships');
CALL keep_deleted_at_of('topologies', 'components');
