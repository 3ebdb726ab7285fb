import type { SqlClient } from './types';

export interface RunOptions {
  readOnly: boolean;
  timeoutMs: number;
  /**
   * The caller's claims as JSON, set as `request.jwt.claims` for the transaction the way
   * PostgREST does, so SQL (triggers) can tell who made the request; null leaves it unset.
   */
  claims?: string | null;
}

/** Serialises BEGIN..COMMIT blocks on clients that have no `transaction` member. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

async function setup(client: SqlClient, options: RunOptions): Promise<void> {
  const params: unknown[] = [String(options.timeoutMs)];
  let settings = `set_config('statement_timeout', $1, true)`;
  if (options.claims != null) {
    params.push(options.claims);
    settings += `, set_config('request.jwt.claims', $2, true)`;
  }
  if (options.readOnly) settings += `, set_config('transaction_read_only', 'on', true)`;
  await client.query(`SELECT ${settings}`, params);
}

/**
 * Runs `fn` in a transaction with a local statement timeout (and read-only for reads), so a
 * request can neither outlive its budget on a real server nor write from a GET.
 */
export async function runInTransaction<T>(
  db: SqlClient,
  mutex: Mutex,
  options: RunOptions,
  fn: (client: SqlClient) => Promise<T>,
): Promise<T> {
  if (db.transaction !== undefined) {
    return db.transaction(async (tx) => {
      await setup(tx, options);
      return fn(tx);
    });
  }
  return mutex.run(async () => {
    await db.query('BEGIN');
    try {
      await setup(db, options);
      const result = await fn(db);
      await db.query('COMMIT');
      return result;
    } catch (error) {
      await db.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}
