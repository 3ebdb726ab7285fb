/** The database handle every part of the demo backend uses: PGlite or a `pg` pool behind one shape. */
export interface SqlClient {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs several statements without parameters (migrations, seed DDL). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` inside BEGIN/COMMIT on one connection, rolling back when it throws. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
