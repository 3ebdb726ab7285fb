-- View evaluation (api.md VIEW-02): panel queries are user SQL, run as this role, which holds no
-- privilege on any table, so they can only read the query results handed to them as CTEs.
-- Where the database user may not create roles, panel queries are refused instead.
-- Roles belong to the whole cluster: another database being migrated at the same moment may
-- create it first, which is as good.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'view_panel_reader') THEN
    CREATE ROLE view_panel_reader NOLOGIN;
  END IF;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN NULL;
  WHEN insufficient_privilege THEN
    RAISE NOTICE 'view_panel_reader not created: %', SQLERRM;
END
$$;

-- A non-superuser (DATABASE_URL) may only SET ROLE to roles it is a member of.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'view_panel_reader') THEN
    EXECUTE format('GRANT view_panel_reader TO %I', current_user);
  END IF;
EXCEPTION WHEN insufficient_privilege OR invalid_grant_operation OR unique_violation THEN
  RAISE NOTICE 'view_panel_reader not granted: %', SQLERRM;
END
$$;

-- PGlite has no statement timeout, so a panel may not sleep either.
DO $$
BEGIN
  REVOKE EXECUTE ON FUNCTION pg_sleep(double precision) FROM PUBLIC;
  REVOKE EXECUTE ON FUNCTION pg_sleep_for(interval) FROM PUBLIC;
  REVOKE EXECUTE ON FUNCTION pg_sleep_until(timestamp with time zone) FROM PUBLIC;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_sleep left executable: %', SQLERRM;
END
$$;
