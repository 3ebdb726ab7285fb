import { existsSync } from 'node:fs';
import path from 'node:path';
import { dumpDatabase, loadDatabase, openDatabase } from '../../../server/demo/db/open';
import { migrate } from '../../../server/demo/db/migrate';
import type { SqlClient } from '../../../server/demo/db/types';
import { bulkInsert } from '../../../server/demo/seed/bulk';
import type { SeedContext, SeedRefs } from '../../../server/demo/seed/context';
import { emptyRefs } from '../../../server/demo/seed';
import { seedIncidents } from '../../../server/demo/seed/incidents';
import { seedNotifications } from '../../../server/demo/seed/notifications';
import { seedPlaybooks } from '../../../server/demo/seed/playbooks';
import { SCENARIO_PLAYBOOKS } from '../../../server/demo/seed/playbookScenarios';
import { createRng } from '../../../server/demo/seed/random';
import { seedSettings } from '../../../server/demo/seed/settings';
import { INCIDENT_HISTORY_TYPES } from '../support/incidentHistory';
import { OPERATIONS_TABLES, OPERATIONS_VIEWS } from './referenceModel';

jest.setTimeout(600_000);

const NIL = '00000000-0000-0000-0000-000000000000';
const NOW = new Date('2024-05-02T12:00:00.000Z');

/** Every foreign key of the part-2 tables: table -> constraint -> referenced table. */
const FOREIGN_KEYS: Record<string, Record<string, string>> = {
  incident_rules: { incident_rules_created_by_fkey: 'people' },
  incidents: {
    incidents_commander_id_fkey: 'people',
    incidents_communicator_id_fkey: 'people',
    incidents_created_by_fkey: 'people',
    incidents_incident_rule_id_fkey: 'incident_rules',
  },
  responders: {
    responders_created_by_fkey: 'people',
    responders_incident_id_fkey: 'incidents',
    responders_person_id_fkey: 'people',
    responders_team_id_fkey: 'teams',
  },
  hypotheses: {
    hypotheses_created_by_fkey: 'people',
    hypotheses_incident_id_fkey: 'incidents',
    hypotheses_owner_fkey: 'responders',
    hypotheses_parent_id_fkey: 'hypotheses',
    hypotheses_team_id_fkey: 'teams',
  },
  evidences: {
    evidences_check_id_fkey: 'checks',
    evidences_component_id_fkey: 'components',
    evidences_config_analysis_id_fkey: 'config_analysis',
    evidences_config_change_id_fkey: 'config_changes',
    evidences_config_id_fkey: 'config_items',
    evidences_created_by_fkey: 'people',
    evidences_hypothesis_id_fkey: 'hypotheses',
  },
  comments: {
    comments_created_by_fkey: 'people',
    comments_hypothesis_id_fkey: 'hypotheses',
    comments_incident_id_fkey: 'incidents',
    comments_responder_id_fkey: 'responders',
  },
  incident_histories: {
    incident_histories_comment_id_fkey: 'comments',
    incident_histories_created_by_fkey: 'people',
    incident_histories_evidence_id_fkey: 'evidences',
    incident_histories_hypothesis_id_fkey: 'hypotheses',
    incident_histories_incident_id_fkey: 'incidents',
    incident_histories_responder_id_fkey: 'responders',
  },
  playbooks: { playbook_created_by_fkey: 'people' },
  playbook_runs: {
    playbook_run_parent_id_fkey: 'playbook_runs',
    playbook_run_retry_of_fkey: 'playbook_runs',
    playbook_run_playbook_id_fkey: 'playbooks',
    playbook_run_notification_send_id_fkey: 'notification_send_history',
    playbook_run_created_by_fkey: 'people',
    playbook_run_check_id_fkey: 'checks',
    playbook_run_config_id_fkey: 'config_items',
    playbook_run_component_id_fkey: 'components',
    playbook_run_agent_id_fkey: 'agents',
  },
  playbook_run_actions: {
    playbook_run_playbook_run_id_fkey: 'playbook_runs',
    playbook_run_agent_id_fkey: 'agents',
  },
  playbook_approvals: {
    playbook_approval_run_id_fkey: 'playbook_runs',
    playbook_approval_person_approver_fkey: 'people',
    playbook_approval_team_approver_fkey: 'teams',
  },
  artifacts: {
    artifacts_checks_fkey: 'checks',
    artifacts_playbook_run_action_fkey: 'playbook_run_actions',
    artifacts_config_change_fkey: 'config_changes',
    artifacts_scraper_fkey: 'config_scrapers',
    artifacts_job_history_fkey: 'job_history',
  },
  notifications: {
    notification_created_by_fkey: 'people',
    notification_person_id_fkey: 'people',
    notification_team_id_fkey: 'teams',
  },
  notification_silences: {
    notification_silence_check_id_fkey: 'checks',
    notification_silence_config_id_fkey: 'config_items',
    notification_silence_component_id_fkey: 'components',
    notification_silence_canary_id_fkey: 'canaries',
    notification_silence_created_by_fkey: 'people',
  },
  notification_send_history: {
    parent_id_fkey: 'notification_send_history',
    notification_id_fkey: 'notifications',
    notification_recipient_person_id_fkey: 'people',
  },
  connections: { connections_created_by_fkey: 'people' },
  permission_groups: { permissions_created_by_fkey: 'people' },
  permissions: {
    permissions_playbook_id_fkey: 'playbooks',
    permissions_canary_id_fkey: 'canaries',
    permissions_component_id_fkey: 'components',
    permissions_connection_id_fkey: 'connections',
    permissions_config_id_fkey: 'config_items',
    permissions_created_by_fkey: 'people',
    permissions_notification_fkey: 'notifications',
    permissions_person_fkey: 'people',
    permissions_team_fkey: 'teams',
  },
  scopes: { scopes_created_by_fkey: 'people' },
  views: { views_created_by_fkey: 'people' },
  view_panels: { view_panels_agent_id_fkey: 'agents' },
  logging_backends: {
    logging_backends_created_by_fkey: 'people',
    logging_backends_agent_id_fkey: 'agents',
  },
  applications: { applications_created_by_fkey: 'people' },
  integrations: { integrations_created_by_fkey: 'people' },
  job_history: {},
  event_queue: {},
  saved_query: {},
  severities: {},
};

/**
 * A small estate for the areas seeded before part 2 (people, teams, agents, health, topology,
 * catalog), written straight into the first-half tables, with the refs those seeders record.
 */
async function seedEarlierAreas(db: SqlClient): Promise<SeedRefs> {
  const rng = createRng(99);
  const refs = emptyRefs();
  await db.query(`INSERT INTO people (id, name) VALUES ($1, 'System')`, [rng.uuid()]);
  const roles = ['admin', 'editor', 'commander', 'responder', 'viewer', 'responder', 'commander'];
  refs.people = roles.map((role, i) => ({
    id: rng.uuid(),
    name: `Person ${i}`,
    email: `person${i}@acme.io`,
    role,
  }));
  await bulkInsert(db, 'people', { id: 'uuid', name: 'text', email: 'text' }, refs.people);
  const owner = refs.people[0]?.id;
  refs.teams = ['sre', 'payments', 'platform'].map((name) => ({ id: rng.uuid(), name }));
  await bulkInsert(
    db,
    'teams',
    { id: 'uuid', name: 'text', icon: 'text', created_by: 'uuid' },
    refs.teams.map((team) => ({ ...team, icon: 'group', created_by: owner })),
  );
  const remote = { id: rng.uuid(), name: 'eu-west-1' };
  await db.query(`INSERT INTO agents (id, name, last_seen) VALUES ($1, $2, $3)`, [
    remote.id,
    remote.name,
    new Date(NOW.getTime() - 5000).toISOString(),
  ]);
  refs.agents = [{ id: NIL, name: 'local' }, remote];
  refs.canaries = ['http-checks', 'dns-checks', 'database-checks'].map((name) => ({
    id: rng.uuid(),
    name,
    namespace: 'default',
  }));
  await bulkInsert(
    db,
    'canaries',
    { id: 'uuid', name: 'text', namespace: 'text', spec: 'jsonb' },
    refs.canaries.map((canary) => ({ ...canary, spec: { schedule: '@every 1m' } })),
  );
  refs.checks = Array.from({ length: 12 }, (_, i) => ({
    id: rng.uuid(),
    name: `check-${i}`,
    canaryId: refs.canaries[i % 3]?.id ?? '',
    type: i % 2 === 0 ? 'http' : 'dns',
  }));
  await bulkInsert(
    db,
    'checks',
    { id: 'uuid', name: 'text', canary_id: 'uuid', type: 'text', status: 'text', severity: 'text' },
    refs.checks.map((check, i) => ({
      ...check,
      canary_id: check.canaryId,
      status: i % 4 === 0 ? 'unhealthy' : 'healthy',
      severity: i % 3 === 0 ? 'critical' : 'medium',
    })),
  );
  refs.topologies = [{ id: rng.uuid(), name: 'platform' }];
  await bulkInsert(
    db,
    'topologies',
    { id: 'uuid', name: 'text', namespace: 'text' },
    refs.topologies.map((topology) => ({ ...topology, namespace: 'default' })),
  );
  const componentTypes = ['API', 'Application', 'Redis', 'Kafka', 'Database'];
  refs.components = Array.from({ length: 15 }, (_, i) => ({
    id: rng.uuid(),
    name: `component-${i}`,
    type: componentTypes[i % componentTypes.length] ?? 'API',
  }));
  await bulkInsert(
    db,
    'components',
    {
      id: 'uuid',
      name: 'text',
      type: 'text',
      external_id: 'text',
      status: 'text',
      topology_id: 'uuid',
    },
    refs.components.map((component) => ({
      ...component,
      external_id: component.name,
      status: 'healthy',
      topology_id: refs.topologies[0]?.id,
    })),
  );
  const scraper = {
    id: rng.uuid(),
    name: 'kubernetes-prod',
    source: 'KubernetesCRD',
    spec: { kubernetes: [{}] },
  };
  await bulkInsert(
    db,
    'config_scrapers',
    { id: 'uuid', name: 'text', source: 'source', spec: 'jsonb' },
    [scraper],
  );
  const types = [
    'Kubernetes::Pod',
    'Kubernetes::Pod',
    'Kubernetes::Deployment',
    'Kubernetes::Node',
    'Kubernetes::Namespace',
    'AWS::RDS::DBInstance',
    'AWS::EC2::Instance',
  ];
  const namespaces = ['payments', 'checkout', 'search', 'default'];
  refs.configs = Array.from({ length: 70 }, (_, i) => ({
    id: rng.uuid(),
    name: `config-${i}`,
    type: types[i % types.length] ?? 'Kubernetes::Pod',
  }));
  await bulkInsert(
    db,
    'config_items',
    {
      id: 'uuid',
      name: 'text',
      type: 'text',
      config_class: 'text',
      tags: 'jsonb',
      health: 'text',
      status: 'text',
      config: 'jsonb',
      scraper_id: 'uuid',
    },
    refs.configs.map((config, i) => ({
      ...config,
      config_class: config.type.split('::').pop(),
      tags: { namespace: namespaces[i % namespaces.length], cluster: 'prod' },
      health: i % 6 === 0 ? 'unhealthy' : 'healthy',
      status: i % 6 === 0 ? 'CrashLoopBackOff' : 'Running',
      config: { spec: { replicas: 3 } },
      scraper_id: scraper.id,
    })),
  );
  refs.configChanges = refs.configs.flatMap((config) =>
    [0, 1].map(() => ({ id: rng.uuid(), configId: config.id })),
  );
  await bulkInsert(
    db,
    'config_changes',
    { id: 'uuid', config_id: 'uuid', change_type: 'text' },
    refs.configChanges.map((change) => ({
      ...change,
      config_id: change.configId,
      change_type: 'diff',
    })),
  );
  refs.configAnalyses = refs.configs
    .filter((_, i) => i % 3 === 0)
    .map((config) => ({ id: rng.uuid(), configId: config.id }));
  await bulkInsert(
    db,
    'config_analysis',
    { id: 'uuid', config_id: 'uuid', analyzer: 'text' },
    refs.configAnalyses.map((analysis) => ({
      ...analysis,
      config_id: analysis.configId,
      analyzer: 'pod-security-context',
    })),
  );
  return refs;
}

async function seedPart2(
  db: SqlClient,
  refs: SeedRefs,
  seed: number,
  scale: number,
): Promise<SeedRefs> {
  const ctx: SeedContext = {
    db,
    rng: createRng(seed),
    scale,
    now: NOW,
    refs: structuredClone(refs),
    log: () => {},
  };
  await seedSettings(ctx);
  await seedPlaybooks(ctx);
  await seedIncidents(ctx);
  await seedNotifications(ctx);
  return ctx.refs;
}

async function count(db: SqlClient, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (${sql}) q`,
    params,
  );
  return rows[0]?.n ?? 0;
}

/** A digest of the seeded content of every part-2 table (trigger-made ids left out). */
async function digest(db: SqlClient): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of OPERATIONS_TABLES) {
    const row =
      table === 'incident_histories'
        ? `(t.incident_id, t.type, t.description, t.hypothesis_id, t.evidence_id, t.comment_id, t.responder_id, t.created_at)::text`
        : table === 'view_panels'
          ? // A duration panel measures time up to the database's now(), which no seed fixes.
            `(t.view_id, t.request_fingerprint, t.refreshed_at, (SELECT jsonb_agg(p) FROM jsonb_array_elements(t.results) p WHERE p ->> 'type' <> 'duration'))::text`
          : 't::text';
    const { rows } = await db.query<{ d: string | null }>(
      `SELECT md5(string_agg(${row}, '|' ORDER BY ${row})) AS d FROM ${table} t`,
    );
    out[table] = rows[0]?.d ?? '';
  }
  return out;
}

describe('schema and seed of incidents, playbooks, notifications and settings', () => {
  let base: Blob;
  let baseRefs: SeedRefs;
  let db: SqlClient;
  let seeded: SeedRefs;

  beforeAll(async () => {
    const fresh = await openDatabase({ dataDir: null, reset: false });
    await migrate(fresh);
    baseRefs = await seedEarlierAreas(fresh);
    base = await dumpDatabase(fresh);
    await fresh.close();
    db = await loadDatabase(base);
    seeded = await seedPart2(db, baseRefs, 7, 1);
  });

  afterAll(async () => {
    await db?.close();
  });

  it('creates every table, view and rpc of part 2, each selectable', async () => {
    for (const relation of [...OPERATIONS_TABLES, ...OPERATIONS_VIEWS]) {
      await expect(db.query(`SELECT * FROM ${relation} LIMIT 1`)).resolves.toBeDefined();
    }
    const { rows } = await db.query<{ name: string }>(
      `SELECT proname AS name FROM pg_proc WHERE proname IN ('get_playbook_run_actions', 'format_incident_id', 'uuid_or_null')`,
    );
    expect(rows.map((row) => row.name).sort()).toEqual([
      'format_incident_id',
      'get_playbook_run_actions',
      'uuid_or_null',
    ]);
  });

  it('names foreign keys as the upstream schema does, pointing at the right tables', async () => {
    const { rows } = await db.query<{ tbl: string; name: string; ref: string }>(
      `SELECT conrelid::regclass::text AS tbl, conname AS name, confrelid::regclass::text AS ref
       FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text = ANY($1::text[])`,
      [Object.keys(FOREIGN_KEYS)],
    );
    const actual: Record<string, Record<string, string>> = {};
    for (const table of Object.keys(FOREIGN_KEYS)) actual[table] = {};
    for (const row of rows) (actual[row.tbl] as Record<string, string>)[row.name] = row.ref;
    expect(actual).toEqual(FOREIGN_KEYS);
  });

  it('enforces the check constraints the real schema has', async () => {
    const incident = await db.query<{ id: string }>(`SELECT id FROM incidents LIMIT 1`);
    const person = seeded.people[0]?.id;
    await expect(
      db.query(
        `INSERT INTO hypotheses (incident_id, created_by, type, title, status) VALUES ($1, $2, 'guess', 'x', 'possible')`,
        [incident.rows[0]?.id, person],
      ),
    ).rejects.toThrow(/hypotheses_type_check/);
    await expect(
      db.query(
        `INSERT INTO permissions (action, subject, subject_type) VALUES ('read', $1, 'person')`,
        [person],
      ),
    ).rejects.toThrow(/permissions_selector_or_id_check/);
    await expect(
      db.query(
        `INSERT INTO permissions (action, subject, subject_type, object, playbook_id) VALUES ('read', $1, 'person', 'catalog', $2)`,
        [person, seeded.playbooks[0]?.id],
      ),
    ).rejects.toThrow(/permissions_selector_or_id_check/);
  });

  it('writes incident history from triggers and numbers incidents INC-n', async () => {
    await db
      .transaction(async (tx) => {
        const person = seeded.people[1]?.id;
        const { rows } = await tx.query<{ id: string; incident_id: string }>(
          `INSERT INTO incidents (title, description, severity, type, status, created_by, commander_id)
         VALUES ('Test', '', 'low', 'availability', 'open', $1, $1) RETURNING id, incident_id`,
          [person],
        );
        const incident = rows[0];
        expect(incident?.incident_id).toMatch(/^INC-\d+$/);
        await tx.query(`UPDATE incidents SET status = 'resolved' WHERE id = $1`, [incident?.id]);
        const hypothesis = await tx.query<{ id: string }>(
          `INSERT INTO hypotheses (incident_id, created_by, type, title, status) VALUES ($1, $2, 'root', 'x', 'possible') RETURNING id`,
          [incident?.id, person],
        );
        const hypothesisId = hypothesis.rows[0]?.id;
        const evidence = await tx.query<{ id: string }>(
          `INSERT INTO evidences (hypothesis_id, created_by, type, description, definition_of_done) VALUES ($1, $2, 'log', 'd', true) RETURNING id`,
          [hypothesisId, person],
        );
        const responder = await tx.query<{ id: string }>(
          `INSERT INTO responders (incident_id, type, person_id, created_by) VALUES ($1, 'person', $2, $2) RETURNING id`,
          [incident?.id, person],
        );
        await tx.query(
          `INSERT INTO comments (incident_id, hypothesis_id, responder_id, created_by, comment) VALUES ($1, $2, $3, $4, 'hi')`,
          [incident?.id, hypothesisId, responder.rows[0]?.id, person],
        );
        await tx.query(`UPDATE hypotheses SET status = 'proven' WHERE id = $1`, [hypothesisId]);
        const history = await tx.query<{ type: string; description: string | null }>(
          `SELECT type, description FROM incident_histories WHERE incident_id = $1 ORDER BY type`,
          [incident?.id],
        );
        expect(history.rows.map((row) => row.type)).toEqual(INCIDENT_HISTORY_TYPES);
        expect(
          history.rows.find((row) => row.type === 'incident.status_updated')?.description,
        ).toBe('resolved');
        // Deleting evidence the console way takes its history rows along.
        await tx.query(`DELETE FROM evidences WHERE id = $1`, [evidence.rows[0]?.id]);
        expect(
          await count(tx, `SELECT 1 FROM incident_histories WHERE evidence_id = $1`, [
            evidence.rows[0]?.id,
          ]),
        ).toBe(0);
        throw new Error('rollback');
      })
      .catch((error: Error) => {
        if (error.message !== 'rollback') throw error;
      });
  });

  it('keeps updated_at current on edits but not on soft deletes', async () => {
    await db
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string; updated_at: Date }>(
          `SELECT id, updated_at FROM connections ORDER BY id LIMIT 2`,
        );
        const [edited, deleted] = rows;
        await tx.query(`UPDATE connections SET url = 'https://changed.example' WHERE id = $1`, [
          edited?.id,
        ]);
        await tx.query(`UPDATE connections SET deleted_at = 'now()' WHERE id = $1`, [deleted?.id]);
        const after = await tx.query<{ id: string; updated_at: Date }>(
          `SELECT id, updated_at FROM connections WHERE id = ANY($1::uuid[])`,
          [[edited?.id, deleted?.id]],
        );
        const byId = new Map(after.rows.map((row) => [row.id, new Date(row.updated_at).getTime()]));
        expect(byId.get(edited?.id ?? '')).toBeGreaterThan(
          new Date(edited?.updated_at ?? 0).getTime(),
        );
        expect(byId.get(deleted?.id ?? '')).toBe(new Date(deleted?.updated_at ?? 0).getTime());
        throw new Error('rollback');
      })
      .catch((error: Error) => {
        if (error.message !== 'rollback') throw error;
      });
  });

  it('seeds the same rows for the same seed, and different rows for another seed', async () => {
    // The shared database was only changed inside rolled-back transactions so far.
    const again = await loadDatabase(base);
    const other = await loadDatabase(base);
    try {
      await seedPart2(again, baseRefs, 7, 1);
      await seedPart2(other, baseRefs, 8, 1);
      const reference = await digest(db);
      expect(await digest(again)).toEqual(reference);
      const different = await digest(other);
      expect(different.incidents).not.toBe(reference.incidents);
      expect(different.playbook_runs).not.toBe(reference.playbook_runs);
      expect(different.notification_send_history).not.toBe(reference.notification_send_history);
    } finally {
      await again.close();
      await other.close();
    }
  });

  it('multiplies the estate with the scale', async () => {
    const bigger = await loadDatabase(base);
    try {
      await seedPart2(bigger, baseRefs, 7, 2);
      for (const table of [
        'incidents',
        'playbooks',
        'playbook_runs',
        'notifications',
        'notification_send_history',
        'job_history',
        'event_queue',
        'permissions',
      ]) {
        const small = await count(db, `SELECT 1 FROM ${table}`);
        const large = await count(bigger, `SELECT 1 FROM ${table}`);
        expect([table, large / small > 1.6 && large / small < 2.5]).toEqual([table, true]);
      }
      // Shared definitions grow too, but only by the per-team copies.
      expect(await count(bigger, `SELECT 1 FROM connections`)).toBeGreaterThan(
        await count(db, `SELECT 1 FROM connections`),
      );
    } finally {
      await bigger.close();
    }
  });

  it('fills every area at scale 1 with the volumes of a medium company', async () => {
    expect(await count(db, `SELECT 1 FROM incidents`)).toBeGreaterThanOrEqual(30);
    expect(await count(db, `SELECT 1 FROM playbooks`)).toBeGreaterThanOrEqual(18);
    expect(await count(db, `SELECT 1 FROM playbook_runs`)).toBeGreaterThanOrEqual(180);
    expect(await count(db, `SELECT 1 FROM notifications`)).toBeGreaterThanOrEqual(18);
    expect(await count(db, `SELECT 1 FROM notification_send_history`)).toBeGreaterThanOrEqual(900);
    expect(await count(db, `SELECT 1 FROM job_history`)).toBeGreaterThanOrEqual(2000);
    for (const table of [
      'hypotheses',
      'evidences',
      'comments',
      'responders',
      'playbook_run_actions',
      'playbook_approvals',
      'artifacts',
      'notification_silences',
      'event_queue',
      'connections',
      'scopes',
      'permissions',
      'permission_groups',
      'views',
      'view_panels',
      'logging_backends',
      'incident_rules',
      'applications',
      'integrations',
      'saved_query',
    ]) {
      expect([table, await count(db, `SELECT 1 FROM ${table}`)]).not.toEqual([table, 0]);
    }
    expect(seeded.connections.length).toBeGreaterThan(0);
    // The scenario playbooks are stored but left out of refs.playbooks.
    expect(seeded.playbooks.length + SCENARIO_PLAYBOOKS.length).toBe(
      await count(db, `SELECT 1 FROM playbooks`),
    );
    expect(seeded.notifications.length).toBe(await count(db, `SELECT 1 FROM notifications`));
  });

  it('covers the statuses and sources the console distinguishes', async () => {
    const values = async (sql: string): Promise<string[]> =>
      (await db.query<{ v: string }>(sql)).rows.map((row) => row.v);
    expect(await values(`SELECT DISTINCT status AS v FROM playbook_runs`)).toEqual(
      expect.arrayContaining([
        'completed',
        'failed',
        'running',
        'scheduled',
        'pending_approval',
        'cancelled',
      ]),
    );
    expect(await values(`SELECT DISTINCT status AS v FROM playbook_run_actions`)).toEqual(
      expect.arrayContaining(['completed', 'failed', 'running']),
    );
    expect(await values(`SELECT DISTINCT status AS v FROM job_history`)).toEqual(
      expect.arrayContaining(['SUCCESS', 'FAILED', 'WARNING', 'RUNNING']),
    );
    expect(await values(`SELECT DISTINCT resource_type AS v FROM job_history`)).toEqual(
      expect.arrayContaining(['canary', 'topology', 'config_scraper']),
    );
    expect(await values(`SELECT DISTINCT status AS v FROM notification_send_history`)).toEqual(
      expect.arrayContaining(['sent', 'error', 'silenced', 'repeat-interval']),
    );
    expect(await values(`SELECT DISTINCT source::text AS v FROM scopes`)).toEqual(
      expect.arrayContaining(['UI', 'KubernetesCRD']),
    );
    expect(await values(`SELECT DISTINCT source AS v FROM permissions`)).toEqual(
      expect.arrayContaining(['UI', 'KubernetesCRD']),
    );
    expect(await values(`SELECT DISTINCT subject_type AS v FROM permissions`)).toEqual(
      expect.arrayContaining(['person', 'team', 'notification', 'playbook']),
    );
    expect(
      await values(
        `SELECT DISTINCT p ->> 'type' AS v FROM playbooks, jsonb_array_elements(spec -> 'parameters') p`,
      ),
    ).toEqual(expect.arrayContaining(['text', 'list', 'checkbox', 'config', 'component', 'check']));
    expect(
      await count(
        db,
        `SELECT 1 FROM notification_silences WHERE until IS NULL AND deleted_at IS NULL`,
      ),
    ).toBeGreaterThan(0);
    expect(await count(db, `SELECT 1 FROM views_summary WHERE sidebar`)).toBeGreaterThan(0);
    expect(await count(db, `SELECT 1 FROM properties WHERE name LIKE '%.disable'`)).toBe(0);
    expect(
      await count(db, `SELECT 1 FROM playbook_runs WHERE parent_id IS NOT NULL`),
    ).toBeGreaterThan(0);
    expect(
      await count(db, `SELECT 1 FROM playbook_runs WHERE notification_send_id IS NOT NULL`),
    ).toBeGreaterThan(0);
  });

  it('incident_summary rolls up commander, responders and commenters', async () => {
    const { rows } = await db.query<{
      id: string;
      incident_id: string;
      commander: { id: string; name: string };
      responders: Array<{ id: string; name: string }> | null;
      commenters: Array<{ id: string }> | null;
    }>(`SELECT * FROM incident_summary ORDER BY created_at DESC`);
    expect(rows).toHaveLength(await count(db, `SELECT 1 FROM incidents`));
    for (const row of rows.slice(0, 10)) {
      expect(row.incident_id).toMatch(/^INC-\d+$/);
      const commander = await db.query<{ name: string }>(
        `SELECT p.name FROM incidents i JOIN people p ON p.id = i.commander_id WHERE i.id = $1`,
        [row.id],
      );
      expect(row.commander.name).toBe(commander.rows[0]?.name);
      const authors = await db.query<{ id: string }>(
        `SELECT DISTINCT created_by AS id FROM comments WHERE incident_id = $1`,
        [row.id],
      );
      expect((row.commenters ?? []).map((c) => c.id).sort()).toEqual(
        authors.rows.map((a) => a.id).sort(),
      );
      const responders = await count(
        db,
        `SELECT DISTINCT COALESCE(person_id, team_id) FROM responders WHERE incident_id = $1 AND deleted_at IS NULL`,
        [row.id],
      );
      expect((row.responders ?? []).length).toBe(responders);
    }
  });

  it('links incidents to the components and configs their evidence points at', async () => {
    const { rows } = await db.query<{ config_id: string; id: string }>(
      `SELECT config_id, id FROM incidents_by_config LIMIT 5`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(
        await count(
          db,
          `SELECT 1 FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id WHERE h.incident_id = $1 AND e.config_id = $2`,
          [row.id, row.config_id],
        ),
      ).toBeGreaterThan(0);
    }
    expect(await count(db, `SELECT 1 FROM incidents_by_component`)).toBeGreaterThan(0);
  });

  it('permissions_summary resolves subjects and objects and filters by resource id', async () => {
    const { rows } = await db.query<{
      subject: string;
      subject_type: string;
      team: { name: string } | null;
      person: { name: string } | null;
      playbook: { name: string } | null;
      notification: { name: string } | null;
      group: { name: string } | null;
    }>(`SELECT * FROM permissions_summary`);
    const teams = new Map(seeded.teams.map((team) => [team.id, team.name]));
    const people = new Map(seeded.people.map((person) => [person.id, person.name]));
    for (const row of rows) {
      if (row.subject_type === 'team') expect(row.team?.name).toBe(teams.get(row.subject));
      if (row.subject_type === 'person') expect(row.person?.name).toBe(people.get(row.subject));
      if (row.subject_type === 'playbook') expect(row.playbook?.name).toBeTruthy();
      if (row.subject_type === 'notification') expect(row.notification?.name).toBeTruthy();
      if (row.subject_type === 'group') expect(row.group?.name).toBe(row.subject);
    }
    const connection = await db.query<{ connection_id: string }>(
      `SELECT connection_id FROM permissions WHERE connection_id IS NOT NULL LIMIT 1`,
    );
    const filtered = await db.query<{ connection_object: { id: string; name: string } }>(
      `SELECT connection_object FROM permissions_summary WHERE connection_id = $1`,
      [connection.rows[0]?.connection_id],
    );
    expect(filtered.rows.length).toBeGreaterThan(0);
    expect(
      filtered.rows.every((row) => row.connection_object.id === connection.rows[0]?.connection_id),
    ).toBe(true);
  });

  it('notifications_summary counts sends, failures and pending events per rule', async () => {
    const { rows } = await db.query<{ id: string; sent: number; failed: number; pending: number }>(
      `SELECT id, sent, failed, pending FROM notifications_summary`,
    );
    expect(rows).toHaveLength(
      await count(db, `SELECT 1 FROM notifications WHERE deleted_at IS NULL`),
    );
    for (const row of rows) {
      const sent = await count(
        db,
        `SELECT 1 FROM notification_send_history WHERE notification_id = $1 AND status = 'sent' AND source_event <> 'notification.watchdog'`,
        [row.id],
      );
      expect(Number(row.sent)).toBe(sent);
      const pending = await count(
        db,
        `SELECT 1 FROM event_queue WHERE name = 'notification.send' AND properties ->> 'notification_id' = $1 AND attempts < 4`,
        [row.id],
      );
      expect(Number(row.pending)).toBe(pending);
    }
    expect(rows.some((row) => Number(row.failed) > 0)).toBe(true);
  });

  it('notification_send_history_summary describes the resource of each send', async () => {
    const { rows } = await db.query<{
      resource_id: string;
      resource_type: string;
      resource_kind: string;
      resource: { name: string; type: string };
    }>(
      `SELECT resource_id, resource_type, resource_kind, resource FROM notification_send_history_summary WHERE source_event LIKE 'config.%' LIMIT 20`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const names = new Map(seeded.configs.map((config) => [config.id, config.name]));
    for (const row of rows) {
      // The kind is what the send is about; the type is that resource's own type.
      expect(row.resource_kind).toBe('config');
      expect(row.resource_type).toBe(row.resource.type);
      expect(row.resource_type).toMatch(/::/);
      expect(row.resource.name).toBe(names.get(row.resource_id));
    }
    expect(
      await count(
        db,
        `SELECT 1 FROM notification_send_history_summary WHERE resource_kind = 'check' AND resource ->> 'name' IS NOT NULL`,
      ),
    ).toBeGreaterThan(0);
    expect(
      await count(
        db,
        `SELECT 1 FROM notification_send_history_summary WHERE playbook_run ->> 'playbook_name' IS NOT NULL`,
      ),
    ).toBeGreaterThan(0);
  });

  it('job views name the resource of each job and list job names', async () => {
    const { rows } = await db.query<{
      resource_id: string;
      resource_name: string;
      agent: { name: string };
    }>(
      `SELECT resource_id, resource_name, agent FROM job_histories WHERE resource_type = 'canary' LIMIT 20`,
    );
    const canaries = new Map(seeded.canaries.map((canary) => [canary.id, canary.name]));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.resource_name).toBe(canaries.get(row.resource_id));
      expect(row.agent.name).toBe('local');
    }
    const names = await db.query<{ name: string }>(
      `SELECT name FROM job_history_names ORDER BY name`,
    );
    expect(names.rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['Canary', 'Scraper', 'Topology']),
    );
  });

  it('integrations_with_status unites scrapers, topologies and logging backends with their last job', async () => {
    const { rows } = await db.query<{ integration_type: string; job_status: string | null }>(
      `SELECT integration_type, job_status FROM integrations_with_status`,
    );
    expect(new Set(rows.map((row) => row.integration_type))).toEqual(
      new Set(['scrapers', 'topologies', 'logging_backends']),
    );
    expect(
      rows
        .filter((row) => row.integration_type === 'scrapers')
        .every((row) => row.job_status !== null),
    ).toBe(true);
  });

  it('event_queue_summary has one row per event name', async () => {
    const { rows } = await db.query<{ name: string; pending: number; failed: number }>(
      `SELECT * FROM event_queue_summary`,
    );
    expect(rows.length).toBe(await count(db, `SELECT DISTINCT name FROM event_queue`));
    expect(rows.some((row) => Number(row.failed) > 0)).toBe(true);
  });

  it('playbook views and rpc return runs with their actions, child runs and artifacts', async () => {
    expect(await count(db, `SELECT 1 FROM playbook_names`)).toBe(
      await count(db, `SELECT 1 FROM playbooks WHERE deleted_at IS NULL`),
    );
    const parent = await db.query<{ id: string }>(
      `SELECT parent_id AS id FROM playbook_runs WHERE parent_id IS NOT NULL LIMIT 1`,
    );
    const parentId = parent.rows[0]?.id;
    const actions = await db.query<{ playbook_run_id: string; agent: { id: string } }>(
      `SELECT * FROM get_playbook_run_actions($1)`,
      [parentId],
    );
    const expected = await count(
      db,
      `SELECT 1 FROM playbook_run_actions a JOIN playbook_runs r ON r.id = a.playbook_run_id WHERE r.id = $1 OR r.parent_id = $1`,
      [parentId],
    );
    expect(actions.rows).toHaveLength(expected);
    expect(actions.rows.some((action) => action.playbook_run_id !== parentId)).toBe(true);
    const withArtifacts = await db.query<{ run: string }>(
      `SELECT a.playbook_run_id AS run FROM artifacts x JOIN playbook_run_actions a ON a.id = x.playbook_run_action_id LIMIT 1`,
    );
    const run = await db.query<{ artifacts: Array<{ filename: string; content?: string }> | null }>(
      `SELECT artifacts FROM get_playbook_run_actions($1) WHERE artifacts IS NOT NULL`,
      [withArtifacts.rows[0]?.run],
    );
    expect(run.rows[0]?.artifacts?.[0]?.filename).toMatch(/\.txt$/);
    expect(run.rows[0]?.artifacts?.[0]).not.toHaveProperty('content');
    const content = await db.query<{ text: string }>(
      `SELECT convert_from(content, 'UTF8') AS text FROM artifacts WHERE filename = 'describe.txt' LIMIT 1`,
    );
    expect(content.rows[0]?.text).toContain('OOMKilled');
  });

  it('materialises each view definition into its view_<namespace>_<name> table', async () => {
    // The pods view is seeded for its default variables: the first cluster (any when there is
    // none), namespace default.
    const pods = await count(
      db,
      `SELECT 1 FROM config_items WHERE type = 'Kubernetes::Pod' AND deleted_at IS NULL
         AND tags ->> 'namespace' = 'default'
         AND tags ->> 'cluster' = COALESCE(
           (SELECT min(name) FROM config_items
             WHERE type = 'Kubernetes::Cluster' AND deleted_at IS NULL),
           tags ->> 'cluster')`,
    );
    const panels = await db.query<{
      fingerprint: string;
      results: Array<{ name: string; rows: unknown[] }>;
    }>(
      `SELECT p.request_fingerprint AS fingerprint, p.results
         FROM view_panels p JOIN views v ON v.id = p.view_id WHERE v.name = 'pods'`,
    );
    expect(panels.rows).toHaveLength(1);
    const [seeded] = panels.rows;
    expect(pods).toBeGreaterThan(0);
    expect(
      await count(db, `SELECT 1 FROM view_mission_control_pods WHERE request_fingerprint = $1`, [
        seeded?.fingerprint,
      ]),
    ).toBe(pods);
    expect(seeded?.results[0]?.rows.length).toBeGreaterThan(0);
  });

  const seedIndex = path.join(__dirname, '../../../server/demo/seed/index.ts');
  (existsSync(seedIndex) ? it : it.skip)('is part of the full seedDatabase run', async () => {
    const modulePath = '../../../server/demo/seed/index';
    const seeds = (await import(modulePath)) as {
      seedDatabase?: (
        db: SqlClient,
        options: { scale: number; log: (line: string) => void },
      ) => Promise<unknown>;
    };
    expect(typeof seeds.seedDatabase).toBe('function');
    const full = await openDatabase({ dataDir: null, reset: false });
    try {
      await migrate(full);
      await seeds.seedDatabase?.(full, { scale: 1, log: () => {} });
      for (const table of [
        'incidents',
        'playbook_runs',
        'notification_send_history',
        'job_history',
        'permissions',
      ]) {
        expect(await count(full, `SELECT 1 FROM ${table}`)).toBeGreaterThan(0);
      }
    } finally {
      await full.close();
    }
  });
});
