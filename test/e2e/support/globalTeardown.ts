import fs from 'node:fs';
import { clearServerState, readServerState } from './server';

export default async function globalTeardown(): Promise<void> {
  const state = readServerState();
  try {
    process.kill(state.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  fs.rmSync(state.dataDir, { recursive: true, force: true });
  clearServerState();
}
