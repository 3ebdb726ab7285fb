import { loadRuntimeConfig } from '../../../src/app/runtimeConfig';

const good = {
  authMode: 'kratos',
  identityBasePath: '/api/.ory',
  clerkPublishableKey: null,
  version: '1.4.63',
};

function respond(body: string, init: ResponseInit = {}) {
  const fetchImpl = jest.fn(async (_url: string, _init: RequestInit) => new Response(body, init));
  return fetchImpl;
}

describe('loadRuntimeConfig', () => {
  it('reads /config.json', async () => {
    const fetchImpl = respond(JSON.stringify(good), {
      headers: { 'Content-Type': 'application/json' },
    });
    await expect(loadRuntimeConfig(fetchImpl)).resolves.toEqual(good);
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/config.json');
  });

  it('accepts the hosted mode and extra keys', async () => {
    const config = { ...good, authMode: 'clerk', clerkPublishableKey: 'pk_test_x', future: 1 };
    await expect(loadRuntimeConfig(respond(JSON.stringify(config)))).resolves.toMatchObject({
      authMode: 'clerk',
      clerkPublishableKey: 'pk_test_x',
    });
  });

  it('says when the server answers with an error', async () => {
    await expect(
      loadRuntimeConfig(respond('nope', { status: 503, statusText: 'Service Unavailable' })),
    ).rejects.toThrow(
      'Could not load the console settings (/config.json): the server answered 503 Service Unavailable.',
    );
  });

  it('says when there is no answer', async () => {
    const fetchImpl = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(loadRuntimeConfig(fetchImpl)).rejects.toThrow(
      'Could not load the console settings (/config.json): Network Error. Please try again.',
    );
  });

  it('gives up after the timeout', async () => {
    const fetchImpl = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      });
    await expect(loadRuntimeConfig(fetchImpl, 20)).rejects.toThrow(
      'Could not load the console settings (/config.json): Request timed out. Please try again.',
    );
  });

  it('says when the answer is not JSON', async () => {
    await expect(loadRuntimeConfig(respond('<html></html>'))).rejects.toThrow(
      'Could not load the console settings (/config.json): the answer is not valid JSON.',
    );
  });

  it('names the wrong field', async () => {
    await expect(
      loadRuntimeConfig(respond(JSON.stringify({ ...good, authMode: 'saml' }))),
    ).rejects.toThrow(
      /^Could not load the console settings \(\/config\.json\): unexpected content: authMode Expected one of `"kratos","clerk"`/,
    );
  });
});
