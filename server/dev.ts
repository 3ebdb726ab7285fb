import type { AddressInfo } from 'node:net';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { buildApp } from './app';
import { consoleUrl, formatAccounts } from './banner';
import { StartupError, assertPortFree, listenErrorMessage } from './listen';
import { parseSettings } from './settings';

/** Where the dev server reaches the API server listening on `host`. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '::1';
  return host;
}

function fail(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message.split('\n')[0]}\n`);
  process.exit(1);
}

/**
 * Development: this server answers /api and /config.json on PORT+1, and webpack-dev-server
 * serves the console with hot reload on PORT, proxying those two paths to it.
 */
async function main(): Promise<void> {
  const settings = parseSettings(process.argv.slice(2), process.env);
  const apiPort = settings.port + 1;
  if (settings.port === 0 || apiPort > 65535) {
    throw new StartupError(`PORT ${settings.port} leaves no room for the API on PORT+1.`);
  }
  await assertPortFree(settings.host, settings.port);
  await assertPortFree(settings.host, apiPort);

  const app = await buildApp({ ...settings, port: apiPort, serveConsole: false });
  try {
    await app.listen({ port: apiPort, host: settings.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    throw new StartupError(listenErrorMessage(error, settings.host, apiPort));
  }
  const apiUrl = consoleUrl(
    reachableHost(settings.host),
    (app.server.address() as AddressInfo).port,
  );

  const { default: webpackConfig } = await import('../webpack.config');
  const config = await webpackConfig({}, { mode: 'development' });
  const compiler = webpack(config);
  const devServer = new WebpackDevServer(
    {
      ...config.devServer,
      host: settings.host,
      port: settings.port,
      hot: true,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/config.json'], target: apiUrl, ws: true }],
    },
    compiler,
  );
  await devServer.start();

  console.log(`Mission Control console (dev): ${consoleUrl(settings.host, settings.port)}`);
  console.log(`API and /config.json: ${apiUrl}`);
  for (const line of formatAccounts(app.demoAccounts)) console.log(line);

  let closing = false;
  const shutdown = () => {
    if (closing) process.exit(1);
    closing = true;
    Promise.all([devServer.stop(), app.close()]).then(
      () => process.exit(0),
      (error: unknown) => fail(error),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch(fail);
