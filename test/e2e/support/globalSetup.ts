import { ensureBuild } from '../../../server/build';
import { ROOT, saveServerState, startServer, claimOwnStateFile } from './server';
import { E2E_SERVER_ENV } from './settings';

/**
 * Builds the console when the build is missing or stale, then starts one server on the demo
 * backend for every e2e file; globalTeardown stops it.
 */
export default async function globalSetup(): Promise<void> {
  claimOwnStateFile();
  await ensureBuild(ROOT);
  const { server, child } = await startServer(E2E_SERVER_ENV);
  child.unref();
  saveServerState(server);
  (globalThis as { __MC_E2E_CHILD__?: typeof child }).__MC_E2E_CHILD__ = child;
}
