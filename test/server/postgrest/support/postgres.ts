import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../../../server/demo/db/open';
import type { SqlClient } from '../../../../server/demo/db/types';

/** The PostgreSQL server the suites may also run against; unset means PGlite only. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';

export interface ScratchDatabase {
  /** Connection string of the new database, same server and credentials as TEST_DATABASE_URL. */
  url: string;
  /** Drops the database, closing any connection still open to it. */
  drop(): Promise<void>;
}

async function onServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The connection string with its database name replaced (`new URL` refuses socket forms). */
function withDatabase(connectionString: string, name: string): string {
  const match = /^([a-z]+:\/\/[^/?#]*)(\/[^?#]*)?(.*)$/i.exec(connectionString);
  if (!match) throw new Error('TEST_DATABASE_URL is not a postgres:// URL');
  return `${match[1]}/${name}${match[3]}`;
}

const DATABASE_OPTIONS = `ENCODING 'UTF8' LC_COLLATE 'C'`;

/** A template's content: `key` names it, `fill` writes it into an empty database. */
export interface TemplateContent {
  /** Which content it is: templates of one kind replace each other; default `pgrst`. */
  kind?: string;
  key: string;
  fill: (db: SqlClient) => Promise<void>;
}

const templates = new Map<string, Promise<string>>();

/**
 * The name of a template database holding `content`, created on the server when missing: filled
 * under a name of its own, then renamed, so a half-filled template is never used. Older
 * templates of this kind are dropped.
 */
function templateDatabase(content: TemplateContent): Promise<string> {
  const id = `${content.kind ?? 'pgrst'}_${content.key}`;
  let name = templates.get(id);
  if (!name) {
    name = makeTemplate(content);
    templates.set(id, name);
    name.catch(() => templates.delete(id));
  }
  return name;
}

async function makeTemplate({ kind = 'pgrst', key, fill }: TemplateContent): Promise<string> {
  const name = `mc_tpl_${kind}_${key}`;
  const exists = await onServer(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`mc\\_tpl\\_${kind}\\_%`],
    );
    for (const { datname } of rows) {
      if (datname !== name && !datname.includes('_filling_'))
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    return rows.some((row) => row.datname === name);
  });
  if (exists) return name;
  const filling = `${name}_filling_${process.pid}_${randomBytes(3).toString('hex')}`;
  await onServer(async (client) => {
    await client.query(`CREATE DATABASE ${filling} TEMPLATE template0 ${DATABASE_OPTIONS}`);
    await client.query(`ALTER DATABASE ${filling} SET timezone TO 'UTC'`);
  });
  try {
    const db = await openDatabase({
      dataDir: null,
      databaseUrl: withDatabase(TEST_DATABASE_URL, filling),
      reset: false,
    });
    try {
      await fill(db);
    } finally {
      await db.close();
    }
    await onServer((client) => client.query(`ALTER DATABASE ${filling} RENAME TO ${name}`));
  } catch (error) {
    await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${filling} WITH (FORCE)`));
    // Another run may have made the same template meanwhile.
    if (
      await onServer(
        async (client) =>
          (await client.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).rowCount,
      )
    )
      return name;
    throw error;
  }
  return name;
}

export interface ScratchOptions {
  /** Start from a copy of this content (a template database made once) instead of empty. */
  template?: TemplateContent;
}

/**
 * A new database on the TEST_DATABASE_URL server, empty or a copy of a template, so suites
 * running at the same time never see each other's rows. It answers like PGlite does: byte-order
 * collation, UTC timestamps. The role in TEST_DATABASE_URL needs the CREATEDB privilege.
 */
export async function createScratchDatabase(
  options: ScratchOptions = {},
): Promise<ScratchDatabase> {
  if (TEST_DATABASE_URL === '') throw new Error('TEST_DATABASE_URL is not set');
  const template = options.template ? await templateDatabase(options.template) : 'template0';
  const name = `mc_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(async (client) => {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template} ${DATABASE_OPTIONS}`);
    await client.query(`ALTER DATABASE ${name} SET timezone TO 'UTC'`);
  });
  return {
    url: withDatabase(TEST_DATABASE_URL, name),
    drop: () =>
      onServer(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}
