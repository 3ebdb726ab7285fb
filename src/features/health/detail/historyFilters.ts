import type { CheckStatusFilter } from '../../../api/endpoints/checks';
import { parseDurationToMs } from '../../../lib/durations';

/** The Status filter of the history: its labels, and what each sends. */
export const HISTORY_STATUS_OPTIONS = ['All', 'Healthy', 'Unhealthy'] as const;
export type HistoryStatusOption = (typeof HISTORY_STATUS_OPTIONS)[number];

/** Healthy is 1, Unhealthy 0, All sends nothing (spec 001 §5). */
export function statusFilterValue(option: HistoryStatusOption): CheckStatusFilter | undefined {
  if (option === 'Healthy') return 1;
  if (option === 'Unhealthy') return 0;
  return undefined;
}

/** The Duration presets; `All` sends nothing and `Custom` lets the user type a value. */
export const HISTORY_DURATION_PRESETS = ['100ms', '500ms', '1s', '5s', '10s', '30s'] as const;
export const DURATION_ALL = 'All';
export const DURATION_CUSTOM = 'Custom';

export type DurationFilterResult =
  /** Filter on at least this many milliseconds (undefined: no filter). */
  | { ok: true; minDurationMs: number | undefined }
  /** The text is not a number of milliseconds or seconds. */
  | { ok: false };

/** `All` → no filter; `1s`, `250ms` → milliseconds; anything else is rejected. */
export function durationFilter(text: string): DurationFilterResult {
  if (text === DURATION_ALL) return { ok: true, minDurationMs: undefined };
  const ms = parseDurationToMs(text);
  return ms === null ? { ok: false } : { ok: true, minDurationMs: ms };
}
