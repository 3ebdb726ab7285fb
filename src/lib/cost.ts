/**
 * A cost in dollars for a table cell: `$1,234.57`, cents shown under $1,000 and dropped
 * above; nothing (empty text) for no cost or zero.
 */
export function formatCost(value: number | string | null | undefined): string {
  const amount = typeof value === 'string' ? Number(value) : value;
  if (amount === null || amount === undefined || !Number.isFinite(amount) || amount === 0) {
    return '';
  }
  const digits = Math.abs(amount) >= 1000 ? 0 : Math.abs(amount) < 0.01 ? 4 : 2;
  return `$${amount.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })}`;
}
