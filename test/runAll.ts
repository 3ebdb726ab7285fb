/**
 * `npm test`: every test kind, using both cores of a small machine. Jest alone runs a two-core
 * machine's tests in one process (its default is one worker per core but one), so this runs two
 * jest processes side by side:
 *
 * - the end-to-end project, one file at a time (they share one server and one database), whose
 *   set-up builds the console first;
 * - every other project (unit, machines, components, server) at the same time, in two workers:
 *   while the end-to-end run is busy the machine is shared three ways, and once it ends (it is
 *   the shorter) both cores go on with the rest.
 *
 * Each writes its own results; they are merged into `test-results/jest.json` (jest's `--json`
 * shape), which `.ci/run` reads. The end-to-end run's output is kept in
 * `test-results/e2e.log` and printed when it ends, so the two never interleave.
 *
 * With arguments (`npm test -- test/unit/lib`), one plain jest run over every project gets them.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const RESULTS = path.join(ROOT, 'test-results');
const JEST = path.join(ROOT, 'node_modules/jest/bin/jest.js');

interface JestSuite {
  name: string;
  perfStats: { start: number; end: number };
  [key: string]: unknown;
}

interface JestResults {
  success: boolean;
  startTime: number;
  numTotalTestSuites: number;
  numPassedTestSuites: number;
  numFailedTestSuites: number;
  numPendingTestSuites: number;
  numRuntimeErrorTestSuites: number;
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: JestSuite[];
  [key: string]: unknown;
}

const COUNTS = [
  'numTotalTestSuites',
  'numPassedTestSuites',
  'numFailedTestSuites',
  'numPendingTestSuites',
  'numRuntimeErrorTestSuites',
  'numTotalTests',
  'numPassedTests',
  'numFailedTests',
  'numPendingTests',
  'numTodoTests',
] as const;

interface Run {
  name: string;
  args: string[];
  /** Where its output goes; the console when undefined. */
  log?: string;
}

function runJest(run: Run): Promise<number> {
  return new Promise((resolve) => {
    const out = run.log ? fs.openSync(run.log, 'w') : 'inherit';
    const child = spawn(process.execPath, [JEST, ...run.args], {
      cwd: ROOT,
      stdio: ['ignore', out, out],
    });
    child.on('exit', (code, signal) => {
      if (typeof out === 'number') fs.closeSync(out);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function readResults(file: string): JestResults | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as JestResults;
  } catch {
    return undefined;
  }
}

/** The results of several jest runs as one, in jest's `--json` shape. */
export function mergeResults(parts: JestResults[]): JestResults {
  const [first, ...rest] = parts;
  if (!first) throw new Error('no results to merge');
  const merged: JestResults = { ...first, testResults: [...first.testResults] };
  for (const part of rest) {
    for (const key of COUNTS) merged[key] += part[key];
    merged.testResults.push(...part.testResults);
    merged.success = merged.success && part.success;
    merged.startTime = Math.min(merged.startTime, part.startTime);
  }
  return merged;
}

async function main(): Promise<number> {
  fs.mkdirSync(RESULTS, { recursive: true });
  const extra = process.argv.slice(2);
  if (extra.length > 0) {
    return runJest({ name: 'jest', args: ['--forceExit', ...extra] });
  }

  const runs: Run[] = [
    {
      name: 'e2e',
      args: ['--selectProjects', 'e2e', '--runInBand', '--forceExit', '--json'],
      log: path.join(RESULTS, 'e2e.log'),
    },
    {
      name: 'main',
      args: [
        '--selectProjects',
        'unit',
        'machines',
        'components',
        'server',
        '--maxWorkers=2',
        '--forceExit',
        '--json',
      ],
    },
  ];
  for (const run of runs) {
    const file = path.join(RESULTS, `jest-${run.name}.json`);
    fs.rmSync(file, { force: true });
    run.args.push('--outputFile', file);
  }
  fs.rmSync(path.join(RESULTS, 'jest.json'), { force: true });

  const codes = await Promise.all(
    runs.map(async (run) => {
      const code = await runJest(run);
      if (run.log) process.stderr.write(`\n${fs.readFileSync(run.log, 'utf8')}`);
      return code;
    }),
  );

  const parts = runs.map((run) => readResults(path.join(RESULTS, `jest-${run.name}.json`)));
  const missing = runs.filter((_, i) => !parts[i]).map((run) => run.name);
  const found = parts.filter((part): part is JestResults => part !== undefined);
  if (found.length > 0) {
    fs.writeFileSync(path.join(RESULTS, 'jest.json'), JSON.stringify(mergeResults(found)));
  }
  if (missing.length > 0) {
    console.error(`jest wrote no results for: ${missing.join(', ')}`);
    return 1;
  }
  return codes.every((code) => code === 0) ? 0 : 1;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
