import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');
/** Where the server of the running e2e session is recorded (see `claimOwnStateFile`). */
const SHARED_STATE_FILE = path.join(os.tmpdir(), 'mc-console-e2e-server.json');

function stateFile(): string {
  return process.env.MC_E2E_STATE_FILE ?? SHARED_STATE_FILE;
}

/**
 * Gives this jest run a state file of its own (inherited by its workers through the
 * environment), so two runs at once each reach and stop their own server.
 */
export function claimOwnStateFile(): void {
  process.env.MC_E2E_STATE_FILE = path.join(
    os.tmpdir(),
    `mc-console-e2e-server-${process.pid}.json`,
  );
}

export interface RunningServer {
  url: string;
  pid: number;
  dataDir: string;
}

/**
 * Starts `server/main.ts` as `npm start` does (without the build step) and waits for its address.
 * The demo data goes to a new temporary folder unless `env.DATA_DIR` names one; `args` are the
 * server's options (e.g. `['--seed-scale', '20']`); it must print its address within `startMs` (seeding included).
 */
export async function startServer(
  env: Record<string, string> = {},
  args: string[] = [],
  startMs = 180_000,
): Promise<{
  server: RunningServer;
  child: ChildProcess;
}> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mc-e2e-data-'));
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'server/main.ts'), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: false,
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${startMs / 1000} s:\n${output}`)),
      startMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return { server: { url, pid: child.pid ?? 0, dataDir }, child };
}

export function saveServerState(server: RunningServer): void {
  fs.writeFileSync(stateFile(), JSON.stringify(server));
}

export function readServerState(): RunningServer {
  return JSON.parse(fs.readFileSync(stateFile(), 'utf8')) as RunningServer;
}

export function clearServerState(): void {
  fs.rmSync(stateFile(), { force: true });
}

/** The address of the server that the e2e global setup started. */
export function baseUrl(): string {
  return process.env.MC_E2E_URL ?? readServerState().url;
}
