import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_DIR, listMigrations } from '../../../server/demo/db/migrate';
import { createTestDatabase } from '../../../server/demo/db/testing';
import type { SqlClient } from '../../../server/demo/db/types';
import { REFERENCE_TABLES, REFERENCE_VIEWS } from './referenceModel';

jest.setTimeout(300_000);

/** The rpc functions of the reference data model (§4.9) the console calls. */
const FUNCTIONS = [
  'related_configs_recursive',
  'related_changes_recursive',
  'get_parents_by_location',
  'get_children_by_location',
  'lookup_analysis_by_component',
  'lookup_configs_by_component',
  'lookup_components_by_config',
  'lookup_changes_by_component',
  'get_playbook_run_actions',
];

/** Statements of the baseline files, comments left out. */
async function baselineSql(): Promise<Array<{ file: string; sql: string }>> {
  const files = await listMigrations();
  return Promise.all(
    files.map(async (file) => ({
      file,
      sql: (await readFile(path.join(MIGRATIONS_DIR, file), 'utf8')).replace(/--[^\n]*/g, ''),
    })),
  );
}

describe('the demo schema baseline', () => {
  it('defines every view and function once, in its final form', async () => {
    const definitions = new Map<string, string[]>();
    for (const { file, sql } of await baselineSql()) {
      // A baseline states the final form: nothing is replaced, dropped or added to afterwards.
      expect({ file, restated: sql.match(/CREATE OR REPLACE (VIEW|FUNCTION) \w+/gi) }).toEqual({
        file,
        restated: null,
      });
      expect({ file, dropped: sql.match(/DROP (VIEW|FUNCTION|TRIGGER|INDEX) \w+/gi) }).toEqual({
        file,
        dropped: null,
      });
      expect({ file, added: sql.match(/ADD COLUMN/gi) }).toEqual({ file, added: null });
      for (const match of sql.matchAll(/CREATE (?:OR REPLACE )?(VIEW|FUNCTION) (\w+)/gi)) {
        const name = `${match[1]?.toLowerCase()} ${match[2]}`;
        definitions.set(name, [...(definitions.get(name) ?? []), file]);
      }
    }
    const repeated = [...definitions].filter(([, files]) => files.length > 1);
    expect(repeated).toEqual([]);
  });

  describe('a database given the baseline', () => {
    let db: SqlClient;

    beforeAll(async () => {
      db = await createTestDatabase();
    });

    afterAll(async () => {
      await db.close();
    });

    async function relations(kind: 'r' | 'v'): Promise<Set<string>> {
      const { rows } = await db.query<{ name: string }>(
        `SELECT relname AS name FROM pg_class
          WHERE relnamespace = 'public'::regnamespace AND relkind = $1`,
        [kind],
      );
      return new Set(rows.map((row) => row.name));
    }

    it('has every table of the reference data model', async () => {
      const tables = await relations('r');
      expect(REFERENCE_TABLES.filter((name) => !tables.has(name))).toEqual([]);
    });

    it('has every view of the reference data model', async () => {
      const views = await relations('v');
      expect(REFERENCE_VIEWS.filter((name) => !views.has(name))).toEqual([]);
    });

    it('has every rpc function of the reference data model', async () => {
      const { rows } = await db.query<{ name: string }>(
        `SELECT proname AS name FROM pg_proc WHERE pronamespace = 'public'::regnamespace`,
      );
      const functions = new Set(rows.map((row) => row.name));
      expect(FUNCTIONS.filter((name) => !functions.has(name))).toEqual([]);
    });

    it('answers a query on every view', async () => {
      for (const view of REFERENCE_VIEWS) {
        await expect(db.query(`SELECT * FROM ${view} LIMIT 1`)).resolves.toBeDefined();
      }
    });
  });
});
