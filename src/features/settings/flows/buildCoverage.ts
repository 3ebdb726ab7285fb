import type { MachineCoverageReport } from '../../../../contracts/machineCoverage';
import type { ChartCoverage } from '../../../ui/Statechart/Statechart';

/** Replaced by the build with the merged coverage files of the last test run, or null. */
declare const __MACHINE_COVERAGE__: MachineCoverageReport | null;

/**
 * The machines' coverage by the generated-path tests as this build found it: null when the
 * build ran without the tests' coverage files (or outside the build, e.g. in unit tests that
 * do not define it).
 */
export function buildCoverage(): MachineCoverageReport | null {
  return typeof __MACHINE_COVERAGE__ === 'undefined' ? null : __MACHINE_COVERAGE__;
}

/** One machine's coverage for the chart; nothing reached when the tests never ran it. */
export function chartCoverage(report: MachineCoverageReport, machineId: string): ChartCoverage {
  const lists = report.machines[machineId];
  return {
    states: new Set(lists?.states ?? []),
    transitions: new Set(lists?.transitions ?? []),
  };
}
