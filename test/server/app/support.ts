import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import type { AppDeps } from '../../../server/app';
import type { DemoAccount, DemoBackendFactory, DemoOptions } from '../../../server/demo/types';
import { PROJECT_ROOT } from '../../../server/settings';
import type { ServerSettings } from '../../../server/settings';

export const INDEX_HTML =
  '<!doctype html><html><head><script src="/assets/main.3f2a9c1b7d4e.js"></script></head><body><div id="root"></div></body></html>';
export const ASSET_NAME = 'main.3f2a9c1b7d4e.js';
/** Large and repetitive enough to be compressed (the threshold is 1 KiB). */
export const ASSET_BODY = `console.log("mission control");\n`.repeat(200);

/** A bundle the build also wrote compressed beside it (`.br`, `.gz`), as `npm run build` does. */
export const PRECOMPRESSED_NAME = 'page.0a1b2c3d4e5f.js';
export const PRECOMPRESSED_BODY = Array.from(
  { length: 400 },
  (_, index) => `export const panel${index} = "${(index * 7919).toString(36)}";\n`,
).join('');
/** The bytes of the built `.br` and `.gz` files (brotli 11, gzip 9). */
export const PRECOMPRESSED_FILES = {
  br: zlib.brotliCompressSync(PRECOMPRESSED_BODY, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
  }),
  gz: zlib.gzipSync(PRECOMPRESSED_BODY, { level: 9 }),
};

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `mc-${prefix}-`));
}

/** A built console in a temporary folder: index.html, a hashed bundle and an icon. */
export function makeDist(): string {
  const dist = tempDir('dist');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dist, 'assets', ASSET_NAME), ASSET_BODY);
  fs.writeFileSync(path.join(dist, 'assets', PRECOMPRESSED_NAME), PRECOMPRESSED_BODY);
  for (const [extension, bytes] of Object.entries(PRECOMPRESSED_FILES)) {
    fs.writeFileSync(path.join(dist, 'assets', `${PRECOMPRESSED_NAME}.${extension}`), bytes);
  }
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

export function testSettings(overrides: Partial<ServerSettings> = {}): ServerSettings {
  return {
    port: 0,
    host: '127.0.0.1',
    rootDir: PROJECT_ROOT,
    distDir: path.join(tempDir('nodist'), 'dist'),
    serveConsole: true,
    dataDir: null,
    databaseUrl: null,
    backendUrl: null,
    kratosUrl: null,
    authMode: 'kratos',
    clerkPublishableKey: null,
    consoleVersion: '9.8.7',
    reset: false,
    seedScale: 1,
    buildIfStale: false,
    logLevel: null,
    identityFlowLifetimeMs: null,
    hideErrorDetails: false,
    ownerLabel: 'owner',
    ...overrides,
  };
}

export const FAKE_ACCOUNTS: DemoAccount[] = [
  { email: 'admin@demo.local', password: 'admin-pass', role: 'admin' },
  { email: 'viewer@demo.local', password: 'viewer-pass', role: 'viewer' },
];

export interface FakeDemo {
  factory: DemoBackendFactory;
  calls: DemoOptions[];
  closed: () => number;
}

/** A stand-in for the embedded backend: /api/auth/whoami and an echoing POST /api/echo. */
export function fakeDemo(): FakeDemo {
  const calls: DemoOptions[] = [];
  let closed = 0;
  const factory: DemoBackendFactory = async (options) => {
    calls.push(options);
    return {
      accounts: FAKE_ACCOUNTS,
      plugin: async (api) => {
        api.get('/auth/whoami', async () => ({ message: 'success', payload: { id: 'u1' } }));
        api.post('/echo', async (request) => ({ received: request.body }));
      },
      close: async () => {
        closed += 1;
      },
    };
  };
  return { factory, calls, closed: () => closed };
}

/** Builds the app on a fake demo backend and remembers it for closing. */
export async function demoApp(
  overrides: Partial<ServerSettings> = {},
  deps: AppDeps = {},
): Promise<FastifyInstance> {
  return buildApp(testSettings(overrides), { demo: fakeDemo().factory, log: () => {}, ...deps });
}

/**
 * `demoApp(overrides)` for the tests of the `describe` this is called in: built before them and
 * closed after them. Answers the app's `inject`.
 */
export function demoAppPerDescribe(
  overrides: Partial<ServerSettings> | (() => Partial<ServerSettings>) = {},
): Pick<FastifyInstance, 'inject'> {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await demoApp(typeof overrides === 'function' ? overrides() : overrides);
  });
  afterAll(() => app?.close());
  return {
    inject: ((...args: Parameters<FastifyInstance['inject']>) => {
      if (!app) throw new Error('the app is used before its describe built it');
      return app.inject(...args);
    }) as FastifyInstance['inject'],
  };
}

/** Runs `test` on the app, then closes the app whatever `test` did. */
export async function usingApp<T>(
  built: FastifyInstance | Promise<FastifyInstance>,
  test: (app: FastifyInstance) => Promise<T>,
): Promise<T> {
  const app = await built;
  try {
    return await test(app);
  } finally {
    await app.close();
  }
}
