-- People, teams, roles, properties, tokens and agents (data-model §3.1).

CREATE TABLE people (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  avatar text,
  type text,
  team_id uuid,
  organization text,
  title text,
  email text,
  phone text,
  properties jsonb,
  external_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  deleted_at timestamptz,
  last_login timestamptz,
  CONSTRAINT people_pkey PRIMARY KEY (id)
);
CREATE UNIQUE INDEX people_email_unique_idx ON people (email) WHERE deleted_at IS NULL;

CREATE TABLE teams (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  icon text,
  spec jsonb,
  source text,
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT teams_pkey PRIMARY KEY (id),
  CONSTRAINT teams_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id)
);
CREATE UNIQUE INDEX team_name_key ON teams (name) WHERE deleted_at IS NULL;

ALTER TABLE people
  ADD CONSTRAINT people_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id);

CREATE TABLE team_members (
  team_id uuid NOT NULL,
  person_id uuid NOT NULL,
  source text NOT NULL DEFAULT 'UI',
  CONSTRAINT team_members_pkey PRIMARY KEY (team_id, person_id),
  CONSTRAINT team_members_person_id_fkey FOREIGN KEY (person_id) REFERENCES people (id)
    ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT team_members_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id)
    ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX team_members_person_id_idx ON team_members (person_id);

CREATE TABLE properties (
  name text NOT NULL,
  value text NOT NULL,
  created_by uuid,
  created_at timestamptz DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT properties_pkey PRIMARY KEY (name),
  CONSTRAINT properties_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id)
);

CREATE TABLE access_tokens (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  person_id uuid NOT NULL,
  value text NOT NULL,
  auto_renew boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  created_by uuid,
  expires_at timestamptz,
  CONSTRAINT access_tokens_pkey PRIMARY KEY (id),
  CONSTRAINT access_tokens_person_fkey FOREIGN KEY (person_id) REFERENCES people (id)
    ON DELETE CASCADE,
  CONSTRAINT access_tokens_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id)
);
CREATE UNIQUE INDEX access_tokens_person_name_unique_key ON access_tokens (person_id, name);

CREATE TABLE agents (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  hostname text,
  description text,
  ip text,
  version text,
  username text,
  person_id uuid,
  properties jsonb,
  tls text,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  cleanup boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  last_seen timestamptz,
  last_received timestamptz,
  CONSTRAINT agents_pkey PRIMARY KEY (id),
  CONSTRAINT agents_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id)
);
CREATE UNIQUE INDEX agents_name_key ON agents (name) WHERE deleted_at IS NULL;

CREATE TABLE casbin_rule (
  id bigserial NOT NULL,
  ptype varchar(100) NOT NULL,
  v0 varchar(100) NOT NULL,
  v1 varchar(100) NOT NULL,
  v2 varchar(100),
  v3 varchar(100),
  v4 varchar(100),
  v5 varchar(100),
  CONSTRAINT casbin_rule_pkey PRIMARY KEY (id)
);
CREATE UNIQUE INDEX casbin_rule_idx ON casbin_rule (ptype, v0, v1, v2, v3, v4, v5);

CALL track_updated_at('teams', 'properties', 'agents', 'people');

-- The local agent: every agent_id defaults to it.
INSERT INTO agents (id, name, description)
VALUES ('00000000-0000-0000-0000-000000000000', 'local', 'This Mission Control instance');
