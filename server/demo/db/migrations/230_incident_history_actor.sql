-- Incident history names the person who made each change. Requests through /api/db carry the
-- caller as PostgREST does, in the transaction-local setting `request.jwt.claims`
-- ({"sub": "<person id>"}); the history triggers read it and fall back to the changed row's
-- created_by when it is unset (seeding, direct SQL). Also: a history row for every comment
-- (not only those of an external responder) and for every new hypothesis.

-- The person making the current request, or `fallback` when the request names none (or names
-- someone who is not a person).
CREATE OR REPLACE FUNCTION incident_history_actor(fallback uuid) RETURNS uuid
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

CREATE OR REPLACE FUNCTION incident_history_of_incident() RETURNS trigger
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

CREATE OR REPLACE FUNCTION incident_history_of_responder() RETURNS trigger
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

CREATE OR REPLACE FUNCTION incident_history_of_evidence() RETURNS trigger
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

CREATE OR REPLACE FUNCTION incident_history_of_comment() RETURNS trigger
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

CREATE OR REPLACE FUNCTION incident_history_of_hypothesis() RETURNS trigger
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

DROP TRIGGER hypothesis_history ON hypotheses;
CREATE TRIGGER hypothesis_history AFTER INSERT OR UPDATE OF status ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION incident_history_of_hypothesis();
