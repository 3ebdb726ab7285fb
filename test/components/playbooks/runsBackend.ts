import { HttpResponse, http } from 'msw';
import type {
  PlaybookName,
  PlaybookRunAction,
  PlaybookRunActionDetail,
  PlaybookRunDetail,
} from '../../../src/api/schemas/playbooks';
import { server } from '../../support/msw';
import { postgrestTable } from '../../support/postgrestTable';
import { resourceSearch } from '../../support/resourceSearch';
import { minutesAgo } from '../../support/time';

export const RESTART_ID = '018f4b8e-aaaa-7000-8000-000000000001';
export const SCALE_ID = '018f4b8e-aaaa-7000-8000-000000000002';
export const CONFIG_ID = '018f4b8e-1111-7000-8000-000000000001';
export const COMPONENT_ID = '018f4b8e-3333-7000-8000-000000000001';
export const CHECK_ID = '018f4b8e-4444-7000-8000-000000000001';

export const RUN_DONE = '018f4b8e-bbbb-7000-8000-000000000001';
export const RUN_LIVE = '018f4b8e-bbbb-7000-8000-000000000002';
export const RUN_CHECK = '018f4b8e-bbbb-7000-8000-000000000003';
export const RUN_CHILD = '018f4b8e-bbbb-7000-8000-000000000004';
export const NEW_RUN = '018f4b8e-bbbb-7000-8000-0000000000ff';

/** The person the playbooks' spec names as approver. */
export const APPROVER_EMAIL = 'cleo.commander@example.com';

const SPEC = {
  actions: [
    { name: 'restart', exec: { script: 'kubectl rollout restart' } },
    { name: 'probe', http: { url: 'http://svc' } },
    { name: 'query', sql: { query: 'select 1' } },
    { name: 'tail', logs: { loki: {} } },
    { name: 'notify', notification: { title: 'Done' } },
    { name: 'open-pr', gitops: { repo: {} } },
  ],
  approval: { approvers: { people: [APPROVER_EMAIL] } },
};

export const PLAYBOOK_NAMES: PlaybookName[] = [
  { id: RESTART_ID, name: 'restart-deployment', title: 'Restart deployment', icon: 'kubernetes' },
  { id: SCALE_ID, name: 'scale', title: 'Scale', icon: 'kubernetes' },
];

const ADA = { id: 'ada', name: 'Ada Lovelace', avatar: null, email: 'ada@example.com' };

/** A completed run on a config, a running one on a component, and a failed one on a check. */
export function runRows(): PlaybookRunDetail[] {
  return [
    {
      id: RUN_LIVE,
      playbook_id: SCALE_ID,
      status: 'pending_approval',
      created_at: minutesAgo(1),
      component_id: COMPONENT_ID,
      parent_id: null,
      created_by: ADA,
      parameters: {},
      playbooks: { id: SCALE_ID, name: 'scale', title: 'Scale', spec: SPEC },
      component: { id: COMPONENT_ID, name: 'payments', icon: 'server' },
    },
    {
      id: RUN_DONE,
      playbook_id: RESTART_ID,
      status: 'completed',
      created_at: minutesAgo(30),
      start_time: minutesAgo(30),
      end_time: minutesAgo(28),
      config_id: CONFIG_ID,
      parent_id: null,
      created_by: ADA,
      parameters: { replicas: '3', reason: 'rollout' },
      playbooks: {
        id: RESTART_ID,
        name: 'restart-deployment',
        title: 'Restart deployment',
        spec: SPEC,
      },
      config: {
        id: CONFIG_ID,
        name: 'checkout-api',
        type: 'Kubernetes::Deployment',
        config_class: 'Deployment',
      },
    },
    {
      id: RUN_CHECK,
      playbook_id: RESTART_ID,
      status: 'failed',
      created_at: minutesAgo(60),
      start_time: minutesAgo(60),
      end_time: minutesAgo(59),
      check_id: CHECK_ID,
      parent_id: null,
      error: 'boom',
      playbooks: {
        id: RESTART_ID,
        name: 'restart-deployment',
        title: 'Restart deployment',
        spec: SPEC,
      },
      check: { id: CHECK_ID, name: 'http-probe', icon: 'http' },
    },
    {
      id: RUN_CHILD,
      playbook_id: RESTART_ID,
      status: 'completed',
      created_at: minutesAgo(29),
      parent_id: RUN_DONE,
      config_id: CONFIG_ID,
      playbooks: {
        id: RESTART_ID,
        name: 'restart-deployment',
        title: 'Restart deployment',
        spec: SPEC,
      },
      config: { id: CONFIG_ID, name: 'checkout-api-child', type: 'Kubernetes::Pod' },
    },
  ];
}

const action = (
  id: string,
  name: string,
  result: unknown,
  extra: Partial<PlaybookRunActionDetail> = {},
): PlaybookRunActionDetail => ({
  id,
  name,
  playbook_run_id: RUN_DONE,
  status: 'completed',
  start_time: minutesAgo(30),
  end_time: minutesAgo(29),
  result,
  artifacts: [],
  playbook_run: { spec: SPEC },
  ...extra,
});

/** One action of each type of the completed run. */
export function actionRows(): PlaybookRunActionDetail[] {
  return [
    action(
      'a-exec',
      'restart',
      { stdout: 'deployment restarted', stderr: 'warning: deprecated flag', exitCode: 0 },
      {
        artifacts: [
          { id: 'art-1', filename: 'output.txt', size: 2048, playbook_run_action_id: 'a-exec' },
        ],
      },
    ),
    action('a-http', 'probe', {
      code: 503,
      headers: { 'Content-Type': 'application/json' },
      body: '{"ok":false}',
    }),
    action('a-sql', 'query', {
      rows: [
        { type: 'Kubernetes::Pod', count: 12 },
        { type: 'AWS::EC2::Instance', count: 4 },
      ],
      count: 2,
    }),
    action('a-logs', 'tail', {
      lines: [{ timestamp: '2026-01-12T10:00:00Z', message: 'diff: replicas 2 → 3' }],
    }),
    action('a-notify', 'notify', { title: 'Restarted', message: 'checkout-api was restarted' }),
    action('a-pr', 'open-pr', { url: 'https://git.example/pr/1' }),
  ];
}

/** The action of `RUN_CHECK` that failed (in `failedRunActions`). */
export const FAILED_ACTION = 'c-migrate';

/** `RUN_CHECK`'s actions once it failed: two done, the third failed, the rest skipped. */
export function failedRunActions(): PlaybookRunActionDetail[] {
  const at = '2030-01-01T00:00:00Z';
  const base = { playbook_run_id: RUN_CHECK, start_time: at, end_time: at, artifacts: [] };
  return [
    {
      ...base,
      id: 'c-fetch',
      name: 'fetch-release',
      status: 'completed',
      result: { stdout: 'ok' },
    },
    { ...base, id: 'c-check', name: 'preflight', status: 'completed', result: { stdout: 'ok' } },
    {
      ...base,
      id: FAILED_ACTION,
      name: 'apply-migrations',
      status: 'failed',
      error: 'exit status 75',
      result: { stdout: '', stderr: 'command failed with exit code 75', exitCode: 75 },
    },
    { ...base, id: 'c-rollout', name: 'rollout', status: 'skipped' },
  ];
}

export interface RunsBackend {
  runs: ReturnType<typeof postgrestTable<PlaybookRunDetail>>;
  actions: PlaybookRunActionDetail[];
  /** Posts to the playbook routes, as `METHOD path` with their bodies. */
  posts: Array<{ path: string; body: unknown }>;
  /** Makes PB-14 answer 403 with the server's words. */
  refuseApproval: (message: string) => void;
}

/** The playbook tables and routes the runs pages call, answering from the fixtures above. */
export function runsBackend(): RunsBackend {
  const runs = postgrestTable<PlaybookRunDetail>('playbook_runs', runRows());
  postgrestTable<PlaybookName>('playbook_names', PLAYBOOK_NAMES);
  // The resources the runs ran on, as MISC-03 finds them (the toolbar names a filtered one).
  resourceSearch({
    configs: [{ id: CONFIG_ID, name: 'checkout-api', type: 'Kubernetes::Deployment' }],
    components: [{ id: COMPONENT_ID, name: 'payments' }],
    checks: [{ id: CHECK_ID, name: 'http-probe' }],
  });
  const actions = actionRows();
  const posts: RunsBackend['posts'] = [];
  let approvalRefusal: string | undefined;
  const listed = (runId: string): PlaybookRunAction[] =>
    actions
      .filter((row) => row.playbook_run_id === runId)
      .map(({ playbook_run: _spec, ...row }) => row);
  server.use(
    http.get('*/api/db/rpc/get_playbook_run_actions', ({ request }) => {
      const runId = new URL(request.url).searchParams.get('run_id') ?? '';
      return HttpResponse.json(listed(runId));
    }),
    http.get('*/api/db/playbook_run_actions', ({ request }) => {
      const url = new URL(request.url);
      const id = url.searchParams.get('id')?.replace(/^eq\./, '');
      return HttpResponse.json(actions.filter((row) => row.id === id));
    }),
    http.post('*/api/playbook/run/approve/:id', ({ params }) => {
      posts.push({ path: `approve/${String(params.id)}`, body: null });
      if (approvalRefusal) return HttpResponse.json({ error: approvalRefusal }, { status: 403 });
      return HttpResponse.json({ message: 'playbook run approved' });
    }),
    http.post('*/api/playbook/run/cancel/:id', ({ params }) => {
      posts.push({ path: `cancel/${String(params.id)}`, body: null });
      const row = runs.rows.find((run) => run.id === params.id);
      if (row) row.status = 'cancelled';
      return HttpResponse.json({ message: 'playbook run cancelled' });
    }),
    http.post('*/api/playbook/run', async ({ request }) => {
      posts.push({ path: 'run', body: await request.json() });
      return HttpResponse.json({ run_id: NEW_RUN, starts_at: minutesAgo(0) }, { status: 201 });
    }),
  );
  return {
    runs,
    actions,
    posts,
    refuseApproval: (message) => {
      approvalRefusal = message;
    },
  };
}
