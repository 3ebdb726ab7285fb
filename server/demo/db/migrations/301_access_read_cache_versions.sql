-- Versions of the tables behind the access review's cached reads (the config_access_summary
-- views and config_access_filter_options, migration 300), counted as in migration 290: every
-- statement that writes one of them (a scrape, a merge of two users, a new grant, a sign-in)
-- moves its version on, so a kept answer read before the write is not answered again after it.
-- The views do not read external_user_aliases.

DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['external_users', 'external_groups', 'external_roles',
    'external_user_groups', 'config_access', 'config_access_logs'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION demo_data_versions_bump()', watched || '_version', watched);
  END LOOP;
END $$;
