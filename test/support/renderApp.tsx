import { BlueprintProvider } from '@blueprintjs/core';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import type { RouteObject } from 'react-router-dom';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { Property } from '../../src/api/schemas/system';
import type { LlmConnection } from '../../src/api/schemas/llmConnection';
import type { SidebarView } from '../../src/api/schemas/sidebarViews';
import { App } from '../../src/app/App';
import { AppProviders } from '../../src/app/AppProviders';
import type { InspectorLoader } from '../../src/app/inspect';
import type { RuntimeConfig } from '../../src/app/runtimeConfig';
import type { RootState } from '../../src/app/store';
import { createStore } from '../../src/app/store';
import { initialSessionState } from '../../src/auth/sessionSlice';
import { server } from './msw';
import type { TestUser } from './shellHandlers';
import { shellHandlers, testUser } from './shellHandlers';

/** The runtime configuration of component tests: kratos mode, identity service at `/api/.ory`. */
export const TEST_CONFIG: RuntimeConfig = {
  authMode: 'kratos',
  identityBasePath: '/api/.ory',
  clerkPublishableKey: null,
  version: 'test',
};

export interface RenderWithAppOptions {
  /** The address the app starts at. Default `/`. */
  url?: string;
  /** Overrides of `TEST_CONFIG`. */
  config?: Partial<RuntimeConfig>;
  preloadedState?: Partial<RootState>;
  /** Options of `userEvent.setup`, e.g. `{ advanceTimers: jest.advanceTimersByTime }`. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

/**
 * Renders through the real providers: a fresh store from `createStore` (an expired session
 * navigates the memory router to sign-in) and a memory router, either on a route table or
 * with `ui` as the only page at every address; `window.location` follows the router. Only the
 * network is faked (msw).
 */
export function renderWithApp(
  ui: ReactElement | RouteObject[],
  options: RenderWithAppOptions = {},
) {
  const routes: RouteObject[] = Array.isArray(ui) ? ui : [{ path: '*', element: ui }];
  const url = options.url ?? '/';
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  // The page's own address follows the router, as with the browser router of the real app
  // (the base query reads it for `return_to` when a session expires).
  window.history.replaceState(null, '', url);
  router.subscribe(({ location }) => {
    window.history.replaceState(null, '', `${location.pathname}${location.search}${location.hash}`);
  });
  const config = { ...TEST_CONFIG, ...options.config };
  const store = createStore({
    config,
    preloadedState: options.preloadedState,
    onSessionExpired: (url) => void router.navigate(url),
    navigate: (href) => void router.navigate(href),
  });
  const user = userEvent.setup(options.userOptions);
  const view = render(<App config={config} store={store} router={router} />);
  /** The router's current path and query. */
  const currentUrl = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, store, router, user, currentUrl };
}

export interface RenderAppOptions {
  /** The address the app starts at. Default `/`. */
  url?: string;
  /**
   * The signed-in person (an admin named Ada by default; give `roles` to change the role).
   * null: nobody is signed in and whoami answers 401.
   */
  user?: Partial<TestUser> | null;
  /** What `GET /api/properties` answers (feature flags). Default none. */
  properties?: Property[] | (() => Property[] | Promise<Property[]>);
  /** The backend's version for `GET /api/canary/about`; null makes it fail. */
  backendVersion?: string | null;
  /** Views flagged for the sidebar. */
  sidebarViews?: SidebarView[];
  /** The LLM connection the backend names (the assistant is offered); default none (404). */
  llmConnection?: LlmConnection | null;
  /** Overrides of `TEST_CONFIG`. */
  config?: Partial<RuntimeConfig>;
  preloadedState?: Partial<RootState>;
  /** Where preferences persist. Default `window.localStorage` (cleared after each test). */
  storage?: Storage;
  /** Options of `userEvent.setup`, e.g. `{ advanceTimers: jest.advanceTimersByTime }`. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
  /** Replaces the state-machine inspector. */
  inspectorLoader?: InspectorLoader;
}

/**
 * Renders the console as `main.tsx` composes it (Redux, Blueprint, the app's providers, a
 * memory router) with a signed-in user, on a route table (`createRoutes()`) or with `ui` as
 * the only page at every address. msw answers whoami, properties and about from the options;
 * `serverFails(...)` makes one of them fail.
 */
export function renderApp(ui: ReactElement | RouteObject[], options: RenderAppOptions = {}) {
  const user = options.user === null ? null : testUser(options.user ?? {});
  server.use(
    ...shellHandlers({
      user,
      properties: options.properties,
      backendVersion: options.backendVersion,
      sidebarViews: options.sidebarViews,
      llmConnection: options.llmConnection,
    }),
  );
  const config: RuntimeConfig = { ...TEST_CONFIG, ...options.config };
  const routes: RouteObject[] = Array.isArray(ui) ? ui : [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [options.url ?? '/'] });
  const session = initialSessionState(config.authMode);
  const store = createStore({
    config,
    storage: options.storage ?? window.localStorage,
    preloadedState: {
      session: user
        ? {
            ...session,
            status: 'ready',
            user: { id: user.id, name: user.name, email: user.email, avatar: null },
            roles: user.roles,
            permissions: user.permissions,
          }
        : session,
      ...options.preloadedState,
    },
    onSessionExpired: (url) => void router.navigate(url),
    navigate: (href) => void router.navigate(href),
  });
  const events = userEvent.setup(options.userOptions);
  const view = render(
    <Provider store={store}>
      <BlueprintProvider>
        <AppProviders config={config} inspectorLoader={options.inspectorLoader}>
          <RouterProvider router={router} />
        </AppProviders>
      </BlueprintProvider>
    </Provider>,
  );
  const currentUrl = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, store, router, user: events, currentUrl, config };
}
