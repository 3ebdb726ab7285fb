import zlib from 'node:zlib';
import { buildApp } from '../../../server/app';
import { IMMUTABLE, NOT_BUILT_MESSAGE } from '../../../server/consoleFiles';
import {
  ASSET_BODY,
  ASSET_NAME,
  INDEX_HTML,
  PRECOMPRESSED_BODY,
  PRECOMPRESSED_FILES,
  PRECOMPRESSED_NAME,
  demoAppPerDescribe,
  makeDist,
  testSettings,
} from './support';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('serving the built console', () => {
  const app = demoAppPerDescribe(() => ({ distDir: makeDist() }));

  it('serves index.html at / without caching', async () => {
    const response = await app.inject({ url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('falls back to index.html for client routes, query strings included', async () => {
    for (const url of ['/health?x=1', '/catalog/abc/changes', '/view/health', '/settings/users']) {
      const response = await app.inject({ url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    }
  });

  it('falls back for a client route without an HTML Accept when it has no extension', async () => {
    const response = await app.inject({ url: '/health', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });

  it('answers HEAD for client routes', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/incidents', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable', async () => {
    const response = await app.inject({ url: `/assets/${ASSET_NAME}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(ASSET_BODY);
  });

  it('revalidates files that are not hashed', async () => {
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('gives 404, not the page, for missing files', async () => {
    for (const url of ['/assets/main.000000000000.js', '/missing.png']) {
      const response = await app.inject({ url, headers: { accept: '*/*' } });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<div id="root">');
    }
    const asset = await app.inject({ url: '/assets/gone.js', headers: html });
    expect(asset.statusCode).toBe(404);
  });

  it('does not fall back for other methods', async () => {
    const response = await app.inject({ method: 'POST', url: '/health', headers: html });
    expect(response.statusCode).toBe(404);
  });

  it('compresses with brotli when asked', async () => {
    const response = await app.inject({
      url: `/assets/${ASSET_NAME}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.rawPayload.length).toBeLessThan(ASSET_BODY.length / 4);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(ASSET_BODY);
  });

  it('compresses with gzip when asked', async () => {
    const response = await app.inject({
      url: `/assets/${ASSET_NAME}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(ASSET_BODY);
  });

  it('prefers brotli and sends plain bytes when no encoding is accepted', async () => {
    const both = await app.inject({
      url: `/assets/${ASSET_NAME}`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(both.headers['content-encoding']).toBe('br');
    const plain = await app.inject({ url: `/assets/${ASSET_NAME}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET_BODY);
  });
});

describe('serving the files the build compressed', () => {
  const app = demoAppPerDescribe(() => ({ distDir: makeDist() }));

  it('sends the built .br file as it is, not one compressed on the fly', async () => {
    // The server's own brotli (quality 5) writes other bytes than the build's (quality 11).
    const onTheFly = zlib.brotliCompressSync(PRECOMPRESSED_BODY, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
    });
    expect(onTheFly.equals(PRECOMPRESSED_FILES.br)).toBe(false);
    const response = await app.inject({
      url: `/assets/${PRECOMPRESSED_NAME}`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.equals(PRECOMPRESSED_FILES.br)).toBe(true);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(PRECOMPRESSED_BODY);
  });

  it('sends the built .gz file to a browser without brotli, and plain bytes to one without either', async () => {
    const gzip = await app.inject({
      url: `/assets/${PRECOMPRESSED_NAME}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(PRECOMPRESSED_FILES.gz)).toBe(true);
    const plain = await app.inject({ url: `/assets/${PRECOMPRESSED_NAME}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PRECOMPRESSED_BODY);
  });
});

describe('when the console has not been built', () => {
  const app = demoAppPerDescribe();

  it('answers client routes with 503 and how to build', async () => {
    for (const url of ['/', '/health?x=1', '/view/health']) {
      const response = await app.inject({ url, headers: html });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toBe(`${NOT_BUILT_MESSAGE}\n`);
      expect(response.body.trim().split('\n')).toHaveLength(1);
      expect(response.body).toContain('npm run build');
    }
  });

  it('still serves the API and /config.json', async () => {
    expect((await app.inject({ url: '/api/_health' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/config.json' })).statusCode).toBe(200);
  });
});

describe('without the console (dev API server)', () => {
  it('serves only /api and /config.json', async () => {
    const app = await buildApp(
      testSettings({ distDir: makeDist(), serveConsole: false, backendUrl: 'http://127.0.0.1:9' }),
    );
    try {
      expect((await app.inject({ url: '/config.json' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/', headers: html })).statusCode).toBe(404);
      expect((await app.inject({ url: '/health', headers: html })).statusCode).toBe(404);
      expect((await app.inject({ url: `/assets/${ASSET_NAME}` })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
