import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_DIR, listMigrations } from '../../../server/demo/db/migrate';
import { createTestDatabase } from '../../../server/demo/db/testing';
import type { SqlClient } from '../../../server/demo/db/types';

jest.setTimeout(300_000);

/** The tables of the reference data model (§3) that the demo keeps as ordinary tables. */
const TABLES = [
  'people',
  'teams',
  'team_members',
  'team_components',
  'properties',
  'access_tokens',
  'agents',
  'casbin_rule',
  'canaries',
  'checks',
  'check_statuses',
  'check_component_relationships',
  'check_config_relationships',
  'topologies',
  'components',
  'component_relationships',
  'config_component_relationships',
  'config_scrapers',
  'config_items',
  'config_changes',
  'config_analysis',
  'config_relationships',
  'config_locations',
  'incidents',
  'hypotheses',
  'evidences',
  'comments',
  'responders',
  'incident_histories',
  'incident_rules',
  'severities',
  'playbooks',
  'playbook_runs',
  'playbook_run_actions',
  'playbook_approvals',
  'artifacts',
  'notifications',
  'notification_silences',
  'notification_send_history',
  'connections',
  'permissions',
  'permission_groups',
  'scopes',
  'views',
  'view_panels',
  'logging_backends',
  'applications',
  'job_history',
  'event_queue',
  'integrations',
  'saved_query',
];

/** The views of the reference data model (§4, and the identities of §4.10). */
const VIEWS = [
  'configs',
  'config_detail',
  'config_names',
  'config_types',
  'config_statuses',
  'config_classes',
  'analysis_types',
  'change_types',
  'config_analysis_analyzers',
  'config_tags',
  'config_labels',
  'config_tags_labels_keys',
  'config_analysis_items',
  'analysis_by_component',
  'changes_by_component',
  'catalog_changes',
  'config_summary',
  'checks_by_config',
  'check_summary_by_config',
  'check_summary',
  'check_summary_for_config',
  'checks_by_component',
  'check_summary_by_component',
  'check_names',
  'checks_labels_keys',
  'canaries_with_status',
  'component_names',
  'components_with_logs',
  'component_labels',
  'component_labels_keys',
  'topology',
  'topologies_with_status',
  'incident_summary',
  'incidents_by_component',
  'incidents_by_config',
  'people_roles',
  'agents_summary',
  'permissions_summary',
  'teams_with_status',
  'config_scrapers_with_status',
  'integrations_with_status',
  'job_histories',
  'job_history_names',
  'event_queue_summary',
  'notifications_summary',
  'notification_send_history_summary',
  'playbook_names',
  'views_summary',
  'identities',
];

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
      expect(TABLES.filter((name) => !tables.has(name))).toEqual([]);
    });

    it('has every view of the reference data model', async () => {
      const views = await relations('v');
      expect(VIEWS.filter((name) => !views.has(name))).toEqual([]);
    });

    it('has every rpc function of the reference data model', async () => {
      const { rows } = await db.query<{ name: string }>(
        `SELECT proname AS name FROM pg_proc WHERE pronamespace = 'public'::regnamespace`,
      );
      const functions = new Set(rows.map((row) => row.name));
      expect(FUNCTIONS.filter((name) => !functions.has(name))).toEqual([]);
    });

    it('answers a query on every view', async () => {
      for (const view of VIEWS) {
        await expect(db.query(`SELECT * FROM ${view} LIMIT 1`)).resolves.toBeDefined();
      }
    });
  });
});
