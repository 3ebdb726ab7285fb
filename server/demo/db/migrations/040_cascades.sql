-- Triggers that keep related rows consistent when the console soft-deletes or re-parents
-- something (data-model §2.1 and §2.6).

-- Inserting a config item with a parent adds the hard parent -> child relationship.
CREATE FUNCTION config_items_insert_parent_relationships() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO config_relationships (config_id, related_id, relation, created_at, updated_at)
  SELECT n.parent_id, n.id, 'hard', n.created_at, n.created_at
  FROM new_items n
  WHERE n.parent_id IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
CREATE TRIGGER config_items_parent_relationships AFTER INSERT ON config_items
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION config_items_insert_parent_relationships();

-- Moving a config item to another parent moves its hard relationship.
CREATE FUNCTION config_items_move_parent_relationship() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.parent_id IS NOT NULL THEN
    DELETE FROM config_relationships
    WHERE config_id = OLD.parent_id AND related_id = OLD.id AND relation = 'hard';
  END IF;
  IF NEW.parent_id IS NOT NULL THEN
    INSERT INTO config_relationships (config_id, related_id, relation)
    VALUES (NEW.parent_id, NEW.id, 'hard')
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER config_items_parent_moved AFTER UPDATE OF parent_id ON config_items
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION config_items_move_parent_relationship();

-- Deleting a canary soft-deletes its checks and their component links.
CREATE FUNCTION canaries_soft_delete_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE checks SET deleted_at = NEW.deleted_at
  WHERE canary_id = NEW.id AND deleted_at IS NULL;
  UPDATE check_component_relationships SET deleted_at = NEW.deleted_at
  WHERE canary_id = NEW.id AND deleted_at IS NULL;
  RETURN NULL;
END;
$$;
CREATE TRIGGER canaries_soft_delete AFTER UPDATE OF deleted_at ON canaries
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION canaries_soft_delete_cascade();

-- Deleting a check soft-deletes its component links and the canary generated for it alone.
CREATE FUNCTION checks_soft_delete_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE check_component_relationships SET deleted_at = NEW.deleted_at
  WHERE check_id = NEW.id AND deleted_at IS NULL;
  UPDATE canaries SET deleted_at = NEW.deleted_at
  WHERE source = 'check=' || NEW.id::text AND deleted_at IS NULL;
  RETURN NULL;
END;
$$;
CREATE TRIGGER checks_soft_delete AFTER UPDATE OF deleted_at ON checks
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION checks_soft_delete_cascade();

-- Deleting a component drops its team ownership and soft-deletes its links.
CREATE FUNCTION components_soft_delete_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_components WHERE component_id = NEW.id;
  UPDATE component_relationships SET deleted_at = NEW.deleted_at
  WHERE (component_id = NEW.id OR relationship_id = NEW.id) AND deleted_at IS NULL;
  UPDATE check_component_relationships SET deleted_at = NEW.deleted_at
  WHERE component_id = NEW.id AND deleted_at IS NULL;
  UPDATE config_component_relationships SET deleted_at = NEW.deleted_at
  WHERE component_id = NEW.id AND deleted_at IS NULL;
  RETURN NULL;
END;
$$;
CREATE TRIGGER components_soft_delete AFTER UPDATE OF deleted_at ON components
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION components_soft_delete_cascade();

-- Deleting a team drops the components it owned.
CREATE FUNCTION teams_soft_delete_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_components WHERE team_id = NEW.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER teams_soft_delete AFTER UPDATE OF deleted_at ON teams
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION teams_soft_delete_cascade();

-- Deleting an agent expires its tokens and, with cleanup, soft-deletes what it reported.
CREATE FUNCTION agents_soft_delete_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id = '00000000-0000-0000-0000-000000000000' THEN
    RETURN NULL;
  END IF;
  IF NEW.person_id IS NOT NULL THEN
    UPDATE access_tokens SET expires_at = NEW.deleted_at
    WHERE person_id = NEW.person_id AND (expires_at IS NULL OR expires_at > NEW.deleted_at);
  END IF;
  IF NEW.cleanup THEN
    UPDATE topologies SET deleted_at = NEW.deleted_at WHERE agent_id = NEW.id AND deleted_at IS NULL;
    UPDATE components SET deleted_at = NEW.deleted_at WHERE agent_id = NEW.id AND deleted_at IS NULL;
    UPDATE canaries SET deleted_at = NEW.deleted_at WHERE agent_id = NEW.id AND deleted_at IS NULL;
    UPDATE checks SET deleted_at = NEW.deleted_at WHERE agent_id = NEW.id AND deleted_at IS NULL;
    UPDATE config_scrapers SET deleted_at = NEW.deleted_at
    WHERE agent_id = NEW.id AND deleted_at IS NULL;
    UPDATE config_items SET deleted_at = NEW.deleted_at, delete_reason = 'agent deleted'
    WHERE agent_id = NEW.id AND deleted_at IS NULL;
    IF to_regclass('logging_backends') IS NOT NULL THEN
      EXECUTE 'UPDATE logging_backends SET deleted_at = $1 WHERE agent_id = $2 AND deleted_at IS NULL'
        USING NEW.deleted_at, NEW.id;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER agents_soft_delete AFTER UPDATE OF deleted_at ON agents
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION agents_soft_delete_cascade();

-- A deleted agent's person is deleted with it, so nothing authenticates as the agent any more
-- (its tokens already expire through agents_soft_delete).
CREATE FUNCTION agents_delete_person() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE people SET deleted_at = NEW.deleted_at
  WHERE id = NEW.person_id AND type = 'agent' AND deleted_at IS NULL;
  RETURN NULL;
END;
$$;
CREATE TRIGGER agents_delete_person AFTER UPDATE OF deleted_at ON agents
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL AND NEW.person_id IS NOT NULL)
  EXECUTE FUNCTION agents_delete_person();
