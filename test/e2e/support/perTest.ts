import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { launchBrowser } from './browser';

export interface PerTestBrowser {
  /** The file's browser. */
  readonly browser: Browser;
  /** The current test's own context: no cookies or storage left by another test. */
  readonly context: BrowserContext;
}

/**
 * Called in a `describe`: one browser for the file and a fresh context of `viewport` for each
 * test, closed after it.
 */
export function browserPerFile(viewport = { width: 1440, height: 900 }): PerTestBrowser {
  return browserPerFileWith({ viewport });
}

/**
 * As `browserPerFile`, with each test's context made with `options` (none given: Playwright's
 * defaults) and handed to `prepare`, when given, before the test runs.
 */
export function browserPerFileWith(
  options: BrowserContextOptions = {},
  prepare?: (context: BrowserContext) => Promise<void>,
): PerTestBrowser {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await browser!.newContext(options);
    await prepare?.(context);
  });
  afterEach(async () => {
    await context?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error('the browser is not launched yet');
      return browser;
    },
    get context() {
      if (!context) throw new Error('no test is running');
      return context;
    },
  };
}
