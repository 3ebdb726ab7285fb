-- Incidents: rules, incidents, responders, hypotheses, evidences, comments, histories, severities,
-- the incident views and the triggers that write incident_histories. Uses the `source` type and
-- the set_updated_at / keep_deleted_at trigger functions of 001_foundation.

-- A uuid from text, or NULL when the text is not a uuid (job_history.resource_id,
-- permissions.subject and event properties hold ids as text).
CREATE FUNCTION uuid_or_null(value text) RETURNS uuid
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN value::uuid
  END
$$;

CREATE SEQUENCE incident_id_sequence START 1;

CREATE FUNCTION format_incident_id(n bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT 'INC-' || n::text $$;

CREATE TABLE incident_rules (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  spec jsonb,
  source text,
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT incident_rules_pkey PRIMARY KEY (id),
  CONSTRAINT incident_rules_name_key UNIQUE (name),
  CONSTRAINT incident_rules_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id)
);

CREATE TABLE incidents (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  incident_id varchar(10) NOT NULL DEFAULT format_incident_id(nextval('incident_id_sequence')),
  incident_rule_id uuid,
  title text NOT NULL,
  created_by uuid NOT NULL,
  commander_id uuid,
  communicator_id uuid,
  severity text NOT NULL,
  description text NOT NULL,
  type text NOT NULL,
  status text NOT NULL,
  acknowledged timestamptz,
  resolved timestamptz,
  closed timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT incidents_pkey PRIMARY KEY (id),
  CONSTRAINT incidents_incident_id_key UNIQUE (incident_id),
  CONSTRAINT incidents_commander_id_fkey FOREIGN KEY (commander_id) REFERENCES people (id),
  CONSTRAINT incidents_communicator_id_fkey FOREIGN KEY (communicator_id) REFERENCES people (id),
  CONSTRAINT incidents_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id),
  CONSTRAINT incidents_incident_rule_id_fkey FOREIGN KEY (incident_rule_id) REFERENCES incident_rules (id)
);
CREATE INDEX incidents_created_at_idx ON incidents (created_at DESC);
CREATE INDEX incidents_status_idx ON incidents (status);

CREATE TABLE responders (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  incident_id uuid NOT NULL,
  type text NOT NULL,
  index smallint,
  person_id uuid,
  team_id uuid,
  external_id text,
  properties jsonb,
  acknowledged timestamptz,
  resolved timestamptz,
  closed timestamptz,
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT responders_pkey PRIMARY KEY (id),
  CONSTRAINT responders_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id),
  CONSTRAINT responders_incident_id_fkey FOREIGN KEY (incident_id) REFERENCES incidents (id),
  CONSTRAINT responders_person_id_fkey FOREIGN KEY (person_id) REFERENCES people (id),
  CONSTRAINT responders_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id)
);
CREATE INDEX responders_incident_id_idx ON responders (incident_id);

CREATE TABLE hypotheses (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  created_by uuid NOT NULL,
  incident_id uuid NOT NULL,
  parent_id uuid,
  owner uuid,
  team_id uuid,
  type text NOT NULL,
  title text NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT hypotheses_pkey PRIMARY KEY (id),
  CONSTRAINT hypotheses_type_check CHECK (type IN ('root', 'factor', 'solution')),
  CONSTRAINT hypotheses_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id),
  CONSTRAINT hypotheses_incident_id_fkey FOREIGN KEY (incident_id) REFERENCES incidents (id),
  CONSTRAINT hypotheses_owner_fkey FOREIGN KEY (owner) REFERENCES responders (id),
  CONSTRAINT hypotheses_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES hypotheses (id),
  CONSTRAINT hypotheses_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id)
);
CREATE INDEX hypotheses_incident_id_idx ON hypotheses (incident_id);
CREATE INDEX hypotheses_parent_id_idx ON hypotheses (parent_id);

CREATE TABLE evidences (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  description text NOT NULL,
  hypothesis_id uuid NOT NULL,
  config_id uuid,
  config_change_id uuid,
  config_analysis_id uuid,
  component_id uuid,
  check_id uuid,
  definition_of_done boolean DEFAULT false,
  done boolean,
  factor boolean,
  mitigator boolean,
  created_by uuid NOT NULL,
  type text NOT NULL,
  evidence jsonb,
  properties jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  script text,
  script_result text,
  CONSTRAINT evidences_pkey PRIMARY KEY (id),
  CONSTRAINT evidences_check_id_fkey FOREIGN KEY (check_id) REFERENCES checks (id),
  CONSTRAINT evidences_component_id_fkey FOREIGN KEY (component_id) REFERENCES components (id),
  CONSTRAINT evidences_config_analysis_id_fkey FOREIGN KEY (config_analysis_id) REFERENCES config_analysis (id),
  CONSTRAINT evidences_config_change_id_fkey FOREIGN KEY (config_change_id) REFERENCES config_changes (id),
  CONSTRAINT evidences_config_id_fkey FOREIGN KEY (config_id) REFERENCES config_items (id),
  CONSTRAINT evidences_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id),
  CONSTRAINT evidences_hypothesis_id_fkey FOREIGN KEY (hypothesis_id) REFERENCES hypotheses (id)
);
CREATE INDEX evidences_hypothesis_id_idx ON evidences (hypothesis_id);
CREATE INDEX evidences_component_id_idx ON evidences (component_id) WHERE component_id IS NOT NULL;
CREATE INDEX evidences_config_id_idx ON evidences (config_id) WHERE config_id IS NOT NULL;

CREATE TABLE comments (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  created_by uuid NOT NULL,
  comment text NOT NULL,
  external_id text,
  external_created_by text,
  incident_id uuid NOT NULL,
  responder_id uuid,
  hypothesis_id uuid,
  read smallint[],
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT comments_pkey PRIMARY KEY (id),
  CONSTRAINT comments_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id),
  CONSTRAINT comments_hypothesis_id_fkey FOREIGN KEY (hypothesis_id) REFERENCES hypotheses (id),
  CONSTRAINT comments_incident_id_fkey FOREIGN KEY (incident_id) REFERENCES incidents (id),
  CONSTRAINT comments_responder_id_fkey FOREIGN KEY (responder_id) REFERENCES responders (id)
);
CREATE INDEX comments_incident_id_idx ON comments (incident_id);
CREATE INDEX comments_hypothesis_id_idx ON comments (hypothesis_id);

-- Upstream these links are NO ACTION, which makes the console's hard delete of an evidence,
-- comment or hypothesis fail once a history row points at it; here the history row goes with it.
CREATE TABLE incident_histories (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  incident_id uuid NOT NULL,
  created_by uuid NOT NULL,
  type text,
  description text,
  hypothesis_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  responder_id uuid,
  evidence_id uuid,
  comment_id uuid,
  CONSTRAINT incident_histories_pkey PRIMARY KEY (id),
  CONSTRAINT incident_histories_comment_id_fkey FOREIGN KEY (comment_id) REFERENCES comments (id) ON DELETE CASCADE,
  CONSTRAINT incident_histories_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id),
  CONSTRAINT incident_histories_evidence_id_fkey FOREIGN KEY (evidence_id) REFERENCES evidences (id) ON DELETE CASCADE,
  CONSTRAINT incident_histories_hypothesis_id_fkey FOREIGN KEY (hypothesis_id) REFERENCES hypotheses (id) ON DELETE CASCADE,
  CONSTRAINT incident_histories_incident_id_fkey FOREIGN KEY (incident_id) REFERENCES incidents (id),
  CONSTRAINT incident_histories_responder_id_fkey FOREIGN KEY (responder_id) REFERENCES responders (id) ON DELETE CASCADE
);
CREATE INDEX incident_histories_incident_id_idx ON incident_histories (incident_id, created_at DESC);

CREATE TABLE severities (
  id integer,
  name text NOT NULL,
  aliases text[],
  icon text
);
INSERT INTO severities (id, name, aliases, icon) VALUES
  (1, 'Critical', ARRAY['P1'], 'error'),
  (2, 'Blocker', ARRAY['P2'], 'error'),
  (3, 'High', ARRAY['P3'], 'warning'),
  (4, 'Medium', ARRAY['P4'], 'info'),
  (5, 'Low', ARRAY['P4'], 'info');

-- updated_at maintenance
CALL track_updated_at(
  'incident_rules', 'incidents', 'responders', 'hypotheses', 'evidences', 'comments'
);
CALL keep_deleted_at_of('incident_rules', 'responders');

-- The person making the current request, or `fallback` when the request names none (or names
-- someone who is not a person). Requests through /api/db carry the caller as PostgREST does, in
-- the transaction-local setting `request.jwt.claims` ({"sub": "<person id>"}); seeding and direct
-- SQL set none, so the changed row's created_by stands.
CREATE FUNCTION incident_history_actor(fallback uuid) RETURNS uuid
LANGUAGE plpgsql STABLE AS $$
DECLARE
  claims text := nullif(current_setting('request.jwt.claims', true), '');
  actor uuid;
BEGIN
  IF claims IS NOT NULL THEN
    BEGIN
      actor := uuid_or_null(claims::jsonb ->> 'sub');
    EXCEPTION WHEN invalid_text_representation THEN
      actor := NULL;
    END;
  END IF;
  IF actor IS NOT NULL AND EXISTS (SELECT 1 FROM people WHERE id = actor) THEN
    RETURN actor;
  END IF;
  RETURN fallback;
END
$$;

-- Incident history written by triggers, naming the person who made each change (above). Rows for
-- inserts carry the inserted row's created_at, so seeded histories line up with the seeded
-- timeline. Every comment and every new hypothesis has a history row.
CREATE FUNCTION incident_history_of_incident() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO incident_histories (incident_id, created_by, type, description, created_at, updated_at)
    VALUES (
      NEW.id, incident_history_actor(NEW.created_by), 'incident.created', NEW.id::text,
      NEW.created_at, NEW.created_at
    );
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO incident_histories (incident_id, created_by, type, description)
    VALUES (NEW.id, incident_history_actor(NEW.created_by), 'incident.status_updated', NEW.status);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER incident_history AFTER INSERT OR UPDATE OF status ON incidents
  FOR EACH ROW EXECUTE FUNCTION incident_history_of_incident();

CREATE FUNCTION incident_history_of_responder() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO incident_histories (incident_id, created_by, type, responder_id, created_at, updated_at)
  VALUES (
    NEW.incident_id, incident_history_actor(NEW.created_by), 'responder.created', NEW.id,
    NEW.created_at, NEW.created_at
  );
  RETURN NULL;
END
$$;
CREATE TRIGGER responder_history AFTER INSERT ON responders
  FOR EACH ROW EXECUTE FUNCTION incident_history_of_responder();

CREATE FUNCTION incident_history_of_evidence() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  owning_incident uuid;
  actor uuid := incident_history_actor(NEW.created_by);
BEGIN
  SELECT incident_id INTO owning_incident FROM hypotheses WHERE id = NEW.hypothesis_id;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO incident_histories
      (incident_id, created_by, type, hypothesis_id, evidence_id, created_at, updated_at)
    VALUES
      (owning_incident, actor, 'evidence.created', NEW.hypothesis_id, NEW.id, NEW.created_at, NEW.created_at);
  END IF;
  IF COALESCE(NEW.definition_of_done, false)
     AND (TG_OP = 'INSERT' OR NOT COALESCE(OLD.definition_of_done, false)) THEN
    INSERT INTO incident_histories
      (incident_id, created_by, type, hypothesis_id, evidence_id, created_at, updated_at)
    VALUES (
      owning_incident, actor, 'evidence.done_definition_added', NEW.hypothesis_id, NEW.id,
      CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END,
      CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END
    );
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER evidence_history AFTER INSERT OR UPDATE OF definition_of_done ON evidences
  FOR EACH ROW EXECUTE FUNCTION incident_history_of_evidence();

CREATE FUNCTION incident_history_of_comment() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO incident_histories
    (incident_id, created_by, type, hypothesis_id, responder_id, comment_id, created_at, updated_at)
  VALUES (
    NEW.incident_id, incident_history_actor(NEW.created_by), 'responder.commented',
    NEW.hypothesis_id, NEW.responder_id, NEW.id, NEW.created_at, NEW.created_at
  );
  RETURN NULL;
END
$$;
CREATE TRIGGER comment_history AFTER INSERT ON comments
  FOR EACH ROW EXECUTE FUNCTION incident_history_of_comment();

CREATE FUNCTION incident_history_of_hypothesis() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO incident_histories
      (incident_id, created_by, type, description, hypothesis_id, created_at, updated_at)
    VALUES (
      NEW.incident_id, incident_history_actor(NEW.created_by), 'hypothesis.created', NEW.type,
      NEW.id, NEW.created_at, NEW.created_at
    );
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO incident_histories (incident_id, created_by, type, description, hypothesis_id)
    VALUES (
      NEW.incident_id, incident_history_actor(NEW.created_by), 'hypothesis.status_updated',
      NEW.status, NEW.id
    );
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER hypothesis_history AFTER INSERT OR UPDATE OF status ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION incident_history_of_hypothesis();

-- incident_summary: one row per incident (no status filter). `created_by` is appended beyond the
-- upstream columns because the incident list filters by owner with created_by=eq.<id>.
CREATE VIEW incident_summary AS
SELECT
  i.id,
  i.incident_id,
  i.title,
  i.severity,
  i.type,
  i.status,
  i.created_at,
  i.updated_at,
  jsonb_build_object('id', commander.id, 'avatar', commander.avatar, 'name', commander.name) AS commander,
  (
    SELECT jsonb_agg(r.responder ORDER BY r.responder ->> 'id')
    FROM (
      SELECT jsonb_build_object('id', p.id, 'avatar', p.avatar, 'name', p.name) AS responder
      FROM responders rs JOIN people p ON p.id = rs.person_id
      WHERE rs.incident_id = i.id AND rs.deleted_at IS NULL
      UNION
      SELECT jsonb_build_object('id', t.id, 'avatar', t.icon, 'name', t.name)
      FROM responders rs JOIN teams t ON t.id = rs.team_id
      WHERE rs.incident_id = i.id AND rs.deleted_at IS NULL
    ) r
  ) AS responders,
  (
    SELECT jsonb_agg(DISTINCT jsonb_build_object('id', p.id, 'avatar', p.avatar, 'name', p.name))
    FROM comments c JOIN people p ON p.id = c.created_by
    WHERE c.incident_id = i.id
  ) AS commenters,
  i.created_by
FROM incidents i
LEFT JOIN people commander ON commander.id = i.commander_id;

CREATE VIEW incidents_by_component AS
SELECT DISTINCT i.title, i.id, i.created_at, i.type, i.status, i.severity, e.component_id
FROM evidences e
JOIN hypotheses h ON h.id = e.hypothesis_id
JOIN incidents i ON i.id = h.incident_id
WHERE e.component_id IS NOT NULL;

CREATE VIEW incidents_by_config AS
SELECT DISTINCT i.title, i.id, i.created_at, i.type, i.status, i.severity, e.config_id
FROM evidences e
JOIN hypotheses h ON h.id = e.hypothesis_id
JOIN incidents i ON i.id = h.incident_id
WHERE e.config_id IS NOT NULL;
