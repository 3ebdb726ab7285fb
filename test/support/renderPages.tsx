import type { AppPage } from '../../src/app/routes';
import { appPages, createRoutes } from '../../src/app/routes';
import type { RenderAppOptions } from './renderApp';
import { renderApp } from './renderApp';

/**
 * The console's pages (`appPages`) at these path patterns, as the route table holds them but
 * without their sidebar and palette entries: the pages under test and nothing else. Their
 * chunks start loading at once, as a test file's imports would, not in its first test.
 */
export function pagesAt(...patterns: string[]): AppPage[] {
  return patterns.map((pattern) => {
    const page = appPages.find(({ path }) => path === pattern);
    if (!page) throw new Error(`No page at ${pattern}`);
    const loading = page.load();
    // A chunk that fails to load fails the render that awaits it, not the file.
    loading.catch(() => undefined);
    return { path: page.path, load: () => loading, access: page.access };
  });
}

export interface RenderPagesOptions extends Omit<RenderAppOptions, 'url'> {
  /** The signed-in person's roles (an admin's by default); short for `user: { roles }`. */
  roles?: string[];
}

/**
 * Renders the route table of `pages` alone (no public pages) at `url` through the real
 * providers (`renderApp`), user events without delay.
 */
export function renderPages(
  pages: readonly AppPage[],
  url: string,
  { roles, ...options }: RenderPagesOptions = {},
) {
  return renderApp(createRoutes({ pages, publicRoutes: [] }), {
    ...(roles ? { user: { roles } } : {}),
    ...options,
    url,
    userOptions: { delay: null, ...options.userOptions },
  });
}
