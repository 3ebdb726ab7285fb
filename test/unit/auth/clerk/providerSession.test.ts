import { readOrganizationBackend } from '../../../../src/auth/clerk/metadata';
import type { ProviderSnapshot } from '../../../../src/auth/clerk/providerSession';
import { createProviderSession } from '../../../../src/auth/clerk/providerSession';
import { safeReturnTo, toRouterPath } from '../../../../src/auth/clerk/clerkPaths';

const ORIGIN = 'https://console.example.com';

describe('organisation metadata', () => {
  it.each([
    [
      { backend_url: 'https://mc.example', direct: true },
      { url: 'https://mc.example', direct: true },
    ],
    [
      { backend_url: 'https://mc.example', direct: 'TRUE' },
      { url: 'https://mc.example', direct: true },
    ],
    [
      { backend_url: 'https://mc.example', direct: 'false' },
      { url: 'https://mc.example', direct: false },
    ],
    [
      { backend_url: 'https://mc.example', direct: 1 },
      { url: 'https://mc.example', direct: false },
    ],
    [{ backend_url: ' https://mc.example ' }, { url: 'https://mc.example', direct: false }],
    [
      { backend_url: '', direct: true },
      { url: null, direct: true },
    ],
    [{ backend_url: 42 }, { url: null, direct: false }],
    [{}, { url: null, direct: false }],
    [null, { url: null, direct: false }],
    [undefined, { url: null, direct: false }],
  ])('reads %j as %j', (metadata, backend) => {
    expect(readOrganizationBackend(metadata)).toEqual(backend);
  });
});

function snapshot(overrides: Partial<ProviderSnapshot> = {}): ProviderSnapshot {
  return {
    loaded: true,
    signedIn: true,
    organization: {
      id: 'org_1',
      backend: { url: 'https://mc.example', direct: true },
      reload: jest.fn(async () => undefined),
    },
    getToken: async () => 'token-1',
    ...overrides,
  };
}

describe('provider session', () => {
  it('answers the check only once the provider has loaded', async () => {
    const session = createProviderSession();
    let answer: string | undefined;
    void session.check().then((value) => (answer = value));
    await Promise.resolve();
    expect(answer).toBeUndefined();
    session.update(snapshot({ loaded: false }));
    await Promise.resolve();
    expect(answer).toBeUndefined();
    session.update(snapshot());
    await Promise.resolve();
    await Promise.resolve();
    expect(answer).toBe('signedIn');
  });

  it('stops waiting when the check is cancelled', async () => {
    const session = createProviderSession();
    const controller = new AbortController();
    const check = session.check(controller.signal);
    controller.abort();
    await expect(check).rejects.toMatchObject({ name: 'AbortError' });
  });

  it.each([
    ['signedOut', snapshot({ signedIn: false, organization: null })],
    ['noOrganization', snapshot({ organization: null })],
    ['signedIn', snapshot()],
  ])('says %s', async (expected, state) => {
    const session = createProviderSession(state);
    await expect(session.check()).resolves.toBe(expected);
  });

  it('says provisioning without a backend address, and asks for the organisation again', async () => {
    const reload = jest.fn(async () => undefined);
    const session = createProviderSession(
      snapshot({ organization: { id: 'org_1', backend: { url: null, direct: true }, reload } }),
    );
    await expect(session.check()).resolves.toBe('provisioning');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('gives the direct backend with the current token, and none otherwise', async () => {
    let token = 'token-1';
    const session = createProviderSession(snapshot({ getToken: async () => token }));
    const backend = session.getBackend();
    expect(backend?.baseUrl).toBe('https://mc.example');
    token = 'token-2';
    await expect(backend?.token()).resolves.toBe('token-2');

    session.update(
      snapshot({
        organization: {
          id: 'org_1',
          backend: { url: 'https://mc.example', direct: false },
          reload: async () => undefined,
        },
      }),
    );
    expect(session.getBackend()).toBeNull();
    session.update(snapshot({ signedIn: false }));
    expect(session.getBackend()).toBeNull();
    session.update(snapshot({ organization: null }));
    expect(session.getBackend()).toBeNull();
  });
});

describe('addresses', () => {
  it.each([
    ['/health?checkId=1', '/health?checkId=1'],
    [`${ORIGIN}/topology#x`, '/topology#x'],
    ['https://evil.example/x', '/'],
    ['//evil.example/x', '/'],
    ['javascript:alert(1)', '/'],
    ['', '/'],
    [null, '/'],
  ])('return_to %j leads to %j', (value, expected) => {
    expect(safeReturnTo(value, ORIGIN)).toBe(expected);
  });

  it.each([
    ['/login/factor-one', '/login/factor-one'],
    [`${ORIGIN}/registration?x=1`, '/registration?x=1'],
    ['https://accounts.example.com/sign-in', null],
  ])('provider navigation to %j is router path %j', (to, expected) => {
    expect(toRouterPath(to, ORIGIN)).toBe(expected);
  });
});
