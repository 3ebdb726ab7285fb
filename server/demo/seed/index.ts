import type { SqlClient } from '../db/types';
import { MIGRATION_TABLES } from '../db/migrate';
import { seedAccess } from './access';
import { seedCatalog } from './catalog';
import type { SeedContext, SeedRefs, Seeder } from './context';
import { HOUR_MS } from './helpers';
import { seedHealth } from './health';
import { seedIncidents } from './incidents';
import { seedLogs } from './logs';
import { seedNotifications } from './notifications';
import { seedOwnership } from './ownership';
import { seedPeople } from './people';
import { DEMO_ACCOUNTS, type DemoRole } from './peopleCatalog';
import { seedPlaybooks } from './playbooks';
import { createRng } from './random';
import { seedSettings } from './settings';
import { seedTopology } from './topology';

export interface SeedOptions {
  /** 1 is a medium company; 20 is the benchmark estate (5,000 checks, 100,000 config items). */
  scale: number;
  log?: (line: string) => void;
  /** Seed of the random source; the same seed builds the same estate. Default 42. */
  seed?: number;
  /** The moment histories lead up to. Default: the current time truncated to the hour. */
  now?: Date;
}

export interface SeedAccount {
  email: string;
  password: string;
  role: DemoRole;
  personId: string;
}

export interface SeedSummary {
  /** Row count of every table after seeding. */
  counts: Record<string, number>;
  /** One sign-in per role. */
  accounts: SeedAccount[];
  /** How long seeding took, in milliseconds. */
  durationMs: number;
}

export const DEFAULT_SEED = 42;

/** The areas of the first half of the schema, in dependency order. */
const coreSeeders: Array<[string, Seeder]> = [
  ['people', seedPeople],
  ['health', seedHealth],
  ['topology', seedTopology],
  ['catalog', seedCatalog],
  ['ownership', seedOwnership],
];

/** The areas of the second half: incidents, playbooks, notifications, settings and jobs. */
const laterSeeders: Array<[string, Seeder]> = [
  ['incidents', seedIncidents],
  ['playbooks', seedPlaybooks],
  ['notifications', seedNotifications],
  ['settings', seedSettings],
  ['logs', seedLogs],
  ['access', seedAccess],
];

export function emptyRefs(): SeedRefs {
  return {
    people: [],
    teams: [],
    agents: [],
    canaries: [],
    checks: [],
    topologies: [],
    components: [],
    configs: [],
    configChanges: [],
    configAnalyses: [],
    connections: [],
    playbooks: [],
    notifications: [],
  };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

function currentHour(): Date {
  return new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
}

/**
 * Fills a migrated, empty database with a realistic estate. The same seed and `now` always give
 * the same rows. Everything is inserted in one transaction, then the tables are analyzed.
 */
export async function seedDatabase(db: SqlClient, options: SeedOptions): Promise<SeedSummary> {
  if (!(options.scale > 0)) throw new Error(`seed scale must be positive, got ${options.scale}`);
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const refs = emptyRefs();
  await db.transaction(async (tx) => {
    const ctx: SeedContext = {
      db: tx,
      rng: createRng(options.seed ?? DEFAULT_SEED),
      scale: options.scale,
      now: options.now ?? currentHour(),
      refs,
      log,
    };
    for (const [name, seeder] of [...coreSeeders, ...laterSeeders]) {
      const areaStarted = Date.now();
      const cpuStarted = process.cpuUsage();
      await seeder(ctx);
      const cpu = process.cpuUsage(cpuStarted);
      log(
        `seeded ${name} in ${seconds(Date.now() - areaStarted)} (cpu ${seconds((cpu.user + cpu.system) / 1000)})`,
      );
    }
  });
  const finishing = Date.now();
  await analyzeTables(db);
  const counts = await countRows(db);
  log(`analyzed and counted in ${seconds(Date.now() - finishing)}`);
  const accounts = DEMO_ACCOUNTS.map((account) => {
    const person = refs.people.find((p) => p.email === account.email);
    if (!person) throw new Error(`the ${account.role} account was not seeded`);
    return {
      email: account.email,
      password: account.password,
      role: account.role,
      personId: person.id,
    };
  });
  const durationMs = Date.now() - started;
  log(
    `seeded ${counts.config_items ?? 0} configs and ${counts.checks ?? 0} checks in ${seconds(durationMs)}`,
  );
  return { counts, accounts, durationMs };
}

/**
 * Refreshes the planner statistics of every table, from a smaller sample than the default (a
 * few thousand rows per table): plenty for the demo's data and about half the time; then
 * vacuums the largest tables.
 */
export async function analyzeTables(db: SqlClient): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.exec('SET LOCAL default_statistics_target = 25');
    await tx.exec('ANALYZE');
  });
  // VACUUM marks the freshly loaded pages all-visible, so that counts over an index (the
  // catalog's type and health filters) need not visit the table. It cannot run in a transaction.
  for (const table of VACUUMED_TABLES) await db.exec(`VACUUM ${table}`);
}

/** The largest tables, whose counts and lists benefit from index-only scans. */
const VACUUMED_TABLES = ['config_items', 'check_statuses', 'config_changes'];

/** Row counts of every base table of the current schema. */
export async function countRows(db: SqlClient): Promise<Record<string, number>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
       AND NOT (table_name = ANY ($1::text[]))
     ORDER BY table_name`,
    [MIGRATION_TABLES],
  );
  if (tables.length === 0) return {};
  const sql = tables
    .map((table) => `SELECT '${table.name}' AS name, count(*)::int AS total FROM "${table.name}"`)
    .join(' UNION ALL ');
  const { rows } = await db.query<{ name: string; total: number }>(sql);
  return Object.fromEntries(rows.map((row) => [row.name, row.total]));
}
