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

CALL track_updated_at('canaries', 'checks');
CALL keep_deleted_at_of('canaries', 'checks');

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

-- A canary's checks follow its spec, as canary-checker keeps them: every key of the spec that is
-- a check type holds a list of checks `{ name, ... }`, each one row of `checks` (type = the key).
-- Writes through /api/db (which carry the caller's claims in `request.jwt.claims`, as PostgREST
-- sets them) create, update and soft-delete the rows; the seed lays out its own checks, so writes
-- without claims (seeding, direct SQL) are only validated.

-- The check type of a spec key (canary-checker's key names, plus the spellings older consoles
-- write), or null when the key is not a check type (schedule, interval, owner, env, ...).
CREATE FUNCTION canary_check_type(spec_key text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN spec_key = 'alertManager' THEN 'alertmanager'
    WHEN spec_key = 'mongo' THEN 'mongodb'
    WHEN spec_key = 'azureDevops' THEN 'azuredevops'
    WHEN spec_key = ANY (ARRAY[
      'http', 'dns', 'docker', 'dockerPush', 'containerd', 'containerdPush', 's3', 'tcp', 'pod',
      'ldap', 'icmp', 'postgres', 'mssql', 'mysql', 'restic', 'jmeter', 'junit', 'smb', 'sftp',
      'gcs', 'helm', 'namespace', 'redis', 'ec2', 'prometheus', 'mongodb', 'cloudwatch', 'github',
      'gitProtocol', 'kubernetes', 'kubernetesResource', 'folder', 'exec', 'awsConfig',
      'awsConfigRule', 'databaseBackup', 'catalog', 'configDB', 'opensearch', 'elasticsearch',
      'alertmanager', 'dynatrace', 'azuredevops', 'sql', 'pubsub', 'webhook'
    ]) THEN spec_key
  END
$$;

-- Rejects a spec the checks cannot be read from, with a 400 (check_violation) naming the place.
CREATE FUNCTION canaries_validate_spec() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  entry record;
  item record;
  seen text[];
BEGIN
  IF NEW.spec IS NULL OR jsonb_typeof(NEW.spec) <> 'object' THEN
    RAISE EXCEPTION 'spec must be an object' USING ERRCODE = 'check_violation';
  END IF;
  FOR entry IN SELECT key, value FROM jsonb_each(NEW.spec) LOOP
    CONTINUE WHEN canary_check_type(entry.key) IS NULL;
    -- webhook is a single check in canary-checker; everything else a list.
    IF entry.key = 'webhook' AND jsonb_typeof(entry.value) = 'object' THEN
      CONTINUE;
    END IF;
    IF jsonb_typeof(entry.value) <> 'array' THEN
      RAISE EXCEPTION 'spec.% must be a list of checks', entry.key
        USING ERRCODE = 'check_violation';
    END IF;
    seen := ARRAY[]::text[];
    FOR item IN SELECT value, ordinality - 1 AS i FROM jsonb_array_elements(entry.value) WITH ORDINALITY LOOP
      IF jsonb_typeof(item.value) <> 'object' THEN
        RAISE EXCEPTION 'spec.%[%] must be an object', entry.key, item.i
          USING ERRCODE = 'check_violation';
      END IF;
      IF jsonb_typeof(item.value -> 'name') IS DISTINCT FROM 'string'
         OR btrim(item.value ->> 'name') = '' THEN
        RAISE EXCEPTION 'spec.%[%].name is required', entry.key, item.i
          USING ERRCODE = 'check_violation';
      END IF;
      IF (item.value ->> 'name') = ANY (seen) THEN
        RAISE EXCEPTION 'spec.% has two checks named %', entry.key, item.value ->> 'name'
          USING ERRCODE = 'check_violation';
      END IF;
      seen := seen || (item.value ->> 'name');
    END LOOP;
  END LOOP;
  RETURN NEW;
END
$$;

CREATE TRIGGER canaries_validate_spec BEFORE INSERT OR UPDATE OF spec ON canaries
  FOR EACH ROW EXECUTE FUNCTION canaries_validate_spec();

-- The checks a canary spec declares: one row per (type, name) with the entry as its spec.
CREATE FUNCTION canary_spec_checks(spec jsonb)
RETURNS TABLE (type text, name text, entry jsonb)
LANGUAGE sql IMMUTABLE AS $$
  SELECT canary_check_type(s.key), c.value ->> 'name', c.value
  FROM jsonb_each(CASE WHEN jsonb_typeof(spec) = 'object' THEN spec ELSE '{}'::jsonb END) s
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE
      WHEN jsonb_typeof(s.value) = 'array' THEN s.value
      WHEN jsonb_typeof(s.value) = 'object' THEN jsonb_build_array(s.value)
      ELSE '[]'::jsonb
    END
  ) c
  WHERE canary_check_type(s.key) IS NOT NULL
    AND jsonb_typeof(c.value) = 'object'
    AND coalesce(c.value ->> 'name', '') <> ''
$$;

CREATE FUNCTION canaries_sync_checks() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF nullif(current_setting('request.jwt.claims', true), '') IS NULL THEN
    RETURN NULL;
  END IF;
  IF NEW.deleted_at IS NOT NULL THEN
    UPDATE checks SET deleted_at = NEW.deleted_at
     WHERE canary_id = NEW.id AND deleted_at IS NULL;
    RETURN NULL;
  END IF;
  INSERT INTO checks (canary_id, agent_id, type, name, namespace, description, icon, spec, labels,
                      owner, severity, next_runtime, created_at, updated_at)
  SELECT NEW.id, NEW.agent_id, d.type, d.name, NEW.namespace,
         nullif(d.entry ->> 'description', ''),
         nullif(d.entry ->> 'icon', ''),
         d.entry,
         CASE WHEN jsonb_typeof(d.entry -> 'labels') = 'object' THEN d.entry -> 'labels'
              ELSE NEW.labels END,
         coalesce(nullif(d.entry ->> 'owner', ''), NEW.spec ->> 'owner'),
         coalesce(nullif(d.entry ->> 'severity', ''), NEW.spec ->> 'severity'),
         now(), now(), now()
  FROM canary_spec_checks(NEW.spec) d
  ON CONFLICT (canary_id, type, name, agent_id) DO UPDATE
    SET namespace = EXCLUDED.namespace,
        description = EXCLUDED.description,
        icon = EXCLUDED.icon,
        spec = EXCLUDED.spec,
        labels = EXCLUDED.labels,
        owner = EXCLUDED.owner,
        severity = EXCLUDED.severity,
        next_runtime = CASE WHEN checks.deleted_at IS NULL THEN checks.next_runtime ELSE now() END,
        deleted_at = NULL;
  UPDATE checks c SET deleted_at = now()
   WHERE c.canary_id = NEW.id AND c.deleted_at IS NULL
     AND NOT EXISTS (
       SELECT 1 FROM canary_spec_checks(NEW.spec) d WHERE d.type = c.type AND d.name = c.name
     );
  RETURN NULL;
END
$$;

CREATE TRIGGER canaries_sync_checks AFTER INSERT OR UPDATE OF spec, namespace, labels, deleted_at
  ON canaries FOR EACH ROW EXECUTE FUNCTION canaries_sync_checks();

-- Uptime and latency of every check over the hour up to its newest status, kept up to date by
-- statement triggers on check_statuses, so the health summary (api.md HEALTH-01) reads one row
-- per check instead of aggregating thousands of status histories on each request. A stand-in
-- table (the demo_ prefix keeps it out of /api/db); upstream keeps such figures in the
-- materialized views check_status_summary and check_status_summary_aged.

CREATE TABLE demo_check_uptime (
  check_id uuid NOT NULL,
  -- Time of the check's newest status: the window is the hour up to it.
  window_end timestamptz NOT NULL,
  passed integer NOT NULL,
  failed integer NOT NULL,
  last_pass timestamptz,
  last_fail timestamptz,
  p99 integer,
  p97 integer,
  p95 integer,
  -- Mean latency of the window's runs, in milliseconds.
  rolling1h numeric,
  CONSTRAINT demo_check_uptime_pkey PRIMARY KEY (check_id)
);

-- Recomputes the figures of the given checks from their statuses.
CREATE FUNCTION demo_check_uptime_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM demo_check_uptime WHERE check_id = ANY (ids);
  INSERT INTO demo_check_uptime
    (check_id, window_end, passed, failed, last_pass, last_fail, p99, p97, p95, rolling1h)
  SELECT l.check_id, l.newest, s.passed, s.failed, s.last_pass, s.last_fail, s.p99, s.p97, s.p95,
         s.rolling1h
    FROM (
      SELECT check_id, max(time) AS newest
        FROM check_statuses
       WHERE check_id = ANY (ids)
       GROUP BY check_id
    ) l
   CROSS JOIN LATERAL (
     SELECT count(*) FILTER (WHERE cs.status)::int AS passed,
            count(*) FILTER (WHERE NOT cs.status)::int AS failed,
            max(cs.time) FILTER (WHERE cs.status) AS last_pass,
            max(cs.time) FILTER (WHERE NOT cs.status) AS last_fail,
            percentile_disc(0.99) WITHIN GROUP (ORDER BY cs.duration) AS p99,
            percentile_disc(0.97) WITHIN GROUP (ORDER BY cs.duration) AS p97,
            percentile_disc(0.95) WITHIN GROUP (ORDER BY cs.duration) AS p95,
            round(avg(cs.duration), 2) AS rolling1h
       FROM check_statuses cs
      WHERE cs.check_id = l.check_id
        AND cs.time > l.newest - interval '1 hour' AND cs.time <= l.newest
   ) s;
$$;

CREATE FUNCTION demo_check_uptime_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM demo_check_uptime_refresh(ARRAY(SELECT DISTINCT check_id FROM inserted_rows));
  RETURN NULL;
END;
$$;

CREATE FUNCTION demo_check_uptime_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM demo_check_uptime_refresh(ARRAY(SELECT DISTINCT check_id FROM deleted_rows));
  RETURN NULL;
END;
$$;

CREATE FUNCTION demo_check_uptime_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM demo_check_uptime_refresh(ARRAY(
    SELECT check_id FROM old_rows UNION SELECT check_id FROM new_rows
  ));
  RETURN NULL;
END;
$$;

CREATE FUNCTION demo_check_uptime_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM demo_check_uptime;
  RETURN NULL;
END;
$$;

CREATE TRIGGER check_statuses_uptime_insert AFTER INSERT ON check_statuses
  REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION demo_check_uptime_inserted();
CREATE TRIGGER check_statuses_uptime_delete AFTER DELETE ON check_statuses
  REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION demo_check_uptime_deleted();
CREATE TRIGGER check_statuses_uptime_update AFTER UPDATE ON check_statuses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION demo_check_uptime_updated();
CREATE TRIGGER check_statuses_uptime_truncate AFTER TRUNCATE ON check_statuses
  FOR EACH STATEMENT EXECUTE FUNCTION demo_check_uptime_truncated();
