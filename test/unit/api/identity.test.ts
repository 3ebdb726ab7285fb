import { identityApi } from '../../../src/api/endpoints/identity';
import { systemApi } from '../../../src/api/endpoints/system';
import type { FetchFn } from '../../../src/api/baseQuery';
import { createStore } from '../../../src/app/store';

interface Sent {
  url: string;
  init: RequestInit;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 50 && !condition(); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(condition()).toBe(true);
}

function setup(respond: (url: string) => Response, identityBasePath = '/api/.ory') {
  const sent: Sent[] = [];
  const fetchFn: FetchFn = async (url, init) => {
    sent.push({ url, init });
    return respond(url);
  };
  const onSessionExpired = jest.fn();
  const store = createStore({
    config: { authMode: 'kratos', identityBasePath, clerkPublishableKey: null, version: 'test' },
    fetchFn,
    onSessionExpired,
  });
  return { store, sent, onSessionExpired };
}

const flow = {
  id: 'f-1',
  type: 'browser',
  state: 'choose_method',
  ui: { action: 'x', method: 'POST', nodes: [] },
};

describe('identity endpoints', () => {
  it('creates a flow in JSON mode with credentials, under the configured base path', async () => {
    const { store, sent } = setup(() => json(200, flow), '/identity/');
    const result = await store
      .dispatch(
        identityApi.endpoints.createFlow.initiate({
          kind: 'login',
          returnTo: '/health',
          refresh: true,
          aal: 'aal2',
        }),
      )
      .unwrap();
    expect(result.id).toBe('f-1');
    expect(sent[0]?.url).toBe(
      '/identity/self-service/login/browser?refresh=true&aal=aal2&return_to=%2Fhealth',
    );
    expect(new Headers(sent[0]?.init.headers).get('accept')).toBe('application/json');
    expect(sent[0]?.init.credentials).toBe('include');
  });

  it('sends no refresh, aal or return_to when not asked for', async () => {
    const { store, sent } = setup(() => json(200, flow));
    await store.dispatch(identityApi.endpoints.createFlow.initiate({ kind: 'settings' })).unwrap();
    expect(sent[0]?.url).toBe('/api/.ory/self-service/settings/browser');
  });

  it('posts the update body as JSON to the flow', async () => {
    const { store, sent } = setup(() => json(200, flow));
    await store
      .dispatch(
        identityApi.endpoints.updateFlow.initiate({
          kind: 'settings',
          flowId: 'f-1',
          body: { csrf_token: 't', 'traits.email': 'a@b.c', method: 'profile' },
        }),
      )
      .unwrap();
    expect(sent[0]?.url).toBe('/api/.ory/self-service/settings?flow=f-1');
    expect(sent[0]?.init.method).toBe('POST');
    expect(new Headers(sent[0]?.init.headers).get('content-type')).toBe('application/json');
    expect(new Headers(sent[0]?.init.headers).has('prefer')).toBe(false);
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({
      csrf_token: 't',
      'traits.email': 'a@b.c',
      method: 'profile',
    });
  });

  it('keeps the status and body of a failure intact (a 400 flow, a 410 with use_flow_id)', async () => {
    const expired = { error: { id: 'self_service_flow_expired', code: 410 }, use_flow_id: 'f-2' };
    const { store } = setup((url) =>
      url.includes('flow=f-1') ? json(410, expired) : json(400, flow),
    );
    const submitLogin = (flowId: string) =>
      store
        .dispatch(identityApi.endpoints.updateFlow.initiate({ kind: 'login', flowId, body: {} }))
        .unwrap();
    await expect(submitLogin('f-1')).rejects.toEqual(
      expect.objectContaining({ status: 410, data: expired }),
    );
    await expect(submitLogin('f-0')).rejects.toEqual(
      expect.objectContaining({ status: 400, data: flow }),
    );
  });

  it('refreshes the console whoami after a sign-in, not after a settings update', async () => {
    const { store, sent } = setup((url) => {
      if (url.startsWith('/api/auth/whoami')) {
        return json(200, {
          message: 'success',
          payload: { user: { id: 'u-1', name: 'Ada', email: 'a@b.c' }, roles: [], permissions: [] },
        });
      }
      if (url.includes('/self-service/login')) return json(200, { session: { id: 's-1' } });
      return json(200, flow);
    });
    await store.dispatch(systemApi.endpoints.getWhoami.initiate());
    const whoamiCalls = () => sent.filter((request) => request.url === '/api/auth/whoami').length;
    expect(whoamiCalls()).toBe(1);

    await store
      .dispatch(
        identityApi.endpoints.updateFlow.initiate({ kind: 'settings', flowId: 'f-1', body: {} }),
      )
      .unwrap();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(whoamiCalls()).toBe(1);

    await store
      .dispatch(
        identityApi.endpoints.updateFlow.initiate({ kind: 'login', flowId: 'f-1', body: {} }),
      )
      .unwrap();
    await waitFor(() => whoamiCalls() === 2);
  });

  it('does not treat a 401 of the identity service as an expired console session', async () => {
    const { store, onSessionExpired } = setup(() =>
      json(401, { error: { id: 'session_inactive', code: 401 } }),
    );
    await expect(
      store.dispatch(identityApi.endpoints.whoamiSession.initiate()).unwrap(),
    ).rejects.toEqual(expect.objectContaining({ status: 401 }));
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('rejects a flow of the wrong shape with a clear error', async () => {
    const { store } = setup(() => json(200, { id: 'f-1' }));
    await expect(
      store
        .dispatch(identityApi.endpoints.getFlow.initiate({ kind: 'login', flowId: 'f-1' }))
        .unwrap(),
    ).rejects.toEqual(
      expect.objectContaining({
        status: 'SHAPE',
        message: expect.stringContaining('GET /api/.ory/self-service/login/flows?id=f-1'),
      }),
    );
  });

  it('logs out with the token of the logout flow', async () => {
    const { store, sent } = setup((url) =>
      url.includes('/logout/browser')
        ? json(200, { logout_token: 'tok', logout_url: 'x' })
        : new Response(null, { status: 204 }),
    );
    const logout = await store
      .dispatch(identityApi.endpoints.createLogoutFlow.initiate(undefined))
      .unwrap();
    await store
      .dispatch(identityApi.endpoints.performLogout.initiate({ token: logout.logout_token }))
      .unwrap();
    expect(sent.map((request) => request.url)).toEqual([
      '/api/.ory/self-service/logout/browser',
      '/api/.ory/self-service/logout?token=tok',
    ]);
  });

  it('reads a flow error by id', async () => {
    const { store, sent } = setup(() => json(200, { id: 'e-1', error: { code: 500 } }));
    const result = await store
      .dispatch(identityApi.endpoints.getFlowError.initiate('e-1'))
      .unwrap();
    expect(result).toEqual({ id: 'e-1', error: { code: 500 } });
    expect(sent[0]?.url).toBe('/api/.ory/self-service/errors?id=e-1');
  });
});
