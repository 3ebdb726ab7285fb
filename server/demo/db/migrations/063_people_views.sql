-- People views (data-model §4.5 and §4.10).

CREATE VIEW people_roles AS
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

-- The identity service's identities as the console reads them (`GET /api/db/identities`).
-- The id is the person's id, as with the real identity service.
CREATE VIEW identities AS
SELECT
  p.id,
  di.schema_id,
  di.traits,
  di.state,
  coalesce(di.state_changed_at, di.created_at) AS state_changed_at,
  '3a6e3d2c-4b1f-4c7e-9d3a-5f0e6b7c8d91'::uuid AS nid,
  di.created_at,
  di.updated_at
FROM demo_identities di
JOIN people p ON p.id = di.person_id
WHERE p.deleted_at IS NULL;

-- INC-22: `person`, the people under the name an older console helper reads (`getResponder`:
-- `person?id=in.(...)`). A plain view of the table, so it reads and writes like it.
CREATE VIEW person AS SELECT * FROM people;
