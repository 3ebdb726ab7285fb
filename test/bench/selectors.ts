import type { SqlClient } from '../../server/demo/db/types';
import type { Kind } from '../../server/demo/routes/resources';
import { KINDS, selectorQuery } from '../../server/demo/routes/resources';

/** Timed runs of each selector, after two warm-ups. */
export const SELECTOR_RUNS = 15;

export interface SelectorFigure {
  search: string;
  rows: number;
  samplesMs: number[];
}

export interface SelectorKindFigures {
  kind: Kind;
  /** Live rows of the kind in the database. */
  total: number;
  selectors: SelectorFigure[];
}

/** The first column of the first row, or `fallback` when the query answers none. */
async function pick(db: SqlClient, sql: string, fallback: string): Promise<string> {
  const { rows } = await db.query<{ value: string | null }>(sql);
  return rows[0]?.value ?? fallback;
}

/** The most frequent value of an expression over a table's live rows. */
function mostFrequent(db: SqlClient, table: string, expression: string, fallback: string) {
  return pick(
    db,
    `SELECT ${expression} AS value FROM ${table} WHERE deleted_at IS NULL AND ${expression} IS NOT NULL
     GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    fallback,
  );
}

/** The most frequent key=value of a map column, among the first 5,000 live rows. */
async function frequentEntry(db: SqlClient, table: string, column: string): Promise<string> {
  const { rows } = await db.query<{ key: string; value: string }>(
    `SELECT e.key, e.value FROM (SELECT ${column} AS map FROM ${table} WHERE deleted_at IS NULL LIMIT 5000) s,
       jsonb_each_text(coalesce(s.map, '{}'::jsonb)) e
     GROUP BY 1, 2 ORDER BY count(*) DESC, 1, 2 LIMIT 1`,
  );
  const entry = rows[0];
  return entry ? `${column}.${entry.key}=${entry.value}` : `${column}.team=none`;
}

/** A type's last part (`Kubernetes::Pod` → `pod`), as operators write it. */
const lastPart = (type: string) => type.split('::').pop()!.toLowerCase();

/**
 * Realistic selectors per kind, with values taken from the seeded estate so that they match
 * rows: a type (by its last part), tags or labels, health or status, a glob, a negation and
 * free text, alone and together.
 */
export async function selectorCases(db: SqlClient): Promise<Record<Kind, string[]>> {
  const configType = await mostFrequent(db, 'config_items', 'type', 'Kubernetes::Pod');
  const configTag = await frequentEntry(db, 'config_items', 'tags');
  const componentType = await mostFrequent(db, 'components', 'type', 'Application');
  const componentLabel = await frequentEntry(db, 'components', 'labels');
  const checkType = await mostFrequent(db, 'checks', 'type', 'http');
  const checkLabel = await frequentEntry(db, 'checks', 'labels');
  const canaryLabel = await frequentEntry(db, 'canaries', 'labels');
  const canaryNamespace = await mostFrequent(db, 'canaries', 'namespace', 'default');
  const category = await mostFrequent(db, 'playbooks', 'category', 'Kubernetes');
  const connectionType = await mostFrequent(db, 'connections', 'type', 'postgres');
  const changeType = await pick(
    db,
    `SELECT change_type AS value FROM config_changes WHERE severity IN ('high', 'critical')
     GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    'diff',
  );
  return {
    configs: [
      'type=Kubernetes::Deployment health=unhealthy',
      `type=${lastPart(configType)}`,
      configTag,
      `${configTag} health!=healthy`,
      'name=*api*',
      'namespace=!kube-* status=Running',
      'web -test',
    ],
    components: [
      `type=${lastPart(componentType)} health=healthy`,
      componentLabel,
      'health!=healthy',
      'name=*a*',
      'api -test',
    ],
    checks: [
      `type=${checkType} health=unhealthy`,
      checkLabel,
      'status!=healthy',
      'name=*api*',
      'api -test',
    ],
    canaries: [canaryLabel, `namespace=${canaryNamespace}`, 'name=*a*', 'http -test'],
    playbooks: [`category=${category}`, 'name=*restart*', 'scale -test'],
    connections: [`type=${connectionType}`, 'name=*a*', 'prod -test'],
    config_changes: [
      `change_type=${changeType} severity=high,critical`,
      `type=${lastPart(configType)}`,
      configTag,
      'severity!=info name=*api*',
      'api -test',
    ],
  };
}

/** Live rows of a kind (changes of live configs), as the search reads them. */
const TOTAL_SQL: Record<Kind, string> = {
  configs: 'SELECT count(*)::int AS n FROM config_items WHERE deleted_at IS NULL',
  components: 'SELECT count(*)::int AS n FROM components WHERE deleted_at IS NULL',
  checks: 'SELECT count(*)::int AS n FROM checks WHERE deleted_at IS NULL',
  canaries: 'SELECT count(*)::int AS n FROM canaries WHERE deleted_at IS NULL',
  playbooks: 'SELECT count(*)::int AS n FROM playbooks WHERE deleted_at IS NULL',
  connections: 'SELECT count(*)::int AS n FROM connections WHERE deleted_at IS NULL',
  config_changes: `SELECT count(*)::int AS n FROM config_changes t
    JOIN config_items ci ON ci.id = t.config_id WHERE ci.deleted_at IS NULL`,
};

/**
 * Times the selector search of each kind on the database, as `POST /api/resources/search`
 * runs it for one selector (`agent: "all"`, the default page of 50): the selector compiled to
 * SQL and its query answered, without HTTP.
 */
export async function benchSelectors(db: SqlClient): Promise<SelectorKindFigures[]> {
  const cases = await selectorCases(db);
  const figures: SelectorKindFigures[] = [];
  for (const kind of KINDS) {
    const { rows } = await db.query<{ n: number }>(TOTAL_SQL[kind]);
    const selectors: SelectorFigure[] = [];
    for (const search of cases[kind]) {
      const samplesMs: number[] = [];
      let found = 0;
      for (let i = 0; i < SELECTOR_RUNS + 2; i++) {
        const started = process.hrtime.bigint();
        const query = selectorQuery(kind, { search, agent: 'all' }, 50);
        if (!query.ok) throw new Error(`${kind} "${search}": ${query.error}`);
        const answer = await db.query(query.sql, query.params);
        const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
        if (i >= 2) samplesMs.push(elapsed);
        found = answer.rows.length;
      }
      selectors.push({ search, rows: found, samplesMs });
    }
    figures.push({ kind, total: rows[0]?.n ?? 0, selectors });
  }
  return figures;
}
