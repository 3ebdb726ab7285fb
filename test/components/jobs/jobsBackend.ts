import { HttpResponse, http } from 'msw';
import type { JsonBodyType } from 'msw';
import type { JobHistoryRow } from '../../../src/api/schemas/jobHistory';
import { server } from '../../support/msw';
import { minutesAgo } from '../../support/time';

export const CANARY_ID = '018f4b8e-cccc-7000-8000-000000000001';
export const SCRAPER_ID = '018f4b8e-cccc-7000-8000-000000000002';
export const TOPOLOGY_ID = '018f4b8e-cccc-7000-8000-000000000003';
export const CONFIG_ID = '018f4b8e-cccc-7000-8000-000000000004';
export const PLAYBOOK_ID = '018f4b8e-cccc-7000-8000-000000000005';
export const AGENT_ID = '018f4b8e-aaaa-7000-8000-000000000009';

const row = (id: string, extra: Partial<JobHistoryRow>): JobHistoryRow => ({
  id,
  name: 'Job',
  success_count: 0,
  error_count: 0,
  details: {},
  hostname: 'mc-0',
  duration_millis: 1_000,
  resource_type: 'canary',
  resource_id: CANARY_ID,
  resource_name: 'http-checks',
  status: 'SUCCESS',
  time_start: minutesAgo(10),
  time_end: minutesAgo(9),
  created_at: minutesAgo(10),
  agent_id: AGENT_ID,
  agent: { id: AGENT_ID, name: 'edge-agent' },
  ...extra,
});

/**
 * One run of each resource type and status, with errors as text, a list and a map, a run with
 * only a scrape summary, one with only a reconcile summary, and one with no details.
 */
export function jobRows(): JobHistoryRow[] {
  return [
    row('job-text', {
      name: 'CanaryCheck',
      status: 'FAILED',
      error_count: 1,
      duration_millis: 850,
      details: { errors: 'connection refused' },
    }),
    row('job-list', {
      name: 'ConfigScraper',
      status: 'WARNING',
      resource_type: 'config_scraper',
      resource_id: SCRAPER_ID,
      resource_name: 'kubernetes-cluster',
      success_count: 40,
      error_count: 2,
      duration_millis: 150_000,
      details: {
        errors: ['pods is forbidden', 'timeout listing nodes'],
        scrape_summary: { 'Kubernetes::Pod': { added: 1, updated: 2, unchanged: 40 } },
      },
    }),
    row('job-map', {
      name: 'TopologyRun',
      status: 'FAILED',
      resource_type: 'topology',
      resource_id: TOPOLOGY_ID,
      resource_name: 'payments',
      details: { errors: { 'Kubernetes::Node/a': 'node not ready' }, summary: { processed: 3 } },
    }),
    row('job-scrape', {
      name: 'CatalogScraper',
      status: 'SUCCESS',
      resource_type: 'catalog_scraper',
      resource_id: SCRAPER_ID,
      resource_name: 'aws-account',
      details: {
        errors: [],
        scrape_summary: {
          'AWS::EC2::Instance': { added: 4, updated: 0, unchanged: 10 },
          'AWS::S3::Bucket': { added: 0, deleted: 1 },
        },
      },
    }),
    row('job-reconcile', {
      name: 'ConfigSync',
      status: 'RUNNING',
      resource_type: 'config',
      resource_id: CONFIG_ID,
      resource_name: 'checkout-api',
      details: { errors: {}, summary: { items: [{ id: 'a' }] } },
    }),
    row('job-empty', {
      name: 'PlaybookRun',
      status: 'STOPPED',
      resource_type: 'playbook',
      resource_id: PLAYBOOK_ID,
      resource_name: 'restart',
      agent: null,
      details: { errors: '', scrape_summary: {}, summary: null },
    }),
  ];
}

export const JOB_NAMES = ['CanaryCheck', 'ConfigScraper', 'TopologyRun'];

/** A request the fake answered, as sent. */
export interface JobsRead {
  /** The raw address, undecoded. */
  url: string;
  /** The query after `?`, decoded. */
  query: string;
  prefer: string | null;
}

/** Whether a value passes a `.filter` list (`a,!b`). */
function passes(value: string, filter: string | null): boolean {
  if (filter === null || filter === '') return true;
  const items = filter.split(',');
  const include = items.filter((item) => !item.startsWith('!'));
  const exclude = items.filter((item) => item.startsWith('!')).map((item) => item.slice(1));
  if (exclude.includes(value)) return false;
  return include.length === 0 || include.includes(value);
}

/**
 * `job_histories` (JOB-01) and `job_history_names` (JOB-02): the reads are recorded as sent;
 * answers apply the resource, name and status filters and report the total in
 * `Content-Range`. `fail` makes the next reads answer an error.
 */
export function jobsBackend(rows: JobHistoryRow[] = jobRows()) {
  const reads: JobsRead[] = [];
  const nameReads: string[] = [];
  let failures: Array<{ status: number; body: JsonBodyType }> = [];
  server.use(
    http.get('*/api/db/job_histories', ({ request }) => {
      const url = new URL(request.url);
      reads.push({
        url: request.url,
        query: decodeURIComponent(url.search.slice(1)),
        prefer: request.headers.get('Prefer'),
      });
      const failure = failures.shift();
      if (failure) return HttpResponse.json(failure.body, { status: failure.status });
      const params = url.searchParams;
      const resourceId = params.get('resource_id')?.replace(/^eq\./, '');
      const matched = rows.filter(
        (job) =>
          passes(job.resource_type ?? '', params.get('resource_type.filter')) &&
          passes(job.name ?? '', params.get('name.filter')) &&
          passes(job.status ?? '', params.get('status.filter')) &&
          (!resourceId || job.resource_id === resourceId),
      );
      const range = matched.length === 0 ? '*' : `0-${matched.length - 1}`;
      return HttpResponse.json(matched, {
        headers: { 'Content-Range': `${range}/${matched.length}` },
      });
    }),
    http.get('*/api/db/job_history_names', ({ request }) => {
      nameReads.push(decodeURIComponent(new URL(request.url).search.slice(1)));
      return HttpResponse.json(JOB_NAMES.map((name) => ({ name })));
    }),
  );
  return {
    reads,
    nameReads,
    /** The last JOB-01 read. */
    last: () => reads[reads.length - 1]!,
    fail: (status: number, body: JsonBodyType, times = 1) => {
      failures = Array.from({ length: times }, () => ({ status, body }));
    },
  };
}
