import { HttpResponse, http } from 'msw';
import type { AppPage } from '../../../src/app/routes';
import { IntegrationEditPage } from '../../../src/features/integrations/IntegrationEditPage';
import { IntegrationsPage } from '../../../src/features/integrations/IntegrationsPage';
import type { TypedEditorProps } from '../../../src/widgets/slots/slotTypes';
import { SlotsProvider } from '../../../src/widgets/slots/SlotsProvider';
import { server } from '../../support/msw';
import type { PostgrestTable } from '../../support/postgrestTable';
import { postgrestTable } from '../../support/postgrestTable';
import type { RenderAppOptions } from '../../support/renderApp';
import { renderPages } from '../../support/renderPages';

export const SLOW = { timeout: 10_000 };

export const TOPOLOGY_ID = '0190d1a2-7c4e-7000-8000-00000000f001';
export const SCRAPER_ID = '0190d1a2-7c4e-7000-8000-00000000f002';
export const BACKEND_ID = '0190d1a2-7c4e-7000-8000-00000000f003';
export const NEW_ID = '0190d1a2-7c4e-7000-8000-00000000a0a0';

type Row = Record<string, unknown> & { id: string };

export const INTEGRATIONS: Row[] = [
  {
    id: TOPOLOGY_ID,
    name: 'payments',
    integration_type: 'topologies',
    source: 'UI',
    agent_id: null,
    agent: null,
    created_at: '2026-01-03T10:00:00Z',
    deleted_at: null,
    job_status: 'SUCCESS',
    job_time_start: '2026-01-03T10:00:00Z',
    job_error_count: 0,
  },
  {
    id: SCRAPER_ID,
    name: 'kubernetes',
    integration_type: 'scrapers',
    source: 'KubernetesCRD',
    agent_id: 'ag-1',
    agent: { id: 'ag-1', name: 'eu-west' },
    created_at: '2026-01-02T10:00:00Z',
    deleted_at: null,
    job_status: 'FAILED',
    job_time_start: '2026-01-02T10:00:00Z',
    job_error_count: 3,
  },
  {
    id: BACKEND_ID,
    name: 'loki',
    integration_type: 'logging_backends',
    source: null,
    created_at: '2026-01-01T10:00:00Z',
    deleted_at: null,
    job_status: null,
    job_error_count: null,
  },
];

export const TOPOLOGIES: Row[] = [
  {
    id: TOPOLOGY_ID,
    name: 'payments',
    namespace: 'prod',
    labels: { team: 'core' },
    source: 'UI',
    spec: { type: 'App' },
    created_by: '0190d1a2-7c4e-7000-8000-0000000000a0',
    created_at: '2026-01-03T10:00:00Z',
    deleted_at: null,
  },
];

/** A scraper editor stand-in: saves a fixed new scraper. */
export function FakeScraperEditor({ resource, save, onSaved }: TypedEditorProps) {
  return (
    <section aria-label="Scraper editor">
      <p>Editing {resource?.name ?? 'a new scraper'}</p>
      <button
        type="button"
        onClick={() => {
          const values = { name: 'k8s', spec: { kubernetes: [{ clusterName: 'prod' }] } };
          void save(values).then(() => onSaved?.(values));
        }}
      >
        Scraper save
      </button>
    </section>
  );
}

const access = { resource: 'integrations' as const };

const SLOTS = { TypedEditor: FakeScraperEditor };

function List() {
  return (
    <SlotsProvider slots={SLOTS}>
      <IntegrationsPage />
    </SlotsProvider>
  );
}

function Edit() {
  return (
    <SlotsProvider slots={SLOTS}>
      <IntegrationEditPage />
    </SlotsProvider>
  );
}

/** Stands for a page the wizard's return targets lead to. */
function Landing({ title }: { title: string }) {
  return <h1>{title}</h1>;
}

const PAGES: AppPage[] = [
  { path: '/settings/integrations', load: async () => List, access },
  { path: '/settings/integrations/:type/:id', load: async () => Edit, access },
  { path: '/topology', load: async () => () => <Landing title="Topology page" />, access },
  { path: '/config-db', load: async () => () => <Landing title="Catalog page" />, access },
];

/** The chart files the wizard reads, and the topology schema (a `type` is required). */
const SCHEMAS: Record<string, unknown> = {
  'topology.schema.json': {
    type: 'object',
    required: ['type'],
    properties: { type: { type: 'string' } },
  },
  'mission-control-prometheus.values.schema.json': {
    type: 'object',
    properties: { prometheus: { type: 'object' } },
    additionalProperties: false,
  },
  'mission-control-prometheus.values.json': { prometheus: { url: 'http://prometheus:9090' } },
};

export interface IntegrationsBackend {
  integrations: PostgrestTable<Row>;
  topologies: PostgrestTable<Row>;
  scrapers: PostgrestTable<Row>;
  logBackends: PostgrestTable<Row>;
}

export function integrationsBackend(): IntegrationsBackend {
  const integrations = postgrestTable<Row>('integrations_with_status', INTEGRATIONS);
  const onInsert = (body: Record<string, unknown>) =>
    ({ id: NEW_ID, deleted_at: null, ...body }) as Row;
  const topologies = postgrestTable<Row>('topologies', TOPOLOGIES, { onInsert });
  const scrapers = postgrestTable<Row>('config_scrapers', [], { onInsert });
  const logBackends = postgrestTable<Row>('logging_backends', [], { onInsert });
  server.use(
    http.get('*/api/schemas/:file', ({ params }) => {
      const file = String(params.file);
      const body = SCHEMAS[file];
      if (body === undefined) return HttpResponse.json({ error: 'not found' }, { status: 404 });
      return typeof body === 'string' ? HttpResponse.text(body) : HttpResponse.json(body);
    }),
  );
  return { integrations, topologies, scrapers, logBackends };
}

export function renderIntegrations(url: string, options: RenderAppOptions = {}) {
  const backend = integrationsBackend();
  const rendered = renderPages(PAGES, url, options);
  return { ...rendered, backend };
}
