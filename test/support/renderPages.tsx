import type { AppPage } from '../../src/app/routes';
import { appPages, createRoutes } from '../../src/app/routes';
import type { RenderAppOptions } from './renderApp';
import { renderApp } from './renderApp';

/**
 * The console's pages (`appPages`) at these path patterns, as the route table holds them but
 * without their sidebar and palette entries: the pages under test and nothing else.
 */
export function pagesAt(...patterns: string[]): AppPage[] {
  return patterns.map((pattern) => {
    const page = appPages.find(({ path }) => path === pattern);
    if (!page) throw new Error(`No page at ${pattern}`);
    return { path: page.path, load: page.load, access: page.access };
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
    url,
    ...(roles ? { user: { roles } } : {}),
    ...options,
    userOptions: { delay: null, ...options.userOptions },
  });
}
