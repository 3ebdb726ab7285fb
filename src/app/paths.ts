/**
 * The typed route table: every route's path pattern and how to build a link to it, so links
 * are never assembled by hand.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  error: {
    path: '/error',
    getHref: (errorCode?: string) =>
      errorCode ? `/error?${new URLSearchParams({ error_code: errorCode })}` : '/error',
  },
  login: {
    path: '/login',
    getHref: (returnTo?: string) =>
      returnTo ? `/login?${new URLSearchParams({ return_to: returnTo })}` : '/login',
  },
  profile: { path: '/profile-settings', getHref: () => '/profile-settings' },
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  /** A view flagged for the sidebar (spec 000 §2.3). */
  view: {
    path: '/views/:id',
    getHref: (id: string) => `/views/${encodeURIComponent(id)}`,
  },
  settingsFeatureFlags: {
    path: '/settings/feature-flags',
    getHref: () => '/settings/feature-flags',
  },
} as const;

export type PathName = keyof typeof paths;
