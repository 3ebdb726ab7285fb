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
  /** The health checks list; with `checkId` the check's detail is open (spec 001 §2). */
  health: {
    path: '/health',
    getHref: ({ checkId, timeRange }: { checkId?: string; timeRange?: string } = {}) => {
      const query = new URLSearchParams();
      if (checkId) query.set('checkId', checkId);
      if (timeRange) query.set('timeRange', timeRange);
      const text = query.toString();
      return text ? `/health?${text}` : '/health';
    },
  },
  /** The health checks list without the shell. */
  viewHealth: { path: '/view/health', getHref: () => '/view/health' },
  settingsFeatureFlags: {
    path: '/settings/feature-flags',
    getHref: () => '/settings/feature-flags',
  },
  settingsUsers: { path: '/settings/users', getHref: () => '/settings/users' },
  settingsTokens: { path: '/settings/tokens', getHref: () => '/settings/tokens' },
  settingsScopes: { path: '/settings/scopes', getHref: () => '/settings/scopes' },
  settingsPermissions: {
    path: '/settings/permissions',
    getHref: () => '/settings/permissions',
  },
} as const;

export type PathName = keyof typeof paths;
