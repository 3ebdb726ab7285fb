import fs from 'node:fs';
import path from 'node:path';
import { findMachine, machineRegistry } from '../../../machines/registry';

const MACHINES_DIR = path.resolve(__dirname, '../../../machines');

/** Every `.ts` file under `machines/`, relative to it. */
function machineFiles(dir = MACHINES_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) return machineFiles(full);
    return item.name.endsWith('.ts') ? [path.relative(MACHINES_DIR, full)] : [];
  });
}

/** A state machine: what `createMachine` / `setup().createMachine` return. */
function isMachine(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    'config' in value &&
    typeof (value as { transition?: unknown }).transition === 'function'
  );
}

describe('machine registry', () => {
  const files = machineFiles().filter((file) => file !== 'registry.ts');

  it.each(files)('lists every machine that %s exports', (file) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(path.join(MACHINES_DIR, file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) {
      if (!isMachine(value)) continue;
      const registered = machineRegistry.find((entry) => entry.machine === value);
      expect({ file, name, registered: registered !== undefined }).toEqual({
        file,
        name,
        registered: true,
      });
      expect(registered?.file).toBe(file.split(path.sep).join('/'));
    }
  });

  it('holds exactly the machines the files export', () => {
    const exported = files.flatMap((file) =>
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      Object.values(require(path.join(MACHINES_DIR, file)) as Record<string, unknown>).filter(
        isMachine,
      ),
    );
    expect(exported.length).toBeGreaterThanOrEqual(8);
    expect(new Set(exported)).toEqual(new Set(machineRegistry.map((entry) => entry.machine)));
  });

  it('names every registered machine once, by its id', () => {
    const ids = machineRegistry.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of machineRegistry) {
      expect(entry.id).toBe(entry.machine.id);
      expect(entry.label.trim()).not.toBe('');
      expect(files).toContain(entry.file.split('/').join(path.sep));
      expect(findMachine(entry.id)).toBe(entry);
    }
    expect(findMachine('nope')).toBeUndefined();
  });

  it('finds at least the console flows the inspector names', () => {
    expect(machineRegistry.map((entry) => entry.id)).toEqual(
      expect.arrayContaining([
        'selfServiceFlow',
        'session',
        'createToken',
        'runNow',
        'linkToIncident',
        'runPlaybook',
        'typePicker',
        'addIntegration',
      ]),
    );
  });
});
