import { HttpResponse, http } from 'msw';
import type { HypothesisOption } from '../../../machines/incidents/linkToIncident';
import { server } from '../../support/msw';
import { postgrestTable } from '../../support/postgrestTable';

/**
 * The incident tables Link to Incident reads and writes (INC-03, INC-05, INC-09, INC-10,
 * INC-13, INC-15 and the removal of a created incident), on in-memory PostgREST tables, with a
 * plan of which of the machine's requests fail and a log of the requests in the order sent.
 */

export interface IncidentRow {
  id: string;
  incident_id: string;
  title: string;
  status: string;
  severity: string;
  type: string;
  created_at: string;
  [column: string]: unknown;
}

export interface HypothesisRow {
  id: string;
  incident_id: string;
  type: string;
  title: string;
  status: string;
  created_at: string;
  parent_id?: string | null;
  [column: string]: unknown;
}

export const INCIDENTS: IncidentRow[] = [
  {
    id: 'inc-1',
    incident_id: 'INC-1',
    title: 'Checkout outage',
    status: 'open',
    severity: 'high',
    type: 'availability',
    created_at: '2024-05-02T09:00:00Z',
  },
  {
    id: 'inc-2',
    incident_id: 'INC-2',
    title: 'Checkout latency',
    status: 'investigating',
    severity: 'medium',
    type: 'performance',
    created_at: '2024-05-01T09:00:00Z',
  },
];

export const HYPOTHESES: HypothesisRow[] = [
  {
    id: 'h-1',
    incident_id: 'inc-1',
    type: 'root',
    title: 'Root',
    status: 'possible',
    created_at: '2024-05-02T09:00:00Z',
  },
  {
    id: 'h-2a',
    incident_id: 'inc-2',
    type: 'root',
    title: 'Slow database',
    status: 'likely',
    created_at: '2024-05-01T09:00:00Z',
  },
  {
    id: 'h-2b',
    incident_id: 'inc-2',
    type: 'factor',
    title: 'Cache misses',
    status: 'possible',
    parent_id: 'h-2a',
    created_at: '2024-05-01T10:00:00Z',
  },
];

/** What INC-09 answers for an incident (newest first), as the machine lists it. */
export function hypothesesOf(incidentId: string): HypothesisOption[] {
  return HYPOTHESES.filter((row) => row.incident_id === incidentId)
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map((row) => ({ id: row.id, title: row.title, type: row.type }));
}

/** The ids the backend gives what a link creates. */
export const CREATED = { incidentId: 'inc-new', hypothesisId: 'h-new', evidenceId: 'ev-new' };

/** The machine's actors, each by the first request it sends. */
export type LinkActor =
  | 'loadHypotheses'
  | 'createIncident'
  | 'createHypothesis'
  | 'attachEvidence'
  | 'deleteHypothesis'
  | 'deleteIncident';

/** Each actor's first request: its method and table. */
const FIRST_REQUEST: Record<LinkActor, readonly ['get' | 'post' | 'delete', string]> = {
  loadHypotheses: ['get', 'hypotheses'],
  createIncident: ['post', 'incidents'],
  createHypothesis: ['post', 'hypotheses'],
  attachEvidence: ['post', 'evidences'],
  deleteHypothesis: ['delete', 'comments'],
  deleteIncident: ['delete', 'incident_histories'],
};

/** The server's reason when an actor's request is refused. */
export const REFUSALS: Record<LinkActor, string> = {
  loadHypotheses: 'hypotheses are unavailable',
  createIncident: 'incidents are read-only',
  createHypothesis: 'hypotheses are read-only',
  attachEvidence: 'evidence is not allowed here',
  deleteHypothesis: 'comments are locked',
  deleteIncident: 'history is locked',
};

/** Whether each of an actor's requests succeeds, in order; unlisted ones succeed. */
export type LinkPlan = Partial<Record<LinkActor, Array<'ok' | 'fail'>>>;

const TABLES = ['incidents', 'hypotheses', 'evidences', 'comments', 'incident_histories'];

export function linkBackend() {
  let counter = 0;
  const incidents = postgrestTable<IncidentRow>('incidents', INCIDENTS, {
    key: ['id'],
    embed: {
      hypotheses: (_value, row) =>
        hypotheses.rows.filter((hypothesis) => hypothesis.incident_id === row.id),
    },
    onInsert: (body) =>
      ({
        id: CREATED.incidentId,
        incident_id: 'INC-9',
        created_at: '2024-05-03T09:00:00Z',
        ...body,
      }) as IncidentRow,
  });
  const hypotheses = postgrestTable<HypothesisRow>('hypotheses', HYPOTHESES, {
    key: ['id'],
    onInsert: (body) =>
      ({
        id: CREATED.hypothesisId,
        created_at: `2024-05-03T09:00:0${counter++}Z`,
        ...body,
      }) as HypothesisRow,
  });
  const evidences = postgrestTable<Record<string, unknown>>('evidences', [], {
    onInsert: (body) => ({ id: CREATED.evidenceId, ...body }),
  });
  const comments = postgrestTable<Record<string, unknown>>('comments', []);
  const histories = postgrestTable<Record<string, unknown>>('incident_histories', []);

  /** `METHOD table` of every request to the incident tables but the incident searches. */
  const log: string[] = [];
  const onRequest = ({ request }: { request: Request }) => {
    const match = /\/api\/db\/(\w+)/.exec(new URL(request.url).pathname);
    if (!match || !TABLES.includes(match[1]!)) return;
    if (request.method === 'GET' && match[1] === 'incidents') return;
    log.push(`${request.method} ${match[1]}`);
  };
  server.events.on('request:start', onRequest);

  /** The bodies of refused inserts, by table (the tables record only what they took). */
  const refused: Record<string, unknown[]> = {};

  /** Makes the actors' requests succeed or fail in the order `plan` gives. */
  function follow(plan: LinkPlan) {
    for (const [actor, outcomes] of Object.entries(plan) as Array<
      [LinkActor, Array<'ok' | 'fail'>]
    >) {
      const queue = [...outcomes];
      const [method, table] = FIRST_REQUEST[actor];
      server.use(
        http[method](`*/api/db/${table}`, async ({ request }) => {
          if (queue.shift() !== 'fail') return undefined;
          if (method === 'post') (refused[table] ??= []).push(await request.json());
          return HttpResponse.json({ message: REFUSALS[actor] }, { status: 500 });
        }),
      );
    }
  }

  /** The bodies of every insert into `table`, refused or taken, in order. */
  const inserted = (table: 'incidents' | 'hypotheses' | 'evidences') => [
    ...(refused[table] ?? []),
    ...{ incidents, hypotheses, evidences }[table].writes
      .filter((write) => write.method === 'POST')
      .map((write) => write.body),
  ];

  /** Holds `POST evidences` until the returned function is called. */
  function holdEvidence(): () => void {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let first = true;
    server.use(
      http.post('*/api/db/evidences', async () => {
        if (!first) return undefined;
        first = false;
        await held;
        return undefined;
      }),
    );
    return release;
  }

  return {
    incidents,
    hypotheses,
    evidences,
    comments,
    histories,
    log,
    inserted,
    follow,
    holdEvidence,
    stop: () => server.events.removeListener('request:start', onRequest),
  };
}

export type LinkBackend = ReturnType<typeof linkBackend>;
