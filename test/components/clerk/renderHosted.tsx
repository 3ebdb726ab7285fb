import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../../../src/app/App';
import type { AppPage } from '../../../src/app/routes';
import { createRoutes } from '../../../src/app/routes';
import type { RuntimeConfig } from '../../../src/app/runtimeConfig';
import { createStore } from '../../../src/app/store';
import { createHostedAuth } from '../../../src/auth/clerk/hostedAuth';
import type { DoubleOrganization, DoubleState } from '../../support/clerkDouble';
import { clerkDouble } from '../../support/clerkDouble';
import { server } from '../../support/msw';
import { TEST_CONFIG } from '../../support/renderApp';
import type { TestUser } from '../../support/shellHandlers';
import { DEFAULT_USER, whoamiBody } from '../../support/shellHandlers';

export const PUBLISHABLE_KEY = 'pk_test_Y29uc29sZS5leGFtcGxlJA';
export const BACKEND_URL = 'https://acme.backend.example';

export const HOSTED_CONFIG: RuntimeConfig = {
  ...TEST_CONFIG,
  authMode: 'clerk',
  clerkPublishableKey: PUBLISHABLE_KEY,
};

/** An organisation whose metadata points at `BACKEND_URL`, called directly. */
export function directOrganization(overrides: Partial<DoubleOrganization> = {}) {
  return {
    id: 'org_acme',
    name: 'Acme',
    publicMetadata: { backend_url: BACKEND_URL, direct: true },
    ...overrides,
  };
}

/** The only main-area page of these tests: a heading, no calls of its own. */
export const HOME_PAGE: AppPage = {
  path: '/home',
  load: async () =>
    function HomePage() {
      return <h1>Home page</h1>;
    },
  access: { resource: 'database' },
  nav: { section: 'main', label: 'Home', icon: 'home' },
};

/** A request the backend received: where it went and its `Authorization` header. */
export interface SeenRequest {
  url: string;
  authorization: string | null;
}

export interface BackendOptions {
  /** Signed-in person; null: whoami answers 401. */
  user?: TestUser | null;
  /** Status of the whoami answer instead of the user (404, 503, …). */
  whoamiStatus?: number;
}

/**
 * The shell's calls (whoami, properties, about, sidebar views) answered at `base`, which is
 * `${origin}/api` through the proxy or the organisation's backend in direct mode. Returns the
 * requests seen.
 */
export function backendAnswers(base: string, options: BackendOptions = {}): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const user = options.user === undefined ? DEFAULT_USER : options.user;
  const remember = (request: Request) => {
    seen.push({ url: request.url, authorization: request.headers.get('authorization') });
  };
  server.use(
    http.get(`${base}/auth/whoami`, ({ request }) => {
      remember(request);
      if (options.whoamiStatus) {
        return HttpResponse.json({ error: 'backend not ready' }, { status: options.whoamiStatus });
      }
      return user
        ? HttpResponse.json(whoamiBody(user))
        : HttpResponse.json({ error: 'error fetching user' }, { status: 401 });
    }),
    http.get(`${base}/properties`, ({ request }) => {
      remember(request);
      return HttpResponse.json([]);
    }),
    http.get(`${base}/canary/about`, ({ request }) => {
      remember(request);
      return HttpResponse.json({ Version: 'v0.0.1-test', Timestamp: '2024-05-01T00:00:00Z' });
    }),
    http.get(`${base}/db/views_summary`, ({ request }) => {
      remember(request);
      return HttpResponse.json([]);
    }),
  );
  return seen;
}

export interface RenderHostedOptions {
  /** The address the app starts at. Default `/home`. */
  url?: string;
  /** The provider's state (see `clerkDouble.reset`). */
  clerk?: Partial<DoubleState>;
  /** Main-area pages. Default `[HOME_PAGE]`. */
  pages?: readonly AppPage[];
}

/**
 * Renders the console as `main.tsx` composes it in hosted mode: `createHostedAuth` with the
 * provider double, its routes and session-gate options in `createRoutes`, its backend in
 * `createStore`, its provider and user menu in `App`; a memory router whose address
 * `window.location` follows.
 */
export function renderHosted(options: RenderHostedOptions = {}) {
  clerkDouble.reset(options.clerk);
  const url = options.url ?? '/home';
  const hosted = createHostedAuth({
    publishableKey: PUBLISHABLE_KEY,
    navigate: (to, navigateOptions) => void router.navigate(to, navigateOptions),
  });
  const router = createMemoryRouter(
    createRoutes({ ...hosted.routes, pages: options.pages ?? [HOME_PAGE] }),
    { initialEntries: [url] },
  );
  window.history.replaceState(null, '', url);
  router.subscribe(({ location }) => {
    window.history.replaceState(null, '', `${location.pathname}${location.search}${location.hash}`);
  });
  const store = createStore({
    config: HOSTED_CONFIG,
    getBackend: hosted.store.getBackend,
    onSessionExpired: (to) => void router.navigate(to),
  });
  const user = userEvent.setup();
  const view = render(
    <App config={HOSTED_CONFIG} store={store} router={router} hosted={hosted.app} />,
  );
  const currentUrl = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, store, router, user, currentUrl, hosted };
}
