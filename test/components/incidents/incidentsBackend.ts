import { HttpResponse, http } from 'msw';
import type { IncidentSummary } from '../../../src/api/schemas/incidents';
import { isPageVisit, server } from '../../support/msw';
import type { PostgrestTable } from '../../support/postgrestTable';
import { postgrestTable } from '../../support/postgrestTable';
import { DEFAULT_USER } from '../../support/shellHandlers';

/**
 * A small incident estate for component tests, and msw handlers that answer the incident pages'
 * calls from in-memory PostgREST tables (test/support/postgrestTable.ts). Pages and tests of
 * the incidents area share it: each passes the rows it needs and reads the tables' `reads` and
 * `writes` to check what was sent.
 */

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** An ISO time `ms` before now. */
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
export { DAY, HOUR };

/** A person as the incidents' tables embed them, without an avatar. */
const person = (id: string, name: string, email: string) => ({ id, name, email, avatar: null });

export const ADA = person(DEFAULT_USER.id, DEFAULT_USER.name, DEFAULT_USER.email);
export const BOB = person('0190d1a2-7c4e-7000-8000-000000000002', 'Bob Ops', 'bob@example.com');
export const CAROL = person(
  '0190d1a2-7c4e-7000-8000-000000000003',
  'Carol Chen',
  'carol@example.com',
);
export const DAN = person('0190d1a2-7c4e-7000-8000-000000000004', 'Dan Dev', 'dan@example.com');
export const EVE = person('0190d1a2-7c4e-7000-8000-000000000005', 'Eve Sec', 'eve@example.com');
/** Every person of the estate (AUTH-03). */
export const PEOPLE = [ADA, BOB, CAROL, DAN, EVE];

export const CHECKOUT_ID = '0190e000-0000-7000-8000-000000000001';
export const DB_ID = '0190e000-0000-7000-8000-000000000002';
export const LEAK_ID = '0190e000-0000-7000-8000-000000000003';

export const PAYMENTS_COMPONENT_ID = '0190c000-0000-7000-8000-000000000001';
export const EMPTY_COMPONENT_ID = '0190c000-0000-7000-8000-000000000002';

/** Components the component filter can find (MISC-03) and name (TOPO-05). */
export const COMPONENTS = [
  { id: PAYMENTS_COMPONENT_ID, name: 'payments-api', type: 'Service' },
  { id: EMPTY_COMPONENT_ID, name: 'payroll-batch', type: 'Job' },
];

const who = (person: typeof ADA) => ({ id: person.id, name: person.name, avatar: person.avatar });

/** An `incident_summary` row with defaults. */
export function summary(
  overrides: Partial<IncidentSummary> & { id: string; created_by?: string },
): IncidentSummary & { created_by: string } {
  return {
    incident_id: 'INC-1',
    title: 'An incident',
    severity: 'low',
    type: 'availability',
    status: 'open',
    created_at: ago(DAY),
    updated_at: ago(HOUR),
    commander: { id: null, name: null, avatar: null },
    responders: null,
    commenters: null,
    created_by: ADA.id,
    ...overrides,
  };
}

/** Three incidents: two open, one resolved. */
export const SUMMARIES = [
  summary({
    id: CHECKOUT_ID,
    incident_id: 'INC-12',
    title: 'Checkout latency',
    severity: 'high',
    type: 'performance',
    status: 'open',
    created_at: ago(3 * DAY + HOUR),
    updated_at: ago(2 * HOUR),
    commander: who(BOB),
    responders: [who(ADA), who(BOB), who(CAROL), who(DAN), who(EVE)],
    commenters: [who(CAROL)],
    created_by: BOB.id,
  }),
  summary({
    id: DB_ID,
    incident_id: 'INC-11',
    title: 'Orders database failover',
    severity: 'critical',
    type: 'availability',
    status: 'open',
    created_at: ago(5 * DAY),
    commander: who(ADA),
    created_by: ADA.id,
  }),
  summary({
    id: LEAK_ID,
    incident_id: 'INC-10',
    title: 'Credentials in logs',
    severity: 'medium',
    type: 'security',
    status: 'resolved',
    created_at: ago(9 * DAY),
    created_by: CAROL.id,
  }),
];

/** Which incidents have evidence on which component (api.md INC-04). */
export const BY_COMPONENT = [
  { id: CHECKOUT_ID, title: 'Checkout latency', component_id: PAYMENTS_COMPONENT_ID },
  // The view lists an incident once per evidence: the list asks for it once.
  { id: CHECKOUT_ID, title: 'Checkout latency', component_id: PAYMENTS_COMPONENT_ID },
  { id: LEAK_ID, title: 'Credentials in logs', component_id: PAYMENTS_COMPONENT_ID },
];

type Row = Record<string, unknown>;

export interface IncidentsBackendOptions {
  /** `incident_summary` rows (INC-01). Default `SUMMARIES`. */
  summaries?: readonly Row[];
  /** `incidents` rows (INC-02, INC-03, INC-05). Default none. */
  incidents?: readonly Row[];
  hypotheses?: readonly Row[];
  evidences?: readonly Row[];
  comments?: readonly Row[];
  responders?: readonly Row[];
  histories?: readonly Row[];
  /** `incidents_by_component` rows. Default `BY_COMPONENT`. */
  byComponent?: readonly Row[];
  /** `people` rows (AUTH-03 and the people picker). Default `PEOPLE`. */
  people?: readonly Row[];
  /** Components found by MISC-03 and named by TOPO-05. Default `COMPONENTS`. */
  components?: ReadonlyArray<{ id: string; name: string; type?: string }>;
}

/** A write to `/api/db`, in the order the backend received them. */
export interface LoggedWrite {
  method: string;
  table: string;
  query: string;
}

export interface IncidentsBackend {
  summaries: PostgrestTable<Row>;
  incidents: PostgrestTable<Row>;
  hypotheses: PostgrestTable<Row>;
  evidences: PostgrestTable<Row>;
  comments: PostgrestTable<Row>;
  responders: PostgrestTable<Row>;
  histories: PostgrestTable<Row>;
  byComponent: PostgrestTable<Row>;
  people: PostgrestTable<Row>;
  componentNames: PostgrestTable<Row>;
  /** Bodies of MISC-03 searches. */
  searches: unknown[];
  /** Every write to any incident table, in order. */
  log: LoggedWrite[];
}

let sequence = 100;

/**
 * Registers the incident tables on the shared msw server. A created incident gets its
 * `INC-n` number and times the way the database gives them (`now()` read as the present).
 */
export function incidentsBackend(options: IncidentsBackendOptions = {}): IncidentsBackend {
  const now = (value: unknown) =>
    value === undefined || value === 'now()' ? new Date().toISOString() : value;
  const stamped = (body: Row): Row => ({
    ...body,
    created_at: now(body.created_at),
    updated_at: now(body.updated_at),
  });
  const components = options.components ?? COMPONENTS;
  const backend: IncidentsBackend = {
    summaries: postgrestTable('incident_summary', options.summaries ?? SUMMARIES),
    incidents: postgrestTable('incidents', options.incidents ?? [], {
      key: ['id'],
      onInsert: (body) => ({ incident_id: `INC-${++sequence}`, ...stamped(body) }),
    }),
    hypotheses: postgrestTable('hypotheses', options.hypotheses ?? [], {
      key: ['id'],
      onInsert: (body) => ({ id: crypto.randomUUID(), ...stamped(body) }),
    }),
    evidences: postgrestTable('evidences', options.evidences ?? [], {
      key: ['id'],
      onInsert: (body) => ({ id: crypto.randomUUID(), ...stamped(body) }),
    }),
    comments: postgrestTable('comments', options.comments ?? [], {
      key: ['id'],
      onInsert: (body) => ({ id: crypto.randomUUID(), ...stamped(body) }),
    }),
    responders: postgrestTable('responders', options.responders ?? [], {
      key: ['id'],
      onInsert: (body) => ({ id: crypto.randomUUID(), ...stamped(body) }),
    }),
    histories: postgrestTable('incident_histories', options.histories ?? []),
    byComponent: postgrestTable('incidents_by_component', options.byComponent ?? BY_COMPONENT),
    people: postgrestTable('people', options.people ?? PEOPLE),
    componentNames: postgrestTable('component_names', components),
    searches: [],
    log: [],
  };
  server.use(
    http.post('*/api/resources/search', async ({ request }) => {
      const body = (await request.json()) as { components?: Array<{ search?: string }> };
      backend.searches.push(body);
      const text = (body.components?.[0]?.search ?? '').toLowerCase();
      const found = components
        .filter((component) => component.name.toLowerCase().includes(text))
        .map((component) => ({ ...component, agent: 'local' }));
      return HttpResponse.json({ components: found });
    }),
    // Registered last, so asked first: it notes the write and lets the table answer it.
    http.all('*/api/db/:table', ({ request, params }) => {
      if (request.method !== 'GET' && !isPageVisit(request)) {
        const url = new URL(request.url);
        backend.log.push({
          method: request.method,
          table: String(params.table),
          query: url.search,
        });
      }
      return undefined;
    }),
  );
  return backend;
}
