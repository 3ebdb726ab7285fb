import { jobHistoryRequest } from '../../../src/api/endpoints/jobHistory';
import {
  DEFAULT_JOB_STATUS,
  DEFAULT_JOB_TIME_RANGE,
  RUN_DURATIONS,
  jobHistoryArgs,
  JOB_FILTERS,
  runDurationMs,
} from '../../../src/features/jobs/model/filters';
import { jobDuration, jobResourceHref } from '../../../src/features/jobs/model/jobRow';
import { jobStatusColor } from '../../../src/lib/jobStatus';
import { expectAnswers } from '../../support/answers';

const NOW = new Date('2026-03-10T12:00:00.000Z');

describe('run duration choices', () => {
  it('maps every offered choice to milliseconds', () => {
    expect(RUN_DURATIONS.map(({ value }) => [value, runDurationMs(value)])).toEqual([
      ['15s', 15_000],
      ['30s', 30_000],
      ['1m', 60_000],
      ['2m', 120_000],
      ['3m', 180_000],
      ['5m', 300_000],
      ['10m', 600_000],
      ['15m', 900_000],
    ]);
  });

  it('reads other units and gives nothing for none or nonsense', () => {
    expect(runDurationMs('60s')).toBe(60_000);
    expect(runDurationMs('none')).toBeUndefined();
    expect(runDurationMs('')).toBeUndefined();
    expect(runDurationMs('0s')).toBeUndefined();
    expect(runDurationMs(null)).toBeUndefined();
  });
});

describe('job history filters in the address', () => {
  it('defaults the status to SUCCESS:-1 and the range to the last 2 days', () => {
    const filters = JOB_FILTERS.read(new URLSearchParams(''));
    expect(filters.status).toEqual(DEFAULT_JOB_STATUS);
    expect(filters.name).toEqual({});
    expect(filters.timeRange).toEqual({ type: 'relative', range: 'now-2d' });
    expect(filters.runDuration).toBeUndefined();
  });

  it('keeps an explicitly cleared status as no status filter', () => {
    const params = JOB_FILTERS.write(new URLSearchParams('pageIndex=3'), { status: {} });
    expect(params.toString()).toBe('status=');
    expect(JOB_FILTERS.read(params).status).toEqual({});
  });

  it('writes the filters and goes back to the first page', () => {
    const params = JOB_FILTERS.write(new URLSearchParams('pageIndex=2&pageSize=50&tab=x'), {
      name: { 'Sync:canary': 1, Cleanup: -1 },
      status: { FAILED: 1 },
      runDuration: '1m',
      resourceType: 'canary',
      timeRange: { type: 'relative', range: 'now-1h' },
    });
    expect(params.get('pageIndex')).toBeNull();
    expect(params.get('pageSize')).toBe('50');
    expect(params.get('tab')).toBe('x');
    expect(params.get('name')).toBe('Sync____canary:1,Cleanup:-1');
    expect(params.get('status')).toBe('FAILED:1');
    expect(params.get('runDuration')).toBe('1m');
    expect(params.get('resource_type')).toBe('canary');
    expect(params.get('rangeType')).toBe('relative');
    expect(params.get('range')).toBe('now-1h');
    const read = JOB_FILTERS.read(params);
    expect(read.name).toEqual({ 'Sync:canary': 1, Cleanup: -1 });
    expect(read.resourceType).toBe('canary');

    const cleared = JOB_FILTERS.write(params, {
      name: {},
      runDuration: undefined,
      resourceType: undefined,
      timeRange: DEFAULT_JOB_TIME_RANGE,
    });
    expect(cleared.get('name')).toBeNull();
    expect(cleared.get('runDuration')).toBeNull();
    expect(cleared.get('resource_type')).toBeNull();
    expect(cleared.get('rangeType')).toBeNull();
  });
});

describe('JOB-01 arguments and request from the address', () => {
  it('uses the defaults for an empty address', () => {
    const args = jobHistoryArgs(new URLSearchParams(''));
    expect(args).toEqual({
      pageIndex: 0,
      pageSize: 150,
      name: {},
      status: { SUCCESS: -1 },
      timeRange: { type: 'relative', range: 'now-2d' },
    });
    const request = jobHistoryRequest(args, NOW);
    expect(request.prefer).toBe('count=exact');
    expect(decodeURIComponent(request.url)).toBe(
      '/api/db/job_histories?&select=*&limit=150&offset=0&status.filter=!SUCCESS' +
        '&order=created_at.desc' +
        '&and=(created_at.gt.2026-03-08T12:00:00.000Z,created_at.lt.2026-03-10T12:00:00.000Z)',
    );
  });

  it('sends every filter in the reference order', () => {
    const params = new URLSearchParams(
      'pageIndex=2&pageSize=50&sortBy=duration_millis&sortOrder=desc&name=a:1,b:-1' +
        '&status=FAILED:1&runDuration=30s&resource_type=topology' +
        '&rangeType=absolute&from=2026-03-01T00:00:00.000Z&to=2026-03-02T00:00:00.000Z',
    );
    const request = jobHistoryRequest(jobHistoryArgs(params), NOW);
    expect(decodeURIComponent(request.url)).toBe(
      '/api/db/job_histories?&select=*&limit=50&offset=100&resource_type.filter=topology' +
        '&name.filter=a,!b&status.filter=FAILED&order=duration_millis.desc' +
        '&and=(created_at.gt.2026-03-01T00:00:00.000Z,created_at.lt.2026-03-02T00:00:00.000Z)' +
        '&duration_millis=gte.30000',
    );
  });

  it("narrows to the table's resource, whatever type the address names", () => {
    const params = new URLSearchParams('resource_type=canary&status=');
    const args = jobHistoryArgs(params, { resourceType: 'config_scraper', resourceId: 'r-1' });
    expect(args.resourceType).toBe('config_scraper');
    expect(args.resourceId).toBe('r-1');
    const url = decodeURIComponent(jobHistoryRequest(args, NOW).url);
    expect(url).toContain(
      '?&select=*&limit=150&offset=0&resource_type.filter=config_scraper&resource_id=eq.r-1&order=',
    );
    expect(url).not.toContain('status.filter');
  });

  it('sends no range for a range without an end or one it cannot read', () => {
    const url = (query: string) =>
      jobHistoryRequest(jobHistoryArgs(new URLSearchParams(query)), NOW).url;
    expect(url('rangeType=relative&range=indefinitely')).not.toContain('and=');
    expect(url('rangeType=relative&range=garbage')).not.toContain('and=');
  });
});

describe('a job row', () => {
  it('links the resource by its type', () => {
    expect(jobResourceHref('canary', 'c1')).toBe('/settings/canaries/c1');
    expect(jobResourceHref('config_scraper', 's1')).toBe('/catalog/scrapers/s1');
    expect(jobResourceHref('catalog_scraper', 's2')).toBe('/catalog/scrapers/s2');
    expect(jobResourceHref('topology', 't1')).toBe('/settings/topologies/t1');
    expect(jobResourceHref('config', 'x1')).toBe('/catalog/x1');
    expect(jobResourceHref('playbook', 'p1')).toBe('/playbooks/p1');
    expect(jobResourceHref('team', 'm1')).toBeUndefined();
    expect(jobResourceHref('constructor', 'm1')).toBeUndefined();
    expect(jobResourceHref('canary', null)).toBeUndefined();
  });

  it('colours the status and words the duration', () => {
    expect(
      ['SUCCESS', 'WARNING', 'FAILED', 'RUNNING', 'STOPPED', 'odd'].map(jobStatusColor),
    ).toEqual(['green', 'orange', 'red', 'blue', 'grey', 'grey']);
    expectAnswers(jobDuration, [
      [850, '850ms'],
      [1_200, '1.2s'],
      [150_000, '2.5m'],
      [null, ''],
    ]);
  });
});
