-- Plugins and person analytics, as the newest Mission Control schema has them (duty
-- schema/plugins.hcl, schema/teams.hcl and views/020_teams_triggers.sql). The demo installs no
-- plugin, so `plugins` starts empty; `person_analytics` fills as people use the console.

-- The persisted Plugin resources: `spec` holds the plugin's spec (source or address, version,
-- checksum, selector, connections, properties). One live plugin per name and namespace.
CREATE TABLE plugins (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT 'default',
  source source,
  spec jsonb NOT NULL,
  installed_path text,
  plugin_version text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT plugins_pkey PRIMARY KEY (id)
);
CREATE UNIQUE INDEX plugins_name_namespace_key
  ON plugins (name, namespace) WHERE deleted_at IS NULL;

-- What a person has done in the console, one row per key with how many times and when last.
CREATE TABLE person_analytics (
  person_id uuid NOT NULL,
  key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  count integer NOT NULL DEFAULT 1,
  CONSTRAINT person_analytics_pkey PRIMARY KEY (person_id, key),
  CONSTRAINT person_analytics_person_id_fkey FOREIGN KEY (person_id) REFERENCES people (id)
    ON UPDATE CASCADE ON DELETE CASCADE
);

-- Inserting a key again counts it: the existing row's count goes up by one and its updated_at
-- moves to now, and no second row is made (the insert answers no row). Upstream does the same.
--
-- Rows belong to the person who makes the request: an insert through /api/db (which carries the
-- caller in `request.jwt.claims`, as PostgREST does) without a person_id is the caller's, and one
-- naming somebody else is refused. Seeding and direct SQL carry no claims and may name anyone.
CREATE FUNCTION person_analytics_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  claims text := nullif(current_setting('request.jwt.claims', true), '');
  caller uuid;
BEGIN
  IF claims IS NOT NULL THEN
    caller := uuid_or_null(claims::jsonb ->> 'sub');
    IF NEW.person_id IS NULL THEN
      NEW.person_id := caller;
    ELSIF caller IS NULL OR NEW.person_id <> caller THEN
      RAISE EXCEPTION 'person_analytics rows can only be written for the signed-in person'
        USING ERRCODE = '42501';
    END IF;
  END IF;
  IF NEW.person_id IS NULL THEN
    RAISE EXCEPTION 'null value in column "person_id" of relation "person_analytics" violates not-null constraint'
      USING ERRCODE = '23502';
  END IF;

  PERFORM pg_advisory_xact_lock(hashtextextended(NEW.person_id::text || ':' || NEW.key, 0));
  UPDATE person_analytics
     SET updated_at = clock_timestamp(), count = count + 1
   WHERE person_id = NEW.person_id AND key = NEW.key;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  NEW.updated_at := COALESCE(NEW.updated_at, clock_timestamp());
  NEW.count := COALESCE(NEW.count, 1);
  RETURN NEW;
END
$$;

CREATE TRIGGER person_analytics_insert
  BEFORE INSERT ON person_analytics
  FOR EACH ROW EXECUTE FUNCTION person_analytics_insert();

CALL track_updated_at('plugins');
CALL keep_deleted_at_of('plugins');
