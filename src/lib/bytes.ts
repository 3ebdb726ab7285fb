/** Units of 1024 each, up to yottabytes. */
export const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * A byte count in the largest unit that keeps it at least 1 (`0 B`, `512 B`, `1.5 KB`,
 * `3.25 GB`), with at most `decimals` decimals (default 2, trailing zeros dropped); values
 * beyond yottabytes stay in YB. Missing and non-finite values give the empty string.
 */
export function formatBytes(n: number | null | undefined, decimals = 2): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  const sign = n < 0 ? '-' : '';
  let value = Math.abs(n);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const places = Math.max(0, Math.floor(decimals));
  // Rounding may reach the next unit (1023.999 KB → 1024 KB); step up when it does.
  let rounded = Number(value.toFixed(places));
  if (rounded >= 1024 && unit < BYTE_UNITS.length - 1) {
    unit += 1;
    rounded = Number((rounded / 1024).toFixed(places));
  }
  return `${sign}${rounded} ${BYTE_UNITS[unit]}`;
}
