/**
 * The facts of the estate that selector completion offers (`selectorCompletions`), kept apart
 * from it: the editors that offer completion load these, the completion itself loads with Monaco.
 */

/** What the estate holds, as completion offers it. */
export interface SelectorFacts {
  /** Config types (`Kubernetes::Pod`). */
  types: readonly string[];
  /** Config statuses. */
  statuses: readonly string[];
  /** Agent names. */
  agents: readonly string[];
  /** Tag keys, each with its values. */
  tags: Readonly<Record<string, readonly string[]>>;
  /** Label keys, each with its values. */
  labels: Readonly<Record<string, readonly string[]>>;
}

/** Facts of an estate that holds nothing (or could not be read). */
export const NO_SELECTOR_FACTS: SelectorFacts = {
  types: [],
  statuses: [],
  agents: [],
  tags: {},
  labels: {},
};

/** Loads the estate's facts when completion first needs them. */
export type SelectorFactsLoader = () => Promise<SelectorFacts>;

/** `key=value` pairs (`cluster=prod`) grouped as each key's values, sorted and without repeats. */
export function groupPairs(
  pairs: ReadonlyArray<{ key: string; value: string }>,
): Record<string, string[]> {
  const groups = new Map<string, Set<string>>();
  for (const { key, value } of pairs) {
    const values = groups.get(key) ?? new Set<string>();
    if (value !== '') values.add(value);
    groups.set(key, values);
  }
  return Object.fromEntries(
    [...groups.keys()].sort().map((key) => [key, [...(groups.get(key) ?? [])].sort()]),
  );
}
