import { HttpResponse, http } from 'msw';
import { isPageVisit, server } from '../../support/msw';
import { postgrestTable } from '../../support/postgrestTable';
import { DEFAULT_USER } from '../../support/shellHandlers';

/**
 * The incident tables behind the hypotheses tree: `incidents` answers INC-02 with the
 * hypotheses, evidence and comments of the other tables embedded, as PostgREST would.
 */

export const INCIDENT_ID = '6f1d2c8e-3a4b-4c5d-8e9f-000000000001';
export const ROOT_ID = '6f1d2c8e-3a4b-4c5d-8e9f-0000000000a1';
/** A factor under the root, created after FACTOR_B_ID though listed first. */
export const FACTOR_A_ID = '6f1d2c8e-3a4b-4c5d-8e9f-0000000000b1';
export const FACTOR_B_ID = '6f1d2c8e-3a4b-4c5d-8e9f-0000000000b2';
/** A solution under FACTOR_A_ID, with one evidence and one comment. */
export const SOLUTION_ID = '6f1d2c8e-3a4b-4c5d-8e9f-0000000000c1';
/** A factor whose parent is not among the incident's hypotheses. */
export const ORPHAN_ID = '6f1d2c8e-3a4b-4c5d-8e9f-0000000000d1';

export const CHECK_ID = '7a000000-0000-4000-8000-000000000001';
export const CONFIG_ID = '7a000000-0000-4000-8000-000000000002';
export const CHANGE_ID = '7a000000-0000-4000-8000-000000000003';
export const ANALYSIS_ID = '7a000000-0000-4000-8000-000000000004';
export const COMPONENT_ID = '7a000000-0000-4000-8000-000000000005';

export const BOB = {
  id: '0190d1a2-7c4e-7000-8000-000000000002',
  name: 'Bob Responder',
  avatar: null,
  email: 'bob@example.com',
};
const ADA = {
  id: DEFAULT_USER.id,
  name: DEFAULT_USER.name,
  avatar: null,
  email: DEFAULT_USER.email,
};
const PEOPLE = new Map([ADA, BOB].map((person) => [person.id, person]));
const person = (id: unknown) => (typeof id === 'string' ? (PEOPLE.get(id) ?? null) : null);

export interface HypothesisRow {
  id: string;
  incident_id: string;
  parent_id: string | null;
  type: string;
  title: string;
  status: string;
  created_by: string;
  created_at: string;
}

export interface EvidenceRow {
  id: string;
  hypothesis_id: string;
  type: string;
  description: string | null;
  evidence: Record<string, unknown> | null;
  config_id: string | null;
  config_change_id: string | null;
  config_analysis_id: string | null;
  component_id: string | null;
  check_id: string | null;
  definition_of_done: boolean;
  done: boolean;
  created_by: string;
  created_at: string;
}

export interface CommentRow {
  id: string;
  hypothesis_id: string;
  incident_id: string;
  comment: string;
  created_by: string | null;
  external_created_by: string | null;
  created_at: string;
}

const hypothesis = (
  id: string,
  type: string,
  title: string,
  parent: string | null,
  minute: number,
  status = 'possible',
): HypothesisRow => ({
  id,
  incident_id: INCIDENT_ID,
  parent_id: parent,
  type,
  title,
  status,
  created_by: ADA.id,
  created_at: `2024-05-01T10:${String(minute).padStart(2, '0')}:00Z`,
});

export const HYPOTHESES: HypothesisRow[] = [
  hypothesis(ROOT_ID, 'root', 'Connection pool exhausted', null, 0, 'likely'),
  hypothesis(ORPHAN_ID, 'factor', 'Stale DNS entries', '6f1d2c8e-0000-0000-0000-00000000dead', 1),
  hypothesis(FACTOR_A_ID, 'factor', 'Traffic spike after the release', ROOT_ID, 5),
  hypothesis(FACTOR_B_ID, 'factor', 'Pool size too small', ROOT_ID, 3),
  hypothesis(SOLUTION_ID, 'solution', 'Raise the pool size', FACTOR_A_ID, 7),
];

let evidenceCount = 0;
const evidence = (type: string, fields: Partial<EvidenceRow>): EvidenceRow => ({
  id: `7e000000-0000-4000-8000-${String(++evidenceCount).padStart(12, '0')}`,
  hypothesis_id: ROOT_ID,
  type,
  description: null,
  evidence: null,
  config_id: null,
  config_change_id: null,
  config_analysis_id: null,
  component_id: null,
  check_id: null,
  definition_of_done: false,
  done: false,
  created_by: ADA.id,
  created_at: `2024-05-01T11:${String(evidenceCount).padStart(2, '0')}:00Z`,
  ...fields,
});

/** Seven log lines: five show, two wait behind "Show more". */
export const LOG_LINES = [
  'pool: 50/50 connections in use',
  'request timed out waiting for a connection',
  'pool: 50/50 connections in use',
  'retrying in 200ms',
  'request timed out waiting for a connection',
  'circuit breaker opened',
  'circuit breaker half-open',
];

export const EVIDENCES: EvidenceRow[] = [
  evidence('check', {
    check_id: CHECK_ID,
    description: 'Status history of the check',
    evidence: { id: CHECK_ID, name: 'checkout-api health', status: 'unhealthy' },
    definition_of_done: true,
    done: false,
  }),
  evidence('config', {
    config_id: CONFIG_ID,
    description: 'Deployment spec',
    evidence: { name: 'checkout-api', config_type: 'Kubernetes::Deployment' },
  }),
  evidence('config_change', {
    config_id: CONFIG_ID,
    config_change_id: CHANGE_ID,
    evidence: { change_type: 'diff', summary: 'replicas 3 → 1' },
  }),
  evidence('config_analysis', {
    config_id: CONFIG_ID,
    config_analysis_id: ANALYSIS_ID,
    evidence: { analyzer: 'memory-limits', message: 'No memory limit set' },
  }),
  evidence('topology', {
    component_id: COMPONENT_ID,
    evidence: { id: COMPONENT_ID, name: 'payments-db' },
  }),
  evidence('log', {
    description: 'Application logs',
    evidence: {
      lines: LOG_LINES.map((message, i) => ({ timestamp: `10:0${i}`, message })),
    },
  }),
  evidence('comment', { evidence: { comment: 'Seen the same on Friday' } }),
  evidence('script', { description: 'Ran the pool diagnostics script' }),
  evidence('config', {
    hypothesis_id: SOLUTION_ID,
    config_id: CONFIG_ID,
    evidence: { name: 'pool-settings' },
  }),
];

export const EVIDENCE_IDS = {
  check: EVIDENCES[0]!.id,
  config: EVIDENCES[1]!.id,
  solution: EVIDENCES[8]!.id,
};

export const COMMENTS: CommentRow[] = [
  {
    id: '7c000000-0000-4000-8000-000000000002',
    hypothesis_id: ROOT_ID,
    incident_id: INCIDENT_ID,
    comment: 'Pool metrics confirm it',
    created_by: BOB.id,
    external_created_by: null,
    created_at: '2024-05-01T12:30:00Z',
  },
  {
    id: '7c000000-0000-4000-8000-000000000001',
    hypothesis_id: ROOT_ID,
    incident_id: INCIDENT_ID,
    comment: 'Paged from the alert',
    created_by: null,
    external_created_by: 'pagerduty-bot',
    created_at: '2024-05-01T12:00:00Z',
  },
  {
    id: '7c000000-0000-4000-8000-000000000003',
    hypothesis_id: SOLUTION_ID,
    incident_id: INCIDENT_ID,
    comment: 'Try 200 first',
    created_by: BOB.id,
    external_created_by: null,
    created_at: '2024-05-01T12:40:00Z',
  },
];

export interface LoggedRequest {
  method: string;
  /** The path and query, decoded: `/api/db/comments?hypothesis_id=eq.…`. */
  url: string;
}

/** A POST of INC-18 held until the test lets it through or makes it fail. */
export interface HeldComment {
  /** The body of the held request, once it has arrived. */
  body: () => Record<string, unknown> | undefined;
  /** Answers as the server would: the comment is stored. */
  release: () => void;
  /** Answers with this status and message. */
  fail: (status: number, message: string) => void;
}

export interface HypothesesBackendOptions {
  /** The incident's hypotheses. Default `HYPOTHESES`. */
  hypotheses?: HypothesisRow[];
}

export function hypothesesBackend(options: HypothesesBackendOptions = {}) {
  let created = 0;
  const hypotheses = postgrestTable('hypotheses', options.hypotheses ?? HYPOTHESES, {
    key: ['id'],
    onInsert: (body) =>
      ({
        id: `6f1d2c8e-3a4b-4c5d-8e9f-${String(++created).padStart(12, '9')}`,
        parent_id: null,
        created_at: `2024-05-02T09:${String(created).padStart(2, '0')}:00Z`,
        ...(body as Partial<HypothesisRow>),
      }) as HypothesisRow,
  });
  const evidences = postgrestTable('evidences', EVIDENCES, { key: ['id'] });
  const comments = postgrestTable('comments', COMMENTS, {
    key: ['id'],
    onInsert: (body) => storedComment(body),
  });
  const storedComment = (body: Record<string, unknown>): CommentRow =>
    ({
      id: `7c000000-0000-4000-8000-${String(++created).padStart(12, '9')}`,
      external_created_by: null,
      created_at: new Date().toISOString(),
      ...body,
    }) as CommentRow;

  const embedHypotheses = (incidentId: string) =>
    hypotheses.rows
      .filter((row) => row.incident_id === incidentId)
      .map((row) => ({
        ...row,
        created_by: person(row.created_by),
        evidences: evidences.rows
          .filter((item) => item.hypothesis_id === row.id)
          .map((item) => ({ ...item, created_by: person(item.created_by) })),
        comments: comments.rows
          .filter((item) => item.hypothesis_id === row.id)
          .map((item) => ({ ...item, created_by: person(item.created_by), responder_id: null })),
      }));

  const incidents = postgrestTable(
    'incidents',
    [
      {
        id: INCIDENT_ID,
        incident_id: 'INC-42',
        title: 'Checkout is slow',
        status: 'investigating',
        severity: 'high',
        type: 'availability',
        created_by: ADA.id,
        commander_id: ADA.id,
        communicator_id: BOB.id,
        created_at: '2024-05-01T09:55:00Z',
      },
    ],
    {
      embed: {
        hypotheses: (_value, row) => embedHypotheses(row.id),
        commander_id: person,
        communicator_id: person,
        responders: () => [],
      },
    },
  );

  const log: LoggedRequest[] = [];
  server.use(
    // Registered last, so asked first: it notes the request and lets the table answer it.
    http.all('*/api/db/:table', ({ request }) => {
      if (isPageVisit(request)) return undefined;
      const url = new URL(request.url);
      log.push({ method: request.method, url: decodeURIComponent(`${url.pathname}${url.search}`) });
      return undefined;
    }),
  );

  /** Holds the next INC-18 POST until the test answers it. */
  const holdComment = (): HeldComment => {
    let body: Record<string, unknown> | undefined;
    let answer: (response: Response) => void = () => undefined;
    const answered = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.post(
        '*/api/db/comments',
        async ({ request }) => {
          body = (await request.json()) as Record<string, unknown>;
          return answered;
        },
        { once: true },
      ),
    );
    return {
      body: () => body,
      release: () => {
        const row = storedComment(body ?? {});
        comments.rows.push(row);
        answer(HttpResponse.json([row], { status: 201 }));
      },
      fail: (status, message) => answer(HttpResponse.json({ message }, { status })),
    };
  };

  return { hypotheses, evidences, comments, incidents, log, holdComment };
}

export type HypothesesBackend = ReturnType<typeof hypothesesBackend>;
