import { randomBytes } from 'node:crypto';
import pg from 'pg';

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

/**
 * A new, empty database on the TEST_DATABASE_URL server, so suites running at the same time never
 * see each other's rows. It answers like PGlite does: byte-order collation, UTC timestamps. The
 * role in TEST_DATABASE_URL needs the CREATEDB privilege.
 */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  if (TEST_DATABASE_URL === '') throw new Error('TEST_DATABASE_URL is not set');
  const name = `mc_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(async (client) => {
    await client.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C'`);
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
