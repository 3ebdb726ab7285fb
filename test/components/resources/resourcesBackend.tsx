import { HttpResponse, http } from 'msw';
import type { AppPage } from '../../../src/app/routes';
import { ResourceEditorPage } from '../../../src/features/resources/ResourceEditorPage';
import { ResourcesListPage } from '../../../src/features/resources/ResourcesListPage';
import type {
  JobHistoryProps,
  ResourcePermissionsProps,
  TypedEditorProps,
} from '../../../src/widgets/slots/slotTypes';
import { SlotsProvider } from '../../../src/widgets/slots/SlotsProvider';
import { server } from '../../support/msw';
import type { PostgrestTable } from '../../support/postgrestTable';
import { postgrestTable } from '../../support/postgrestTable';
import type { RenderAppOptions } from '../../support/renderApp';
import { DEFAULT_USER } from '../../support/shellHandlers';
import { renderPages } from '../../support/renderPages';

export const SLOW = { timeout: 10_000 };

export interface Person {
  id: string;
  name: string;
  email: string | null;
  avatar: string | null;
  deleted_at: string | null;
}

export const ADA: Person = {
  id: DEFAULT_USER.id,
  name: DEFAULT_USER.name,
  email: DEFAULT_USER.email,
  avatar: null,
  deleted_at: null,
};
export const BOB: Person = {
  id: '0190d1a2-7c4e-7000-8000-0000000000b0',
  name: 'Bob Builder',
  email: 'bob@example.com',
  avatar: null,
  deleted_at: null,
};
export const CAROL: Person = {
  id: '0190d1a2-7c4e-7000-8000-0000000000c0',
  name: 'Carol Chen',
  email: 'carol@example.com',
  avatar: null,
  deleted_at: null,
};
export const PEOPLE = [ADA, BOB, CAROL];

export const TEAM_ID = '0190d1a2-7c4e-7000-8000-00000000e001';
export const CRD_TEAM_ID = '0190d1a2-7c4e-7000-8000-00000000e002';
export const TOPOLOGY_ID = '0190d1a2-7c4e-7000-8000-00000000f001';
export const CANARY_ID = '0190d1a2-7c4e-7000-8000-00000000c001';
export const NEW_ID = '0190d1a2-7c4e-7000-8000-00000000a0a0';

type Row = Record<string, unknown> & { id: string };

export const TEAMS: Row[] = [
  {
    id: TEAM_ID,
    name: 'Platform',
    icon: 'people',
    spec: { components: [] },
    source: 'UI',
    created_by: ADA.id,
    created_at: '2026-01-02T10:00:00Z',
    updated_at: '2026-01-03T10:00:00Z',
    deleted_at: null,
    job_status: 'FAILED',
    job_time_start: '2026-01-03T10:00:00Z',
  },
  {
    id: CRD_TEAM_ID,
    name: 'Database',
    icon: 'database',
    spec: {},
    source: 'KubernetesCRD',
    created_by: BOB.id,
    created_at: '2026-01-01T10:00:00Z',
    updated_at: '2026-01-01T10:00:00Z',
    deleted_at: null,
    job_status: null,
    job_time_start: null,
  },
];

export const TOPOLOGIES: Row[] = [
  {
    id: TOPOLOGY_ID,
    agent_id: 'ag-1',
    name: 'payments',
    namespace: 'prod',
    labels: { team: 'core' },
    source: 'UI',
    spec: { type: 'App' },
    schedule: '@every 5m',
    is_pushed: false,
    created_by: ADA.id,
    created_at: '2026-01-02T10:00:00Z',
    updated_at: '2026-01-02T10:00:00Z',
    deleted_at: null,
    job_status: 'SUCCESS',
    job_time_start: '2026-01-03T10:00:00Z',
  },
];

export const CANARIES: Row[] = [
  {
    id: CANARY_ID,
    name: 'google',
    namespace: 'default',
    labels: {},
    spec: { http: [{ name: 'google', url: 'https://google.com' }] },
    source: 'UI',
    created_by: ADA.id,
    created_at: '2026-01-02T10:00:00Z',
    deleted_at: null,
  },
];

export const RULES: Row[] = [
  {
    id: '0190d1a2-7c4e-7000-8000-00000000d001',
    name: 'page-on-outage',
    spec: { autoAssignOwner: true },
    source: null,
    created_by: CAROL.id,
    created_at: '2026-01-02T10:00:00Z',
    updated_at: '2026-01-02T10:00:00Z',
    deleted_at: null,
  },
];

const AGENTS: Record<string, unknown> = {
  'ag-1': { id: 'ag-1', name: 'eu-west', description: 'Europe' },
};

const personById = (id: unknown) => PEOPLE.find((person) => person.id === id) ?? null;

/** A table and its `_with_status` view, both answered from the same rows. */
function tableWithView(name: string, rows: readonly Row[]) {
  const embed = {
    created_by: (value: unknown) => personById(value),
    agent_id: (value: unknown) => AGENTS[String(value)] ?? null,
  };
  const table = postgrestTable<Row>(name, rows, {
    embed,
    onInsert: (body) => ({ id: NEW_ID, deleted_at: null, ...body }) as Row,
  });
  const view = postgrestTable<Row>(`${name}_with_status`, table.rows, { embed });
  return { table, view };
}

/** A Job History stand-in that says what it was given. */
export function FakeJobHistory({ resourceType, resourceId }: JobHistoryProps) {
  return (
    <p>
      Jobs of {resourceType} {resourceId}
    </p>
  );
}

/** The permissions panel's stand-in: names whose permissions it lists. */
export function FakeResourcePermissions({ of }: ResourcePermissionsProps) {
  return <p>Permissions of {JSON.stringify(of)}</p>;
}

/** A typed editor stand-in: names the resource, saves it renamed, deletes it. */
export function FakeTypedEditor({
  family,
  resource,
  readOnly,
  save,
  remove,
  onSaved,
  onDeleted,
}: TypedEditorProps) {
  return (
    <section aria-label={`Typed editor ${family}`}>
      <p>Editing {resource?.name ?? 'a new resource'}</p>
      {readOnly && <p>Read only</p>}
      {!readOnly && (
        <button
          type="button"
          onClick={() => {
            const values = resource
              ? { ...resource, name: `${resource.name}-2` }
              : { name: 'new-check', namespace: 'default', spec: { tcp: [{ name: 'x' }] } };
            void save(values).then(() => onSaved?.(values));
          }}
        >
          Typed save
        </button>
      )}
      {!readOnly && remove && (
        <button type="button" onClick={() => void remove().then(() => onDeleted?.())}>
          Typed delete
        </button>
      )}
    </section>
  );
}

const access = { resource: 'teams' as const };

const PAGES: AppPage[] = [
  { path: '/catalog/scrapers', load: async () => ScrapersList, access },
  { path: '/catalog/scrapers/:id', load: async () => ScraperEditor, access },
  {
    path: '/settings/:table',
    load: async () => ResourcesListPage as React.ComponentType,
    access,
  },
  { path: '/settings/:table/:id', load: async () => Editor, access },
];

function ScrapersList() {
  return <ResourcesListPage table="config_scrapers" />;
}

function ScraperEditor() {
  return (
    <SlotsProvider slots={SLOTS}>
      <ResourceEditorPage table="config_scrapers" />
    </SlotsProvider>
  );
}

const SLOTS = {
  TypedEditor: FakeTypedEditor,
  JobHistory: FakeJobHistory,
  ResourcePermissions: FakeResourcePermissions,
};

function Editor() {
  return (
    <SlotsProvider slots={SLOTS}>
      <ResourceEditorPage />
    </SlotsProvider>
  );
}

/** MISC-06: each spec's schema; topologies need a `type`. */
const SCHEMAS: Record<string, unknown> = {
  'team.schema.json': { type: 'object' },
  'incident-rules.schema.json': { type: 'object' },
  'topology.schema.json': {
    type: 'object',
    required: ['type'],
    properties: { type: { type: 'string' } },
  },
};

export interface ResourcesBackend {
  teams: PostgrestTable<Row>;
  teamsView: PostgrestTable<Row>;
  topologies: PostgrestTable<Row>;
  topologiesView: PostgrestTable<Row>;
  canaries: PostgrestTable<Row>;
  canariesView: PostgrestTable<Row>;
  scrapersView: PostgrestTable<Row>;
  rules: PostgrestTable<Row>;
  members: PostgrestTable<{ team_id: string; person_id: string }>;
  people: PostgrestTable<Person>;
}

export function resourcesBackend(
  members: { team_id: string; person_id: string }[] = [],
  scraperRows: readonly Row[] = [],
): ResourcesBackend {
  const teams = tableWithView('teams', TEAMS);
  const topologies = tableWithView('topologies', TOPOLOGIES);
  const canaries = tableWithView('canaries', CANARIES);
  const scrapers = tableWithView('config_scrapers', scraperRows);
  const rules = postgrestTable<Row>('incident_rules', RULES, {
    embed: { created_by: (value) => personById(value) },
  });
  const people = postgrestTable<Person>('people', PEOPLE);
  const memberTable = postgrestTable('team_members', members, {
    key: ['team_id', 'person_id'],
    embed: { person_id: (value) => personById(value) },
  });
  server.use(
    http.get('*/api/schemas/:file', ({ params }) => {
      const schema = SCHEMAS[String(params.file)];
      return schema
        ? HttpResponse.json(schema)
        : HttpResponse.json({ error: 'not found' }, { status: 404 });
    }),
  );
  return {
    teams: teams.table,
    teamsView: teams.view,
    topologies: topologies.table,
    topologiesView: topologies.view,
    canaries: canaries.table,
    canariesView: canaries.view,
    scrapersView: scrapers.view,
    rules,
    members: memberTable,
    people,
  };
}

export function renderResources(
  url: string,
  options: RenderAppOptions & {
    members?: { team_id: string; person_id: string }[];
    scrapers?: readonly Row[];
  } = {},
) {
  const { members, scrapers, ...appOptions } = options;
  const backend = resourcesBackend(members, scrapers);
  const rendered = renderPages(PAGES, url, appOptions);
  return { ...rendered, backend };
}
