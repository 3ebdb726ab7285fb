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

/** The cost columns of configs and components, with what each is called. */
export const COST_PERIODS = [
  ['Per minute', 'cost_per_minute'],
  ['1 day', 'cost_total_1d'],
  ['7 days', 'cost_total_7d'],
  ['30 days', 'cost_total_30d'],
] as const;

export type CostColumn = (typeof COST_PERIODS)[number][1];

/** The costs that are present (and not zero), as label and dollars, per minute first. */
export function costRows(
  item: Partial<Record<CostColumn, number | string | null | undefined>>,
): Array<[label: string, text: string]> {
  return COST_PERIODS.map(([label, key]): [string, string] => [
    label,
    formatCost(item[key]),
  ]).filter(([, text]) => text !== '');
}
