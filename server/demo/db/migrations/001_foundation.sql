-- Types and trigger functions shared by every area.

CREATE TYPE source AS ENUM (
  'KubernetesCRD', 'ConfigFile', 'UI', 'Topology', 'Push', 'CRDSync', 'ApplicationCRD', 'System'
);

-- Keeps updated_at current when a row really changes. A row being soft-deleted keeps its
-- updated_at, rows owned by another agent are left alone, and a change of is_pushed alone
-- does not count.
CREATE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := to_jsonb(OLD) - 'updated_at' - 'is_pushed';
  new_row jsonb := to_jsonb(NEW) - 'updated_at' - 'is_pushed';
BEGIN
  IF new_row ? 'agent_id'
     AND new_row ->> 'agent_id' IS DISTINCT FROM '00000000-0000-0000-0000-000000000000' THEN
    RETURN NEW;
  END IF;
  IF OLD.updated_at IS DISTINCT FROM NEW.updated_at THEN
    RETURN NEW;
  END IF;
  IF old_row ? 'deleted_at' AND old_row ->> 'deleted_at' IS NULL
     AND new_row ->> 'deleted_at' IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF old_row IS DISTINCT FROM new_row THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END;
$$;

-- Once deleted_at is set it may be cleared (restore) but not moved to another time.
CREATE FUNCTION keep_deleted_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NOT NULL
     AND NEW.deleted_at <> OLD.deleted_at THEN
    NEW.deleted_at := OLD.deleted_at;
  END IF;
  RETURN NEW;
END;
$$;

-- The row triggers of most tables, named after their table: `<table>_updated_at` runs
-- set_updated_at before every update of each table given.
CREATE PROCEDURE track_updated_at(VARIADIC tables text[]) LANGUAGE plpgsql AS $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY tables LOOP
    EXECUTE format(
      'CREATE TRIGGER %I BEFORE UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
      t || '_updated_at', t
    );
  END LOOP;
END;
$$;

-- `<table>_keep_deleted_at` runs keep_deleted_at before every update of deleted_at of each table
-- given.
CREATE PROCEDURE keep_deleted_at_of(VARIADIC tables text[]) LANGUAGE plpgsql AS $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY tables LOOP
    EXECUTE format(
      'CREATE TRIGGER %I BEFORE UPDATE OF deleted_at ON %I FOR EACH ROW EXECUTE FUNCTION keep_deleted_at()',
      t || '_keep_deleted_at', t
    );
  END LOOP;
END;
$$;
