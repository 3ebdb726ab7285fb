/** What the generated-path tests reached: state ids and `transitionKey`s. */
export interface ChartCoverage {
  states: ReadonlySet<string>;
  transitions: ReadonlySet<string>;
}

/** Whether the tests reached all, some or none of these transitions; nothing without coverage. */
export function coverageOf(
  coverage: ChartCoverage | undefined,
  keys: readonly string[],
): 'covered' | 'partial' | 'uncovered' | undefined {
  if (!coverage) return undefined;
  const reached = keys.filter((key) => coverage.transitions.has(key)).length;
  if (reached === keys.length) return 'covered';
  return reached === 0 ? 'uncovered' : 'partial';
}
