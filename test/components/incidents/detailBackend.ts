import type {
  Hypothesis,
  IncidentHistory,
  IncidentPerson,
} from '../../../src/api/schemas/incidents';
import { postgrestTable } from '../../support/postgrestTable';
import { DEFAULT_USER } from '../../support/shellHandlers';
import { hoursAgo } from '../../support/time';

export const INCIDENT_ID = '018f4b8e-6666-7000-8000-000000000001';
export const MISSING_ID = '018f4b8e-6666-7000-8000-0000000000ff';
export const SRE_TEAM_ID = '018f4b8e-7777-7000-8000-000000000001';
export const DB_TEAM_ID = '018f4b8e-7777-7000-8000-000000000002';
export const BOB_RESPONDER_ID = '018f4b8e-8888-7000-8000-000000000001';
export const SRE_RESPONDER_ID = '018f4b8e-8888-7000-8000-000000000002';

interface PersonRow {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  deleted_at: string | null;
}

const person = (id: string, name: string, email: string): PersonRow => ({
  id,
  name,
  email,
  avatar: null,
  deleted_at: null,
});

/** The signed-in user of the tests (an admin unless a test says otherwise). */
export const ADA = person(DEFAULT_USER.id, DEFAULT_USER.name, DEFAULT_USER.email);
export const BOB = person('018f4b8e-9999-7000-8000-000000000002', 'Bob Builder', 'bob@acme.io');
export const CARA = person('018f4b8e-9999-7000-8000-000000000003', 'Cara Comms', 'cara@acme.io');
/** Opened the incident; named by no embed of INC-02, so the page looks them up (AUTH-02). */
export const DAN = person('018f4b8e-9999-7000-8000-000000000004', 'Dan Dispatch', 'dan@acme.io');

export const JIRA_LINK = 'https://jira.acme.io/browse/${ID}';

export const TEAMS = [
  {
    id: SRE_TEAM_ID,
    name: 'SRE',
    icon: 'group',
    spec: { responder_clients: { jira: { linkUrl: JIRA_LINK }, email: { to: 'sre@acme.io' } } },
    deleted_at: null,
  },
  { id: DB_TEAM_ID, name: 'Databases', icon: 'group', spec: {}, deleted_at: null },
];

const brief = ({ id, name, avatar }: PersonRow): IncidentPerson => ({ id, name, avatar });
const embedded = ({ id, name, avatar, email }: PersonRow): IncidentPerson => ({
  id,
  name,
  avatar,
  email,
});

export interface IncidentRow {
  id: string;
  incident_id: string;
  title: string;
  description: string | null;
  severity: string;
  type: string;
  status: string;
  created_at: string;
  updated_at: string;
  created_by: string;
  commander_id: string | null;
  communicator_id: string | null;
}

export const INCIDENT: IncidentRow = {
  id: INCIDENT_ID,
  incident_id: 'INC-42',
  title: 'Checkout latency',
  description: 'p99 above 2 s since the deploy',
  severity: 'high',
  type: 'availability',
  status: 'open',
  created_at: hoursAgo(3),
  updated_at: hoursAgo(1),
  created_by: DAN.id,
  commander_id: ADA.id,
  communicator_id: CARA.id,
};

export const HYPOTHESES: Hypothesis[] = [
  {
    id: '018f4b8e-aaaa-7000-8000-000000000001',
    incident_id: INCIDENT_ID,
    parent_id: null,
    type: 'root',
    title: 'Checkout latency',
    status: 'possible',
    created_by: brief(ADA),
    evidences: [],
    comments: [],
  },
  {
    id: '018f4b8e-aaaa-7000-8000-000000000002',
    incident_id: INCIDENT_ID,
    parent_id: '018f4b8e-aaaa-7000-8000-000000000001',
    type: 'factor',
    title: 'Connection pool exhausted',
    status: 'likely',
    created_by: brief(ADA),
    evidences: [],
    comments: [],
  },
];

export interface ResponderRow {
  id: string;
  incident_id: string;
  type: string;
  person_id: string | null;
  team_id: string | null;
  external_id: string | null;
  properties: Record<string, unknown>;
  created_by: string;
  created_at: string;
  deleted_at: string | null;
}

export const RESPONDERS: ResponderRow[] = [
  {
    id: BOB_RESPONDER_ID,
    incident_id: INCIDENT_ID,
    type: 'person',
    person_id: BOB.id,
    team_id: null,
    external_id: null,
    properties: { responderType: 'person' },
    created_by: ADA.id,
    created_at: hoursAgo(2.5),
    deleted_at: null,
  },
  {
    id: SRE_RESPONDER_ID,
    incident_id: INCIDENT_ID,
    type: 'system',
    person_id: null,
    team_id: SRE_TEAM_ID,
    external_id: 'OPS-1234',
    properties: { responderType: 'jira' },
    created_by: ADA.id,
    created_at: hoursAgo(2),
    deleted_at: null,
  },
];

/** The changelog, stored oldest first: the page must show it newest first. */
export const HISTORY: IncidentHistory[] = [
  {
    id: 'hist-1',
    incident_id: INCIDENT_ID,
    type: 'incident.created',
    description: 'INC-42',
    created_at: hoursAgo(3),
    created_by: brief(DAN),
  },
  {
    id: 'hist-2',
    incident_id: INCIDENT_ID,
    type: 'responder.created',
    created_at: hoursAgo(2.5),
    created_by: brief(ADA),
    responder: { id: BOB_RESPONDER_ID, person: { id: BOB.id, name: BOB.name }, team: null },
  },
  {
    id: 'hist-3',
    incident_id: INCIDENT_ID,
    type: 'incident.status_updated',
    description: 'investigating',
    created_at: hoursAgo(2),
    created_by: brief(ADA),
  },
  {
    id: 'hist-4',
    incident_id: INCIDENT_ID,
    type: 'evidence.created',
    created_at: hoursAgo(1.5),
    created_by: brief(BOB),
    hypothesis_id: '018f4b8e-aaaa-7000-8000-000000000002',
    hypothesis: { id: '018f4b8e-aaaa-7000-8000-000000000002', title: 'Connection pool exhausted' },
    evidence: { id: 'ev-1', type: 'check', checks: { id: 'chk-1', name: 'checkout-http' } },
  },
  {
    id: 'hist-5',
    incident_id: INCIDENT_ID,
    type: 'hypothesis.status_updated',
    description: 'likely',
    created_at: hoursAgo(1),
    created_by: brief(ADA),
    hypothesis: { id: '018f4b8e-aaaa-7000-8000-000000000002', title: 'Connection pool exhausted' },
  },
  {
    id: 'hist-6',
    incident_id: INCIDENT_ID,
    type: 'responder.commented',
    created_at: hoursAgo(0.5),
    created_by: brief(BOB),
    comment: { id: 'com-1', comment: 'Pool raised to 50' },
  },
];

export interface DetailBackendOptions {
  incidents?: IncidentRow[];
  responders?: ResponderRow[];
  history?: IncidentHistory[];
}

/**
 * The calls of an incident's page, each an in-memory PostgREST table: the incident with its
 * people, hypotheses and responders embedded (INC-02), its responders (INC-19..21), its
 * changelog (INC-07), and the people and teams the pickers search and the page looks up.
 */
export function detailBackend(options: DetailBackendOptions = {}) {
  const people = postgrestTable('people', [ADA, BOB, CARA, DAN]);
  const teams = postgrestTable('teams', TEAMS);
  const personById = (id: unknown) => {
    const found = people.rows.find((row) => row.id === id);
    return found ? embedded(found) : null;
  };
  const teamById = (id: unknown) => {
    const found = teams.rows.find((row) => row.id === id);
    return found ? { id: found.id, name: found.name, icon: found.icon, spec: found.spec } : null;
  };
  let inserted = 0;
  const responders = postgrestTable<ResponderRow>('responders', options.responders ?? RESPONDERS, {
    key: ['id'],
    embed: {
      team_id: (id) => teamById(id),
      person_id: (id) => personById(id),
    },
    onInsert: (body) =>
      ({
        id: `018f4b8e-8888-7000-8000-1000000000${String(++inserted).padStart(2, '0')}`,
        person_id: null,
        team_id: null,
        external_id: null,
        created_at: new Date().toISOString(),
        deleted_at: null,
        ...body,
      }) as ResponderRow,
  });
  const incidents = postgrestTable<IncidentRow>('incidents', options.incidents ?? [INCIDENT], {
    key: ['id'],
    embed: {
      commander_id: (id) => personById(id),
      communicator_id: (id) => personById(id),
      hypotheses: (_value, row) => HYPOTHESES.filter((h) => h.incident_id === row.id),
      responders: (_value, row) =>
        responders.rows
          .filter((r) => r.incident_id === row.id && r.deleted_at === null)
          .map((r) => ({ ...r, created_by: personById(r.created_by) })),
    },
  });
  const history = postgrestTable<IncidentHistory>('incident_histories', options.history ?? HISTORY);
  return { people, teams, incidents, responders, history };
}
