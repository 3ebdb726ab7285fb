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
