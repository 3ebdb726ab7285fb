-- Who permissions can name, and the permissions whose object selector names an object, as the
-- newest Mission Control schema has them (duty views/046_permission_subjects.sql,
-- views/036_permission.sql `permissions_for_obj_selector`). The roles listed are `everyone`
-- and the demo's roles.

CREATE VIEW permission_subjects AS
SELECT t.id::text AS id, t.name, 'team'::text AS type,
       NULL::text AS email, NULL::text AS owner, NULL::text AS icon
  FROM teams t
 WHERE t.deleted_at IS NULL
UNION ALL
SELECT pg.id::text, pg.name, 'permission_subject_group', NULL, NULL, NULL
  FROM permission_groups pg
 WHERE pg.deleted_at IS NULL AND pg.name IS NOT NULL AND trim(pg.name) <> ''
UNION ALL
SELECT p.id::text, tok.name, 'access_token_person', NULL, tok.created_by::text, NULL
  FROM people p
  JOIN access_tokens tok ON tok.person_id = p.id
 WHERE p.deleted_at IS NULL AND p.type = 'access_token' AND p.email IS NOT NULL
UNION ALL
SELECT p.id::text, p.name, 'person', p.email, NULL, NULL
  FROM people p
 WHERE p.deleted_at IS NULL AND p.type IS NULL AND p.email IS NOT NULL
UNION ALL
SELECT pb.id::text, COALESCE(NULLIF(pb.title, ''), pb.name), 'playbook', NULL,
       pb.created_by::text, pb.icon
  FROM playbooks pb
 WHERE pb.deleted_at IS NULL
UNION ALL
SELECT r.name, r.name, 'role', NULL, NULL, NULL
  FROM (VALUES ('everyone'), ('admin'), ('editor'), ('commander'), ('responder'), ('viewer'),
               ('guest')) AS r(name);

-- The permissions (of permissions_summary) whose object selector has, under `p_field`
-- (`playbooks`, `configs`, ...), an entry of name `p_name` and, when `p_namespace` is given,
-- that namespace or none.
CREATE FUNCTION permissions_for_obj_selector(
  p_field text,
  p_name text,
  p_namespace text DEFAULT NULL
) RETURNS SETOF permissions_summary LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_field IS NULL OR trim(p_field) = '' THEN
    RAISE EXCEPTION 'p_field is required' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF p_name IS NULL OR trim(p_name) = '' THEN
    RAISE EXCEPTION 'p_name is required' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  RETURN QUERY
  SELECT ps.*
    FROM permissions_summary ps
   WHERE jsonb_typeof(ps.object_selector -> p_field) = 'array'
     AND EXISTS (
       SELECT 1
         FROM jsonb_array_elements(ps.object_selector -> p_field) AS selector
        WHERE selector ->> 'name' = p_name
          AND (p_namespace IS NULL OR trim(p_namespace) = ''
               OR COALESCE(selector ->> 'namespace', '') = ''
               OR selector ->> 'namespace' = p_namespace)
     );
END;
$$;
