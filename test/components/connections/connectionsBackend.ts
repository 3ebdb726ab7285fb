import { HttpResponse, http } from 'msw';
import type { AppPage } from '../../../src/app/routes';
import { createElement } from 'react';
import { ConnectionsPage } from '../../../src/features/connections/ConnectionsPage';
import { ResourcePermissions } from '../../../src/features/permissions/ResourcePermissions';
import { SlotsProvider } from '../../../src/widgets/slots/SlotsProvider';
import { server } from '../../support/msw';
import type { PostgrestTable } from '../../support/postgrestTable';
import { postgrestTable } from '../../support/postgrestTable';
import type { RenderAppOptions } from '../../support/renderApp';
import { DEFAULT_USER } from '../../support/shellHandlers';
import { renderPages } from '../../support/renderPages';

export const SLOW = { timeout: 10_000 };

export const ADA = { id: DEFAULT_USER.id, name: DEFAULT_USER.name, email: null, avatar: null };
export const BOB = {
  id: '0190d1a2-7c4e-7000-8000-0000000000b0',
  name: 'Bob Builder',
  email: null,
  avatar: null,
};

export const UI_ID = '0190d1a2-7c4e-7000-8000-00000000c0a1';
export const CRD_ID = '0190d1a2-7c4e-7000-8000-00000000c0a2';
export const NEW_ID = '0190d1a2-7c4e-7000-8000-00000000c0ff';

export type ConnectionRow = Record<string, unknown> & { id: string };

export const CONNECTIONS: ConnectionRow[] = [
  {
    id: UI_ID,
    name: 'legacy-crm',
    namespace: 'default',
    type: 'mysql',
    url: 'mysql://crm.internal:3306/crm',
    username: 'mc_reader',
    password: 'secret://crm-mysql/password',
    certificate: null,
    insecure_tls: false,
    properties: null,
    source: 'UI',
    created_by: ADA.id,
    created_at: '2026-01-03T10:00:00Z',
    updated_at: '2026-01-03T10:00:00Z',
    deleted_at: null,
  },
  {
    id: CRD_ID,
    name: 'aws-prod',
    namespace: 'platform',
    type: 'aws',
    url: null,
    username: 'secret://aws-prod/access-key-id',
    password: 'secret://aws-prod/secret-access-key',
    certificate: null,
    insecure_tls: false,
    properties: { region: 'eu-west-1' },
    source: 'KubernetesCRD',
    created_by: BOB.id,
    created_at: '2026-01-02T10:00:00Z',
    updated_at: '2026-01-02T10:00:00Z',
    deleted_at: null,
  },
];

const PEOPLE = [ADA, BOB];

/** CONN-02's answers, by connection id; default `{ message: "ok" }`. */
export type TestAnswer = { status: number; body: unknown };

export interface ConnectionsBackend {
  connections: PostgrestTable<ConnectionRow>;
  /** The ids CONN-02 was called with. */
  tests: string[];
  /** Sets what CONN-02 answers next. */
  answerTest: (answer: TestAnswer) => void;
}

export function connectionsBackend(): ConnectionsBackend {
  const connections = postgrestTable<ConnectionRow>('connections', CONNECTIONS, {
    embed: { created_by: (value) => PEOPLE.find((person) => person.id === value) ?? null },
    onInsert: (body) =>
      ({
        id: NEW_ID,
        source: null,
        created_at: '2026-01-04T10:00:00Z',
        deleted_at: null,
        ...body,
      }) as ConnectionRow,
  });
  const tests: string[] = [];
  let answer: TestAnswer = { status: 200, body: { message: 'ok', payload: {} } };
  server.use(
    http.post('*/api/connection/test/:id', ({ params }) => {
      tests.push(String(params.id));
      return HttpResponse.json(answer.body as Record<string, unknown>, { status: answer.status });
    }),
  );
  return {
    connections,
    tests,
    answerTest: (next) => {
      answer = next;
    },
  };
}

/** The page as the app loads it: with the permissions panel of the permissions area. */
const SLOTS = { ResourcePermissions };
function Connections() {
  return createElement(SlotsProvider, { slots: SLOTS, children: createElement(ConnectionsPage) });
}

const PAGES: AppPage[] = [
  {
    path: '/settings/connections',
    load: async () => Connections,
    access: { resource: 'connections' },
  },
];

export function renderConnections(url = '/settings/connections', options: RenderAppOptions = {}) {
  const backend = connectionsBackend();
  const rendered = renderPages(PAGES, url, options);
  return { ...rendered, backend };
}
