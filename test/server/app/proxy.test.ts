import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { proxyTarget } from '../../../server/proxy';
import { testSettings } from './support';

interface Echo {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A stand-in Mission Control: echoes requests, and answers special paths on purpose. */
class FakeUpstream {
  server: http.Server;
  requests: Echo[] = [];
  /** Released by a test to let the streamed response finish. */
  releaseStream: () => void = () => {};
  firstRequestChunk: Promise<string>;
  private gotFirstRequestChunk: (chunk: string) => void = () => {};

  constructor() {
    this.firstRequestChunk = new Promise((resolve) => {
      this.gotFirstRequestChunk = resolve;
    });
    this.server = http.createServer((req, res) => this.handle(req, res));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/stream') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first chunk\n');
      this.releaseStream = () => res.end('second chunk\n');
      return;
    }
    if (path === '/upload') {
      req.once('data', (chunk: Buffer) => this.gotFirstRequestChunk(chunk.toString()));
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const echo: Echo = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      this.requests.push(echo);
      const status = /^\/status\/(\d{3})$/.exec(path ?? '');
      if (status) {
        const code = Number(status[1]);
        const headers: http.OutgoingHttpHeaders = { 'content-type': 'text/plain' };
        if (code === 303) headers.location = '/login?flow=abc';
        if (code === 401) headers['www-authenticate'] = 'Bearer';
        res.writeHead(code, headers);
        res.end(code === 401 ? 'Authorization Error' : `status ${code}`);
        return;
      }
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-range': '0-0/1',
        'set-cookie': [
          'ory_kratos_session=abc; Path=/; HttpOnly; SameSite=Lax',
          'csrf_token_x=def; Path=/; HttpOnly',
        ],
      });
      res.end(JSON.stringify(echo));
    });
  }
}

describe('proxyTarget', () => {
  const upstreams = { backendUrl: 'https://mc.example.com', kratosUrl: null };

  it('maps identity paths under /kratos and strips /api from the rest', () => {
    expect(proxyTarget('/api/.ory/sessions/whoami', upstreams)).toBe(
      'https://mc.example.com/kratos/sessions/whoami',
    );
    expect(proxyTarget('/api/.ory?x=1', upstreams)).toBe('https://mc.example.com/kratos?x=1');
    expect(proxyTarget('/api/db/people?id=eq.1&select=id,name', upstreams)).toBe(
      'https://mc.example.com/db/people?id=eq.1&select=id,name',
    );
    expect(proxyTarget('/api/.oryx/a', upstreams)).toBe('https://mc.example.com/.oryx/a');
    expect(proxyTarget('/api/canary/api/summary', upstreams)).toBe(
      'https://mc.example.com/canary/api/summary',
    );
  });

  it('keeps a path prefix of the backend URL', () => {
    expect(proxyTarget('/api/auth/whoami', { backendUrl: 'http://h/mc', kratosUrl: null })).toBe(
      'http://h/mc/auth/whoami',
    );
  });

  it('sends identity paths straight to KRATOS_URL when set', () => {
    expect(
      proxyTarget('/api/.ory/self-service/login/browser?return_to=%2F', {
        backendUrl: 'http://mc',
        kratosUrl: 'http://kratos:4433',
      }),
    ).toBe('http://kratos:4433/self-service/login/browser?return_to=%2F');
  });

  it('keeps query strings byte for byte', () => {
    const url = '/api/db/checks?or=(status.eq.healthy,name.ilike.*a%20b*)&order=name.desc';
    expect(proxyTarget(url, upstreams)).toBe(`https://mc.example.com${url.slice(4)}`);
  });
});

describe('proxy mode', () => {
  const upstream = new FakeUpstream();
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    await upstream.start();
    app = await buildApp(testSettings({ backendUrl: upstream.url }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await upstream.stop();
  });

  const lastRequest = () => upstream.requests[upstream.requests.length - 1];

  it('sends /api/.ory/* to {backend}/kratos/*', async () => {
    const response = await fetch(`${base}/api/.ory/self-service/login/browser?x=1`, {
      headers: { accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    const echo = (await response.json()) as Echo;
    expect(echo.method).toBe('GET');
    expect(echo.url).toBe('/kratos/self-service/login/browser?x=1');
    expect(echo.headers.accept).toBe('application/json');
  });

  it('sends /api/* to {backend}/* with the query string', async () => {
    const response = await fetch(`${base}/api/db/people?id=eq.1`, {
      headers: { prefer: 'count=exact' },
    });
    const echo = (await response.json()) as Echo;
    expect(echo.url).toBe('/db/people?id=eq.1');
    expect(echo.headers.prefer).toBe('count=exact');
    expect(response.headers.get('content-range')).toBe('0-0/1');
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('passes POST bodies through untouched', async () => {
    const body = '{"name":"ops","spec":{"a":[1,2,3]}}';
    const response = await fetch(`${base}/api/db/teams`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body,
    });
    const echo = (await response.json()) as Echo;
    expect(echo).toMatchObject({ method: 'POST', url: '/db/teams', body });
    expect(echo.headers['content-type']).toBe('application/json');

    const form = 'identifier=a%40b.c&password=x&csrf_token=t&method=password';
    await fetch(`${base}/api/.ory/self-service/login?flow=f1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      url: '/kratos/self-service/login?flow=f1',
      body: form,
    });
    expect(lastRequest()?.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('passes PATCH and DELETE with their bodies and bodies of any type', async () => {
    await fetch(`${base}/api/db/teams?id=eq.7`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"x"}',
    });
    expect(lastRequest()).toMatchObject({
      method: 'PATCH',
      url: '/db/teams?id=eq.7',
      body: '{"name":"x"}',
    });
    await fetch(`${base}/api/db/teams?id=eq.7`, { method: 'DELETE' });
    expect(lastRequest()).toMatchObject({ method: 'DELETE', url: '/db/teams?id=eq.7' });
    await fetch(`${base}/api/artifacts/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array([0, 1, 2, 255]),
    });
    expect(Buffer.from(lastRequest()?.body ?? '', 'latin1')).toHaveLength(
      lastRequest()?.body.length ?? 0,
    );
    expect(lastRequest()?.headers['content-length']).toBe('4');
  });

  it('passes the request Cookie and Authorization headers', async () => {
    await fetch(`${base}/api/auth/whoami`, {
      headers: { cookie: 'ory_kratos_session=s1; other=2', authorization: 'Bearer tok' },
    });
    expect(lastRequest()?.headers.cookie).toBe('ory_kratos_session=s1; other=2');
    expect(lastRequest()?.headers.authorization).toBe('Bearer tok');
    expect(lastRequest()?.headers['x-forwarded-host']).toBe(new URL(base).host);
    expect(lastRequest()?.headers['x-forwarded-proto']).toBe('http');
  });

  it('returns every Set-Cookie header unchanged', async () => {
    const response = await fetch(`${base}/api/.ory/self-service/login/browser`);
    expect(response.headers.getSetCookie()).toEqual([
      'ory_kratos_session=abc; Path=/; HttpOnly; SameSite=Lax',
      'csrf_token_x=def; Path=/; HttpOnly',
    ]);
  });

  it.each([201, 401, 404, 500])('keeps status %i and its body', async (code) => {
    const response = await fetch(`${base}/api/status/${code}`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(code);
    expect(await response.text()).toBe(code === 401 ? 'Authorization Error' : `status ${code}`);
    if (code === 401) expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('keeps 303 redirects with their Location', async () => {
    const response = await fetch(`${base}/api/status/303`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/login?flow=abc');
  });

  it('streams the response as it arrives', async () => {
    const response = await fetch(`${base}/api/stream`);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('first chunk')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended early');
      text += decoder.decode(value);
    }
    // The upstream has not finished: only now is it allowed to.
    expect(text).toBe('first chunk\n');
    upstream.releaseStream();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    expect(text).toBe('first chunk\nsecond chunk\n');
  });

  it('streams the request body to the upstream as it is sent', async () => {
    let finish: () => void = () => {};
    const rest = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode('part one;'));
        await rest;
        controller.enqueue(new TextEncoder().encode('part two'));
        controller.close();
      },
    });
    const pending = fetch(`${base}/api/upload`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body,
      duplex: 'half',
    } as RequestInit);
    // The upstream sees the first part while the client is still sending.
    expect(await upstream.firstRequestChunk).toBe('part one;');
    finish();
    const echo = (await (await pending).json()) as Echo;
    expect(echo.body).toBe('part one;part two');
  });

  it('does not compress or decompress what it relays', async () => {
    const response = await fetch(`${base}/api/db/configs?x=${'a'.repeat(3000)}`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(lastRequest()?.headers['accept-encoding']).toBe('gzip, br');
  });

  it('answers /config.json and /api/_health itself', async () => {
    const before = upstream.requests.length;
    expect(await (await fetch(`${base}/api/_health`)).json()).toEqual({ health: 'ok' });
    expect((await fetch(`${base}/config.json`)).status).toBe(200);
    expect(upstream.requests.length).toBe(before);
  });
});

describe('proxy mode with KRATOS_URL', () => {
  const backend = new FakeUpstream();
  const kratos = new FakeUpstream();
  let app: FastifyInstance;

  beforeAll(async () => {
    await Promise.all([backend.start(), kratos.start()]);
    app = await buildApp(testSettings({ backendUrl: backend.url, kratosUrl: kratos.url }));
  });
  afterAll(async () => {
    await app.close();
    await Promise.all([backend.stop(), kratos.stop()]);
  });

  it('sends /api/.ory/* to Kratos directly and the rest to the backend', async () => {
    const identity = await app.inject({ url: '/api/.ory/sessions/whoami?a=b' });
    expect(identity.json()).toMatchObject({ url: '/sessions/whoami?a=b' });
    expect(kratos.requests).toHaveLength(1);
    const api = await app.inject({ url: '/api/auth/whoami' });
    expect(api.json()).toMatchObject({ url: '/auth/whoami' });
    expect(backend.requests).toHaveLength(1);
  });
});

describe('proxy mode with an unreachable backend', () => {
  let app: FastifyInstance;
  let deadUrl: string;

  beforeAll(async () => {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    deadUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    await new Promise((resolve) => probe.close(resolve));
    app = await buildApp(testSettings({ backendUrl: deadUrl }));
  });
  afterAll(async () => {
    // The upload test's client may still be sending its body, or hold the connection open for
    // keep-alive, when the suite ends: close it rather than wait out the keep-alive timeout.
    const closing = app.close();
    app.server.closeAllConnections();
    await closing;
  });

  it('answers 502 with a JSON error and keeps running', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await app.inject({
        method,
        url: '/api/db/people?id=eq.1',
        ...(method === 'POST' ? { payload: { a: 1 } } : {}),
      });
      expect(response.statusCode).toBe(502);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json() as { error: string };
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error).toContain(deadUrl);
      expect(body.error).toMatch(/could not be reached/);
    }
    expect((await app.inject({ url: '/api/_health' })).statusCode).toBe(200);
  });

  it('answers 502 over a real connection while a large body is being sent', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const response = await fetch(`http://127.0.0.1:${port}/api/artifacts/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array(4 * 1024 * 1024),
    });
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: string }).error).toContain(deadUrl);
  });
});
