-- Health checks: canaries, checks and their status history (data-model §3.2).
-- The live status, last_runtime and next_runtime of a check are kept on checks itself, as in the
-- schema contemporary with the console (no checks_unlogged table).

CREATE TABLE canaries (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  name text NOT NULL,
  namespace text NOT NULL,
  labels jsonb,
  annotations jsonb,
  spec jsonb NOT NULL,
  source text,
  is_pushed boolean NOT NULL DEFAULT false,
  created_at timestamptz DEFAULT now(),
  created_by uuid,
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT canaries_pkey PRIMARY KEY (id),
  CONSTRAINT canaries_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES agents (id),
  CONSTRAINT canaries_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id)
);
CREATE UNIQUE INDEX canaries_name_namespace_source_key ON canaries (agent_id, name, namespace, source)
  WHERE deleted_at IS NULL AND agent_id = '00000000-0000-0000-0000-000000000000';
CREATE INDEX canaries_created_at_idx ON canaries (created_at DESC);

CREATE TABLE checks (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  canary_id uuid NOT NULL,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  type text NOT NULL,
  name text NOT NULL,
  namespace text,
  description text,
  icon text,
  spec jsonb,
  labels jsonb,
  owner text,
  severity text,
  category text,
  is_pushed boolean NOT NULL DEFAULT false,
  transformed boolean,
  last_runtime timestamptz,
  last_transition_time timestamptz,
  next_runtime timestamptz,
  silenced_at timestamptz,
  status text,
  created_at timestamptz,
  updated_at timestamptz,
  deleted_at timestamptz,
  CONSTRAINT checks_pkey PRIMARY KEY (id),
  CONSTRAINT checks_canary_id_fkey FOREIGN KEY (canary_id) REFERENCES canaries (id) ON DELETE CASCADE,
  CONSTRAINT checks_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES agents (id),
  CONSTRAINT checks_canary_id_type_name_agent_id_key UNIQUE (canary_id, type, name, agent_id)
);
CREATE INDEX checks_name_idx ON checks (name);
CREATE INDEX checks_status_idx ON checks (status) WHERE deleted_at IS NULL;

CREATE TABLE check_statuses (
  check_id uuid NOT NULL,
  details jsonb,
  duration integer,
  error text,
  time timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  invalid boolean,
  message text,
  status boolean,
  severity text,
  is_pushed boolean NOT NULL DEFAULT false,
  CONSTRAINT check_statuses_pkey PRIMARY KEY (check_id, time),
  CONSTRAINT check_statuses_check_id_fkey FOREIGN KEY (check_id) REFERENCES checks (id)
    ON DELETE CASCADE
);

CREATE TRIGGER canaries_updated_at BEFORE UPDATE ON canaries
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER checks_updated_at BEFORE UPDATE ON checks
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER canaries_keep_deleted_at BEFORE UPDATE OF deleted_at ON canaries
  FOR EACH ROW EXECUTE FUNCTION keep_deleted_at();
CREATE TRIGGER checks_keep_deleted_at BEFORE UPDATE OF deleted_at ON checks
  FOR EACH ROW EXECUTE FUNCTION keep_deleted_at();

-- A change of status is a transition.
CREATE FUNCTION checks_status_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status
     AND NEW.last_transition_time IS NOT DISTINCT FROM OLD.last_transition_time THEN
    NEW.last_transition_time := now();
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER checks_last_transition_time BEFORE UPDATE ON checks
  FOR EACH ROW EXECUTE FUNCTION checks_status_transition();
