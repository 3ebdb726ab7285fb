-- people_roles lists role names only. API tokens act as people of their own, linked to their
-- owner by a `g` rule whose target is the owner's id and scoped by `p` (policy) rules; neither
-- kind of row is a role, so a token's person does not appear here.

CREATE OR REPLACE VIEW people_roles AS
SELECT
  p.id,
  p.name,
  p.email,
  array_agg(DISTINCT cr.v1 ORDER BY cr.v1) AS roles
FROM people p
JOIN casbin_rule cr ON cr.v0 = p.id::text AND cr.ptype = 'g'
WHERE p.deleted_at IS NULL
  AND p.email IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM teams t WHERE t.id::text = cr.v1 OR t.name = cr.v1
  )
  AND NOT EXISTS (
    SELECT 1 FROM people owner WHERE owner.id::text = cr.v1
  )
GROUP BY p.id, p.name, p.email;
