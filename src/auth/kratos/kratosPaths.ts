import type { IdentityFlowKind } from '../../api/schemas/identity';

type Query = Record<string, string | undefined>;

function withQuery(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(name, value);
  }
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

export interface LoginHrefParams {
  returnTo?: string;
  /** `aal2` asks for the second factor. */
  aal?: string;
  /** Ask the signed-in user to confirm it is them. */
  refresh?: boolean;
  flow?: string;
}

/** The self-service pages of kratos mode: each route's path and how to link to it. */
export const kratosPaths = {
  login: {
    path: '/login',
    getHref: ({ returnTo, aal, refresh, flow }: LoginHrefParams = {}) =>
      withQuery('/login', {
        flow,
        aal,
        refresh: refresh ? 'true' : undefined,
        return_to: returnTo,
      }),
  },
  registration: {
    path: '/registration',
    getHref: (query: { returnTo?: string; flow?: string } = {}) =>
      withQuery('/registration', { flow: query.flow, return_to: query.returnTo }),
  },
  recovery: {
    path: '/recovery',
    getHref: (query: { returnTo?: string; flow?: string } = {}) =>
      withQuery('/recovery', { flow: query.flow, return_to: query.returnTo }),
  },
  verification: {
    path: '/verification',
    getHref: (query: { returnTo?: string; flow?: string } = {}) =>
      withQuery('/verification', { flow: query.flow, return_to: query.returnTo }),
  },
  settings: {
    path: '/profile-settings',
    getHref: (query: { returnTo?: string; flow?: string } = {}) =>
      withQuery('/profile-settings', { flow: query.flow, return_to: query.returnTo }),
  },
  /**
   * The flow-error page. `/error` is the console's error-code page, so flow errors live at
   * `/flow-error/:id` (and `/flow-error?id=`, the form the identity service's redirects use).
   */
  flowError: {
    path: '/flow-error/:id',
    queryPath: '/flow-error',
    getHref: (id: string) => `/flow-error/${encodeURIComponent(id)}`,
  },
  home: { path: '/', getHref: () => '/' },
} as const;

export interface FlowPageQuery {
  flow?: string;
  returnTo?: string;
  /** Login only. */
  aal?: string;
  /** Login only. */
  refresh?: boolean;
}

/** The address of a flow kind's page, e.g. `/profile-settings?flow=…`. */
export function getFlowPageHref(kind: IdentityFlowKind, query: FlowPageQuery = {}): string {
  const { flow, returnTo } = query;
  switch (kind) {
    case 'login':
      return kratosPaths.login.getHref(query);
    case 'registration':
      return kratosPaths.registration.getHref({ flow, returnTo });
    case 'recovery':
      return kratosPaths.recovery.getHref({ flow, returnTo });
    case 'verification':
      return kratosPaths.verification.getHref({ flow, returnTo });
    case 'settings':
      return kratosPaths.settings.getHref({ flow, returnTo });
  }
}
