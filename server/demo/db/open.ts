import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import type { Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { SqlClient } from './types';

export interface OpenDatabaseOptions {
  /** Folder of the PGlite data files; `null` keeps the database in memory. */
  dataDir: string | null;
  /** A PostgreSQL connection string: when set, PGlite is not used at all. */
  databaseUrl?: string;
  /** Start from an empty database: deletes the folder, or drops the public schema. */
  reset: boolean;
}

/**
 * Server settings of the embedded database. Minimal WAL (nothing replicates from it) lets a
 * bulk load into tables emptied in the same transaction skip the WAL, which makes seeding much
 * faster.
 */
const PGLITE_CONF = ['wal_level = minimal', 'max_wal_senders = 0'];

/**
 * Extensions bundled with PGlite that the schema uses: trigram indexes serve the catalog's
 * substring search (`ilike.*text*`).
 */
const PGLITE_EXTENSIONS = { pg_trgm };

/** The PGlite instance behind each client that has one, for dumps. */
const engines = new WeakMap<SqlClient, PGlite>();

/**
 * Opens the demo database: PGlite persisted under `dataDir` (in memory when null), or a
 * PostgreSQL server through a `pg` pool when `databaseUrl` is given. Both speak the same SQL and
 * return the same JavaScript types (int8 as number, numeric as string, timestamps as Date).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<SqlClient> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.reset);
  if (options.dataDir === null)
    return wrapPglite(
      await PGlite.create({ postgresqlconf: PGLITE_CONF, extensions: PGLITE_EXTENSIONS }),
    );
  if (options.reset) await rm(options.dataDir, { recursive: true, force: true });
  await mkdir(options.dataDir, { recursive: true });
  return wrapPglite(
    await PGlite.create(options.dataDir, {
      relaxedDurability: true,
      postgresqlconf: PGLITE_CONF,
      extensions: PGLITE_EXTENSIONS,
    }),
  );
}

/** A snapshot of an in-process (PGlite) database, loadable with `loadDatabase`. */
export async function dumpDatabase(db: SqlClient): Promise<Blob> {
  const engine = engines.get(db);
  if (!engine) throw new Error('only a PGlite database can be dumped');
  return engine.dumpDataDir('none');
}

/** A fresh in-memory database started from a `dumpDatabase` snapshot. */
export async function loadDatabase(dump: Blob): Promise<SqlClient> {
  return wrapPglite(
    await PGlite.create({
      loadDataDir: dump,
      postgresqlconf: PGLITE_CONF,
      extensions: PGLITE_EXTENSIONS,
    }),
  );
}

type PgliteQueryable = Pick<PGlite, 'query' | 'exec'> | Transaction;

function wrapPglite(engine: PGlite): SqlClient {
  const client: SqlClient = {
    ...queryMethods(engine),
    transaction: (fn) => engine.transaction((tx) => fn(transactionClient(tx, 0))),
    close: () => engine.close(),
  };
  engines.set(client, engine);
  return client;
}

function queryMethods(target: PgliteQueryable): Pick<SqlClient, 'query' | 'exec'> {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const result = await target.query<T>(sql, params);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/** Nested `transaction` calls inside a PGlite transaction become savepoints. */
function transactionClient(tx: Transaction, depth: number): SqlClient {
  const methods = queryMethods(tx);
  return {
    ...methods,
    transaction: (fn) =>
      withSavepoint(methods, depth + 1, () => fn(transactionClient(tx, depth + 1))),
    close: async () => {
      throw new Error('close the database, not a transaction');
    },
  };
}

async function withSavepoint<T>(
  db: Pick<SqlClient, 'exec'>,
  depth: number,
  body: () => Promise<T>,
): Promise<T> {
  const name = `sp_${depth}`;
  await db.exec(`SAVEPOINT ${name}`);
  try {
    const result = await body();
    await db.exec(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    await db.exec(`ROLLBACK TO SAVEPOINT ${name}`);
    throw error;
  }
}

const INT8_OID = 20;
const DATE_OID = 1082;

/** Type parsers that make `pg` answer like PGlite does. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID) return (value: string) => Number(value);
    if (oid === DATE_OID) return (value: string) => new Date(`${value}T00:00:00Z`);
    return pg.types.getTypeParser(oid, format ?? 'text');
  }) as typeof pg.types.getTypeParser,
};

/** What the PostgreSQL server allows: `max_connections` and the connections kept for others. */
export interface ConnectionLimits {
  maxConnections: number;
  /** `superuser_reserved_connections` and the connections already open. */
  taken: number;
}

/**
 * Connections of the demo's pool: as many as the cores can keep busy (twice the cores and one,
 * as queries wait on I/O as well), within half of what the server has left, at least 2.
 */
export function poolSize(limits: ConnectionLimits, cores: number): number {
  const left = Math.floor((limits.maxConnections - limits.taken) / 2);
  return Math.max(2, Math.min(cores * 2 + 1, left));
}

async function connectionLimits(connectionString: string): Promise<ConnectionLimits> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ max: number; reserved: number; open: number }>(
      `SELECT current_setting('max_connections')::int AS max,
              current_setting('superuser_reserved_connections')::int AS reserved,
              (SELECT count(*)::int FROM pg_stat_activity WHERE backend_type = 'client backend') AS open`,
    );
    const row = rows[0];
    return { maxConnections: row?.max ?? 100, taken: (row?.reserved ?? 3) + (row?.open ?? 0) };
  } finally {
    await client.end();
  }
}

async function openPostgres(connectionString: string, reset: boolean): Promise<SqlClient> {
  const max = poolSize(await connectionLimits(connectionString), os.availableParallelism());
  const pool = new pg.Pool({ connectionString, types: pgTypes, max });
  pool.on('error', (error) => console.error('database pool error:', error.message));
  const client = poolClient(pool);
  if (reset) await client.exec('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
  return client;
}

type PgQueryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

function pgQueryMethods(target: PgQueryable): Pick<SqlClient, 'query' | 'exec'> {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const result = await target.query(sql, params);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      await target.query(sql);
    },
  };
}

function poolClient(pool: pg.Pool): SqlClient {
  return {
    ...pgQueryMethods(pool),
    async transaction(fn) {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        const result = await fn(pgTransactionClient(connection, 0));
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}

function pgTransactionClient(connection: pg.PoolClient, depth: number): SqlClient {
  const methods = pgQueryMethods(connection);
  return {
    ...methods,
    transaction: (fn) =>
      withSavepoint(methods, depth + 1, () => fn(pgTransactionClient(connection, depth + 1))),
    close: async () => {
      throw new Error('close the database, not a transaction');
    },
  };
}
