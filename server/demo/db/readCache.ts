import type { SqlClient } from './types';

/** Tables whose writes `demo_data_versions` counts (migration 290_read_cache_versions.sql). */
export type VersionedTable =
  | 'agents'
  | 'canaries'
  | 'checks'
  | 'demo_check_uptime'
  | 'config_items'
  | 'config_changes'
  | 'config_analysis'
  | 'config_relationships';

export interface ReadCacheOptions {
  /**
   * Longest an answer is kept however quiet its tables are, for answers that also depend on the
   * time (a window ending now), unless a read says otherwise: default 10 s.
   */
  maxAgeMs?: number;
  /** Answers kept at most; the oldest goes first. Default 100. */
  maxEntries?: number;
  /** Answers read within this long are computed again in the background after a write. */
  hotMs?: number;
  /** How often the background refresh looks for writes; 0 turns it off. Default 500 ms. */
  refreshMs?: number;
  now?: () => number;
}

interface Entry {
  stamp: string;
  at: number;
  maxAgeMs: number;
  lastRead: number;
  tables: readonly VersionedTable[];
  compute: () => Promise<unknown>;
  value: Promise<unknown>;
  /** The answer the background refresh is making, and the versions it is made at. */
  next?: { stamp: string; value: Promise<unknown> };
}

/**
 * Answers of reads that are asked often and change rarely, kept until a write to one of the
 * tables they are read from. A read costs one small query (the tables' versions); an answer
 * missing or out of date is computed once for every caller asking at the same time. Answers
 * read lately are computed again in the background when their tables change, so that the
 * heavy ones are mostly ready before they are asked for.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly hotMs: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly db: SqlClient,
    options: ReadCacheOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? 10_000;
    this.maxEntries = options.maxEntries ?? 100;
    this.hotMs = options.hotMs ?? 60_000;
    this.now = options.now ?? Date.now;
    const refreshMs = options.refreshMs ?? 500;
    if (refreshMs > 0) {
      this.timer = setInterval(() => {
        this.refreshing ??= this.refresh().finally(() => (this.refreshing = null));
      }, refreshMs);
      this.timer.unref();
    }
  }

  /** The tables' versions as one text; a table never written yet is at 0. */
  private async stampOf(tables: readonly VersionedTable[]): Promise<string> {
    const { rows } = await this.db.query<{ stamp: string | null }>(
      `SELECT string_agg(name || ':' || version, ',' ORDER BY name) AS stamp
         FROM demo_data_versions WHERE name = ANY($1::text[])`,
      [tables],
    );
    return rows[0]?.stamp ?? '';
  }

  private store(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    // A failed computation is not kept: the next read tries again.
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  /**
   * The answer of `key`, read from `tables`: the kept one when none of them was written since
   * it was computed and it is at most `maxAgeMs` old, else `compute()`'s.
   */
  async read<T>(
    key: string,
    tables: readonly VersionedTable[],
    compute: () => Promise<T>,
    maxAgeMs = this.maxAgeMs,
  ): Promise<T> {
    // The versions are read before computing: a write during the computation leaves the answer
    // under the older versions, so the next read computes it again.
    const stamp = await this.stampOf(tables);
    const now = this.now();
    const kept = this.entries.get(key);
    if (kept && kept.stamp === stamp && now - kept.at <= kept.maxAgeMs) {
      kept.lastRead = now;
      return kept.value as Promise<T>;
    }
    if (kept?.next?.stamp === stamp) {
      // The background refresh is already making it.
      kept.lastRead = now;
      return kept.next.value as Promise<T>;
    }
    const entry: Entry = {
      stamp,
      at: now,
      maxAgeMs,
      lastRead: now,
      tables,
      compute,
      value: compute(),
    };
    this.store(key, entry);
    return entry.value as Promise<T>;
  }

  /**
   * Computes again the answers read lately whose tables were written or that are past half
   * their longest age, so that reads seldom wait for one.
   */
  async refresh(): Promise<void> {
    const now = this.now();
    for (const [key, entry] of [...this.entries]) {
      if (now - entry.lastRead > this.hotMs) {
        this.entries.delete(key);
        continue;
      }
      try {
        const stamp = await this.stampOf(entry.tables);
        if (stamp === entry.stamp && this.now() - entry.at <= entry.maxAgeMs / 2) continue;
        const value = entry.compute();
        entry.next = { stamp, value };
        await value.finally(() => delete entry.next);
        // Kept only if no read replaced the entry meanwhile.
        if (this.entries.get(key) === entry) {
          this.store(key, { ...entry, stamp, at: this.now(), value });
        }
      } catch {
        // The next read computes it on its own and answers the error.
      }
    }
  }

  /** Stops the background refresh and waits for the one running. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.refreshing;
  }
}
