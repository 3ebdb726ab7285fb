import { playbookRunsRequest } from '../../../src/api/endpoints/playbooks';
import {
  actionType,
  bodyText,
  execOutput,
  httpOutput,
  logLines,
  notificationOutput,
  sqlOutput,
} from '../../../src/features/playbooks/runs/model/results';
import {
  NO_RESOURCE_FILTER,
  RUNS_FILTERS,
  RUN_POLL_MS,
  filteredResource,
  pollingFor,
  rerunArgs,
  resourceFilter,
  runDuration,
  runResource,
  runsArgs,
  specParameterTypes,
  statusLabel,
  statusTone,
} from '../../../src/features/playbooks/runs/model/runs';
import { expectAnswers } from '../../support/answers';

const NOW = new Date('2026-01-12T12:00:00Z');

describe('runs list filters', () => {
  it('reads and writes the filters, dropping empty values and the page', () => {
    const params = new URLSearchParams('playbook=p1&status=&pageIndex=3&sortBy=x');
    expect(RUNS_FILTERS.read(params)).toEqual({ playbook: 'p1' });
    const next = RUNS_FILTERS.write(params, { status: 'failed', playbook: undefined });
    expect(next.toString()).toBe('status=failed&sortBy=x');
    const ranged = RUNS_FILTERS.write(next, { timeRange: { type: 'relative', range: 'now-1h' } });
    expect(RUNS_FILTERS.read(ranged)).toEqual({
      status: 'failed',
      timeRange: { type: 'relative', range: 'now-1h' },
    });
    expect(RUNS_FILTERS.read(RUNS_FILTERS.write(ranged, { timeRange: undefined }))).toEqual({
      status: 'failed',
    });
  });

  it('narrows to one resource at a time, of any kind, in the address', () => {
    const params = new URLSearchParams('configId=c1&status=failed&pageIndex=2');
    expect(RUNS_FILTERS.read(params)).toEqual({ configId: 'c1', status: 'failed' });
    expect(filteredResource(RUNS_FILTERS.read(params))).toEqual({ kind: 'config', id: 'c1' });

    // Choosing a check replaces the config and goes back to the first page.
    const check = RUNS_FILTERS.write(params, resourceFilter({ kind: 'check', id: 'k1' }));
    expect(check.toString()).toBe('status=failed&checkId=k1');
    expect(RUNS_FILTERS.read(check)).toEqual({ status: 'failed', checkId: 'k1' });
    expect(filteredResource(RUNS_FILTERS.read(check))).toEqual({ kind: 'check', id: 'k1' });
    const component = RUNS_FILTERS.write(check, resourceFilter({ kind: 'component', id: 'x1' }));
    expect(component.toString()).toBe('status=failed&componentId=x1');

    expect(RUNS_FILTERS.write(component, NO_RESOURCE_FILTER).toString()).toBe('status=failed');
    expect(filteredResource({ status: 'failed' })).toBeUndefined();
    expect(RUNS_FILTERS.read(new URLSearchParams('checkId=%20'))).toEqual({});
  });

  it('sends the chosen check to PB-10, beside the other resource filters', () => {
    const args = runsArgs({ checkId: 'k1' }, { pageIndex: 0, pageSize: 50 }, NOW);
    expect(args).toEqual({ pageIndex: 0, pageSize: 50, checkId: 'k1' });
    const { url } = playbookRunsRequest({ ...args, status: 'failed' });
    expect(decodeURIComponent(url)).toMatch(
      /^\/api\/db\/playbook_runs\?check_id=eq\.k1&status=eq\.failed&parent_id=is\.null&/,
    );
  });

  it('makes PB-10 arguments, resolving the time range at now', () => {
    const args = runsArgs(
      {
        playbook: 'p1',
        status: 'running',
        configId: 'c1',
        timeRange: { type: 'relative', range: 'now-1h' },
      },
      { pageIndex: 2, pageSize: 25 },
      NOW,
    );
    expect(args).toEqual({
      pageIndex: 2,
      pageSize: 25,
      playbookId: 'p1',
      status: 'running',
      configId: 'c1',
      from: '2026-01-12T11:00:00.000Z',
      to: '2026-01-12T12:00:00.000Z',
    });
    // An unreadable range, or one without an end, sends none.
    for (const range of ['now-xx', 'indefinitely']) {
      expect(
        runsArgs({ timeRange: { type: 'relative', range } }, { pageIndex: 0, pageSize: 50 }, NOW),
      ).toEqual({ pageIndex: 0, pageSize: 50 });
    }
  });
});

describe('run status, duration and polling', () => {
  it('polls only while a run is not final', () => {
    expect(pollingFor(['completed', 'failed', 'cancelled', 'timed_out'])).toBe(0);
    expect(pollingFor(['completed', 'pending_approval'])).toBe(RUN_POLL_MS);
    expect(pollingFor([null])).toBe(RUN_POLL_MS);
    expect(pollingFor([])).toBe(0);
  });

  it('words and colours statuses', () => {
    expect(statusLabel('pending_approval')).toBe('Pending approval');
    expect(statusLabel(undefined)).toBe('Unknown');
    expectAnswers(statusTone, [
      ['failed', 'danger'],
      ['completed', 'success'],
      ['running', 'primary'],
      ['cancelled', 'none'],
    ]);
  });

  it('measures durations to the end, or to now while running', () => {
    expect(runDuration('2026-01-12T11:58:55Z', '2026-01-12T12:00:00Z')).toBe('1m 5s');
    expect(runDuration('2026-01-12T10:00:00Z', null, NOW)).toBe('2h');
    expect(runDuration('2026-01-12T12:00:00.000Z', '2026-01-12T12:00:00.250Z')).toBe('250ms');
    expect(runDuration(null, NOW)).toBe('');
    expect(runDuration(NOW, '2026-01-12T11:00:00Z')).toBe('');
  });
});

describe('run resources and re-runs', () => {
  it('finds the resource and the filter it allows', () => {
    const config = runResource({
      config_id: 'c1',
      config: { id: 'c1', name: 'api', type: 'K::Pod' },
    });
    expect(config).toEqual({
      kind: 'config',
      id: 'c1',
      name: 'api',
      type: 'K::Pod',
      configClass: undefined,
    });
    expect(resourceFilter(config!)).toEqual({
      configId: 'c1',
      componentId: undefined,
      checkId: undefined,
    });
    const check = runResource({ check_id: 'k1' });
    expect(check).toEqual({ kind: 'check', id: 'k1', name: 'k1', icon: undefined });
    expect(resourceFilter(check!)).toEqual({
      configId: undefined,
      componentId: undefined,
      checkId: 'k1',
    });
    expect(runResource({})).toBeUndefined();
  });

  it('runs the same playbook on the same resource with the same parameters', () => {
    expect(
      rerunArgs({
        playbook_id: 'p1',
        component_id: 'x',
        parameters: { n: 3, s: 'a', o: { k: 1 } },
      }),
    ).toEqual({
      playbookId: 'p1',
      resource: { kind: 'component', id: 'x' },
      params: { n: '3', s: 'a', o: '{"k":1}' },
    });
    expect(rerunArgs({ playbook_id: 'p1', parameters: {} })).toEqual({ playbookId: 'p1' });
    expect(rerunArgs({})).toBeUndefined();
  });
});

describe('action results', () => {
  const spec = {
    actions: [
      { name: 'a', exec: {} },
      { name: 'b', timeout: '1m', http: {} },
      { name: 'c', unknown: {} },
    ],
  };

  it('finds an action’s type in the spec', () => {
    expect(actionType(spec, 'a')).toBe('exec');
    expect(actionType(spec, 'b')).toBe('http');
    expect(actionType(spec, 'c')).toBeUndefined();
    expect(actionType(spec, 'missing')).toBeUndefined();
    expect(actionType(null, 'a')).toBeUndefined();
  });

  it('reads each type’s result, and refuses other shapes', () => {
    expect(execOutput({ stdout: 'out', exitCode: 2 })).toEqual({
      stdout: 'out',
      stderr: '',
      exitCode: 2,
    });
    expect(execOutput({ foo: 1 })).toBeUndefined();
    expect(httpOutput({ code: 200, headers: { A: ['1', '2'] }, body: '{"x":1}' })).toEqual({
      code: 200,
      headers: [['A', '1, 2']],
      body: '{\n  "x": 1\n}',
    });
    expect(httpOutput('text')).toBeUndefined();
    expect(sqlOutput({ rows: [{ a: 1 }, { b: 2 }] })).toEqual({
      columns: ['a', 'b'],
      rows: [{ a: 1 }, { b: 2 }],
    });
    expect(sqlOutput({ rows: [1] })).toBeUndefined();
    expect(logLines({ lines: [{ timestamp: 't', message: 'm' }, 'raw'] })).toEqual([
      { timestamp: 't', message: 'm' },
      { message: 'raw' },
    ]);
    expect(logLines('a\nb')).toEqual([{ message: 'a' }, { message: 'b' }]);
    expect(logLines({ other: 1 })).toBeUndefined();
    expect(notificationOutput({ title: 'T', message: 'M' })).toEqual({ title: 'T', message: 'M' });
    expect(notificationOutput({ title: 'T' })).toBeUndefined();
    expect(bodyText('plain')).toBe('plain');
    expect(bodyText('42')).toBe('42');
  });
});

describe('specParameterTypes', () => {
  it('reads each parameter’s type by name, text when it has none', () => {
    expect(
      specParameterTypes({
        parameters: [
          { name: 'configs', type: 'configs' },
          { name: 'note' },
          { type: 'duration' },
          'broken',
        ],
      }),
    ).toEqual({ configs: 'configs', note: 'text' });
    expect(specParameterTypes(undefined)).toEqual({});
    expect(specParameterTypes({ parameters: 'x' })).toEqual({});
  });
});
