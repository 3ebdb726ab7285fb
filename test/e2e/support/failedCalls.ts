import type { Page } from 'playwright-core';
import { baseUrl } from './server';

/** Asked by every page's top bar; 404 while no LLM connection exists. */
const NO_LLM_CONNECTION = '/api/connection/llm';

/**
 * Records, from now on, every call of the console that failed: a 400, 404 (but "no LLM
 * connection") or 5xx answer, a request that never got one (other than one the browser
 * cancelled on leaving a page), and uncaught errors of the page.
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
    // Except the one 404 that is an answer: "no LLM connection" (upstream's `GET /connection/llm`
    // answers it so), which every page's top bar asks to know whether to offer the assistant.
    if (status === 404 && response.url() === `${origin}${NO_LLM_CONNECTION}`) return;
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
