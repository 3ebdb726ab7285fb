/**
 * The machines' coverage by the generated-path tests: each test file writes, per machine, the
 * states and transitions its paths reached to `test-results/machine-coverage/<machineId>.json`;
 * the build merges those files into one report for the flows page.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CoverageLists, MachineCoverageReport } from '../contracts/machineCoverage';

export type { CoverageLists, MachineCoverageReport } from '../contracts/machineCoverage';

/** Where the tests write the files, relative to the project root. */
export const MACHINE_COVERAGE_DIR = path.join('test-results', 'machine-coverage');

/** One machine's file: what each test file reached, by the test file's path. */
export interface MachineCoverageFile {
  machineId: string;
  sources: Record<string, CoverageLists>;
}

function union(lists: CoverageLists[]): CoverageLists {
  return {
    states: [...new Set(lists.flatMap((list) => list.states))].sort(),
    transitions: [...new Set(lists.flatMap((list) => list.transitions))].sort(),
  };
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isLists(value: unknown): value is CoverageLists {
  if (typeof value !== 'object' || value === null) return false;
  const { states, transitions } = value as Record<string, unknown>;
  return isStringArray(states) && isStringArray(transitions);
}

/** A machine's file as read, or undefined when it is missing or not one. */
export function readCoverageFile(file: string): MachineCoverageFile | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { machineId, sources } = parsed as Record<string, unknown>;
  if (typeof machineId !== 'string' || typeof sources !== 'object' || sources === null) {
    return undefined;
  }
  const valid = Object.entries(sources).filter((entry): entry is [string, CoverageLists] =>
    isLists(entry[1]),
  );
  return { machineId, sources: Object.fromEntries(valid) };
}

/** A machine id as a file name: letters, digits, `.`, `_` and `-` kept, the rest `_`. */
export function coverageFileName(machineId: string): string {
  return `${machineId.replace(/[^\w.-]/g, '_')}.json`;
}

/**
 * Records what one test file (`source`) reached of a machine: its entry in the machine's file
 * is replaced, other test files' entries are kept. Written to a temporary file and renamed,
 * so a reader never sees half a file.
 */
export function writeMachineCoverage(
  dir: string,
  machineId: string,
  source: string,
  coverage: CoverageLists,
): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, coverageFileName(machineId));
  const existing = readCoverageFile(file);
  const sources = existing?.machineId === machineId ? existing.sources : {};
  const next: MachineCoverageFile = {
    machineId,
    sources: { ...sources, [source]: union([coverage]) },
  };
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`);
  fs.renameSync(temporary, file);
  return file;
}

/**
 * Every machine file in `dir` merged: per machine, what any test file reached. Null when the
 * folder is missing or holds no readable file (the tests have not run).
 */
export function mergeMachineCoverage(
  dir: string,
  now: Date = new Date(),
): MachineCoverageReport | null {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return null;
  }
  const byMachine = new Map<string, CoverageLists[]>();
  for (const name of names.sort()) {
    const read = readCoverageFile(path.join(dir, name));
    if (!read) continue;
    const lists = byMachine.get(read.machineId) ?? [];
    lists.push(...Object.values(read.sources));
    byMachine.set(read.machineId, lists);
  }
  if (byMachine.size === 0) return null;
  const machines = Object.fromEntries(
    [...byMachine].sort(([a], [b]) => a.localeCompare(b)).map(([id, lists]) => [id, union(lists)]),
  );
  return { generatedAt: now.toISOString(), machines };
}
