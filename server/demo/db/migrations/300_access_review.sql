-- Access review (issue 38): users, groups and roles of external systems (AWS IAM, Kubernetes
-- RBAC, ...) and the access they hold on config items, with their sign-ins. Tables, columns,
-- view columns, function names, parameters and results are those of Mission Control's schema
-- (flanksource/duty: schema/config_access.hcl, views/038_config_access.sql and
-- views/048_external_user_aliases.sql), so that the console reads a real Mission Control the same
-- way. Upstream ids default to generate_ulid(), which the demo does not have: gen_random_uuid()
-- stands in for it (and its text for config_access.id, a text column upstream).

CREATE TABLE external_users (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  account_id text,
  aliases text[],
  name text,
  user_type text,
  email text,
  scraper_id uuid NOT NULL,
  created_at timestamptz,
  updated_at timestamptz,
  deleted_at timestamptz,
  created_by uuid,
  CONSTRAINT external_users_pkey PRIMARY KEY (id),
  CONSTRAINT external_users_scraper_id_fkey FOREIGN KEY (scraper_id) REFERENCES config_scrapers (id)
);
CREATE UNIQUE INDEX external_users_aliases_key ON external_users (aliases) WHERE deleted_at IS NULL;
CREATE INDEX external_users_scraper_id_idx ON external_users (scraper_id);

-- The normalized, globally unique lookup of external users' aliases; external_users.aliases is
-- the source of truth and triggers keep this table in step with it.
CREATE TABLE external_user_aliases (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  external_user_id uuid NOT NULL,
  alias text NOT NULL,
  source text NOT NULL DEFAULT 'scrape',
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  deleted_at timestamptz,
  deleted_by uuid,
  CONSTRAINT external_user_aliases_pkey PRIMARY KEY (id),
  CONSTRAINT external_user_aliases_external_user_id_fkey FOREIGN KEY (external_user_id)
    REFERENCES external_users (id) ON DELETE CASCADE,
  CONSTRAINT external_user_aliases_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id),
  CONSTRAINT external_user_aliases_deleted_by_fkey FOREIGN KEY (deleted_by) REFERENCES people (id),
  CONSTRAINT external_user_aliases_alias_not_empty CHECK (btrim(alias) <> ''),
  CONSTRAINT external_user_aliases_source CHECK (source IN ('scrape', 'manual', 'merge'))
);
CREATE UNIQUE INDEX external_user_aliases_alias_key ON external_user_aliases (alias)
  WHERE deleted_at IS NULL;
CREATE INDEX external_user_aliases_external_user_id_idx ON external_user_aliases (external_user_id);

CREATE TABLE external_groups (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  account_id text,
  scraper_id uuid NOT NULL,
  aliases text[],
  name text,
  group_type text,
  created_at timestamptz,
  updated_at timestamptz,
  deleted_at timestamptz,
  CONSTRAINT external_groups_pkey PRIMARY KEY (id),
  CONSTRAINT external_groups_scraper_id_fkey FOREIGN KEY (scraper_id) REFERENCES config_scrapers (id)
);
CREATE UNIQUE INDEX external_groups_aliases_key ON external_groups (aliases) WHERE deleted_at IS NULL;
CREATE INDEX external_groups_scraper_id_idx ON external_groups (scraper_id);

CREATE TABLE external_user_groups (
  external_user_id uuid NOT NULL,
  external_group_id uuid NOT NULL,
  scraper_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  deleted_at timestamptz,
  deleted_by uuid,
  created_at timestamptz,
  created_by uuid,
  CONSTRAINT external_user_groups_pkey PRIMARY KEY (external_user_id, external_group_id, scraper_id),
  CONSTRAINT external_user_fk FOREIGN KEY (external_user_id) REFERENCES external_users (id),
  CONSTRAINT external_group_fk FOREIGN KEY (external_group_id) REFERENCES external_groups (id)
);
CREATE INDEX external_user_groups_external_group_id_idx ON external_user_groups (external_group_id);
CREATE INDEX external_user_groups_scraper_id_idx ON external_user_groups (scraper_id);

CREATE TABLE external_roles (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  scraper_id uuid,
  application_id uuid,
  account_id text,
  aliases text[],
  role_type text,
  name text,
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  deleted_at timestamptz,
  CONSTRAINT external_roles_pkey PRIMARY KEY (id),
  CONSTRAINT external_roles_parent CHECK (application_id IS NOT NULL OR scraper_id IS NOT NULL),
  CONSTRAINT external_roles_application_id_fkey FOREIGN KEY (application_id)
    REFERENCES applications (id),
  CONSTRAINT external_roles_scraper_id_fkey FOREIGN KEY (scraper_id) REFERENCES config_scrapers (id)
);
CREATE UNIQUE INDEX external_roles_aliases_key ON external_roles (aliases) WHERE deleted_at IS NULL;
CREATE INDEX external_roles_application_id_idx ON external_roles (application_id);
CREATE INDEX external_roles_scraper_id_idx ON external_roles (scraper_id);

CREATE TABLE config_access (
  id text NOT NULL DEFAULT gen_random_uuid()::text,
  config_id uuid NOT NULL,
  scraper_id uuid,
  application_id uuid,
  source text,
  external_user_id uuid,
  external_group_id uuid,
  external_role_id uuid,
  created_at timestamptz,
  deleted_at timestamptz,
  deleted_by uuid,
  last_reviewed_at timestamptz,
  last_reviewed_by uuid,
  created_by uuid,
  CONSTRAINT config_access_pkey PRIMARY KEY (id),
  CONSTRAINT config_fk FOREIGN KEY (config_id) REFERENCES config_items (id) ON DELETE CASCADE,
  CONSTRAINT external_user_fk FOREIGN KEY (external_user_id) REFERENCES external_users (id)
    ON DELETE CASCADE,
  CONSTRAINT external_group_fk FOREIGN KEY (external_group_id) REFERENCES external_groups (id)
    ON DELETE CASCADE,
  CONSTRAINT external_role_fk FOREIGN KEY (external_role_id) REFERENCES external_roles (id)
    ON DELETE CASCADE,
  CONSTRAINT config_access_application_id_fkey FOREIGN KEY (application_id)
    REFERENCES applications (id),
  CONSTRAINT config_access_scraper_id_fkey FOREIGN KEY (scraper_id) REFERENCES config_scrapers (id),
  CONSTRAINT config_access_origin
    CHECK (scraper_id IS NOT NULL OR application_id IS NOT NULL OR source IS NOT NULL),
  CONSTRAINT at_least_one_id
    CHECK (external_user_id IS NOT NULL OR external_group_id IS NOT NULL OR external_role_id IS NOT NULL)
);
CREATE UNIQUE INDEX config_access_config_id_external_user_id_external_group_id_external_role_id_key
  ON config_access (config_id, external_user_id, external_group_id, external_role_id)
  WHERE deleted_at IS NULL;
CREATE INDEX config_access_external_user_id_idx ON config_access (external_user_id);
CREATE INDEX config_access_external_group_id_idx ON config_access (external_group_id);
CREATE INDEX config_access_external_role_id_idx ON config_access (external_role_id);
CREATE INDEX config_access_scraper_id_idx ON config_access (scraper_id);
CREATE INDEX config_access_application_id_idx ON config_access (application_id);

-- One row per user, item and scraper: the latest sign-in (created_at), its MFA and properties,
-- and how many sign-ins were counted.
CREATE TABLE config_access_logs (
  external_user_id uuid NOT NULL,
  config_id uuid NOT NULL,
  scraper_id uuid NOT NULL,
  mfa boolean,
  properties jsonb,
  count integer DEFAULT 1,
  created_at timestamptz,
  CONSTRAINT config_access_logs_pkey PRIMARY KEY (config_id, external_user_id, scraper_id),
  CONSTRAINT config_access_logs_config_id_fkey FOREIGN KEY (config_id)
    REFERENCES config_items (id) ON DELETE CASCADE,
  CONSTRAINT config_access_logs_external_user_id_fkey FOREIGN KEY (external_user_id)
    REFERENCES external_users (id) ON DELETE CASCADE,
  CONSTRAINT config_access_logs_scraper_id_fkey FOREIGN KEY (scraper_id)
    REFERENCES config_scrapers (id)
);
CREATE INDEX config_access_logs_external_user_id_idx ON config_access_logs (external_user_id);
CREATE INDEX config_access_logs_scraper_id_idx ON config_access_logs (scraper_id);

-- The summaries name and type each item reached: this index holds both, so that joining every
-- grant to its item reads the index alone, not the wide rows with their scraped documents (at
-- scale 20 the by-item summary reads in a third of the time).
CREATE INDEX config_items_access_summary_idx ON config_items (id) INCLUDE (name, type);

-- An alias is stored trimmed and in lower case, and is never empty.
CREATE FUNCTION normalize_external_user_alias() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.alias := lower(btrim(NEW.alias));
  IF NEW.alias = '' THEN
    RAISE EXCEPTION 'external user alias cannot be empty' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER normalize_external_user_alias_trigger
  BEFORE INSERT OR UPDATE OF alias ON external_user_aliases
  FOR EACH ROW EXECUTE FUNCTION normalize_external_user_alias();

-- Keeps external_user_aliases in step with a user's aliases array: a deleted user's aliases are
-- released, an alias no longer in the array is released, a new one is recorded; an alias that
-- already names another active user is refused.
CREATE FUNCTION sync_external_user_aliases() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken record;
BEGIN
  IF NEW.deleted_at IS NOT NULL THEN
    UPDATE external_user_aliases SET deleted_at = now()
     WHERE external_user_id = NEW.id AND deleted_at IS NULL;
    RETURN NULL;
  END IF;
  SELECT lookup.alias, lookup.external_user_id AS owner INTO taken
    FROM external_user_aliases lookup
   WHERE lookup.deleted_at IS NULL
     AND lookup.external_user_id <> NEW.id
     AND lookup.alias IN (SELECT lower(btrim(a)) FROM unnest(NEW.aliases) AS a)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'alias % is already assigned to external user %', taken.alias, taken.owner
      USING ERRCODE = '23505';
  END IF;
  UPDATE external_user_aliases lookup SET deleted_at = now()
   WHERE lookup.external_user_id = NEW.id
     AND lookup.deleted_at IS NULL
     AND lookup.alias NOT IN (SELECT lower(btrim(a)) FROM unnest(coalesce(NEW.aliases, '{}')) AS a);
  INSERT INTO external_user_aliases (external_user_id, alias, source)
  SELECT DISTINCT NEW.id, lower(btrim(a)), 'scrape'
    FROM unnest(NEW.aliases) AS a
   WHERE btrim(a) <> ''
     AND NOT EXISTS (SELECT 1 FROM external_user_aliases lookup
                      WHERE lookup.external_user_id = NEW.id AND lookup.deleted_at IS NULL
                        AND lookup.alias = lower(btrim(a)));
  RETURN NULL;
END $$;

-- A new user without aliases has nothing to record: the insert trigger skips it, so that loading
-- thousands of service accounts does not run the function for each.
CREATE TRIGGER sync_external_user_aliases_trigger
  AFTER UPDATE OF aliases, deleted_at ON external_users
  FOR EACH ROW EXECUTE FUNCTION sync_external_user_aliases();
CREATE TRIGGER sync_external_user_aliases_insert_trigger
  AFTER INSERT ON external_users
  FOR EACH ROW WHEN (NEW.aliases IS NOT NULL OR NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION sync_external_user_aliases();

-- One row per item, principal and role: a group's grant once per active member (or once with no
-- user when no member is known, so the grant stays visible), a direct grant as it is. The id of a
-- member's row is the grant's id and the member's, upstream a fresh ULID.
CREATE VIEW config_access_unwrapped AS
SELECT ca.id || ':' || members.external_user_id::text AS id, ca.config_id,
       members.external_user_id, ca.external_group_id, ca.external_role_id, ca.created_at,
       ca.deleted_at, ca.deleted_by, ca.last_reviewed_at, ca.last_reviewed_by, ca.created_by,
       ca.scraper_id
  FROM config_access ca
  JOIN (SELECT DISTINCT external_user_id, external_group_id FROM external_user_groups
         WHERE deleted_at IS NULL) members ON members.external_group_id = ca.external_group_id
 WHERE ca.deleted_at IS NULL
UNION ALL
SELECT ca.id, ca.config_id, NULL::uuid, ca.external_group_id, ca.external_role_id, ca.created_at,
       ca.deleted_at, ca.deleted_by, ca.last_reviewed_at, ca.last_reviewed_by, ca.created_by,
       ca.scraper_id
  FROM config_access ca
 WHERE ca.external_group_id IS NOT NULL AND ca.deleted_at IS NULL
   AND NOT EXISTS (SELECT 1 FROM external_user_groups g
                    WHERE g.external_group_id = ca.external_group_id AND g.deleted_at IS NULL)
UNION ALL
SELECT ca.id, ca.config_id, ca.external_user_id, NULL::uuid, ca.external_role_id, ca.created_at,
       ca.deleted_at, ca.deleted_by, ca.last_reviewed_at, ca.last_reviewed_by, ca.created_by,
       ca.scraper_id
  FROM config_access ca
 WHERE ca.external_group_id IS NULL;

-- Who reaches which item with which role: a row per item and principal (a group's members one by
-- one), with the principal's latest sign-in on the item.
CREATE VIEW config_access_summary AS
SELECT ci.id AS config_id,
       ci.name AS config_name,
       ci.type AS config_type,
       u.external_group_id,
       u.external_user_id,
       r.name AS "role",
       coalesce(r.aliases, ARRAY[]::text[]) AS role_external_ids,
       coalesce(eu.name, eg.name) AS "user",
       coalesce(eu.email, '') AS email,
       coalesce(eu.user_type, CASE WHEN eg.id IS NOT NULL THEN 'group' END) AS user_type,
       u.created_at,
       u.deleted_at,
       u.created_by,
       signed.last_signed_in_at,
       u.last_reviewed_at,
       u.last_reviewed_by
  FROM config_access_unwrapped u
  JOIN config_items ci ON ci.id = u.config_id
  LEFT JOIN external_users eu ON eu.id = u.external_user_id
  LEFT JOIN external_groups eg ON eg.id = u.external_group_id
  LEFT JOIN external_roles r ON r.id = u.external_role_id
  LEFT JOIN (SELECT config_id, external_user_id, max(created_at) AS last_signed_in_at
               FROM config_access_logs GROUP BY config_id, external_user_id) signed
    ON signed.config_id = u.config_id AND signed.external_user_id = u.external_user_id
 WHERE u.deleted_at IS NULL
   AND (eu.id IS NOT NULL OR eg.id IS NOT NULL);

CREATE VIEW config_access_summary_by_user AS
SELECT s.external_user_id,
       s."user",
       s.email,
       count(*) AS access_count,
       count(DISTINCT s."role") AS distinct_roles,
       count(DISTINCT s.config_id) AS distinct_configs,
       max(s.last_signed_in_at) AS last_signed_in_at,
       max(s.created_at) AS latest_grant,
       array_agg(DISTINCT s.config_type ORDER BY s.config_type)
         FILTER (WHERE s.config_type IS NOT NULL) AS config_types
  FROM config_access_summary s
 WHERE s.external_user_id IS NOT NULL
 GROUP BY s.external_user_id, s."user", s.email;

CREATE VIEW config_access_summary_by_group AS
SELECT s.external_group_id,
       g.name AS "group",
       count(*) AS access_count,
       count(DISTINCT s.external_user_id) AS distinct_users,
       count(DISTINCT s."role") AS distinct_roles,
       count(DISTINCT s.config_id) AS distinct_configs,
       max(s.last_signed_in_at) AS last_signed_in_at,
       max(s.created_at) AS latest_grant,
       array_agg(DISTINCT s.config_type ORDER BY s.config_type)
         FILTER (WHERE s.config_type IS NOT NULL) AS config_types
  FROM config_access_summary s
  JOIN external_groups g ON g.id = s.external_group_id
 GROUP BY s.external_group_id, g.name;

CREATE VIEW config_access_summary_by_config AS
SELECT s.config_id,
       s.config_name,
       s.config_type,
       count(*) AS access_count,
       count(DISTINCT s.external_user_id) AS distinct_users,
       count(DISTINCT s."role") AS distinct_roles,
       max(s.last_signed_in_at) AS last_signed_in_at,
       max(s.created_at) AS latest_grant
  FROM config_access_summary s
 GROUP BY s.config_id, s.config_name, s.config_type;

-- The options of the access review's filters, each list narrowed by every filter but its own (so
-- that choosing a value keeps the other values of the same list on offer).
CREATE FUNCTION config_access_filter_options(
  p_config_id uuid DEFAULT NULL,
  p_config_type text DEFAULT NULL,
  p_user_id uuid DEFAULT NULL,
  p_role text DEFAULT NULL,
  p_user_type text DEFAULT NULL,
  p_group_id uuid DEFAULT NULL
) RETURNS jsonb LANGUAGE sql STABLE AS $$
  WITH granted AS (
    SELECT config_id, config_name, config_type, external_user_id, external_group_id, "user",
           email, "role", user_type
      FROM config_access_summary
  )
  SELECT jsonb_build_object(
    'catalogs', coalesce((
      SELECT jsonb_agg(jsonb_build_object('config_id', c.config_id, 'config_name', c.config_name,
                                          'config_type', c.config_type)
                       ORDER BY c.config_name, c.config_id)
        FROM (SELECT DISTINCT config_id, config_name, config_type FROM granted
               WHERE (p_config_type IS NULL OR config_type = p_config_type)
                 AND (p_user_id IS NULL OR external_user_id = p_user_id)
                 AND (p_group_id IS NULL OR external_group_id = p_group_id)
                 AND (p_role IS NULL OR "role" = p_role)
                 AND (p_user_type IS NULL OR user_type = p_user_type)) c), '[]'::jsonb),
    'users', coalesce((
      SELECT jsonb_agg(jsonb_build_object('external_user_id', x.external_user_id, 'user', x."user",
                                          'email', x.email)
                       ORDER BY x."user", x.external_user_id)
        FROM (SELECT DISTINCT external_user_id, "user", email FROM granted
               WHERE external_user_id IS NOT NULL
                 AND (p_config_id IS NULL OR config_id = p_config_id)
                 AND (p_config_type IS NULL OR config_type = p_config_type)
                 AND (p_group_id IS NULL OR external_group_id = p_group_id)
                 AND (p_role IS NULL OR "role" = p_role)
                 AND (p_user_type IS NULL OR user_type = p_user_type)) x), '[]'::jsonb),
    'groups', coalesce((
      SELECT jsonb_agg(jsonb_build_object('external_group_id', x.external_group_id,
                                          'group', x."group")
                       ORDER BY x."group", x.external_group_id)
        FROM (SELECT DISTINCT r.external_group_id, g.name AS "group" FROM granted r
                JOIN external_groups g ON g.id = r.external_group_id
               WHERE (p_config_id IS NULL OR r.config_id = p_config_id)
                 AND (p_config_type IS NULL OR r.config_type = p_config_type)
                 AND (p_user_id IS NULL OR r.external_user_id = p_user_id)
                 AND (p_role IS NULL OR r."role" = p_role)
                 AND (p_user_type IS NULL OR r.user_type = p_user_type)) x), '[]'::jsonb),
    'roles', coalesce((
      SELECT jsonb_agg(jsonb_build_object('role', x."role") ORDER BY x."role")
        FROM (SELECT DISTINCT "role" FROM granted
               WHERE "role" IS NOT NULL
                 AND (p_config_id IS NULL OR config_id = p_config_id)
                 AND (p_config_type IS NULL OR config_type = p_config_type)
                 AND (p_user_id IS NULL OR external_user_id = p_user_id)
                 AND (p_group_id IS NULL OR external_group_id = p_group_id)
                 AND (p_user_type IS NULL OR user_type = p_user_type)) x), '[]'::jsonb),
    'user_types', coalesce((
      SELECT jsonb_agg(jsonb_build_object('user_type', x.user_type) ORDER BY x.user_type)
        FROM (SELECT DISTINCT user_type FROM granted
               WHERE user_type IS NOT NULL
                 AND (p_config_id IS NULL OR config_id = p_config_id)
                 AND (p_config_type IS NULL OR config_type = p_config_type)
                 AND (p_user_id IS NULL OR external_user_id = p_user_id)
                 AND (p_group_id IS NULL OR external_group_id = p_group_id)
                 AND (p_role IS NULL OR "role" = p_role)) x), '[]'::jsonb)
  )
$$;

-- Gives an active external user one more alias (trimmed, lower case) and answers its row of
-- external_user_aliases. Asking again for an alias the user has changes nothing; an alias of
-- another active user is refused (a merge joins two users).
CREATE FUNCTION add_external_user_alias(
  p_external_user_id uuid,
  p_alias text,
  p_created_by uuid DEFAULT NULL
) RETURNS external_user_aliases LANGUAGE plpgsql AS $$
DECLARE
  wanted text := lower(btrim(coalesce(p_alias, '')));
  found_row external_user_aliases;
  other uuid;
BEGIN
  IF wanted = '' THEN
    RAISE EXCEPTION 'external user alias cannot be empty' USING ERRCODE = '23514';
  END IF;
  PERFORM 1 FROM external_users WHERE id = p_external_user_id AND deleted_at IS NULL FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'active external user % does not exist', p_external_user_id
      USING ERRCODE = '23503';
  END IF;
  SELECT * INTO found_row FROM external_user_aliases
   WHERE alias = wanted AND deleted_at IS NULL FOR UPDATE;
  IF FOUND AND found_row.external_user_id <> p_external_user_id THEN
    RAISE EXCEPTION 'alias % is already assigned to external user %', wanted,
      found_row.external_user_id USING ERRCODE = '23505';
  END IF;
  IF NOT FOUND THEN
    SELECT eu.id INTO other FROM external_users eu
     WHERE eu.deleted_at IS NULL AND eu.id <> p_external_user_id
       AND wanted IN (SELECT lower(btrim(a)) FROM unnest(eu.aliases) AS a)
     LIMIT 1;
    IF other IS NOT NULL THEN
      RAISE EXCEPTION 'alias % already identifies active external user %', wanted, other
        USING ERRCODE = '23505';
    END IF;
    INSERT INTO external_user_aliases (external_user_id, alias, source, created_by)
    VALUES (p_external_user_id, wanted, 'manual', p_created_by)
    RETURNING * INTO found_row;
  END IF;
  UPDATE external_users
     SET aliases = ARRAY(SELECT DISTINCT lower(btrim(a))
                           FROM unnest(coalesce(aliases, '{}') || wanted) AS a
                          WHERE btrim(a) <> '' ORDER BY 1),
         updated_at = now()
   WHERE id = p_external_user_id;
  RETURN found_row;
END $$;

-- Merges a duplicate external user into the primary one, which is kept: the duplicate's access
-- (a grant the primary already holds is soft-deleted instead), access logs (added up per item),
-- group memberships and aliases move to the primary, the duplicate's id and email become aliases
-- of the primary, and the duplicate is soft-deleted. Answers the primary's id; merging again
-- answers it again.
CREATE FUNCTION merge_external_users(
  p_primary_id uuid,
  p_duplicate_id uuid,
  p_created_by uuid DEFAULT NULL
) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  duplicate external_users;
  moved text[];
  clash record;
BEGIN
  PERFORM 1 FROM external_users WHERE id = p_primary_id AND deleted_at IS NULL FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'active primary external user % does not exist', p_primary_id
      USING ERRCODE = '23503';
  END IF;
  IF p_primary_id = p_duplicate_id THEN
    RETURN p_primary_id;
  END IF;
  SELECT * INTO duplicate FROM external_users WHERE id = p_duplicate_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'duplicate external user % does not exist', p_duplicate_id
      USING ERRCODE = '23503';
  END IF;
  IF duplicate.deleted_at IS NOT NULL THEN
    IF EXISTS (SELECT 1 FROM external_user_aliases
                WHERE alias = p_duplicate_id::text AND deleted_at IS NULL
                  AND external_user_id = p_primary_id) THEN
      RETURN p_primary_id;
    END IF;
    RAISE EXCEPTION 'duplicate external user % is already deleted', p_duplicate_id
      USING ERRCODE = '23503';
  END IF;

  moved := ARRAY(
    SELECT DISTINCT lower(btrim(a))
      FROM unnest(coalesce(duplicate.aliases, '{}') || duplicate.id::text
                  || coalesce(duplicate.email, '')) AS a
     WHERE btrim(a) <> '' ORDER BY 1);
  SELECT alias, external_user_id AS owner INTO clash FROM external_user_aliases
   WHERE deleted_at IS NULL AND alias = ANY (moved)
     AND external_user_id NOT IN (p_primary_id, p_duplicate_id)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'alias % is assigned to external user %, which is not part of this merge',
      clash.alias, clash.owner USING ERRCODE = '23505';
  END IF;

  -- Grants the primary already has (or that would become the same grant twice) are retired.
  UPDATE config_access dup SET deleted_at = now(), deleted_by = p_created_by
   WHERE dup.external_user_id = p_duplicate_id AND dup.deleted_at IS NULL
     AND (EXISTS (SELECT 1 FROM config_access kept
                   WHERE kept.external_user_id = p_primary_id AND kept.deleted_at IS NULL
                     AND kept.config_id = dup.config_id
                     AND kept.external_group_id IS NOT DISTINCT FROM dup.external_group_id
                     AND kept.external_role_id IS NOT DISTINCT FROM dup.external_role_id)
          OR EXISTS (SELECT 1 FROM config_access twin
                      WHERE twin.external_user_id = p_duplicate_id AND twin.deleted_at IS NULL
                        AND twin.config_id = dup.config_id
                        AND twin.external_group_id IS NOT DISTINCT FROM dup.external_group_id
                        AND twin.external_role_id IS NOT DISTINCT FROM dup.external_role_id
                        AND (twin.created_at, twin.id) < (dup.created_at, dup.id)));
  UPDATE config_access SET external_user_id = p_primary_id
   WHERE external_user_id = p_duplicate_id;

  INSERT INTO config_access_logs AS kept
         (config_id, external_user_id, scraper_id, created_at, mfa, properties, count)
  SELECT config_id, p_primary_id, scraper_id, max(created_at),
         (array_agg(mfa ORDER BY created_at DESC))[1],
         (array_agg(properties ORDER BY created_at DESC))[1],
         sum(coalesce(count, 1))::integer
    FROM config_access_logs
   WHERE external_user_id = p_duplicate_id
   GROUP BY config_id, scraper_id
  ON CONFLICT (config_id, external_user_id, scraper_id) DO UPDATE SET
    count = coalesce(kept.count, 0) + coalesce(EXCLUDED.count, 0),
    created_at = greatest(kept.created_at, EXCLUDED.created_at),
    mfa = CASE WHEN EXCLUDED.created_at >= kept.created_at THEN EXCLUDED.mfa ELSE kept.mfa END,
    properties = CASE WHEN EXCLUDED.created_at >= kept.created_at
                      THEN EXCLUDED.properties ELSE kept.properties END;
  DELETE FROM config_access_logs WHERE external_user_id = p_duplicate_id;

  INSERT INTO external_user_groups (external_user_id, external_group_id, scraper_id, deleted_at,
                                    deleted_by, created_at, created_by)
  SELECT p_primary_id, external_group_id, scraper_id, deleted_at, deleted_by, created_at,
         created_by
    FROM external_user_groups WHERE external_user_id = p_duplicate_id
  ON CONFLICT (external_user_id, external_group_id, scraper_id) DO NOTHING;
  DELETE FROM external_user_groups WHERE external_user_id = p_duplicate_id;

  -- The duplicate leaves first (releasing its aliases), then they become the primary's.
  UPDATE external_users SET deleted_at = now(), updated_at = now() WHERE id = p_duplicate_id;
  UPDATE external_users
     SET aliases = nullif(ARRAY(SELECT DISTINCT lower(btrim(a))
                                  FROM unnest(coalesce(aliases, '{}') || moved) AS a
                                 WHERE btrim(a) <> '' ORDER BY 1), '{}'),
         updated_at = now()
   WHERE id = p_primary_id;
  UPDATE external_user_aliases SET source = 'merge', created_by = coalesce(created_by, p_created_by)
   WHERE external_user_id = p_primary_id AND deleted_at IS NULL AND alias = ANY (moved);
  RETURN p_primary_id;
END $$;
