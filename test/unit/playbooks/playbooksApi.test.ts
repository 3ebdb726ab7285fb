import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../../../src/api/baseApi';
import type { ApiExtra, FetchFn } from '../../../src/api/baseQuery';
import { playbooksApi } from '../../../src/api/endpoints/playbooks';
import { outcomeOfAction } from '../../../src/api/outcomes';

type Reply = { status?: number; body: unknown };

/** A store whose requests are answered by `reply(method, url)`, recording what was sent. */
function setup(reply: (method: string, url: string) => Reply) {
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  const actions: UnknownAction[] = [];
  const fetchFn: FetchFn = async (input, init) => {
    const url = new URL(input, 'http://localhost');
    const path = decodeURIComponent(url.pathname + url.search);
    const method = init.method ?? 'GET';
    sent.push({ method, url: path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const { status = 200, body } = reply(method, path);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  const extra: ApiExtra = { fetchFn };
  const record: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } })
        .prepend(record)
        .concat(baseApi.middleware),
  });
  return { store, sent, actions };
}

describe('playbooks API through the store', () => {
  it('PB-07 lists the runnable playbooks and merges in PB-03 titles and icons', async () => {
    const { store, sent } = setup((_method, url) =>
      url.startsWith('/api/playbook/list')
        ? { body: [{ id: 'pb-1', name: 'restart', parameters: [] }] }
        : { body: [{ id: 'pb-1', title: 'Restart Deployment', spec: { icon: 'refresh' } }] },
    );
    const result = await store.dispatch(
      playbooksApi.endpoints.getPlaybooksToRun.initiate({ kind: 'config', id: 'c-1' }),
    );
    expect(result.data).toEqual([
      expect.objectContaining({ id: 'pb-1', title: 'Restart Deployment', icon: 'refresh' }),
    ]);
    expect(sent.map((r) => r.url)).toEqual([
      '/api/playbook/list?config_id=c-1',
      '/api/db/playbooks?id=in.(pb-1)&select=id,title,spec',
    ]);
  });

  it('PB-08 answers the parameters, and a 403 as a 403', async () => {
    const { store } = setup((_method, url) =>
      url.includes('pb-1')
        ? { body: { params: [{ name: 'replicas', type: 'number' }] } }
        : { status: 403, body: { error: 'forbidden' } },
    );
    const ok = await store.dispatch(
      playbooksApi.endpoints.getPlaybookParams.initiate({ playbookId: 'pb-1' }),
    );
    expect(ok.data).toEqual([{ name: 'replicas', type: 'number' }]);
    const refused = await store.dispatch(
      playbooksApi.endpoints.getPlaybookParams.initiate({ playbookId: 'pb-2' }),
    );
    expect(refused.error).toMatchObject({ status: 403 });
  });

  it("PB-09 answers the run id, and its failure toasts the server's error field", async () => {
    let fail = false;
    const { store, sent, actions } = setup(() =>
      fail
        ? { status: 500, body: { error: 'action exec failed', message: 'oops' } }
        : { status: 201, body: { run_id: 'run-1', starts_at: '2024-05-01T10:00:00Z' } },
    );
    const run = { playbookId: 'pb-1', params: { replicas: '2' } };
    const started = await store.dispatch(playbooksApi.endpoints.runPlaybook.initiate(run)).unwrap();
    expect(started.run_id).toBe('run-1');
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/playbook/run',
      body: { id: 'pb-1', params: { replicas: '2' } },
    });
    fail = true;
    await expect(
      store.dispatch(playbooksApi.endpoints.runPlaybook.initiate(run)).unwrap(),
    ).rejects.toMatchObject({ message: 'action exec failed' });
    const toasts = actions.map(outcomeOfAction).filter(Boolean);
    expect(toasts).toEqual([{ kind: 'error', message: 'action exec failed' }]);
  });

  it('PB-14 approves and PB-15 cancels, each saying so', async () => {
    const { store, sent, actions } = setup((_method, url) => ({
      body: {
        message: url.includes('approve') ? 'playbook run approved' : 'playbook run cancelled',
      },
    }));
    await store.dispatch(playbooksApi.endpoints.approvePlaybookRun.initiate('run-1')).unwrap();
    await store.dispatch(playbooksApi.endpoints.cancelPlaybookRun.initiate('run-1')).unwrap();
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/playbook/run/approve/run-1',
      'POST /api/playbook/run/cancel/run-1',
    ]);
    expect(actions.map(outcomeOfAction).filter(Boolean)).toEqual([
      { kind: 'success', message: 'Playbook run approved' },
      { kind: 'success', message: 'Playbook run cancelled' },
    ]);
  });

  it("PB-10 without a Content-Range counts the page's rows", async () => {
    const { store } = setup(() => ({ body: [{ id: 'r-1', status: 'running' }] }));
    const page = await store
      .dispatch(playbooksApi.endpoints.getPlaybookRuns.initiate({ pageIndex: 0, pageSize: 50 }))
      .unwrap();
    expect(page).toEqual({ runs: [{ id: 'r-1', status: 'running' }], totalEntries: 1 });
  });
});
