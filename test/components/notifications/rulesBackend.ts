import type { RuleSummary } from '../../../src/api/schemas/notificationRules';
import { paths } from '../../../src/shell/paths';
import { postgrestTable } from '../../support/postgrestTable';
import { pagesAt } from '../../support/renderPages';

export const SLACK_RULE = '018f4b8e-cccc-7000-8000-000000000001';
export const PERSON_RULE = '018f4b8e-cccc-7000-8000-000000000002';
export const TEAM_RULE = '018f4b8e-cccc-7000-8000-000000000003';
export const PLAYBOOK_RULE = '018f4b8e-cccc-7000-8000-000000000004';
export const CRD_RULE = '018f4b8e-cccc-7000-8000-000000000005';
export const PERSON_ID = '018f4b8e-aaaa-7000-8000-000000000001';
export const OTHER_PERSON_ID = '018f4b8e-aaaa-7000-8000-000000000002';

export const OLGA = {
  id: PERSON_ID,
  name: 'Olga Oncall',
  email: 'olga@example.com',
  avatar: null,
};

/** Five rules, one per kind of recipient and one from a CRD, newest first. */
export function ruleRows(): RuleSummary[] {
  return [
    {
      id: SLACK_RULE,
      name: 'checks-to-slack',
      namespace: 'default',
      title: 'Failing checks',
      events: ['check.failed', 'check.passed', 'config.unhealthy', 'config.warning'],
      filter: "check.type == 'http' && check.name.startsWith('api-')",
      source: 'UI',
      custom_services: [
        { name: 'slack', url: 'slack://xoxb-secret@C0123', properties: {} },
        {
          name: 'mail',
          url: 'smtp://smtp.example.com:587/?auth=Unknown&encryption=Auto',
          properties: { from: 'mc@example.com', to: 'ops@example.com' },
        },
      ],
      sent: 12,
      failed: '3',
      pending: 1,
      avg_duration_ms: 1530,
      most_common_error: 'slack: channel_not_found',
      job_status: 'FAILED',
      job_details: { errors: ['dial tcp: timeout'] },
      created_at: '2026-11-20T10:00:00Z',
      repeat_interval: '4h',
      wait_for: 300_000_000_000,
    },
    {
      id: PERSON_RULE,
      name: 'unhealthy-to-olga',
      namespace: 'default',
      events: ['config.unhealthy'],
      source: 'UI',
      person_id: PERSON_ID,
      person: OLGA,
      sent: 4,
      failed: 0,
      pending: 0,
      job_status: 'SUCCESS',
      created_at: '2026-11-19T10:00:00Z',
    },
    {
      id: TEAM_RULE,
      name: 'incidents-to-sre',
      namespace: 'ops',
      events: ['incident.created'],
      source: 'UI',
      team_id: 'team-1',
      team: { id: 'team-1', name: 'SRE', icon: 'group' },
      created_at: '2026-11-18T10:00:00Z',
    },
    {
      id: PLAYBOOK_RULE,
      name: 'restart-on-failure',
      namespace: 'default',
      events: ['config.unhealthy'],
      source: 'UI',
      playbook_id: 'pb-1',
      created_at: '2026-11-17T10:00:00Z',
    },
    {
      id: CRD_RULE,
      name: 'crd-rule',
      namespace: 'mission-control',
      events: ['check.failed'],
      source: 'KubernetesCRD',
      team_id: 'team-1',
      team: { id: 'team-1', name: 'SRE', icon: 'group' },
      created_at: '2026-11-16T10:00:00Z',
    },
  ];
}

export const RULES_PAGES = pagesAt(paths.notificationRules.path);

/**
 * NOTIF-01 over `notifications_summary`, NOTIF-02 to NOTIF-05 over `notifications` (the same
 * rules), the people the person picker finds and the playbook names of PB-01.
 */
export function rulesBackend(rows: RuleSummary[] = ruleRows()) {
  const summary = postgrestTable('notifications_summary', rows);
  const rules = postgrestTable(
    'notifications',
    rows.map((row) => ({ ...row })),
    {
      onInsert: (body) => ({ id: '018f4b8e-cccc-7000-8000-0000000000ff', ...body }),
    },
  );
  const people = postgrestTable('people', [
    { ...OLGA, deleted_at: null },
    {
      id: OTHER_PERSON_ID,
      name: 'Piotr Pager',
      email: 'piotr@example.com',
      avatar: null,
      deleted_at: null,
    },
  ]);
  const playbooks = postgrestTable('playbook_names', [
    { id: 'pb-1', name: 'restart', title: 'Restart deployment', icon: null, category: null },
  ]);
  return { summary, rules, people, playbooks };
}
