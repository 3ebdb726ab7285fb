-- Playbooks: definitions, runs, run actions, approvals, artifacts, the playbook_names view and
-- the get_playbook_run_actions rpc. The links to notification_send_history and job_history are
-- added by the migrations that create those tables (120 and 130).

CREATE TABLE playbooks (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  namespace text NOT NULL DEFAULT 'default',
  name text NOT NULL,
  title text NOT NULL DEFAULT '',
  icon text,
  description text,
  spec jsonb NOT NULL,
  created_by uuid,
  source source NOT NULL,
  category text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT playbooks_pkey PRIMARY KEY (id),
  CONSTRAINT playbook_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id)
);
CREATE UNIQUE INDEX playbook_name_namespace_category_key
  ON playbooks (namespace, name, category) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX playbooks_webhook_path_key
  ON playbooks ((spec -> 'on' -> 'webhook' ->> 'path'))
  WHERE deleted_at IS NULL AND COALESCE(spec -> 'on' -> 'webhook' ->> 'path', '') <> '';

CREATE TABLE playbook_runs (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  playbook_id uuid NOT NULL,
  spec jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'scheduled',
  created_at timestamptz NOT NULL DEFAULT now(),
  start_time timestamptz,
  scheduled_time timestamptz NOT NULL DEFAULT now(),
  end_time timestamptz,
  timeout bigint NOT NULL DEFAULT 1800000000000,
  created_by uuid,
  notification_send_id uuid,
  check_id uuid,
  config_id uuid,
  component_id uuid,
  parameters jsonb,
  request jsonb,
  agent_id uuid DEFAULT '00000000-0000-0000-0000-000000000000',
  parent_id uuid,
  error text,
  -- The demo backend's own: a run started by "Retry from here" on a failed run names that run
  -- (POST /api/playbook/run/retry/{id}); Mission Control has no retry of a run from an action.
  retry_of uuid,
  CONSTRAINT playbook_runs_pkey PRIMARY KEY (id),
  CONSTRAINT playbook_run_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES playbook_runs (id),
  CONSTRAINT playbook_run_retry_of_fkey FOREIGN KEY (retry_of) REFERENCES playbook_runs (id) ON DELETE SET NULL,
  CONSTRAINT playbook_run_playbook_id_fkey FOREIGN KEY (playbook_id) REFERENCES playbooks (id) ON DELETE CASCADE,
  CONSTRAINT playbook_run_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id),
  CONSTRAINT playbook_run_check_id_fkey FOREIGN KEY (check_id) REFERENCES checks (id),
  CONSTRAINT playbook_run_config_id_fkey FOREIGN KEY (config_id) REFERENCES config_items (id),
  CONSTRAINT playbook_run_component_id_fkey FOREIGN KEY (component_id) REFERENCES components (id),
  CONSTRAINT playbook_run_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES agents (id)
);
CREATE INDEX playbook_runs_created_at_idx ON playbook_runs (created_at DESC);
CREATE INDEX playbook_runs_playbook_id_idx ON playbook_runs (playbook_id, created_at DESC);
CREATE INDEX playbook_runs_parent_id_idx ON playbook_runs (parent_id);
CREATE INDEX playbook_runs_retry_of_idx ON playbook_runs (retry_of) WHERE retry_of IS NOT NULL;
CREATE INDEX playbook_runs_config_id_idx ON playbook_runs (config_id) WHERE config_id IS NOT NULL;
CREATE INDEX playbook_runs_component_id_idx ON playbook_runs (component_id) WHERE component_id IS NOT NULL;
CREATE INDEX playbook_runs_check_id_idx ON playbook_runs (check_id) WHERE check_id IS NOT NULL;
CREATE INDEX playbook_runs_agent_id_idx ON playbook_runs (agent_id);

CREATE TABLE playbook_run_actions (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  status text NOT NULL DEFAULT 'running',
  retry_count integer,
  playbook_run_id uuid,
  start_time timestamptz,
  scheduled_time timestamptz NOT NULL DEFAULT now(),
  end_time timestamptz,
  result jsonb,
  is_pushed boolean NOT NULL DEFAULT false,
  agent_id uuid DEFAULT '00000000-0000-0000-0000-000000000000',
  error text,
  CONSTRAINT playbook_run_actions_pkey PRIMARY KEY (id),
  CONSTRAINT playbook_run_playbook_run_id_fkey FOREIGN KEY (playbook_run_id) REFERENCES playbook_runs (id) ON DELETE CASCADE,
  CONSTRAINT playbook_run_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES agents (id)
);
CREATE INDEX playbook_run_actions_run_id_idx ON playbook_run_actions (playbook_run_id);

-- No primary key upstream (rows are read and deleted by filter).
CREATE TABLE playbook_approvals (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  run_id uuid NOT NULL,
  person_id uuid,
  team_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT playbook_approval_run_id_fkey FOREIGN KEY (run_id) REFERENCES playbook_runs (id),
  CONSTRAINT playbook_approval_person_approver_fkey FOREIGN KEY (person_id) REFERENCES people (id),
  CONSTRAINT playbook_approval_team_approver_fkey FOREIGN KEY (team_id) REFERENCES teams (id)
);
CREATE INDEX playbook_approvals_run_id_idx ON playbook_approvals (run_id);

CREATE TABLE artifacts (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  check_id uuid,
  check_time timestamptz,
  playbook_run_action_id uuid,
  config_change_id uuid,
  scraper_id uuid,
  job_history_id uuid,
  connection_id uuid,
  path text NOT NULL,
  filename text NOT NULL,
  content_type text,
  size integer NOT NULL,
  checksum text NOT NULL,
  content bytea,
  compression_type text,
  is_pushed boolean NOT NULL DEFAULT false,
  is_data_pushed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  expires_at timestamptz,
  CONSTRAINT artifacts_pkey PRIMARY KEY (id),
  CONSTRAINT artifacts_checks_fkey FOREIGN KEY (check_id) REFERENCES checks (id),
  CONSTRAINT artifacts_playbook_run_action_fkey FOREIGN KEY (playbook_run_action_id) REFERENCES playbook_run_actions (id),
  CONSTRAINT artifacts_config_change_fkey FOREIGN KEY (config_change_id) REFERENCES config_changes (id) ON DELETE CASCADE,
  CONSTRAINT artifacts_scraper_fkey FOREIGN KEY (scraper_id) REFERENCES config_scrapers (id) ON DELETE CASCADE
);
CREATE INDEX artifacts_playbook_run_action_id_idx ON artifacts (playbook_run_action_id)
  WHERE playbook_run_action_id IS NOT NULL;

CALL track_updated_at('playbooks', 'artifacts');
CALL keep_deleted_at_of('playbooks', 'artifacts');

-- Title and id come from the columns; description, category and icon from the spec.
CREATE VIEW playbook_names AS
SELECT
  id,
  title,
  name,
  namespace,
  spec ->> 'description' AS description,
  spec ->> 'category' AS category,
  spec ->> 'icon' AS icon
FROM playbooks
WHERE deleted_at IS NULL
ORDER BY name;

-- Actions of a run and of its direct child runs, ordered by start time; `agent` falls back to the
-- run's agent, `artifacts` lists the action's artifacts without their inline content.
CREATE FUNCTION get_playbook_run_actions(run_id uuid)
RETURNS TABLE (
  id uuid,
  name text,
  playbook_run_id uuid,
  status text,
  scheduled_time timestamptz,
  start_time timestamptz,
  end_time timestamptz,
  result jsonb,
  agent_id uuid,
  retry_count integer,
  agent jsonb,
  artifacts jsonb
)
LANGUAGE sql STABLE AS $$
  SELECT
    a.id,
    a.name,
    a.playbook_run_id,
    a.status,
    a.scheduled_time,
    a.start_time,
    a.end_time,
    a.result,
    a.agent_id,
    a.retry_count,
    (
      SELECT jsonb_build_object('id', ag.id, 'name', ag.name)
      FROM agents ag
      WHERE ag.id = COALESCE(a.agent_id, r.agent_id)
    ),
    (
      SELECT jsonb_agg(to_jsonb(art) - 'content' ORDER BY art.created_at, art.id)
      FROM artifacts art
      WHERE art.playbook_run_action_id = a.id
    )
  FROM playbook_run_actions a
  JOIN playbook_runs r ON r.id = a.playbook_run_id
  WHERE r.id = $1 OR r.parent_id = $1
  ORDER BY a.start_time, a.scheduled_time, a.id
$$;

-- Runs carried by the demo backend's playbook executor: every run submitted through
-- POST /api/playbook/run (and a seeded run once approved). The executor keeps each run's state in
-- playbook_runs / playbook_run_actions and resumes the queued runs that are not final on start.
-- Hidden from /api/db like every demo_ relation.
CREATE TABLE demo_playbook_queue (
  run_id uuid NOT NULL,
  queued_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT demo_playbook_queue_pkey PRIMARY KEY (run_id),
  CONSTRAINT demo_playbook_queue_run_fkey FOREIGN KEY (run_id) REFERENCES playbook_runs (id)
    ON DELETE CASCADE
);
