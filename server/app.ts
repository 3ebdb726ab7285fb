import zlib from 'node:zlib';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { isClientRoute, registerConsoleFiles, sendConsolePage } from './consoleFiles';
import type { DemoAccount, DemoBackendFactory } from './demo/types';
import { registerProxy } from './proxy';
import { runtimeConfig } from './runtimeConfig';
import { securityHeaders } from './security';
import type { ServerSettings } from './settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-ins seeded by the demo backend; empty in proxy mode. */
    demoAccounts: DemoAccount[];
  }
}

export interface AppDeps {
  /** Creates the embedded backend; defaults to the one in ./demo. */
  demo?: DemoBackendFactory;
  /** Receives progress lines of the demo backend; defaults to stdout. */
  log?: (line: string) => void;
}

async function loadDemoFactory(): Promise<DemoBackendFactory> {
  const { createDemoBackend } = await import('./demo/index');
  return createDemoBackend;
}

async function registerDemo(
  app: FastifyInstance,
  settings: ServerSettings,
  deps: AppDeps,
): Promise<void> {
  const factory = deps.demo ?? (await loadDemoFactory());
  const backend = await factory({
    dataDir: settings.dataDir,
    ...(settings.databaseUrl === null ? {} : { databaseUrl: settings.databaseUrl }),
    reset: settings.reset,
    seedScale: settings.seedScale,
    ...(settings.identityFlowLifetimeMs === null
      ? {}
      : { identityFlowLifetimeMs: settings.identityFlowLifetimeMs }),
    version: settings.consoleVersion,
    log: deps.log ?? ((line) => console.log(line)),
  });
  app.addHook('onClose', async () => {
    await backend.close();
  });
  app.demoAccounts = backend.accounts;
  await app.register(backend.plugin, { prefix: '/api' });
}

/**
 * The console's HTTP server: security headers, compression, /config.json, /api (proxied to a
 * real backend or answered by the embedded demo) and the built console with SPA fallback.
 */
export async function buildApp(
  settings: ServerSettings,
  deps: AppDeps = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: settings.logLevel === null ? false : { level: settings.logLevel },
  });
  try {
    app.decorate('demoAccounts', [] as DemoAccount[]);

    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip', 'deflate'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
    });

    const headersFor = securityHeaders({
      authMode: settings.authMode,
      clerkPublishableKey: settings.clerkPublishableKey,
    });
    app.addHook('onRequest', async (request, reply) => {
      reply.headers(headersFor(request.url.split('?')[0] ?? '/'));
    });

    const config = runtimeConfig(settings);
    app.get('/config.json', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return config;
    });
    app.get('/api/_health', async () => ({ health: 'ok' }));

    if (settings.backendUrl !== null) {
      await registerProxy(app, { backendUrl: settings.backendUrl, kratosUrl: settings.kratosUrl });
    } else {
      await registerDemo(app, settings, deps);
    }

    if (settings.serveConsole) {
      await registerConsoleFiles(app, settings.distDir);
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname === '/api' || pathname.startsWith('/api/')) {
        return reply.code(404).send({ error: 'not found' });
      }
      if (settings.serveConsole && isClientRoute(request)) {
        return sendConsolePage(reply, settings.distDir);
      }
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    });

    await app.ready();
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}
