import {
  artifactDownloadUrl,
  mergePlaybookTitles,
  playbookNamesRequest,
  playbookParamsRequest,
  playbookRequest,
  playbookRunActionRequest,
  playbookRunActionsRequest,
  playbookRunRequest,
  playbookRunsRequest,
  playbookTitlesRequest,
  runFailure,
  runPlaybookRequest,
  runnablePlaybooksRequest,
  splitRun,
} from '../../../src/api/endpoints/playbooks';
import { ERROR_MESSAGES, httpError, networkError } from '../../../src/api/errors';
import type { PlaybookRunDetail } from '../../../src/api/schemas/playbooks';
import {
  needsResource,
  playbookRunPath,
  resourceKinds,
} from '../../../src/features/playbooks/model/resources';
import { decodedUrl as decoded } from '../support/requests';

describe('playbook requests follow api.md §12', () => {
  it('PB-01', () => {
    expect(decoded(playbookNamesRequest().url)).toBe(
      '/api/db/playbook_names?select=id,name,title,icon,category&order=title.asc',
    );
  });

  it('PB-02 and PB-03', () => {
    expect(decoded(playbookRequest('pb-1').url)).toBe(
      '/api/db/playbooks?id=eq.pb-1&select=*,created_by(id,name,avatar,email)',
    );
    expect(decoded(playbookTitlesRequest(['a', 'b']).url)).toBe(
      '/api/db/playbooks?id=in.(a,b)&select=id,title,spec',
    );
  });

  it('PB-07 sends the one resource key, not encoded', () => {
    expect(runnablePlaybooksRequest({ kind: 'config', id: 'c-1' }).url).toBe(
      '/api/playbook/list?config_id=c-1',
    );
    expect(runnablePlaybooksRequest({ kind: 'check', id: 'k-1' }).url).toBe(
      '/api/playbook/list?check_id=k-1',
    );
  });

  it('PB-08 posts the playbook id and the resource id', () => {
    expect(
      playbookParamsRequest({ playbookId: 'pb-1', resource: { kind: 'component', id: 'x' } }),
    ).toMatchObject({
      url: '/api/playbook/pb-1/params',
      method: 'POST',
      body: { id: 'pb-1', component_id: 'x' },
    });
    expect(playbookParamsRequest({ playbookId: 'pb-1' }).body).toEqual({ id: 'pb-1' });
  });

  it('PB-09 posts the id, the resource id and the params', () => {
    expect(
      runPlaybookRequest({
        playbookId: 'pb-1',
        resource: { kind: 'config', id: 'c-1' },
        params: { replicas: '2' },
      }),
    ).toMatchObject({
      url: '/api/playbook/run',
      method: 'POST',
      body: { id: 'pb-1', config_id: 'c-1', params: { replicas: '2' } },
    });
    expect(runPlaybookRequest({ playbookId: 'pb-1' }).body).toEqual({ id: 'pb-1' });
  });

  it('PB-10 sends its parameters in api.md order, with a count', () => {
    const request = playbookRunsRequest({
      pageIndex: 2,
      pageSize: 50,
      componentId: 'co-1',
      configId: 'c-1',
      status: 'failed',
      playbookId: 'pb-1',
      from: '2024-05-01T00:00:00Z',
      to: '2024-05-02T00:00:00Z',
    });
    expect(request.prefer).toBe('count=exact');
    expect(decoded(request.url)).toBe(
      '/api/db/playbook_runs?component_id=eq.co-1&config_id=eq.c-1&status=eq.failed' +
        '&parent_id=is.null&limit=50&offset=100&order=created_at.desc' +
        '&or=(and(start_time.gte.2024-05-01T00:00:00Z,start_time.lte.2024-05-02T00:00:00Z),' +
        'and(created_at.gte.2024-05-01T00:00:00Z,created_at.lte.2024-05-02T00:00:00Z))' +
        '&playbook_id=eq.pb-1' +
        '&select=*,created_by(id,name,avatar),playbooks(id,name,title,spec,icon),' +
        'component:components(id,name,icon),check:checks(id,name,icon),' +
        'config:config_items(id,name,type,config_class)',
    );
  });

  it('PB-10 leaves out unset filters and a half-known time range', () => {
    const url = decoded(
      playbookRunsRequest({ pageIndex: 0, pageSize: 25, from: '2024-05-01T00:00:00Z' }).url,
    );
    expect(url).toMatch(
      /^\/api\/db\/playbook_runs\?parent_id=is\.null&limit=25&offset=0&order=created_at\.desc&select=/,
    );
    expect(url).not.toContain('or=');
  });

  it('PB-11, PB-12 and PB-13', () => {
    expect(decoded(playbookRunRequest('r-1').url)).toBe(
      '/api/db/playbook_runs?or=(id.eq.r-1,parent_id.eq.r-1)&select=*,created_by(id,name,avatar,email),' +
        'playbooks(id,name,title,spec),component:components(id,name,icon),' +
        'config:config_items(id,name,type,config_class),check:checks(id,name,icon),' +
        'playbook_approvals(*, person_id(id,name,avatar,email), team_id(*))',
    );
    expect(playbookRunActionsRequest('r-1').url).toBe(
      '/api/db/rpc/get_playbook_run_actions?run_id=r-1',
    );
    expect(decoded(playbookRunActionRequest('a-1').url)).toBe(
      '/api/db/playbook_run_actions?id=eq.a-1&select=*,artifacts:artifacts(*)::jsonb,playbook_run:playbook_runs(spec)',
    );
  });

  it('MISC-04', () => {
    expect(artifactDownloadUrl('art-1')).toBe('/api/artifacts/download/art-1');
    expect(artifactDownloadUrl('art-1', 'cost & usage #1.csv')).toBe(
      '/api/artifacts/download/art-1?filename=cost%20%26%20usage%20%231.csv',
    );
    expect(artifactDownloadUrl('art-1', '')).toBe('/api/artifacts/download/art-1');
  });
});

describe('PB-09 failure message (spec 002 §8)', () => {
  it("is the server's error field", () => {
    expect(runFailure(httpError(400, { error: 'invalid params', message: 'oops' })).message).toBe(
      'invalid params',
    );
  });

  it('falls back to the generic message, even when the body has a message', () => {
    expect(runFailure(httpError(500, { message: 'internal' })).message).toBe(
      ERROR_MESSAGES.generic,
    );
    expect(runFailure(httpError(500, '')).message).toBe(ERROR_MESSAGES.generic);
    expect(runFailure(httpError(500, { error: '  ' })).message).toBe(ERROR_MESSAGES.generic);
  });

  it('keeps the words of a failure without an answer', () => {
    expect(runFailure(networkError()).message).toBe(ERROR_MESSAGES.network);
  });
});

describe('PB-07 with PB-03', () => {
  it('takes the title and the spec icon from PB-03, else the name', () => {
    expect(
      mergePlaybookTitles(
        [
          { id: 'a', name: 'restart' },
          { id: 'b', name: 'scale', title: 'Scale', icon: 'k8s' },
        ],
        [{ id: 'a', title: 'Restart Deployment', spec: { icon: 'refresh' } }],
      ),
    ).toEqual([
      {
        id: 'a',
        name: 'restart',
        title: 'Restart Deployment',
        spec: { icon: 'refresh' },
        icon: 'refresh',
      },
      { id: 'b', name: 'scale', title: 'Scale', icon: 'k8s', spec: undefined },
    ]);
  });
});

describe('PB-11 split', () => {
  it('tells the run from its children', () => {
    const rows: PlaybookRunDetail[] = [
      { id: 'child', parent_id: 'r-1' },
      { id: 'r-1', parent_id: null },
    ];
    expect(splitRun(rows, 'r-1')).toEqual({
      run: { id: 'r-1', parent_id: null },
      children: [{ id: 'child', parent_id: 'r-1' }],
    });
    expect(splitRun([], 'r-1')).toEqual({ run: undefined, children: [] });
  });
});

describe('resources of a playbook', () => {
  it('come from the spec selectors', () => {
    expect(resourceKinds({ configs: [{ types: ['Kubernetes::Deployment'] }], checks: [] })).toEqual(
      ['config'],
    );
    expect(resourceKinds({ components: [{}], checks: [{}], configs: [{}] })).toEqual([
      'config',
      'component',
      'check',
    ]);
    expect(needsResource({})).toBe(false);
    expect(needsResource(undefined)).toBe(false);
    expect(needsResource({ checks: [{}] })).toBe(true);
  });

  it('a started run is shown at /playbooks/runs/{id}', () => {
    expect(playbookRunPath('run-1')).toBe('/playbooks/runs/run-1');
  });
});
