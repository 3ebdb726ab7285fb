import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { sessionExpired } from '../../../src/api/authEvents';
import type {
  BaseQueryArgs,
  BaseQueryExtraOptions,
  BaseQueryOptions,
  FetchFn,
  JsonTextReader,
} from '../../../src/api/baseQuery';
import { createBaseQuery } from '../../../src/api/baseQuery';
import type { SessionRenewalGate } from '../../../src/api/sessionRenewal';
import { createSessionRenewalGate } from '../../../src/api/sessionRenewal';

interface Call {
  url: string;
  init: RequestInit;
  headers: Headers;
}

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...init.headers },
  });
}

/** A fetch that records its calls and answers with `respond`. */
function fakeFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchFn: FetchFn = async (url, init) => {
    calls.push({ url, init, headers: new Headers(init.headers) });
    return respond(url, init);
  };
  return { fetchFn, calls };
}

/** A fetch that only ends when its signal aborts, like a server that never answers. */
const hangingFetch: FetchFn = (_url, init) =>
  new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

function apiFor(options: { dispatch?: jest.Mock; signal?: AbortSignal; extra?: unknown } = {}) {
  const dispatch = options.dispatch ?? jest.fn();
  const api: BaseQueryApi = {
    signal: options.signal ?? new AbortController().signal,
    abort: () => undefined,
    dispatch,
    getState: () => ({}),
    extra: options.extra,
    endpoint: 'test',
    type: 'query',
  };
  return { api, dispatch };
}

async function run(
  options: BaseQueryOptions,
  args: BaseQueryArgs,
  extraOptions: BaseQueryExtraOptions = {},
  apiOptions: Parameters<typeof apiFor>[0] = {},
) {
  const baseQuery = createBaseQuery(options);
  const { api, dispatch } = apiFor(apiOptions);
  const result = await baseQuery(args, api, extraOptions);
  return { result, dispatch };
}

function setOnline(onLine: boolean | undefined): void {
  if (onLine === undefined) Reflect.deleteProperty(globalThis, 'navigator');
  else Object.defineProperty(globalThis, 'navigator', { value: { onLine }, configurable: true });
}

afterEach(() => setOnline(undefined));

describe('successful requests', () => {
  it('sends cookies and asks for JSON, and returns the parsed body', async () => {
    const { fetchFn, calls } = fakeFetch(() => json([{ id: 1 }], { headers: { 'X-Test': 'yes' } }));
    const { result } = await run({ fetchFn }, '/api/db/agents?select=*');
    expect(result).toEqual({
      data: [{ id: 1 }],
      meta: {
        request: { method: 'GET', url: '/api/db/agents?select=*' },
        status: 200,
        statusText: '',
        headers: { 'content-type': 'application/json; charset=utf-8', 'x-test': 'yes' },
      },
    });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('/api/db/agents?select=*');
    expect(call?.init.credentials).toBe('include');
    expect(call?.init.method).toBe('GET');
    expect(call?.headers.get('accept')).toBe('application/json');
    expect(call?.headers.get('prefer')).toBeNull();
    expect(call?.headers.get('authorization')).toBeNull();
  });

  it('sends Prefer: count=exact and exposes the Content-Range total', async () => {
    const { fetchFn, calls } = fakeFetch(() =>
      json([{ id: 1 }], { headers: { 'Content-Range': '0-49/1234' } }),
    );
    const { result } = await run(
      { fetchFn },
      { url: '/api/db/configs?limit=50', prefer: 'count=exact' },
    );
    expect(calls[0]?.headers.get('prefer')).toBe('count=exact');
    expect(result.meta?.totalEntries).toBe(1234);
  });

  it('reads a zero total from an empty page', async () => {
    const { fetchFn } = fakeFetch(() => json([], { headers: { 'Content-Range': '*/0' } }));
    const { result } = await run({ fetchFn }, { url: '/api/db/configs', prefer: 'count=exact' });
    expect(result.data).toEqual([]);
    expect(result.meta?.totalEntries).toBe(0);
  });

  it('sends JSON bodies and asks writes to return the rows', async () => {
    const { fetchFn, calls } = fakeFetch(() => json([{ id: 'new' }], { status: 201 }));
    const { result } = await run(
      { fetchFn },
      {
        url: '/api/db/scopes',
        method: 'POST',
        body: { name: 'prod' },
        headers: { 'cache-control': 'max-age=1' },
      },
    );
    expect(result.data).toEqual([{ id: 'new' }]);
    const call = calls[0];
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBe('{"name":"prod"}');
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(call?.headers.get('prefer')).toBe('return=representation');
    expect(call?.headers.get('cache-control')).toBe('max-age=1');
  });

  it('sends no Prefer when told not to, and returns null for an empty body', async () => {
    const { fetchFn, calls } = fakeFetch(() => new Response(null, { status: 204 }));
    const { result } = await run(
      { fetchFn },
      { url: '/api/db/x?id=eq.1', method: 'PATCH', body: {}, prefer: false },
    );
    expect(calls[0]?.headers.get('prefer')).toBeNull();
    expect(result.data).toBeNull();
  });

  it('returns a non-JSON body as text', async () => {
    const { fetchFn } = fakeFetch(
      () => new Response('apiVersion: v1\n', { headers: { 'Content-Type': 'text/yaml' } }),
    );
    const { result } = await run({ fetchFn }, '/api/kubeconfig');
    expect(result.data).toBe('apiVersion: v1\n');
  });
});

describe('failures', () => {
  it('maps a timeout to the timeout message', async () => {
    const { result } = await run({ fetchFn: hangingFetch }, '/api/slow', { timeoutMs: 20 });
    expect(result.error).toEqual({
      status: 'TIMEOUT',
      message: 'Request timed out. Please try again.',
    });
  });

  it('lets a request override the timeout', async () => {
    const started = Date.now();
    const { result } = await run(
      { fetchFn: hangingFetch, defaultTimeoutMs: 60_000 },
      { url: '/api/slow', timeoutMs: 15 },
      { timeoutMs: 60_000 },
    );
    expect(result.error?.status).toBe('TIMEOUT');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('applies the default timeout', async () => {
    const { result } = await run({ fetchFn: hangingFetch, defaultTimeoutMs: 15 }, '/api/slow');
    expect(result.error?.message).toBe('Request timed out. Please try again.');
  });

  it('maps a network failure to the network message', async () => {
    const { result } = await run(
      { fetchFn: () => Promise.reject(new TypeError('Failed to fetch')) },
      '/api/x',
    );
    expect(result.error).toEqual({
      status: 'NETWORK',
      message: 'Network Error. Please try again.',
    });
  });

  it('says there is no connection when offline', async () => {
    setOnline(false);
    const { result } = await run(
      { fetchFn: () => Promise.reject(new TypeError('Failed to fetch')) },
      '/api/x',
    );
    expect(result.error).toEqual({
      status: 'OFFLINE',
      message: 'No internet connection. Please try again.',
    });
  });

  it("shows PostgREST's message with the status and body", async () => {
    const body = {
      code: '42703',
      message: 'column configs.nope does not exist',
      details: null,
      hint: null,
    };
    const { fetchFn } = fakeFetch(() => json(body, { status: 400 }));
    const { result } = await run({ fetchFn }, '/api/db/configs?nope=eq.1');
    expect(result.error).toEqual({
      status: 400,
      message: 'column configs.nope does not exist',
      data: body,
    });
    expect(result.meta?.status).toBe(400);
  });

  it('shows a plain-text RBAC denial', async () => {
    const { fetchFn } = fakeFetch(
      () =>
        new Response('unauthorized. Access Denied', {
          status: 403,
          headers: { 'Content-Type': 'text/plain' },
        }),
    );
    const { result } = await run({ fetchFn }, '/api/db/connections');
    expect(result.error).toEqual({
      status: 403,
      message: 'unauthorized. Access Denied',
      data: 'unauthorized. Access Denied',
    });
  });

  it('gives the generic message for an empty error body', async () => {
    const { fetchFn } = fakeFetch(() => new Response(null, { status: 404 }));
    const { result } = await run({ fetchFn }, '/api/db/canary_names');
    expect(result.error).toEqual({ status: 404, message: 'An error occurred' });
  });

  it('reports a success whose JSON does not parse', async () => {
    const { fetchFn } = fakeFetch(
      () => new Response('{"a":', { headers: { 'Content-Type': 'application/json' } }),
    );
    const { result } = await run({ fetchFn }, '/api/db/x?select=*');
    expect(result.error).toEqual({
      status: 'PARSE',
      message: 'Unexpected response from GET /api/db/x: not valid JSON',
      data: '{"a":',
    });
  });

  it('passes a cancellation through without a message to show or a redirect', async () => {
    const controller = new AbortController();
    const dispatch = jest.fn();
    const pending = run(
      { fetchFn: hangingFetch },
      '/api/x',
      {},
      { signal: controller.signal, dispatch },
    );
    controller.abort();
    const { result } = await pending;
    expect(result.error?.status).toBe('ABORTED');
    expect(dispatch).not.toHaveBeenCalled();
  });
});

describe('401', () => {
  const unauthorized = () => new Response('Session Expired', { status: 401 });

  it('dispatches sessionExpired once per burst, with the return path', async () => {
    let time = 1_000;
    const { fetchFn } = fakeFetch(unauthorized);
    const baseQuery = createBaseQuery({
      fetchFn,
      getReturnTo: () => '/health?checkId=abc',
      now: () => time,
    });
    const { api, dispatch } = apiFor();
    const results = await Promise.all([
      baseQuery('/api/db/checks', api, {}),
      baseQuery('/api/db/canaries', api, {}),
      baseQuery('/api/canary/api/summary', api, {}),
    ]);
    expect(results.map((r) => r.error?.status)).toEqual([401, 401, 401]);
    expect(results[0]?.error?.message).toBe('Session Expired');
    expect(dispatch).toHaveBeenCalledTimes(1);
    expect(dispatch).toHaveBeenCalledWith(sessionExpired({ returnTo: '/health?checkId=abc' }));

    time += 1_000;
    await baseQuery('/api/db/checks', api, {});
    expect(dispatch).toHaveBeenCalledTimes(1);

    time += 5_000;
    await baseQuery('/api/db/checks', api, {});
    expect(dispatch).toHaveBeenCalledTimes(2);
  });

  it('keeps bursts of different stores apart', async () => {
    const { fetchFn } = fakeFetch(unauthorized);
    const baseQuery = createBaseQuery({ fetchFn, getReturnTo: () => '/' });
    const first = apiFor();
    const second = apiFor();
    await baseQuery('/api/x', first.api, {});
    await baseQuery('/api/x', second.api, {});
    expect(first.dispatch).toHaveBeenCalledTimes(1);
    expect(second.dispatch).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['an identity-service request', '/api/.ory/sessions/whoami', {}],
    ['a request flagged by its endpoint', '/api/auth/whoami', { skipAuthRedirect: true }],
    ['a request flagged by itself', { url: '/api/auth/whoami', skipAuthRedirect: true }, {}],
  ])('is not an expired session for %s', async (_name, args, extraOptions) => {
    const { fetchFn } = fakeFetch(unauthorized);
    const { result, dispatch } = await run({ fetchFn, getReturnTo: () => '/' }, args, extraOptions);
    expect(result.error?.status).toBe(401);
    expect(dispatch).not.toHaveBeenCalled();
  });
});

describe('direct backend (hosted mode)', () => {
  it('drops /api, goes to the backend and carries the bearer token', async () => {
    const { fetchFn, calls } = fakeFetch(() => json({ ok: true }));
    const getBackend = () => ({ baseUrl: 'https://mc.example.com/', token: async () => 'tok-123' });
    await run({ fetchFn, getBackend }, { url: '/api/db/configs?select=id', prefer: 'count=exact' });
    const call = calls[0];
    expect(call?.url).toBe('https://mc.example.com/db/configs?select=id');
    expect(call?.headers.get('authorization')).toBe('Bearer tok-123');
    expect(call?.headers.get('prefer')).toBe('count=exact');
    expect(call?.init.credentials).toBe('same-origin');
  });

  it('is read from the store extra argument', async () => {
    const { fetchFn, calls } = fakeFetch(() => json({ ok: true }));
    const extra = {
      fetchFn,
      getBackend: () => ({ baseUrl: 'https://mc.example.com', token: async () => null }),
    };
    await run({}, '/api/canary/about', {}, { extra });
    expect(calls[0]?.url).toBe('https://mc.example.com/canary/about');
    expect(calls[0]?.headers.get('authorization')).toBeNull();
  });

  it('stays on /api when the getter has no backend', async () => {
    const { fetchFn, calls } = fakeFetch(() => json({ ok: true }));
    await run({ fetchFn, getBackend: () => null }, '/api/auth/whoami');
    expect(calls[0]?.url).toBe('/api/auth/whoami');
    expect(calls[0]?.init.credentials).toBe('include');
  });
});

describe('in a page', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'location', {
      value: {
        protocol: 'http:',
        origin: 'http://console.test',
        pathname: '/catalog',
        search: '?configType=Kubernetes::Pod',
      },
      configurable: true,
    });
  });
  afterEach(() => Reflect.deleteProperty(globalThis, 'location'));

  it("resolves paths against the page's origin and returns to the page after a 401", async () => {
    const { fetchFn, calls } = fakeFetch(() => new Response(null, { status: 401 }));
    const { dispatch } = await run({ fetchFn }, '/api/db/configs?select=id');
    expect(calls[0]?.url).toBe('http://console.test/api/db/configs?select=id');
    expect(dispatch).toHaveBeenCalledWith(
      sessionExpired({ returnTo: '/catalog?configType=Kubernetes::Pod' }),
    );
  });
});

describe('writes: the writer stamp and rows that match nothing', () => {
  const extra = { currentUserId: () => 'user-7' };

  it('writes the signed-in user under the stamp column, unless the body has one', async () => {
    const { fetchFn, calls } = fakeFetch(() => json([{ id: 's1' }]));
    await run(
      { fetchFn },
      { url: '/api/db/scopes', method: 'POST', body: { name: 'sre' }, stamp: 'created_by' },
      {},
      { extra },
    );
    await run(
      { fetchFn },
      {
        url: '/api/db/permissions?id=eq.p1',
        method: 'PATCH',
        body: { action: 'read', updated_by: 'someone-else' },
        stamp: 'updated_by',
      },
      {},
      { extra },
    );
    await run(
      { fetchFn },
      { url: '/api/db/scopes', method: 'POST', body: { name: 'ops' } },
      {},
      {
        extra,
      },
    );
    expect(calls.map((call) => JSON.parse(String(call.init.body)))).toEqual([
      { name: 'sre', created_by: 'user-7' },
      { action: 'read', updated_by: 'someone-else' },
      { name: 'ops' },
    ]);
  });

  it('sends the body as it is when no user is known', async () => {
    const { fetchFn, calls } = fakeFetch(() => json([{ id: 's1' }]));
    await run(
      { fetchFn },
      { url: '/api/db/scopes', method: 'POST', body: { name: 'sre' }, stamp: 'created_by' },
    );
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ name: 'sre' });
  });

  it('fails a write answered with no rows as not found, with the given message', async () => {
    const { fetchFn } = fakeFetch(() => json([]));
    const { result } = await run(
      { fetchFn },
      {
        url: '/api/db/scopes?id=eq.gone',
        method: 'PATCH',
        body: { name: 'x' },
        notFound: 'The scope x no longer exists.',
      },
    );
    expect(result.error).toEqual({ status: 404, message: 'The scope x no longer exists.' });
  });

  it('returns rows as usual when the write matched some', async () => {
    const { fetchFn } = fakeFetch(() => json([{ id: 's1' }]));
    const { result } = await run(
      { fetchFn },
      { url: '/api/db/scopes?id=eq.s1', method: 'PATCH', body: {}, notFound: 'gone' },
    );
    expect(result.data).toEqual([{ id: 's1' }]);
  });
});

describe('401 with the session renewed over the page', () => {
  const unauthorized = () => new Response('Session Expired', { status: 401 });

  function renewingApi(gate: SessionRenewalGate, signal?: AbortSignal) {
    return apiFor({ extra: { sessionRenewal: gate }, ...(signal ? { signal } : {}) });
  }

  it('waits for the user to sign in again, then sends the same request once more', async () => {
    let signedIn = false;
    const { fetchFn, calls } = fakeFetch(() =>
      signedIn ? json({ id: 'scope-1' }) : unauthorized(),
    );
    const gate = createSessionRenewalGate();
    let asked = 0;
    gate.attach(() => {
      asked += 1;
    });
    const baseQuery = createBaseQuery({ fetchFn, getReturnTo: () => '/settings/scopes' });
    const { api, dispatch } = renewingApi(gate);
    const save = baseQuery(
      { url: '/api/db/scopes', method: 'POST', body: { name: 'typed' } },
      api,
      {},
    );
    const load = baseQuery('/api/db/scopes?select=*', api, {});
    await waitUntil(() => calls.length === 2 && gate.pending);
    expect(asked).toBe(1);
    signedIn = true;
    gate.settle(true);
    const [saved, loaded] = await Promise.all([save, load]);
    expect(saved.data).toEqual({ id: 'scope-1' });
    expect(loaded.data).toEqual({ id: 'scope-1' });
    const posts = calls.filter((call) => call.init.method === 'POST');
    expect(posts.map((call) => call.init.body)).toEqual([
      JSON.stringify({ name: 'typed' }),
      JSON.stringify({ name: 'typed' }),
    ]);
    expect(dispatch).not.toHaveBeenCalledWith(
      expect.objectContaining({ type: sessionExpired.type }),
    );
  });

  it('answers the 401 when the user goes to the sign-in page instead', async () => {
    const { fetchFn, calls } = fakeFetch(unauthorized);
    const gate = createSessionRenewalGate();
    gate.attach(() => undefined);
    const baseQuery = createBaseQuery({ fetchFn, getReturnTo: () => '/' });
    const { api } = renewingApi(gate);
    const request = baseQuery('/api/db/scopes', api, {});
    await waitUntil(() => gate.pending);
    gate.settle(false);
    expect((await request).error?.status).toBe(401);
    expect(calls).toHaveLength(1);
  });

  it('sends the user to sign in when no page can show the dialog', async () => {
    const { fetchFn } = fakeFetch(unauthorized);
    const gate = createSessionRenewalGate();
    const baseQuery = createBaseQuery({ fetchFn, getReturnTo: () => '/health' });
    const { api, dispatch } = renewingApi(gate);
    expect((await baseQuery('/api/db/checks', api, {})).error?.status).toBe(401);
    expect(dispatch).toHaveBeenCalledWith(sessionExpired({ returnTo: '/health' }));
  });

  it('gives up waiting when the request is cancelled', async () => {
    const { fetchFn } = fakeFetch(unauthorized);
    const gate = createSessionRenewalGate();
    gate.attach(() => undefined);
    const controller = new AbortController();
    const baseQuery = createBaseQuery({ fetchFn, getReturnTo: () => '/' });
    const { api } = renewingApi(gate, controller.signal);
    const request = baseQuery('/api/db/checks', api, {});
    await waitUntil(() => gate.pending);
    controller.abort();
    expect((await request).error?.status).toBe('ABORTED');
  });

  it('sends the user to sign in when the request meets a 401 again after signing in', async () => {
    const { fetchFn } = fakeFetch(unauthorized);
    const gate = createSessionRenewalGate();
    gate.attach(() => undefined);
    const baseQuery = createBaseQuery({ fetchFn, getReturnTo: () => '/x' });
    const { api, dispatch } = renewingApi(gate);
    const request = baseQuery('/api/db/checks', api, {});
    await waitUntil(() => gate.pending);
    gate.settle(true);
    expect((await request).error?.status).toBe(401);
    expect(dispatch).toHaveBeenCalledWith(sessionExpired({ returnTo: '/x' }));
  });
});

/** Lets the event loop turn until `condition` holds (no clock involved). */
async function waitUntil(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i += 1) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(condition()).toBe(true);
}

describe('answers read as they arrive (readJson)', () => {
  /** A JSON answer whose body arrives in the given parts of bytes. */
  function streamed(parts: Uint8Array[], init: ResponseInit = {}): Response {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });
    return new Response(body, { headers: { 'Content-Type': 'application/json' }, ...init });
  }
  /** A reader that records the parts it is given and parses them. */
  function recorder(): { reader: () => JsonTextReader; parts: string[] } {
    const parts: string[] = [];
    return {
      parts,
      reader: () => ({
        push: (part) => parts.push(part),
        end: () => JSON.parse(parts.join('')) as unknown,
      }),
    };
  }

  it('gives the reader the text part by part as it arrives, a character split between parts whole', async () => {
    const bytes = new TextEncoder().encode('{"name":"Zürich"}');
    const split = bytes.indexOf(0xc3) + 1; // inside the two bytes of "ü"
    const { fetchFn } = fakeFetch(() => streamed([bytes.slice(0, split), bytes.slice(split)]));
    const { reader, parts } = recorder();
    const { result } = await run({ fetchFn }, { url: '/api/x', readJson: reader });
    expect(result.data).toEqual({ name: 'Zürich' });
    expect(parts).toEqual(['{"name":"Z', 'ürich"}']);
  });

  it('reports a text the reader cannot read as not valid JSON, and an empty one as null', async () => {
    const bad = fakeFetch(() => streamed([new TextEncoder().encode('{"a":')]));
    const failed = await run(
      { fetchFn: bad.fetchFn },
      { url: '/api/x', readJson: recorder().reader },
    );
    expect(failed.result.error).toMatchObject({
      status: 'PARSE',
      message: 'Unexpected response from GET /api/x: not valid JSON',
    });
    const empty = fakeFetch(() => streamed([]));
    const none = await run(
      { fetchFn: empty.fetchFn },
      { url: '/api/x', readJson: recorder().reader },
    );
    expect(none.result).toMatchObject({ data: null });
  });

  it('gives the reader a stream of NDJSON as it arrives', async () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    const { fetchFn } = fakeFetch(() =>
      streamed([encode('{"type":"text",'), encode('"text":"a"}\n{"type":"done"}\n')], {
        headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8' },
      }),
    );
    const parts: string[] = [];
    const reader = (): JsonTextReader => ({
      push: (part) => parts.push(part),
      end: () => parts.join('').trim().split('\n').length,
    });
    const { result } = await run({ fetchFn }, { url: '/api/x', readJson: reader });
    expect(result.data).toBe(2);
    expect(parts).toEqual(['{"type":"text",', '"text":"a"}\n{"type":"done"}\n']);
  });

  it('reads a failure as any other, without the reader', async () => {
    const { fetchFn } = fakeFetch(() => json({ message: 'cache warming up' }, { status: 503 }));
    const { reader, parts } = recorder();
    const { result } = await run({ fetchFn }, { url: '/api/x', readJson: reader });
    expect(result.error).toMatchObject({ status: 503, message: 'cache warming up' });
    expect(parts).toEqual([]);
  });
});
