import { storeFlowError } from '../../../../server/demo/identity/store/flowErrors';
import { EMBEDDED_DATABASE_HOST } from '../../../../server/demo/seed/settingsCatalog';
import type { SqlClient } from '../../../../server/demo/db/types';

/**
 * Ids and names from the seeded demo database, picked so that each request has something to
 * find (a config item with changes, a component with checks, a run with actions ...). Cases that
 * create records add theirs (`created`), and later cases update and delete those.
 */
export interface Fixtures {
  userId: string;
  personId: string;
  teamId: string;
  teamName: string;
  configId: string;
  configType: string;
  configChangeId: string;
  configChangeConfigId: string;
  /** A config change that has artifacts. */
  artifactChangeId: string;
  analysisId: string;
  analysisConfigId: string;
  /** A config item that incidents have evidence of (`incidents_by_config`). */
  incidentConfigId: string;
  componentId: string;
  componentWithChecksId: string;
  topologyId: string;
  checkId: string;
  canaryId: string;
  incidentId: string;
  hypothesisId: string;
  playbookId: string;
  configPlaybookId: string;
  playbookRunId: string;
  runActionId: string;
  /** A failed run and its failed action, for a retry from that action. */
  failedRun: { runId: string; actionId: string };
  artifactId: string;
  notificationId: string;
  notificationSendId: string;
  silenceId: string;
  permissionId: string;
  scopeId: string;
  agentId: string;
  connectionId: string;
  /** A connection the demo can test for real: the embedded database. */
  testableConnectionId: string;
  logBackendId: string;
  viewId: string;
  viewName: string;
  viewNamespace: string;
  applicationName: string;
  applicationNamespace: string;
  flowErrorId: string;
  /** A seeded kubernetes scraper, for Run Now (its source starts as its live items). */
  scraperId: string;
  /** Records the cases create, by what they are, for the cases that change or delete them. */
  created: Record<string, string>;
}

async function one(db: SqlClient, what: string, sql: string): Promise<Record<string, string>> {
  const { rows } = await db.query<Record<string, string>>(sql);
  const row = rows[0];
  if (!row) throw new Error(`the seeded demo database has no ${what} (${sql})`);
  return row;
}

async function id(db: SqlClient, what: string, sql: string): Promise<string> {
  const row = await one(db, what, sql);
  const value = Object.values(row)[0];
  if (typeof value !== 'string') throw new Error(`no id for ${what}`);
  return value;
}

export async function loadFixtures(db: SqlClient, userId: string): Promise<Fixtures> {
  const change = await one(
    db,
    'config change',
    `SELECT id, config_id FROM config_changes ORDER BY created_at DESC LIMIT 1`,
  );
  const analysis = await one(
    db,
    'config analysis',
    `SELECT id, config_id FROM config_analysis ORDER BY first_observed DESC LIMIT 1`,
  );
  const config = await one(
    db,
    'config item with changes',
    `SELECT c.id, c.type FROM config_items c
      WHERE c.deleted_at IS NULL AND c.type IS NOT NULL
        AND EXISTS (SELECT 1 FROM config_changes ch WHERE ch.config_id = c.id)
        AND EXISTS (SELECT 1 FROM config_relationships r WHERE r.config_id = c.id OR r.related_id = c.id)
      ORDER BY c.id LIMIT 1`,
  );
  const team = await one(db, 'team', `SELECT id, name FROM teams WHERE deleted_at IS NULL LIMIT 1`);
  const view = await one(
    db,
    'view',
    `SELECT id, name, coalesce(namespace, '') AS namespace FROM views WHERE deleted_at IS NULL ORDER BY name LIMIT 1`,
  );
  const application = await one(
    db,
    'application',
    `SELECT name, coalesce(namespace, '') AS namespace FROM applications WHERE deleted_at IS NULL LIMIT 1`,
  );
  const check = await one(
    db,
    'check with statuses',
    `SELECT c.id, c.canary_id FROM checks c
      WHERE c.deleted_at IS NULL AND EXISTS (SELECT 1 FROM check_statuses s WHERE s.check_id = c.id)
      ORDER BY c.id LIMIT 1`,
  );
  return {
    userId,
    personId: await id(
      db,
      'person',
      `SELECT id FROM people WHERE deleted_at IS NULL AND id <> '${userId}' AND email IS NOT NULL ORDER BY name LIMIT 1`,
    ),
    teamId: team.id!,
    teamName: team.name!,
    configId: config.id!,
    configType: config.type!,
    configChangeId: change.id!,
    configChangeConfigId: change.config_id!,
    artifactChangeId: await id(
      db,
      'config change with artifacts',
      `SELECT config_change_id AS id FROM artifacts
        WHERE config_change_id IS NOT NULL AND deleted_at IS NULL
        ORDER BY config_change_id LIMIT 1`,
    ),
    analysisId: analysis.id!,
    analysisConfigId: analysis.config_id!,
    incidentConfigId: await id(
      db,
      'config item with incidents',
      `SELECT config_id FROM incidents_by_config ORDER BY created_at DESC, config_id LIMIT 1`,
    ),
    componentId: await id(
      db,
      'component',
      `SELECT id FROM components WHERE deleted_at IS NULL AND parent_id IS NOT NULL ORDER BY id LIMIT 1`,
    ),
    componentWithChecksId: await id(
      db,
      'component with checks',
      `SELECT component_id FROM check_component_relationships WHERE deleted_at IS NULL LIMIT 1`,
    ),
    topologyId: await id(
      db,
      'topology',
      `SELECT id FROM components WHERE deleted_at IS NULL AND parent_id IS NULL ORDER BY id LIMIT 1`,
    ),
    checkId: check.id!,
    canaryId: check.canary_id!,
    incidentId: await id(
      db,
      'incident',
      `SELECT id FROM incidents ORDER BY created_at DESC LIMIT 1`,
    ),
    hypothesisId: await id(db, 'hypothesis', `SELECT id FROM hypotheses LIMIT 1`),
    playbookId: await id(
      db,
      'playbook',
      `SELECT id FROM playbooks WHERE deleted_at IS NULL ORDER BY name LIMIT 1`,
    ),
    configPlaybookId: await id(
      db,
      'playbook for config items',
      `SELECT id FROM playbooks WHERE deleted_at IS NULL AND spec ? 'configs' ORDER BY name LIMIT 1`,
    ),
    playbookRunId: await id(
      db,
      'playbook run with actions',
      `SELECT playbook_run_id FROM playbook_run_actions ORDER BY start_time DESC NULLS LAST LIMIT 1`,
    ),
    runActionId: await id(
      db,
      'playbook run action',
      `SELECT id FROM playbook_run_actions ORDER BY start_time DESC NULLS LAST LIMIT 1`,
    ),
    failedRun: {
      runId: await id(
        db,
        'failed playbook run',
        `SELECT r.id FROM playbook_runs r JOIN playbook_run_actions a ON a.playbook_run_id = r.id
          WHERE r.status = 'failed' AND a.status = 'failed' ORDER BY r.id LIMIT 1`,
      ),
      actionId: await id(
        db,
        'failed action of a failed run',
        `SELECT a.id FROM playbook_runs r JOIN playbook_run_actions a ON a.playbook_run_id = r.id
          WHERE r.status = 'failed' AND a.status = 'failed' ORDER BY r.id LIMIT 1`,
      ),
    },
    artifactId: await id(db, 'artifact', `SELECT id FROM artifacts LIMIT 1`),
    notificationId: await id(
      db,
      'notification rule',
      `SELECT id FROM notifications WHERE deleted_at IS NULL LIMIT 1`,
    ),
    notificationSendId: await id(
      db,
      'notification send',
      `SELECT id FROM notification_send_history ORDER BY created_at DESC LIMIT 1`,
    ),
    silenceId: await id(
      db,
      'silence',
      `SELECT id FROM notification_silences WHERE deleted_at IS NULL LIMIT 1`,
    ),
    permissionId: await id(
      db,
      'permission',
      `SELECT id FROM permissions WHERE deleted_at IS NULL LIMIT 1`,
    ),
    scopeId: await id(db, 'scope', `SELECT id FROM scopes WHERE deleted_at IS NULL LIMIT 1`),
    agentId: await id(
      db,
      'agent',
      `SELECT id FROM agents WHERE deleted_at IS NULL AND name <> 'local' LIMIT 1`,
    ),
    connectionId: await id(
      db,
      'connection',
      `SELECT id FROM connections WHERE deleted_at IS NULL LIMIT 1`,
    ),
    testableConnectionId: await id(
      db,
      'connection to the embedded database',
      `SELECT id FROM connections WHERE deleted_at IS NULL AND type = 'postgres' AND url LIKE '%@${EMBEDDED_DATABASE_HOST}:%' LIMIT 1`,
    ),
    logBackendId: await id(
      db,
      'log backend',
      `SELECT id FROM logging_backends WHERE deleted_at IS NULL LIMIT 1`,
    ),
    viewId: view.id!,
    viewName: view.name!,
    viewNamespace: view.namespace!,
    applicationName: application.name!,
    applicationNamespace: application.namespace!,
    flowErrorId: await storeFlowError(
      db,
      { code: 410, status: 'Gone', reason: 'The flow has expired.', message: 'flow expired' },
      new Date(),
    ),
    scraperId: await id(
      db,
      'kubernetes scraper',
      `SELECT id FROM config_scrapers WHERE deleted_at IS NULL AND name LIKE 'kubernetes-%' ORDER BY name LIMIT 1`,
    ),
    created: {},
  };
}
