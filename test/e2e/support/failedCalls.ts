import type { Page } from 'playwright-core';
import { baseUrl } from './server';

/**
 * Records, from now on, every call of the console that failed: a 400, 404 or 5xx answer, a request
 * that never got one (other than one the browser cancelled on leaving a page), and uncaught
 * errors of the page.
 */
export function failedCalls(page: Page): string[] {
  const origin = baseUrl();
  const failures: string[] = [];
  page.on('response', (response) => {
    const status = response.status();
    // A 404 is a failure too: a page asking for what does not exist (a view's table where the
    // view has none) is a bug, even when the page copes with it.
    const failed = status === 400 || status === 404 || status >= 500;
    if (!response.url().startsWith(`${origin}/api/`) || !failed) return;
    failures.push(
      `${response.request().method()} ${response.url().slice(origin.length)} → ${status}`,
    );
  });
  page.on('requestfailed', (request) => {
    // A call cut short by leaving the page it was for (ERR_ABORTED) is no failure.
    if (/ABORTED/.test(request.failure()?.errorText ?? '')) return;
    if (request.url().startsWith(`${origin}/api/`)) failures.push(`failed: ${request.url()}`);
  });
  page.on('pageerror', (error) => failures.push(`uncaught: ${error.message}`));
  return failures;
}
