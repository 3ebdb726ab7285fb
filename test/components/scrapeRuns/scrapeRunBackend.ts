import { HttpResponse, http } from 'msw';
import type { ScrapeRunPayload } from '../../../src/api/schemas/scrapeRuns';
import { server } from '../../support/msw';
import { postgrestTable } from '../../support/postgrestTable';
import type { PostgrestTable } from '../../support/postgrestTable';

export const SCRAPER_ID = '0193bbbb-0000-7000-8000-000000000001';
export const OTHER_SCRAPER_ID = '0193bbbb-0000-7000-8000-000000000002';
export const RUN_ID = '0193cccc-0000-7000-8000-000000000001';
export const ARTIFACT_ID = '0193dddd-0000-7000-8000-000000000001';

export const RUN_START = '2026-11-20T10:00:00.000Z';
export const RUN_END = '2026-11-20T10:01:00.000Z';
const BEFORE = '2026-11-19T08:00:00.000Z';
const DURING = (seconds: number) => `2026-11-20T10:00:${String(seconds).padStart(2, '0')}.000Z`;

const ESC = '\u001b';

export interface RunRow {
  id: string;
  name: string;
  status: string;
  resource_type: string;
  resource_id: string;
  success_count: number;
  error_count: number;
  duration_millis: number | null;
  time_start: string;
  time_end: string | null;
  created_at: string;
  details: Record<string, unknown>;
}

export function runRow(extra: Partial<RunRow> = {}): RunRow {
  return {
    id: RUN_ID,
    name: 'Scraper',
    status: 'SUCCESS',
    resource_type: 'config_scraper',
    resource_id: SCRAPER_ID,
    success_count: 7,
    error_count: 1,
    duration_millis: 60_000,
    time_start: RUN_START,
    time_end: RUN_END,
    created_at: RUN_START,
    details: {
      scrape_summary: {
        config_types: {
          'Kubernetes::Pod': { added: 2, updated: 1, unchanged: 3, changes: 4 },
          'Kubernetes::Deployment': { deleted: 1 },
        },
      },
      errors: { 'pod/broken': 'forbidden: cannot list pods' },
    },
    ...extra,
  };
}

interface ItemRow {
  id: string;
  name: string;
  type: string;
  health: string | null;
  status: string | null;
  scraper_id: string;
  created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
}

const item = (n: number, name: string, times: Partial<ItemRow>): ItemRow => ({
  id: `0193eeee-0000-7000-8000-${String(n).padStart(12, '0')}`,
  name,
  type: 'Kubernetes::Pod',
  health: 'healthy',
  status: 'Running',
  scraper_id: SCRAPER_ID,
  created_at: BEFORE,
  updated_at: BEFORE,
  deleted_at: null,
  ...times,
});

/** Two created, one updated, three unchanged, one deleted, and an item of another scraper. */
export const ITEMS: ItemRow[] = [
  item(1, 'web-new-1', { created_at: DURING(10), updated_at: DURING(10) }),
  item(2, 'web-new-2', { created_at: DURING(20), updated_at: DURING(20) }),
  item(3, 'api-changed', { updated_at: DURING(30), health: 'unhealthy', status: 'CrashLoop' }),
  item(4, 'db-same', {}),
  item(5, 'cache-same', { updated_at: null }),
  item(6, 'queue-same', {}),
  item(7, 'old-deployment', {
    type: 'Kubernetes::Deployment',
    updated_at: DURING(40),
    deleted_at: DURING(40),
  }),
  item(8, 'not-ours', { scraper_id: OTHER_SCRAPER_ID, created_at: DURING(15) }),
];

const snapshot = (pods: number, users: number) => ({
  captured_at: RUN_START,
  run_started_at: RUN_START,
  per_scraper: { 'kubernetes-cluster': { total: pods } },
  per_config_type: { 'Kubernetes::Pod': { total: pods, updated_last: 3 } },
  external_users: { total: users },
  external_groups: { total: 1 },
  external_roles: { total: 1 },
  external_user_groups: { total: 0 },
  config_access: { total: 2 },
  config_access_logs: { total: 0 },
});

/** A payload with every capture. */
export function fullPayload(): ScrapeRunPayload {
  return {
    scraper_id: SCRAPER_ID,
    scraper_name: 'kubernetes-cluster',
    started_at: RUN_START,
    finished_at: RUN_END,
    results: {
      configs: [],
      external_users: [
        {
          id: 'u1',
          name: 'alice',
          aliases: ['alice@corp'],
          user_type: 'human',
          email: 'alice@corp.io',
          created_at: RUN_START,
        },
        { id: 'u2', name: 'deploy-bot', aliases: [], user_type: 'service', created_at: RUN_START },
      ],
      external_groups: [
        {
          id: 'g1',
          name: 'platform-admins',
          aliases: [],
          group_type: 'team',
          created_at: RUN_START,
        },
      ],
      external_roles: [
        {
          id: 'r1',
          name: 'cluster-admin',
          aliases: [],
          role_type: 'ClusterRole',
          description: 'Everything',
          created_at: RUN_START,
        },
      ],
      config_access: [
        {
          id: 'a1',
          config_id: ITEMS[0]!.id,
          external_config_id: { config_type: 'Kubernetes::Pod', external_id: 'default/web-new-1' },
          external_user_id: 'u1',
          external_role_id: 'r1',
          created_at: RUN_START,
        },
        {
          id: 'a2',
          external_config_id: { config_type: 'Kubernetes::Pod', external_id: 'default/api' },
          external_group_id: 'g1',
          created_at: RUN_START,
        },
      ],
      config_access_logs: [
        {
          external_config_id: { config_type: 'Kubernetes::Pod', external_id: 'default/api' },
          external_user_aliases: ['alice@corp'],
          created_at: RUN_START,
          mfa: true,
          count: 5,
        },
      ],
    },
    save_summary: {
      config_types: {},
      external_users: { scraped: 2, saved: 2 },
      config_access: { scraped: 2, saved: 1, skipped: 1 },
    },
    snapshot_pair: {
      before: snapshot(5, 3),
      after: snapshot(7, 2),
      diff: snapshot(2, -1),
    },
    har: [
      {
        startedDateTime: RUN_START,
        time: 42,
        request: {
          method: 'GET',
          url: 'https://kube.example/api/v1/pods',
          httpVersion: 'HTTP/1.1',
          headers: [{ name: 'Accept', value: 'application/json' }],
          queryString: [],
          bodySize: 0,
        },
        response: {
          status: 200,
          statusText: 'OK',
          httpVersion: 'HTTP/1.1',
          headers: [{ name: 'Content-Type', value: 'application/json' }],
          content: {
            size: 2048,
            mimeType: 'application/json',
            text: '{"kind":"PodList","items":[]}',
          },
          bodySize: 2048,
        },
      },
      {
        startedDateTime: RUN_START,
        time: 12,
        request: {
          method: 'GET',
          url: 'https://kube.example/apis/apps/v1/deployments',
          httpVersion: 'HTTP/1.1',
          headers: [{ name: 'Authorization', value: 'Bearer [redacted]' }],
          queryString: [],
        },
        response: {
          status: 403,
          statusText: 'Forbidden',
          httpVersion: 'HTTP/1.1',
          headers: [{ name: 'X-Reason', value: 'rbac' }],
          content: {
            size: 35,
            mimeType: 'application/json',
            text: '{"reason":"Forbidden","code":403}',
          },
        },
      },
    ],
    logs: [
      `${ESC}[32mINFO${ESC}[0m starting scrape`,
      `${ESC}[1;31mERROR${ESC}[0m forbidden: cannot list pods`,
      `${ESC}[90mDEBUG${ESC}[0m done in 60s`,
      '',
    ].join('\n'),
  };
}

export interface ScrapeRunBackend {
  runs: PostgrestTable<RunRow>;
  items: PostgrestTable<ItemRow>;
  artifacts: PostgrestTable<Record<string, unknown>>;
  downloads: string[];
}

export interface BackendOptions {
  run?: RunRow;
  /** The artifact's payload; null: the run kept no artifact. */
  payload?: ScrapeRunPayload | null;
  /** When the scraper was last saved. */
  scraperUpdatedAt?: string;
}

/** The run, its artifact and payload, the scraper and its items, answered by msw. */
export function scrapeRunBackend(options: BackendOptions = {}): ScrapeRunBackend {
  const payload = options.payload === undefined ? fullPayload() : options.payload;
  const runs = postgrestTable('job_history', [options.run ?? runRow()]);
  const items = postgrestTable('config_items', ITEMS);
  const artifacts = postgrestTable<Record<string, unknown>>(
    'artifacts',
    payload
      ? [
          {
            id: ARTIFACT_ID,
            job_history_id: RUN_ID,
            filename: 'summary.json.gz',
            path: `scrape-runs/${SCRAPER_ID}/${RUN_ID}/summary.json.gz`,
            content_type: 'application/gzip',
            size: 900,
            created_at: RUN_END,
            deleted_at: null,
          },
        ]
      : [],
  );
  postgrestTable('config_scrapers', [
    {
      id: SCRAPER_ID,
      name: 'kubernetes-cluster',
      spec: { kubernetes: [{ clusterName: 'demo', exclusions: { name: ['junk'] } }] },
      created_at: BEFORE,
      updated_at: options.scraperUpdatedAt ?? BEFORE,
      deleted_at: null,
    },
  ]);
  const downloads: string[] = [];
  server.use(
    http.get('*/api/artifacts/download/:id', ({ params }) => {
      downloads.push(String(params.id));
      // jsdom has no DecompressionStream: the payload is served as plain JSON.
      return params.id === ARTIFACT_ID && payload
        ? HttpResponse.json(payload)
        : HttpResponse.json({ error: 'not found' }, { status: 404 });
    }),
  );
  return { runs, items, artifacts, downloads };
}
