import type { SqlClient } from './types';

/** Tables whose writes `demo_data_versions` counts (migrations 290 and 301). */
export type VersionedTable =
  | 'agents'
  | 'canaries'
  | 'checks'
  | 'demo_check_uptime'
  | 'config_items'
  | 'config_changes'
  | 'config_analysis'
  | 'config_relationships'
  // Migration 301_access_read_cache_versions.sql.
  | 'external_users'
  | 'external_groups'
  | 'external_roles'
  | 'external_user_groups'
  | 'config_access'
  | 'config_access_logs';

/**
 * A time window an answer depends on: the answer holds the rows of `table` whose `column` lies
 * on one side of a bound that moves with the time, so it changes without any write when a
 * row's timestamp crosses the bound. Either the server computes the bound from the moment of
 * the read (`bound`, e.g. date math such as `now-7d` or three days back), or SQL computes it as
 * `now() - interval` (a view's window). `table` and `column` are identifiers written in code.
 */
export type TimeWindow =
  | { table: VersionedTable; column: string; bound: (now: Date) => Date }
  | { table: VersionedTable; column: string; interval: string };

export interface ReadCacheOptions {
  /** Answers kept at most; the oldest goes first. Default 100. */
  maxEntries?: number;
  /** Answers read within this long are computed again in the background after a write. */
  hotMs?: number;
  /** How often the background refresh looks for writes; 0 turns it off. Default 500 ms. */
  refreshMs?: number;
  /** The time of a read, in ms; by default the database's `now()`, read with the versions. */
  now?: () => number;
}

/** The versions of a read's tables and the moment they were read at (ms since the epoch). */
interface Moment {
  stamp: string;
  now: number;
}

/** An answer made at a moment, or being made. */
interface Made {
  stamp: string;
  now: number;
  value: Promise<unknown>;
  /**
   * Whether the answer is still the one its SQL gives at a later moment of the same versions:
   * no row crossed one of its windows' bounds since it was made. Known shortly after the
   * answer starts being made (one small query per window).
   */
  holds: Promise<(now: number) => boolean>;
}

interface Entry extends Made {
  lastRead: number;
  tables: readonly VersionedTable[];
  windows: readonly TimeWindow[];
  compute: (now: Date) => Promise<unknown>;
  /** Settles with the answer, failed or not; `settled` once it has. */
  done: Promise<void>;
  settled: boolean;
}

const always = () => true;

function quoted(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

/**
 * Answers of reads that are asked often and change rarely, kept until a write to one of the
 * tables they are read from. A read costs one small query (the tables' versions and the time);
 * an answer missing or out of date is computed once for every caller asking at the same time.
 * Answers read lately are computed again in the background when their tables change, so that
 * the heavy ones are mostly ready before they are asked for.
 *
 * An answer is only ever the one its SQL gives at the time of the read: reads over a window
 * ending now (`TimeWindow`) are made at a known moment, and kept only while no row of the
 * window's table has a timestamp between the bound at that moment and the bound now (the
 * earliest such timestamp is looked up once when the answer is made).
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly hotMs: number;
  private readonly clock: (() => number) | undefined;
  private timer: NodeJS.Timeout | null = null;
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly db: SqlClient,
    options: ReadCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 100;
    this.hotMs = options.hotMs ?? 60_000;
    this.clock = options.now;
    const refreshMs = options.refreshMs ?? 500;
    if (refreshMs > 0) {
      this.timer = setInterval(() => {
        this.refreshing ??= this.refresh().finally(() => (this.refreshing = null));
      }, refreshMs);
      this.timer.unref();
    }
  }

  /** The tables' versions as one text (a table never written yet is at 0), and the time. */
  private async momentOf(tables: readonly VersionedTable[]): Promise<Moment> {
    const { rows } = await this.db.query<{ stamp: string | null; now: number }>(
      `SELECT (SELECT string_agg(name || ':' || version, ',' ORDER BY name)
                 FROM demo_data_versions WHERE name = ANY($1::text[])) AS stamp,
              floor(extract(epoch FROM now()) * 1000)::float8 AS now`,
      [tables],
    );
    const row = rows[0];
    return { stamp: row?.stamp ?? '', now: this.clock?.() ?? Number(row?.now) };
  }

  /**
   * Whether an answer made at `made` over `window` still holds at a later moment: the earliest
   * timestamp at or past the bound when it was made must still be past the bound now.
   */
  private async windowHolds(window: TimeWindow, made: number): Promise<(now: number) => boolean> {
    const from = `FROM ${quoted(window.table)} WHERE ${quoted(window.column)}`;
    if ('interval' in window) {
      // Rows leave (or enter) `column > now() - interval` when now() reaches their timestamp
      // plus the interval; `now()` of a read is its moment rounded down, so it is before
      // `now + 1`.
      const { rows } = await this.db.query<{ until: number | null }>(
        `SELECT floor(extract(epoch FROM min(${quoted(window.column)}) + $2::interval) * 1000)::float8
                AS until
           ${from} >= $1::timestamptz - $2::interval`,
        [new Date(made).toISOString(), window.interval],
      );
      const until = rows[0]?.until ?? null;
      return until === null ? always : (now) => now + 1 <= Number(until);
    }
    const bound = window.bound(new Date(made)).getTime();
    const { rows } = await this.db.query<{ next: number | null }>(
      `SELECT floor(extract(epoch FROM min(${quoted(window.column)})) * 1000)::float8 AS next
         ${from} >= $1::timestamptz`,
      [new Date(bound).toISOString()],
    );
    const next = rows[0]?.next === null || rows[0]?.next === undefined ? Infinity : rows[0].next;
    return (now) => {
      const moved = window.bound(new Date(now)).getTime();
      return moved === bound || (moved > bound && moved < Number(next));
    };
  }

  /** Starts making the answer at `at`, and finding out how long it holds. */
  private make(
    at: Moment,
    compute: (now: Date) => Promise<unknown>,
    windows: readonly TimeWindow[],
  ): Made {
    const value = compute(new Date(at.now));
    const holds =
      windows.length === 0
        ? Promise.resolve(always)
        : Promise.all(windows.map((window) => this.windowHolds(window, at.now))).then(
            (checks) => (now: number) => checks.every((check) => check(now)),
            () => () => false,
          );
    return { stamp: at.stamp, now: at.now, value, holds };
  }

  /**
   * Whether `made` is the answer at `at`. One made at the same versions a little after `at`
   * (another read's, while this one waited for its versions) is: it is the answer at a moment
   * of this read, which is not answered yet.
   */
  private async answers(made: Made | undefined, at: Moment): Promise<boolean> {
    if (made === undefined || made.stamp !== at.stamp) return false;
    return at.now <= made.now || (await made.holds)(at.now);
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
   * The answer of `key`, read from `tables` (and over `windows`, if it depends on the time):
   * the kept one when none of the tables was written and no row crossed a window since it was
   * made, else `compute(now)`'s, where `now` is a moment of the read.
   */
  read<T>(
    key: string,
    tables: readonly VersionedTable[],
    compute: (now: Date) => Promise<T>,
    windows: readonly TimeWindow[] = [],
  ): Promise<T> {
    return this.answer(key, tables, compute, windows, true) as Promise<T>;
  }

  private async answer(
    key: string,
    tables: readonly VersionedTable[],
    compute: (now: Date) => Promise<unknown>,
    windows: readonly TimeWindow[],
    reading: boolean,
    moment?: Moment,
  ): Promise<unknown> {
    // The versions are read before computing: a write during the computation leaves the answer
    // under the older versions, so the next read computes it again.
    let at = moment ?? (await this.momentOf(tables));
    for (;;) {
      const kept = this.entries.get(key);
      if (kept) {
        if (await this.answers(kept, at)) {
          if (reading) kept.lastRead = Math.max(kept.lastRead, at.now);
          return kept.value;
        }
        if (this.entries.get(key) !== kept) continue;
        if (!kept.settled) {
          // One computation of an answer at a time: the answer being made is waited for, and
          // the versions read again. An answer made after this read began is the answer at one
          // of its moments, so everyone who waited meanwhile shares the next one.
          await kept.done;
          at = await this.momentOf(tables);
          continue;
        }
      }
      const made = this.make(at, compute, windows);
      const entry: Entry = {
        ...made,
        lastRead: reading ? at.now : (kept?.lastRead ?? at.now),
        tables,
        windows,
        compute,
        settled: false,
        done: made.value.then(
          () => undefined,
          () => undefined,
        ),
      };
      void entry.done.then(() => (entry.settled = true));
      this.store(key, entry);
      return entry.value;
    }
  }

  /**
   * Computes again the answers read lately whose tables were written or whose windows moved
   * past a row, so that reads seldom wait for one; forgets the ones not read lately.
   */
  async refresh(): Promise<void> {
    for (const [key, entry] of [...this.entries]) {
      try {
        const at = await this.momentOf(entry.tables);
        if (at.now - entry.lastRead > this.hotMs) {
          if (this.entries.get(key) === entry) this.entries.delete(key);
          continue;
        }
        await this.answer(key, entry.tables, entry.compute, entry.windows, false, at);
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
