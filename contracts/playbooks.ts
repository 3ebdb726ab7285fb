/**
 * The playbook vocabulary the console and the demo backend share (api.md §12): the parameter
 * types PB-08 lists, which the run form draws and the demo's showcase playbook exercises, and
 * the run statuses PB-10 reports, with those after which a run changes no more.
 */

/**
 * Every parameter type of PB-08. `duration` is a Go-style duration (`90s`, `1h30m`, `2d`);
 * `configs` picks several config items and is sent as a resource selector in JSON naming their
 * ids (`{"id":"<id>,<id>"}`), as Mission Control resolves a `configs` parameter.
 */
export const PARAMETER_TYPES = [
  'list',
  'text',
  'password',
  'email',
  'url',
  'number',
  'bytes',
  'millicores',
  'dns1123',
  'code',
  'duration',
  'checkbox',
  'component',
  'config',
  'configs',
  'check',
  'people',
  'team',
] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

/** Run statuses (PB-10). */
export const PLAYBOOK_RUN_STATUSES = [
  'scheduled',
  'running',
  'cancelled',
  'completed',
  'failed',
  'pending',
  'waiting',
  'pending_approval',
  'timed_out',
  'sleeping',
  'retrying',
] as const;
export type PlaybookRunStatus = (typeof PLAYBOOK_RUN_STATUSES)[number];

/** Statuses after which a run changes no more. */
export const FINAL_RUN_STATUSES: ReadonlySet<string> = new Set<PlaybookRunStatus>([
  'cancelled',
  'completed',
  'failed',
  'timed_out',
]);

/** Milliseconds in each unit a duration parameter accepts (Go's units, plus days, weeks and years). */
export const DURATION_UNITS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  y: 365 * 86_400_000,
};

const DURATION_PART = /^(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h|d|w|y)/;

/**
 * A duration parameter's value in milliseconds: Go's syntax (`90s`, `1h30m`, `1.5h`, `300ms`)
 * with days, weeks and years as well (`2d`, `1w`), an optional sign, and `0` alone; null for
 * anything else (`5`, `1 h`, `10 minutes`).
 */
export function durationMs(text: string): number | null {
  let rest = text.trim();
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest.startsWith('-') ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') return null;
  let total = 0;
  while (rest.length > 0) {
    const match = DURATION_PART.exec(rest);
    if (!match) return null;
    total += Number(match[1]) * (DURATION_UNITS[match[2] ?? ''] ?? 0);
    rest = rest.slice(match[0].length);
  }
  return sign * total;
}

/**
 * The ids a `configs` parameter's value names: its resource selector's `id` (ids separated by
 * commas), or a list of ids as JSON; empty for an empty value or a selector without ids.
 * Undefined when the value is not JSON of either shape.
 */
export function configsParameterIds(value: string): string[] | undefined {
  if (value.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return undefined;
  }
  const split = (ids: string) =>
    ids
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== '');
  if (Array.isArray(parsed)) {
    return parsed.every((id) => typeof id === 'string') ? split(parsed.join(',')) : undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const id = (parsed as Record<string, unknown>).id;
  if (id === undefined) return [];
  return typeof id === 'string' ? split(id) : undefined;
}

/** The value a `configs` parameter sends for the chosen ids: `{"id":"<id>,<id>"}`. */
export function configsParameterValue(ids: readonly string[]): string {
  return JSON.stringify({ id: ids.join(',') });
}
