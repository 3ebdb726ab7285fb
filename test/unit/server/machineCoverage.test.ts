import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  coverageFileName,
  mergeMachineCoverage,
  readCoverageFile,
  writeMachineCoverage,
} from '../../../server/machineCoverage';

let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'machine-coverage-'));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('writeMachineCoverage', () => {
  it('writes one file per machine, sorted and without duplicates, and no temporary file', () => {
    const file = writeMachineCoverage(dir, 'runNow', 'test/machines/runNow.test.ts', {
      states: ['runNow.running', 'runNow.idle', 'runNow.idle'],
      transitions: ['runNow.idle | check.run #0'],
    });
    expect(path.basename(file)).toBe('runNow.json');
    expect(fs.readdirSync(dir)).toEqual(['runNow.json']);
    expect(readCoverageFile(file)).toEqual({
      machineId: 'runNow',
      sources: {
        'test/machines/runNow.test.ts': {
          states: ['runNow.idle', 'runNow.running'],
          transitions: ['runNow.idle | check.run #0'],
        },
      },
    });
  });

  it("keeps other test files' entries and replaces the writer's own", () => {
    writeMachineCoverage(dir, 'm', 'a.test.ts', { states: ['m.a'], transitions: ['t1'] });
    writeMachineCoverage(dir, 'm', 'b.test.ts', { states: ['m.b'], transitions: [] });
    writeMachineCoverage(dir, 'm', 'a.test.ts', { states: ['m.c'], transitions: ['t2'] });
    expect(readCoverageFile(path.join(dir, 'm.json'))?.sources).toEqual({
      'a.test.ts': { states: ['m.c'], transitions: ['t2'] },
      'b.test.ts': { states: ['m.b'], transitions: [] },
    });
  });

  it('starts afresh over a broken file', () => {
    fs.writeFileSync(path.join(dir, 'm.json'), '{ not json');
    writeMachineCoverage(dir, 'm', 'a.test.ts', { states: ['m.a'], transitions: [] });
    expect(readCoverageFile(path.join(dir, 'm.json'))?.sources).toEqual({
      'a.test.ts': { states: ['m.a'], transitions: [] },
    });
  });

  it('makes a safe file name of any machine id', () => {
    expect(coverageFileName('../evil/id')).toBe('.._evil_id.json');
    expect(coverageFileName('run-now.v2')).toBe('run-now.v2.json');
  });
});

describe('mergeMachineCoverage', () => {
  it('is null without a folder or without readable files', () => {
    expect(mergeMachineCoverage(path.join(dir, 'missing'))).toBeNull();
    fs.writeFileSync(path.join(dir, 'junk.json'), '[]');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'hello');
    expect(mergeMachineCoverage(dir)).toBeNull();
  });

  it("unites every test file's coverage per machine", () => {
    writeMachineCoverage(dir, 'm', 'a.test.ts', { states: ['m.a', 'm'], transitions: ['t1'] });
    writeMachineCoverage(dir, 'm', 'b.test.ts', {
      states: ['m.b', 'm'],
      transitions: ['t1', 't2'],
    });
    writeMachineCoverage(dir, 'other', 'c.test.ts', { states: ['other.x'], transitions: [] });
    fs.writeFileSync(path.join(dir, 'broken.json'), '{');
    const now = new Date('2026-01-02T03:04:05.000Z');
    expect(mergeMachineCoverage(dir, now)).toEqual({
      generatedAt: '2026-01-02T03:04:05.000Z',
      machines: {
        m: { states: ['m', 'm.a', 'm.b'], transitions: ['t1', 't2'] },
        other: { states: ['other.x'], transitions: [] },
      },
    });
  });
});
