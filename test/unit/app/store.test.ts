import { sessionExpired } from '../../../src/api/authEvents';
import type { FetchFn } from '../../../src/api/baseQuery';
import { systemApi } from '../../../src/api/endpoints/system';
import type { RuntimeConfig } from '../../../src/app/runtimeConfig';
import { baseApi } from '../../../src/api/baseApi';
import type { AppStore, CreateStoreOptions } from '../../../src/app/store';
import { createStore, signInUrl } from '../../../src/app/store';
import {
  PREFERENCES_STORAGE_KEY,
  defaultPreferences,
  sidebarToggled,
  themeSet,
  timezoneSet,
  topologyCardWidthSet,
  pageSizeSet,
  inspectModeSet,
  localInspectorOpened,
} from '../../../src/shell/preferencesSlice';
import { organizationMissing } from '../../../src/auth/sessionSlice';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const kratos: RuntimeConfig = {
  authMode: 'kratos',
  identityBasePath: '/api/.ory',
  clerkPublishableKey: null,
  version: '1.4.63',
};
const clerk: RuntimeConfig = { ...kratos, authMode: 'clerk', clerkPublishableKey: 'pk_test_x' };

const stores: AppStore[] = [];

/** A fresh store per test; its cache timers are cleared afterwards. */
function makeStore(options: CreateStoreOptions): AppStore {
  const store = createStore(options);
  stores.push(store);
  return store;
}

afterEach(() => {
  for (const store of stores.splice(0)) store.dispatch(baseApi.util.resetApiState());
});

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('preferences', () => {
  it('start from the defaults', () => {
    const store = makeStore({ config: kratos, storage: new MemoryStorage() });
    expect(store.getState().preferences).toEqual(defaultPreferences);
    expect(defaultPreferences).toEqual({
      showHiddenComponents: true,
      showDeletedConfigs: false,
      topologyCardWidth: 554,
      dateTimeFormat: 'medium',
      timezone: 'browser',
      theme: 'light',
      sidebarCollapsed: false,
      inspect: false,
      inspectMode: 'hosted',
      pageSize: 50,
      recentItems: [],
      paletteKindsOff: [],
      recentSearches: [],
    });
  });

  it('open the built-in flow inspector, and keep which inspector was chosen', () => {
    const storage = new MemoryStorage();
    const first = makeStore({ config: kratos, storage });
    first.dispatch(localInspectorOpened());
    expect(first.getState().preferences).toMatchObject({ inspect: true, inspectMode: 'local' });
    first.dispatch(inspectModeSet('hosted'));
    expect(makeStore({ config: kratos, storage }).getState().preferences).toMatchObject({
      inspect: true,
      inspectMode: 'hosted',
    });
  });

  it('persist under one key and come back in the next store', () => {
    const storage = new MemoryStorage();
    const first = makeStore({ config: kratos, storage });
    first.dispatch(themeSet('dark'));
    first.dispatch(sidebarToggled());
    first.dispatch(timezoneSet('Europe/Berlin'));
    first.dispatch(topologyCardWidthSet(401));
    first.dispatch(pageSizeSet(200));
    first.dispatch(pageSizeSet(7));
    expect(JSON.parse(storage.getItem(PREFERENCES_STORAGE_KEY) ?? 'null')).toMatchObject({
      theme: 'dark',
      sidebarCollapsed: true,
      timezone: 'Europe/Berlin',
      topologyCardWidth: 402,
      pageSize: 200,
    });

    const second = makeStore({ config: kratos, storage });
    expect(second.getState().preferences).toEqual({
      ...defaultPreferences,
      theme: 'dark',
      sidebarCollapsed: true,
      timezone: 'Europe/Berlin',
      topologyCardWidth: 402,
      pageSize: 200,
    });
  });

  it('do not write when nothing changed', () => {
    const storage = new MemoryStorage();
    const setItem = jest.spyOn(storage, 'setItem');
    const store = makeStore({ config: kratos, storage });
    store.dispatch(organizationMissing());
    expect(setItem).not.toHaveBeenCalled();
  });

  it.each([
    ['not JSON', '{theme: dark'],
    ['an array', '[1,2,3]'],
    ['null', 'null'],
    ['a string', '"dark"'],
  ])('fall back to the defaults when the stored value is %s', (_name, raw) => {
    const storage = new MemoryStorage();
    storage.setItem(PREFERENCES_STORAGE_KEY, raw);
    expect(makeStore({ config: kratos, storage }).getState().preferences).toEqual(
      defaultPreferences,
    );
  });

  it('replace only the fields that are wrong', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      PREFERENCES_STORAGE_KEY,
      JSON.stringify({
        theme: 'purple',
        dateTimeFormat: 'full',
        topologyCardWidth: 5000,
        timezone: 'Mars/Olympus_Mons',
        sidebarCollapsed: true,
        inspect: 'yes',
        inspectMode: 'remote',
        pageSize: 7,
      }),
    );
    expect(makeStore({ config: kratos, storage }).getState().preferences).toEqual({
      ...defaultPreferences,
      dateTimeFormat: 'full',
      topologyCardWidth: 768,
      sidebarCollapsed: true,
    });
  });

  it('clamp the card width', () => {
    const store = makeStore({ config: kratos });
    store.dispatch(topologyCardWidthSet(10));
    expect(store.getState().preferences.topologyCardWidth).toBe(250);
    store.dispatch(topologyCardWidthSet(9999));
    expect(store.getState().preferences.topologyCardWidth).toBe(768);
    store.dispatch(topologyCardWidthSet(Number.NaN));
    expect(store.getState().preferences.topologyCardWidth).toBe(554);
  });

  it('ignore an unknown time zone', () => {
    const store = makeStore({ config: kratos });
    store.dispatch(timezoneSet('Nowhere/Land'));
    expect(store.getState().preferences.timezone).toBe('browser');
  });

  it('survive a storage that refuses writes', () => {
    const storage = new MemoryStorage();
    jest.spyOn(storage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const store = makeStore({ config: kratos, storage });
    expect(() => store.dispatch(themeSet('dark'))).not.toThrow();
    expect(store.getState().preferences.theme).toBe('dark');
  });
});

describe('expired session', () => {
  it('sends kratos users to /login with return_to', () => {
    const onSessionExpired = jest.fn();
    const store = makeStore({ config: kratos, onSessionExpired });
    store.dispatch(sessionExpired({ returnTo: '/health?checkId=abc&timeRange=1h' }));
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    const url = onSessionExpired.mock.calls[0]?.[0] as string;
    expect(url).toBe('/login?return_to=%2Fhealth%3FcheckId%3Dabc%26timeRange%3D1h');
    expect(new URL(url, 'http://x').searchParams.get('return_to')).toBe(
      '/health?checkId=abc&timeRange=1h',
    );
    expect(store.getState().session.status).toBe('signedOut');
    expect(store.getState().session.returnTo).toBe('/health?checkId=abc&timeRange=1h');
  });

  it('sends hosted-auth users to the auth-state checker', () => {
    const onSessionExpired = jest.fn();
    const store = makeStore({ config: clerk, onSessionExpired });
    store.dispatch(sessionExpired({ returnTo: '/catalog?configType=Kubernetes::Pod' }));
    expect(onSessionExpired).toHaveBeenCalledWith(
      '/auth-state-checker?return_to=%2Fcatalog%3FconfigType%3DKubernetes%3A%3APod',
    );
  });

  it('does not send a user on the sign-in page back to it', () => {
    expect(signInUrl('kratos', '/login?return_to=%2F')).toBeNull();
    expect(signInUrl('clerk', '/auth-state-checker')).toBeNull();
    expect(signInUrl('kratos', '')).toBe('/login?return_to=%2F');
  });

  it('follows a 401 from an endpoint, once for a burst', async () => {
    const onSessionExpired = jest.fn();
    const fetchFn: FetchFn = async () => new Response('Session Expired', { status: 401 });
    const store = makeStore({ config: kratos, onSessionExpired, fetchFn });
    const results = await Promise.all([
      store.dispatch(systemApi.endpoints.getProperties.initiate(undefined, { subscribe: false })),
      store.dispatch(systemApi.endpoints.getAbout.initiate(undefined, { subscribe: false })),
    ]);
    expect(results.map((r) => r.error)).toEqual([
      { status: 401, message: 'Session Expired', data: 'Session Expired' },
      { status: 401, message: 'Session Expired', data: 'Session Expired' },
    ]);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledWith('/login?return_to=%2F');
  });
});

describe('session from whoami', () => {
  const whoami = {
    message: 'success',
    payload: {
      user: { id: 'u1', name: 'Ada Admin', email: 'ada@example.com', avatar: null },
      roles: ['admin'],
      permissions: [{ subject: 'admin', object: 'database', action: '*' }],
      hostname: 'mc',
    },
  };

  it('is ready with the user, roles and permissions', async () => {
    const store = makeStore({ config: kratos, fetchFn: async () => json(whoami) });
    expect(store.getState().session.status).toBe('loading');
    expect(store.getState().session.authMode).toBe('kratos');
    const result = await store.dispatch(
      systemApi.endpoints.getWhoami.initiate(undefined, { subscribe: false }),
    );
    expect(result.data).toEqual({
      user: whoami.payload.user,
      roles: ['admin'],
      permissions: whoami.payload.permissions,
    });
    const session = store.getState().session;
    expect(session.status).toBe('ready');
    expect(session.user?.name).toBe('Ada Admin');
    expect(session.roles).toEqual(['admin']);
    expect(session.permissions).toHaveLength(1);
  });

  it('treats missing role and permission lists as empty', async () => {
    const body = { payload: { user: { id: 'u2', name: 'Vic' }, roles: null } };
    const store = makeStore({ config: kratos, fetchFn: async () => json(body) });
    await store.dispatch(systemApi.endpoints.getWhoami.initiate(undefined, { subscribe: false }));
    expect(store.getState().session).toMatchObject({ status: 'ready', roles: [], permissions: [] });
  });

  it('is signed out on 401, without a redirect', async () => {
    const onSessionExpired = jest.fn();
    const store = makeStore({
      config: kratos,
      onSessionExpired,
      fetchFn: async () => json({ error: 'error fetching user' }, 401),
    });
    await store.dispatch(systemApi.endpoints.getWhoami.initiate(undefined, { subscribe: false }));
    expect(store.getState().session).toMatchObject({
      status: 'signedOut',
      error: { status: 401, message: 'error fetching user' },
    });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it.each([
    [clerk, 503, 'provisioning'],
    [clerk, 404, 'provisioning'],
    [clerk, 401, 'signedOut'],
    [kratos, 503, 'provisioning'],
    [kratos, 404, 'provisioning'],
    [kratos, 401, 'signedOut'],
  ] as const)('in %s mode, status %i gives %s', async (config, status, expected) => {
    const store = makeStore({
      config,
      fetchFn: async () => json({ error: 'no backend' }, status),
    });
    await store.dispatch(systemApi.endpoints.getWhoami.initiate(undefined, { subscribe: false }));
    expect(store.getState().session.status).toBe(expected);
    expect(store.getState().session.error?.status).toBe(status);
  });

  it('reports a whoami of the wrong shape as a SHAPE error naming the path', async () => {
    const body = { payload: { user: { name: 'no id' }, roles: [] } };
    const store = makeStore({ config: kratos, fetchFn: async () => json(body) });
    const result = await store.dispatch(
      systemApi.endpoints.getWhoami.initiate(undefined, { subscribe: false }),
    );
    expect(result.error).toEqual({
      status: 'SHAPE',
      message: expect.stringMatching(
        /^Unexpected response from GET \/api\/auth\/whoami: payload\.user\.id Expected a string/,
      ),
      data: body,
    });
    expect(store.getState().session.status).toBe('signedOut');
  });
});

describe('system endpoints', () => {
  it('read the backend version', async () => {
    const calls: string[] = [];
    const fetchFn: FetchFn = async (url) => {
      calls.push(url);
      return json({ Version: 'v1.2.3', Timestamp: '2024-05-01T00:00:00Z', extra: 1 });
    };
    const store = makeStore({ config: kratos, fetchFn });
    const result = await store.dispatch(
      systemApi.endpoints.getAbout.initiate(undefined, { subscribe: false }),
    );
    expect(calls).toEqual(['/api/canary/about']);
    expect(result.data).toMatchObject({ Version: 'v1.2.3' });
  });

  it('read properties and reject a wrong row', async () => {
    const rows = [
      { name: 'incidents.disable', value: 'true', source: 'local' },
      { name: 'logs.disable', value: 'false', source: 'db', type: null, description: null },
    ];
    const good = makeStore({ config: kratos, fetchFn: async () => json(rows) });
    const ok = await good.dispatch(
      systemApi.endpoints.getProperties.initiate(undefined, { subscribe: false }),
    );
    expect(ok.data).toEqual(rows);

    const bad = makeStore({
      config: kratos,
      fetchFn: async () => json([...rows, { name: 'x', value: true }]),
    });
    const failed = await bad.dispatch(
      systemApi.endpoints.getProperties.initiate(undefined, { subscribe: false }),
    );
    expect(failed.error).toMatchObject({
      status: 'SHAPE',
      message:
        'Unexpected response from GET /api/properties: [2].value Expected a string, but received: true',
    });
  });

  it('go to the direct backend when the store has one', async () => {
    const calls: Array<[string, string | null]> = [];
    const fetchFn: FetchFn = async (url, init) => {
      calls.push([url, new Headers(init.headers).get('authorization')]);
      return json({ Version: 'v1' });
    };
    const store = makeStore({
      config: clerk,
      fetchFn,
      getBackend: () => ({ baseUrl: 'https://org.example.com', token: async () => 'jwt' }),
    });
    await store.dispatch(systemApi.endpoints.getAbout.initiate(undefined, { subscribe: false }));
    expect(calls).toEqual([['https://org.example.com/canary/about', 'Bearer jwt']]);
  });
});
