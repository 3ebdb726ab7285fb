-- The distinct config types read by walking the (type, name) index from one type to the next,
-- a few dozen index probes instead of reading every config item: the type pickers of the
-- catalog, changes and insights pages load in a millisecond on a large estate.
CREATE OR REPLACE VIEW config_types AS
WITH RECURSIVE walk (type) AS (
  (SELECT ci.type FROM config_items ci WHERE ci.type IS NOT NULL ORDER BY ci.type LIMIT 1)
  UNION ALL
  SELECT (
    SELECT ci.type FROM config_items ci WHERE ci.type > walk.type ORDER BY ci.type LIMIT 1
  )
  FROM walk
  WHERE walk.type IS NOT NULL
)
SELECT walk.type FROM walk WHERE walk.type IS NOT NULL;
