/**
 * The machines' coverage by the generated-path tests, as the build embeds it for the flows
 * page (`/settings/flows`): per machine id, the state ids and transition keys the tests reached.
 */

/** What was reached: state ids and transition keys (`transitionKey`). */
export interface CoverageLists {
  states: string[];
  transitions: string[];
}

/** The merged report: each machine's coverage, every test file together. */
export interface MachineCoverageReport {
  /** When the build merged the tests' files (ISO 8601). */
  generatedAt: string;
  machines: Record<string, CoverageLists>;
}
