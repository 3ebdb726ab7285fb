import { HttpResponse, http } from 'msw';
import type { SidebarView } from '../../src/api/schemas/sidebarViews';
import type { LlmConnection } from '../../src/api/schemas/llmConnection';
import type { Property, WhoamiPermission } from '../../src/api/schemas/system';
import { server } from './msw';
import { createPostgrestTable } from './postgrestTable';

/** The signed-in person of a component test. */
export interface TestUser {
  id: string;
  name: string;
  email: string;
  roles: string[];
  permissions: WhoamiPermission[];
}

export const DEFAULT_USER: TestUser = {
  id: '0190d1a2-7c4e-7000-8000-000000000001',
  name: 'Ada Admin',
  email: 'ada@example.com',
  roles: ['admin'],
  permissions: [],
};

export function testUser(overrides: Partial<TestUser> = {}): TestUser {
  return { ...DEFAULT_USER, ...overrides };
}

/** AUTH-01 as the backend sends it. */
export function whoamiBody(user: TestUser) {
  return {
    message: 'success',
    payload: {
      user: { id: user.id, name: user.name, email: user.email, avatar: null },
      roles: user.roles,
      permissions: user.permissions,
      hostname: 'mission-control',
    },
  };
}

/** The start-up calls of the shell, and the sidebar's views. */
export type ShellEndpoint = 'whoami' | 'properties' | 'about' | 'sidebarViews' | 'llmConnection';

const ROUTES: Record<ShellEndpoint, string[]> = {
  whoami: ['*/api/auth/whoami'],
  properties: ['*/api/properties'],
  about: ['*/api/canary/about', '*/api/about'],
  sidebarViews: ['*/api/db/views_summary'],
  llmConnection: ['*/api/connection/llm'],
};

const failing = new Set<ShellEndpoint>();
afterEach(() => failing.clear());

/**
 * Named scenario: the endpoint answers with an error (500 with `{ error }` by default). Works
 * before or after `renderApp`.
 */
export function serverFails(
  endpoint: ShellEndpoint,
  status: number | 'network' = 500,
  body: Record<string, unknown> = { error: `${endpoint} is broken` },
): void {
  failing.add(endpoint);
  const respond = () =>
    status === 'network' ? HttpResponse.error() : HttpResponse.json(body, { status });
  server.use(...ROUTES[endpoint].map((route) => http.get(route, respond)));
}

export interface ShellBackend {
  /** Signed-in person; null: whoami answers 401. */
  user: TestUser | null;
  /** PROP-01 answer, or a function giving it (asked on every request). Default none. */
  properties?: Property[] | (() => Property[] | Promise<Property[]>);
  /** The backend version; null: the about call fails. Default `v0.0.1-test`. */
  backendVersion?: string | null;
  /** Views flagged for the sidebar (the `views_summary` rows with `sidebar` true). Default none. */
  sidebarViews?: SidebarView[];
  /**
   * The LLM connection `GET /api/connection/llm` names (the assistant is offered); default
   * none: 404, as the demo answers without one.
   */
  llmConnection?: LlmConnection | null;
}

/** Default user's whoami handler, for a test that brings the backend back. */
export function whoamiAnswers(user: TestUser = DEFAULT_USER) {
  server.use(http.get(ROUTES.whoami[0]!, () => HttpResponse.json(whoamiBody(user))));
}

/** msw handlers of the shell's calls, leaving out the endpoints a test made fail. */
export function shellHandlers({
  user,
  properties = [],
  backendVersion = 'v0.0.1-test',
  sidebarViews = [],
  llmConnection = null,
}: ShellBackend) {
  const handlers = {
    whoami: () =>
      user
        ? HttpResponse.json(whoamiBody(user))
        : HttpResponse.json({ error: 'error fetching user' }, { status: 401 }),
    properties: async () =>
      HttpResponse.json(typeof properties === 'function' ? await properties() : properties),
    about: () =>
      backendVersion === null
        ? HttpResponse.json({ error: 'not found' }, { status: 404 })
        : HttpResponse.json({ Version: backendVersion, Timestamp: '2024-05-01T00:00:00Z' }),
    llmConnection: () =>
      llmConnection
        ? HttpResponse.json(llmConnection)
        : HttpResponse.json({ error: 'no LLM connection is configured' }, { status: 404 }),
  } satisfies Record<Exclude<ShellEndpoint, 'sidebarViews'>, () => Response | Promise<Response>>;
  const views = createPostgrestTable(
    'views_summary',
    sidebarViews.map((view) => ({ ...view, sidebar: true })),
  );
  return [
    ...(Object.keys(handlers) as Array<keyof typeof handlers>)
      .filter((endpoint) => !failing.has(endpoint))
      .flatMap((endpoint) => ROUTES[endpoint].map((route) => http.get(route, handlers[endpoint]))),
    ...(failing.has('sidebarViews') ? [] : views.handlers),
  ];
}

/** `{feature}.disable = true` rows, as PROP-01 lists them. */
export function disabledFeatures(...features: string[]): Property[] {
  return features.map((feature) => ({
    name: `${feature}.disable`,
    value: 'true',
    source: 'db',
  }));
}
