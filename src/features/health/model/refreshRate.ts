/** A refresh rate: a number and a unit (s, m, h, d, w), or `none` for off. */
export type RefreshRate = string;

export const REFRESH_OFF: RefreshRate = 'none';

/** The choices offered, off first. */
export const REFRESH_RATES: readonly RefreshRate[] = [
  REFRESH_OFF,
  '15s',
  '30s',
  '1m',
  '5m',
  '15m',
  '30m',
  '1h',
  '1d',
  '1w',
];

const UNIT_MS: Record<string, number> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

const RATE = /^(\d+)([smhdw])$/;

/** Milliseconds between refreshes; 0 for `none`, an empty or an unreadable rate. */
export function refreshRateMs(rate: RefreshRate | null | undefined): number {
  const match = RATE.exec((rate ?? '').trim());
  if (!match) return 0;
  return Number(match[1]) * (UNIT_MS[match[2] ?? ''] ?? 0);
}

/** `none` → `Off`; otherwise the rate itself (`30s`). */
export function refreshRateLabel(rate: RefreshRate): string {
  return refreshRateMs(rate) > 0 ? rate : 'Off';
}
