import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../server/settings';

const TSX = path.join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const MAIN = path.join(PROJECT_ROOT, 'server', 'main.ts');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const running = new Set<ChildProcess>();

afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

function startMain(env: NodeJS.ProcessEnv, args: string[] = []) {
  const child = spawn(process.execPath, [TSX, MAIN, ...args], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<Run>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
  const output = () => stdout;
  return { child, done, output };
}

async function waitFor(check: () => string | null, ms = 20_000): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== null) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const proxyEnv = { MC_BACKEND_URL: 'http://127.0.0.1:9', HOST: '127.0.0.1' };

describe('server/main.ts', () => {
  let holder: net.Server;
  let heldPort: number;

  beforeAll(async () => {
    holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    heldPort = (holder.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => holder.close(resolve)));

  it('explains a taken port in one line and exits with 1', async () => {
    const { done } = startMain({ ...proxyEnv, PORT: String(heldPort) });
    const run = await done;
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `Port ${heldPort} is already in use on 127.0.0.1. Set PORT to another port.\n`,
    );
    expect(run.stdout).toBe('');
  }, 30_000);

  it('explains a bad setting in one line and exits with 1', async () => {
    const { done } = startMain({ ...proxyEnv, PORT: 'eighty' });
    const run = await done;
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('Invalid PORT "eighty": expected a whole number from 0 to 65535.\n');
  }, 30_000);

  it('starts, prints its address, serves, and closes on SIGTERM', async () => {
    const { child, done, output } = startMain({ ...proxyEnv, PORT: '0' });
    const url = await waitFor(
      () => /Mission Control console: (http:\/\/127\.0\.0\.1:\d+)\n/.exec(output())?.[1] ?? null,
    );
    await waitFor(() => (output().includes('Proxying /api to http://127.0.0.1:9\n') ? 'ok' : null));
    const health = await fetch(`${url}/api/_health`);
    expect(await health.json()).toEqual({ health: 'ok' });
    const config = (await (await fetch(`${url}/config.json`)).json()) as { authMode: string };
    expect(config.authMode).toBe('kratos');
    child.kill('SIGTERM');
    const run = await done;
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
  }, 30_000);
});
