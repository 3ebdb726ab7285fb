/** The pages of the hosted sign-in: each route's path and how to link to it. */
export const clerkPaths = {
  /** The provider's sign-in (spec 001: /login is the sign-in address in hosted mode too). */
  login: {
    path: '/login',
    getHref: (returnTo?: string) =>
      returnTo ? `/login?${new URLSearchParams({ return_to: returnTo })}` : '/login',
  },
  registration: { path: '/registration', getHref: () => '/registration' },
  profile: { path: '/profile-settings', getHref: () => '/profile-settings' },
  /** Where a 401 leads in hosted mode: decides between sign-in and the bad-session error. */
  authStateChecker: {
    path: '/auth-state-checker',
    getHref: (returnTo?: string) =>
      returnTo
        ? `/auth-state-checker?${new URLSearchParams({ return_to: returnTo })}`
        : '/auth-state-checker',
  },
  /** Where the organisation switcher and picker go after choosing or creating one. */
  organizationsSwitched: {
    path: '/organizations/orgs-switched',
    getHref: () => '/organizations/orgs-switched',
  },
  badSession: { getHref: () => '/error?error_code=BAD_SESSION' },
  home: { path: '/', getHref: () => '/' },
} as const;

/** A route path with the sub-paths the provider's components route to (`/login/factor-one`). */
export function withSubPaths(path: string): string {
  return `${path}/*`;
}

/**
 * `return_to` when it is a path on this site, else `/`. Protocol-relative (`//host`) and
 * absolute addresses elsewhere are refused.
 */
export function safeReturnTo(value: string | null | undefined, origin: string): string {
  if (!value) return '/';
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return '/';
  }
  if (url.origin !== origin) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A provider navigation target as a router path: same-site absolute addresses lose their
 * origin; null for another site (the browser has to go there itself).
 */
export function toRouterPath(to: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(to, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
