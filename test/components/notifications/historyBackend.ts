import { HttpResponse, http } from 'msw';
import type {
  NotificationSend,
  NotificationSummaryRow,
  SendRule,
} from '../../../src/api/schemas/notificationHistory';
import { server } from '../../support/msw';
import { minutesAgo } from '../../support/time';

export const CONFIG_ID = '018f4b8e-1111-7000-8000-000000000001';
export const COMPONENT_ID = '018f4b8e-3333-7000-8000-000000000001';
export const RULE_ID = '018f4b8e-cccc-7000-8000-000000000001';
export const SILENCE_ID = '018f4b8e-dddd-7000-8000-000000000001';
export const RUN_ID = '018f4b8e-bbbb-7000-8000-000000000001';
export const SEND_SENT = '018f4b8e-eeee-7000-8000-000000000001';
export const SEND_SILENCED = '018f4b8e-eeee-7000-8000-000000000002';
export const SEND_PLAYBOOK = '018f4b8e-eeee-7000-8000-000000000003';
export const SEND_FAILED = '018f4b8e-eeee-7000-8000-000000000004';
export const SEND_INHIBITED = '018f4b8e-eeee-7000-8000-000000000005';
/** A node's send (another resource) that inhibited `SEND_INHIBITED`. */
export const SEND_PARENT = '018f4b8e-eeee-7000-8000-000000000006';
export const NODE_ID = '018f4b8e-1111-7000-8000-000000000002';
export const MEMBER_ID = '018f4b8e-1111-7000-8000-000000000003';

const CONFIG = {
  id: CONFIG_ID,
  name: 'checkout-api',
  type: 'Kubernetes::Deployment',
  config_class: 'Deployment',
  health: 'unhealthy',
  status: 'Running',
  tags: { namespace: 'shop', cluster: 'prod' },
};

/** A config notified about often, and a component once. */
export function summaryRows(): NotificationSummaryRow[] {
  return [
    {
      resource: CONFIG,
      resource_type: 'Kubernetes::Deployment',
      resource_kind: 'config',
      resource_health: 'unhealthy',
      resource_status: 'Running',
      first_observed: minutesAgo(300),
      last_seen: minutesAgo(5),
      total: 4,
      sent: 1,
      error: 1,
      suppressed: 1,
      in_progress: 1,
      last_message: '## Deployment **checkout-api** is _unhealthy_',
    },
    {
      resource: {
        id: COMPONENT_ID,
        name: 'payments',
        type: 'Service',
        icon: 'server',
        health: 'healthy',
        status: 'healthy',
      },
      resource_type: 'Service',
      resource_kind: 'component',
      first_observed: minutesAgo(600),
      last_seen: minutesAgo(60),
      total: '7',
      sent: '7',
      error: 0,
      suppressed: 0,
      in_progress: 0,
      last_message: 'payments is healthy again',
    },
  ];
}

const BODY = [
  '## Deployment **checkout-api** is unhealthy',
  '',
  'See [dashboard](https://grafana.example.com/d/1) or [this](javascript:alert(1))',
  '<script>alert("x")</script>',
].join('\n');

/** The config's sends: sent, silenced, one that ran a playbook, one failed. */
export function sendRows(): NotificationSend[] {
  const base = {
    notification_id: RULE_ID,
    resource_id: CONFIG_ID,
    resource_type: 'Kubernetes::Deployment',
    resource_kind: 'config',
    resource: CONFIG,
    source_event: 'config.unhealthy',
  };
  return [
    {
      ...base,
      id: SEND_SENT,
      status: 'sent',
      body: BODY,
      duration_millis: 850,
      person_id: 'p-1',
      created_at: minutesAgo(5),
    },
    {
      ...base,
      id: SEND_SILENCED,
      status: 'silenced',
      body: 'muted',
      silenced_by: SILENCE_ID,
      created_at: minutesAgo(10),
    },
    {
      ...base,
      id: SEND_PLAYBOOK,
      status: 'pending_playbook_completion',
      playbook_run_id: RUN_ID,
      playbook_run: {
        id: RUN_ID,
        status: 'running',
        playbook_name: 'Restart deployment',
        playbook_id: 'pb-1',
      },
      created_at: minutesAgo(20),
    },
    {
      ...base,
      id: SEND_FAILED,
      status: 'error',
      error: 'slack: channel_not_found',
      duration_millis: 3200,
      created_at: minutesAgo(30),
    },
    {
      ...base,
      id: SEND_INHIBITED,
      status: 'inhibited',
      parent_id: SEND_PARENT,
      created_at: minutesAgo(40),
    },
  ];
}

/** The node's send that inhibited the config's, and stands for a group of two. */
export function parentSend(): NotificationSend {
  return {
    id: SEND_PARENT,
    notification_id: RULE_ID,
    resource_id: NODE_ID,
    resource_type: 'Kubernetes::Node',
    resource_kind: 'config',
    resource: { id: NODE_ID, name: 'node-a', type: 'Kubernetes::Node' },
    source_event: 'config.unhealthy',
    status: 'sent',
    body: 'stored body',
    group_id: 'g-1',
    created_at: minutesAgo(41),
  };
}

export const RULES: SendRule[] = [
  {
    id: RULE_ID,
    name: 'unhealthy-deployments',
    title: 'Unhealthy deployments',
    person: { id: 'p-1', name: 'Olga Oncall', email: 'olga@example.com', avatar: null },
  },
];

/** `a,!b` → what to keep. */
function matchesTriState(value: string | null | undefined, filter: string | null): boolean {
  if (!filter) return true;
  const items = filter.split(',');
  const include = items.filter((item) => !item.startsWith('!'));
  const exclude = items.filter((item) => item.startsWith('!')).map((item) => item.slice(1));
  if (exclude.includes(value ?? '')) return false;
  return include.length === 0 || include.includes(value ?? '');
}

/** What `GET /api/notification/send_history/{id}` adds to a send: the rendered body, a group. */
function sendDetail(send: NotificationSend) {
  if (send.id !== SEND_PARENT) return { ...send, body_markdown: send.body ?? '' };
  return {
    ...send,
    body_markdown: '**node-a** is unhealthy\n\nGrouped resources:\n- node-a\n- node-b',
    group: {
      id: 'g-1',
      member_count: 2,
      members: [
        { id: NODE_ID, kind: 'config', name: 'node-a', type: 'Kubernetes::Node' },
        { id: MEMBER_ID, kind: 'config', name: 'node-b', type: 'Kubernetes::Node' },
      ],
    },
  };
}

export interface HistoryBackendOptions {
  summary?: NotificationSummaryRow[];
  /** Resources on every page, when it differs from the rows given. */
  summaryTotal?: number;
  sends?: NotificationSend[];
  /** The bell's count of failed sends. */
  failedCount?: number;
}

/** msw handlers of NOTIF-06, NOTIF-07/08 and NOTIF-01, recording what they were asked. */
export function historyBackend(options: HistoryBackendOptions = {}) {
  const summary = options.summary ?? summaryRows();
  const sends = [...(options.sends ?? sendRows()), parentSend()];
  const recorded = {
    summaryBodies: [] as Array<Record<string, unknown>>,
    historyReads: [] as URL[],
    bellReads: [] as URL[],
    failSummary: undefined as string | undefined,
  };
  server.use(
    http.post('*/api/notification/summary', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      recorded.summaryBodies.push(body);
      if (recorded.failSummary) {
        return HttpResponse.json({ error: recorded.failSummary }, { status: 500 });
      }
      const size = Number(body.pageSize);
      const start = Number(body.pageIndex) * size;
      const search = typeof body.search === 'string' ? body.search.toLowerCase() : '';
      const rows = summary.filter((row) =>
        (row.resource?.name ?? '').toLowerCase().startsWith(search),
      );
      return HttpResponse.json({
        total: options.summaryTotal ?? rows.length,
        results: rows.slice(start, start + size),
      });
    }),
    http.get('*/api/db/notification_send_history_summary', ({ request }) => {
      const url = new URL(request.url);
      const params = url.searchParams;
      if (params.has('created_at.filter')) {
        recorded.bellReads.push(url);
        const count = options.failedCount ?? 0;
        return HttpResponse.json([], {
          headers: { 'Content-Range': count === 0 ? '*/0' : `0-0/${count}` },
        });
      }
      recorded.historyReads.push(url);
      let rows = sends.filter((send) => matchesTriState(send.status, params.get('status.filter')));
      const id = params.get('id');
      if (id) rows = rows.filter((send) => `eq.${send.id}` === id);
      const resourceId = params.get('resource_id');
      if (resourceId) rows = rows.filter((send) => `eq.${send.resource_id}` === resourceId);
      const parentId = params.get('parent_id');
      if (parentId) rows = rows.filter((send) => `eq.${send.parent_id}` === parentId);
      const total = rows.length;
      const offset = Number(params.get('offset') ?? 0);
      const limit = params.has('limit') ? Number(params.get('limit')) : rows.length;
      const page = rows.slice(offset, offset + limit);
      const range = page.length ? `${offset}-${offset + page.length - 1}` : '*';
      return HttpResponse.json(page, { headers: { 'Content-Range': `${range}/${total}` } });
    }),
    http.get('*/api/db/notifications_summary', () => HttpResponse.json(RULES)),
    http.get('*/api/notification/send_history/:id', ({ params }) => {
      const send = sends.find((row) => row.id === params.id);
      if (!send) return HttpResponse.json({ error: 'not found' }, { status: 404 });
      return HttpResponse.json(sendDetail(send));
    }),
    http.get('*/api/db/notification_send_history_resource_tags', () =>
      HttpResponse.json([
        { key: 'cluster', value: 'prod' },
        { key: 'namespace', value: 'shop' },
      ]),
    ),
    http.get('*/api/db/notification_send_history_resource_types', () =>
      HttpResponse.json([
        { resource_type: 'Kubernetes::Deployment' },
        { resource_type: 'Service' },
      ]),
    ),
  );
  return recorded;
}
