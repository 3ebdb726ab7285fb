import type { Seeder } from './context';
import { TEAMS } from './peopleCatalog';

/** The label that names an item's owner team in the demo (the runtime config's default). */
export const OWNER_LABEL = 'owner';

/** One in this many items is left without an owner, so "unowned" is seen too. */
const UNOWNED_ONE_IN = 8;

/**
 * The owner of a row: the team `given` names when it is a seeded team, else the team whose
 * namespace the row is in (`TEAMS`), else a team picked from the md5 of its id. `given`,
 * `namespace` and `id` are SQL expressions of the row.
 */
function ownerSql(given: string, namespace: string, id: string): string {
  const names = TEAMS.map((team) => `'${team.name}'`).join(',');
  const pairs = TEAMS.flatMap((team) =>
    team.namespaces.map((ns) => `('${ns}','${team.name}')`),
  ).join(',');
  return `coalesce(
      CASE WHEN ${given} IN (${names}) THEN ${given} END,
      (SELECT owners.team FROM (VALUES ${pairs}) AS owners(ns, team) WHERE owners.ns = ${namespace}),
      (ARRAY[${names}])[1 + get_byte(decode(md5(${id}::text), 'hex'), 0) % ${TEAMS.length}]
    )`;
}

/** Whether a row has an owner: not when its md5's second byte is a multiple of `UNOWNED_ONE_IN`. */
function ownedSql(id: string): string {
  return `get_byte(decode(md5(${id}::text), 'hex'), 1) % ${UNOWNED_ONE_IN} <> 0`;
}

/**
 * Owner teams (issue 38): the seeded teams' names in the `owner` label of most config items and
 * components (a component's `owner` column's team where it has one), as a real Mission Control
 * keeps ownership in a label (an owner label set earlier is replaced, or removed from the
 * unowned). Two set-based updates, so the benchmark's estate costs no more than two statements.
 */
export const seedOwnership: Seeder = async ({ db, log }) => {
  const owned = async (table: string, given: string, namespace: string) => {
    const { rows } = await db.query<{ count: number }>(
      `WITH owned AS (
         UPDATE ${table}
            SET labels = CASE WHEN ${ownedSql('id')}
              THEN coalesce(labels, '{}'::jsonb) ||
                jsonb_build_object('${OWNER_LABEL}', ${ownerSql(given, namespace, 'id')})
              ELSE labels - '${OWNER_LABEL}' END
          RETURNING labels ? '${OWNER_LABEL}' AS owned)
       SELECT count(*) FILTER (WHERE owned)::int AS count FROM owned`,
    );
    return rows[0]?.count ?? 0;
  };
  const configs = await owned('config_items', 'NULL::text', "tags ->> 'namespace'");
  // A component's own `owner` column names its team already where the topology set one.
  const components = await owned('components', 'owner', 'namespace');
  log(`ownership: ${configs} configs and ${components} components owned`);
};
