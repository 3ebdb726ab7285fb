import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { consoleUrl, formatAccounts } from './banner';
import { ensureBuild } from './build';
import { StartupError, assertPortFree, listenErrorMessage } from './listen';
import { parseSettings } from './settings';
import type { ServerSettings } from './settings';

const CLOSE_TIMEOUT_MS = 10_000;

function fail(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message.split('\n')[0]}\n`);
  if (process.env.DEBUG && error instanceof Error && !(error instanceof StartupError)) {
    process.stderr.write(`${error.stack ?? ''}\n`);
  }
  process.exit(1);
}

async function listen(app: FastifyInstance, settings: ServerSettings): Promise<number> {
  try {
    await app.listen({ port: settings.port, host: settings.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    throw new StartupError(listenErrorMessage(error, settings.host, settings.port));
  }
  return (app.server.address() as AddressInfo).port;
}

function closeOnSignals(app: FastifyInstance): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    console.log(`\n${signal} received, closing…`);
    setTimeout(() => {
      process.stderr.write('Timed out while closing; exiting.\n');
      process.exit(1);
    }, CLOSE_TIMEOUT_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => fail(error),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

function printBanner(app: FastifyInstance, settings: ServerSettings, port: number): void {
  console.log(`Mission Control console: ${consoleUrl(settings.host, port)}`);
  if (settings.backendUrl !== null) {
    console.log(`Proxying /api to ${settings.backendUrl}`);
    if (settings.kratosUrl !== null) console.log(`Proxying /api/.ory to ${settings.kratosUrl}`);
  }
  for (const line of formatAccounts(app.demoAccounts)) console.log(line);
}

async function main(): Promise<void> {
  const settings = parseSettings(process.argv.slice(2), process.env);
  if (settings.buildIfStale) await ensureBuild(settings.rootDir);
  await assertPortFree(settings.host, settings.port);
  const app = await buildApp(settings);
  const port = await listen(app, settings);
  closeOnSignals(app);
  printBanner(app, settings, port);
}

main().catch(fail);
