import type { ChildProcess } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { ensureBuild } from '../../server/build';
import { launchBrowser } from '../e2e/support/browser';
import { ROOT, startServer } from '../e2e/support/server';

const ADMIN = { email: 'admin@demo.local', password: 'demo-admin-pass' };

/** The middle value (the upper one of an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** Signs the page in as the demo admin and waits to leave the sign-in page. */
export async function signInAsAdmin(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('E-Mail').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
}

/** Stops a server started for a bench, forcibly after 15 s. */
function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Builds the console if needed, starts it on the demo database in `dataDir` (already seeded)
 * and runs `measure` in Chromium against it. The server is stopped at the end, whatever
 * happens; the folder is left for the caller to remove.
 */
export async function withServerAndBrowser<T>(
  dataDir: string,
  measure: (browser: Browser, origin: string) => Promise<T>,
): Promise<T> {
  await ensureBuild(ROOT);
  const { server, child } = await startServer({ DATA_DIR: dataDir });
  // Leaving early (Ctrl+C, an uncaught error) stops the server too.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  try {
    const browser = await launchBrowser();
    try {
      return await measure(browser, server.url);
    } finally {
      await browser.close();
    }
  } finally {
    await stopServer(child);
    process.off('exit', killOnExit);
  }
}
