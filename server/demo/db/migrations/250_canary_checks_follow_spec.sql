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
