/** Tag keys shown before all others, in this order (spec 001 §3). */
export const LEADING_TAG_KEYS = ['account', 'namespace', 'name'] as const;

function rank(key: string): number {
  const at = (LEADING_TAG_KEYS as readonly string[]).indexOf(key);
  return at === -1 ? LEADING_TAG_KEYS.length : at;
}

/**
 * The entries of a tag (or label) map in display order: `account`, `namespace` and `name`
 * first, then the other keys alphabetically. Empty or missing maps give no entries.
 */
export function sortedTags(
  tags: Readonly<Record<string, unknown>> | null | undefined,
): Array<[key: string, value: string]> {
  if (!tags) return [];
  return Object.entries(tags)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]): [string, string] => [key, String(value)])
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}
