import type { Page } from 'playwright-core';
import { baseUrl } from './server';

/** Reads `/api/db/{query}` as the signed-in page would (its session, its cookies). */
export async function readDb<T>(page: Page, query: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return (await response.json()) as T;
  }, `${baseUrl()}/api/db/${query}`);
}

/**
 * Sends `body` as JSON to `{origin}{path}` with `method`, as the signed-in page would; answers the
 * reply's JSON (undefined when the reply has no body).
 */
export async function sendJson<T = unknown>(
  page: Page,
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
): Promise<T> {
  return page.evaluate(
    async ({ url, method, body }) => {
      const response = await fetch(url, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const text = await response.text();
      return (text ? JSON.parse(text) : undefined) as T;
    },
    { url: `${baseUrl()}${path}`, method, body },
  );
}
