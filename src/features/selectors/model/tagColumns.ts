/** A result's tags as a map of strings (anything else is no tags). */
export function tagsOf(tags: unknown): Record<string, string> {
  if (typeof tags !== 'object' || tags === null || Array.isArray(tags)) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tags)) {
    if (value === null || value === undefined) continue;
    out[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return out;
}

/** Every tag key of the results, each once, sorted: a column each. */
export function tagKeysOf(results: ReadonlyArray<{ tags?: unknown }>): string[] {
  const keys = new Set<string>();
  for (const result of results) for (const key of Object.keys(tagsOf(result.tags))) keys.add(key);
  return [...keys].sort((a, b) => a.localeCompare(b));
}
