import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { INCIDENT_HISTORY_TYPES } from '../support/incidentHistory';
import { accountOf, demoSuite } from './support';

jest.setTimeout(60_000);

/** The incident calls of api.md §11 against the demo backend, sent as the console sends them. */

const ROLES = ['admin', 'commander', 'responder', 'viewer'] as const;
type Role = (typeof ROLES)[number];

const { h, cookies } = demoSuite(ROLES);
const ids = {} as Record<Role, string>;

beforeAll(async () => {
  for (const role of ROLES) {
    const { rows } = await h.db.query<{ id: string }>('SELECT id FROM people WHERE email = $1', [
      accountOf(role).email,
    ]);
    ids[role] = (rows[0] as { id: string }).id;
  }
});

/** api.md's `A`. */
const A = 'id,name,avatar,email';
const SEVERITIES = ['low', 'medium', 'high', 'blocker', 'critical'];
const TYPES = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'technicalDebt',
  'reliability',
  'compliance',
];
const STATUSES = ['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed'];
const HYPOTHESIS_STATUSES = ['proven', 'likely', 'possible', 'unlikely', 'improbable', 'disproven'];
const EVIDENCE_TYPES = [
  'check',
  'config',
  'config_change',
  'config_analysis',
  'topology',
  'log',
  'comment',
];

/** INC-02's select, literally (the comment embed names `id` twice). */
const DETAIL_SELECT =
  `*,hypotheses(*,created_by(${A}),evidences(*,created_by(${A})),` +
  `comments(created_at,comment,external_created_by,responder_id(team_id(*)),created_by(id,${A}),id)),` +
  `commander:commander_id(${A}),communicator_id(${A}),responders(created_by(${A}))`;

/** INC-07's query string after `incident_id=eq.{id}`, copied from api.md with its trailing `)`. */
const HISTORY_QUERY =
  'select=*,evidence:evidences(id,description,type,components(id,name,icon),configs(id,name),config_changes(id,change_type),config_analysis(id,analyzer,message,analysis),checks(id,icon,name)),hypothesis:hypotheses(id,title),responder:responders(id,person:person_id(id,name,avatar),team:team_id(id,name,icon)),comment:comments(id,comment),created_by(id,name,avatar))&order=created_at.desc';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface CallOptions {
  /** Send `Prefer: return=representation` as every console client does; default true. */
  representation?: boolean;
}

/**
 * One request as the signed-in `role`. `url` is written decoded, as api.md shows it; spaces and
 * double quotes are percent-encoded on the way, as a browser does.
 */
function call(
  role: Role,
  method: Method,
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method,
    url: encodeURI(url),
    headers: {
      cookie: cookies[role],
      ...(options.representation === false ? {} : { prefer: 'return=representation' }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

type Row = Record<string, unknown>;

/** Matches any of `values`. */
function oneOf(values: readonly unknown[]) {
  return {
    asymmetricMatch: (actual: unknown) => values.includes(actual),
    toAsymmetricMatcher: () => `oneOf(${values.map(String).join(', ')})`,
  };
}

/** Matches null or a string. */
const nullOrText = {
  asymmetricMatch: (actual: unknown) => actual === null || typeof actual === 'string',
  toAsymmetricMatcher: () => 'null or a string',
};

/** The JSON array of a 2xx answer. */
function rowsOf(res: LightMyRequestResponse, status = 200): Row[] {
  expect([res.statusCode, res.headers['content-type']]).toEqual([
    status,
    expect.stringMatching(/^application\/json/),
  ]);
  const body = res.json<unknown>();
  expect(Array.isArray(body)).toBe(true);
  return body as Row[];
}

function firstOf(res: LightMyRequestResponse, status = 200): Row {
  const rows = rowsOf(res, status);
  expect(rows).toHaveLength(1);
  return rows[0] as Row;
}

/** A POST as `role` that answers 201 with the one row it created. */
async function insertOne(role: Role, url: string, body: Row): Promise<Row> {
  return firstOf(await call(role, 'POST', url, body), 201);
}

/** A PATCH as `role` that answers 200 with the one row it changed. */
async function patchOne(role: Role, url: string, body: Row): Promise<Row> {
  return firstOf(await call(role, 'PATCH', url, body));
}

/** A PostgREST error body with this status and code. */
function expectError(res: LightMyRequestResponse, status: number, code: string): Row {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<Row>();
  expect(body).toEqual({
    code,
    message: expect.any(String),
    details: nullOrText,
    hint: nullOrText,
  });
  return body;
}

async function query<T = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await h.db.query<T>(sql, params)).rows;
}

async function one<T = Row>(sql: string, params: unknown[] = []): Promise<T> {
  const rows = await query<T>(sql, params);
  expect(rows.length).toBeGreaterThan(0);
  return rows[0] as T;
}

const person = (id: string) => ({
  id,
  name: expect.any(String),
  avatar: nullOrText,
  email: nullOrText,
});

/** The body INC-05's create page sends. */
function newIncidentBody(by: string, title: string): Row {
  return {
    id: randomUUID(),
    title,
    description: 'Created from the incidents test',
    severity: 'high',
    type: 'availability',
    status: 'open',
    created_at: 'now()',
    updated_at: 'now()',
    created_by: by,
    commander_id: by,
    communicator_id: by,
  };
}

/** INC-10's body: a `possible` hypothesis under `parent`. */
function hypothesisBody(
  incident: string,
  parent: unknown,
  by: string,
  type: string,
  title: string,
): Row {
  return {
    incident_id: incident,
    type,
    title,
    status: 'possible',
    parent_id: parent,
    created_by: by,
  };
}

/** INC-05 then INC-11, as the create page does; returns the incident and root hypothesis ids. */
async function createIncident(
  role: Role,
  title: string,
): Promise<{ incident: string; root: string }> {
  const body = newIncidentBody(ids[role], title);
  const created = await insertOne(role, '/api/db/incidents?select=*', body);
  expect(created).toMatchObject({ id: body.id, title, status: 'open', created_by: ids[role] });
  const root = randomUUID();
  const hypothesis = await insertOne(role, '/api/db/hypotheses', {
    id: root,
    created_by: ids[role],
    incident_id: body.id,
    type: 'root',
    title: '',
    status: 'possible',
  });
  expect(hypothesis).toMatchObject({ id: root, type: 'root', status: 'possible' });
  return { incident: body.id as string, root };
}

describe('the seeded incidents', () => {
  it('have every status, several severities and types, all with the backend values', async () => {
    const statuses = await query<{ v: string }>('SELECT DISTINCT status AS v FROM incidents');
    expect(statuses.map((r) => r.v).sort()).toEqual([...STATUSES].sort());
    const severities = (await query<{ v: string }>('SELECT DISTINCT severity AS v FROM incidents'))
      .map((r) => r.v)
      .sort();
    expect(severities.length).toBeGreaterThanOrEqual(4);
    for (const severity of severities) expect(SEVERITIES).toContain(severity);
    const types = (await query<{ v: string }>('SELECT DISTINCT type AS v FROM incidents')).map(
      (r) => r.v,
    );
    expect(types.length).toBeGreaterThanOrEqual(4);
    for (const type of types) expect(TYPES).toContain(type);
  });

  it('have hypothesis chains root → factor → solution and the whole status scale', async () => {
    const chains = await query(
      `SELECT s.id FROM hypotheses s
         JOIN hypotheses f ON f.id = s.parent_id AND f.type = 'factor'
         JOIN hypotheses r ON r.id = f.parent_id AND r.type = 'root' AND r.parent_id IS NULL
        WHERE s.type = 'solution'`,
    );
    expect(chains.length).toBeGreaterThan(0);
    const statuses = await query<{ v: string }>('SELECT DISTINCT status AS v FROM hypotheses');
    expect(statuses.map((r) => r.v).sort()).toEqual([...HYPOTHESIS_STATUSES].sort());
    // Every incident has exactly one root.
    const roots = await query<{ n: number }>(
      `SELECT count(*) FILTER (WHERE h.type = 'root')::int AS n
         FROM incidents i LEFT JOIN hypotheses h ON h.incident_id = i.id GROUP BY i.id`,
    );
    expect(new Set(roots.map((r) => r.n))).toEqual(new Set([1]));
  });

  it('have evidence of every type, pointing at rows that exist', async () => {
    const types = await query<{ v: string }>('SELECT DISTINCT type AS v FROM evidences');
    expect(types.map((r) => r.v).sort()).toEqual([...EVIDENCE_TYPES].sort());
    const column: Record<string, string> = {
      check: 'e.check_id IS NOT NULL AND EXISTS (SELECT 1 FROM checks c WHERE c.id = e.check_id)',
      config:
        'e.config_id IS NOT NULL AND EXISTS (SELECT 1 FROM config_items c WHERE c.id = e.config_id)',
      config_change:
        'EXISTS (SELECT 1 FROM config_changes c WHERE c.id = e.config_change_id AND c.config_id = e.config_id)',
      config_analysis:
        'EXISTS (SELECT 1 FROM config_analysis c WHERE c.id = e.config_analysis_id AND c.config_id = e.config_id)',
      topology: 'EXISTS (SELECT 1 FROM components c WHERE c.id = e.component_id)',
      log: `jsonb_array_length(e.evidence -> 'lines') > 0`,
      comment: `length(e.evidence ->> 'comment') > 0`,
    };
    for (const [type, condition] of Object.entries(column)) {
      const bad = await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM evidences e WHERE e.type = $1 AND NOT (${condition})`,
        [type],
      );
      expect([type, bad[0]?.n]).toEqual([type, 0]);
    }
  });

  it('have comments, person and team responders, and a history for every incident', async () => {
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM comments')).n).toBeGreaterThan(
      0,
    );
    const withoutHistory = await query(
      `SELECT i.id FROM incidents i WHERE NOT EXISTS (
         SELECT 1 FROM incident_histories ih WHERE ih.incident_id = i.id AND ih.type = 'incident.created')`,
    );
    expect(withoutHistory).toEqual([]);
    const commentsWithoutHistory = await query(
      `SELECT c.id FROM comments c WHERE NOT EXISTS (
         SELECT 1 FROM incident_histories ih
          WHERE ih.comment_id = c.id AND ih.type = 'responder.commented'
            AND ih.hypothesis_id IS NOT DISTINCT FROM c.hypothesis_id)`,
    );
    expect(commentsWithoutHistory).toEqual([]);
    const types = await query<{ v: string }>('SELECT DISTINCT type AS v FROM incident_histories');
    expect(types.map((r) => r.v).sort()).toEqual(INCIDENT_HISTORY_TYPES);
  });
});

describe('every INC call of api.md §11, as the console sends it', () => {
  /** A seeded incident with comments, evidence and a team responder reached through Jira. */
  let rich: string;
  beforeAll(async () => {
    rich = (
      await one<{ id: string }>(
        `SELECT i.id FROM incidents i
          WHERE EXISTS (SELECT 1 FROM comments c WHERE c.incident_id = i.id)
            AND EXISTS (SELECT 1 FROM responders r
                         WHERE r.incident_id = i.id AND r.team_id IS NOT NULL
                           AND r.properties ->> 'responderType' = 'jira')
            AND EXISTS (SELECT 1 FROM evidences e JOIN hypotheses hy ON hy.id = e.hypothesis_id
                         WHERE hy.incident_id = i.id AND e.type = 'config_change')
          ORDER BY i.created_at DESC LIMIT 1`,
      )
    ).id;
  });

  it('INC-01 lists incident_summary newest first with commander, responders and commenters', async () => {
    const rows = rowsOf(
      await call('admin', 'GET', '/api/db/incident_summary?&order=created_at.desc&status=eq.open'),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({
        id: expect.any(String),
        incident_id: expect.stringMatching(/^INC-\d+$/),
        title: expect.any(String),
        severity: oneOf(SEVERITIES),
        type: oneOf(TYPES),
        status: 'open',
        created_at: expect.any(String),
        updated_at: expect.any(String),
        commander: { id: expect.any(String), name: expect.any(String), avatar: nullOrText },
      });
      expect(row.responders === null || Array.isArray(row.responders)).toBe(true);
      expect(row.commenters === null || Array.isArray(row.commenters)).toBe(true);
    }
    const all = rowsOf(
      await call('admin', 'GET', '/api/db/incident_summary?&order=created_at.desc'),
    );
    const created = all.map((row) => String(row.created_at));
    expect(created).toEqual([...created].sort().reverse());
    const summary = all.find((row) => row.id === rich) as Row;
    expect(summary.responders).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: expect.any(String) })]),
    );
    expect((summary.commenters as Row[]).length).toBeGreaterThan(0);
  });

  it('INC-01 applies the search and every filter', async () => {
    const target = await one<{
      title: string;
      severity: string;
      status: string;
      type: string;
      created_by: string;
    }>('SELECT title, severity, status, type, created_by FROM incidents WHERE id = $1', [rich]);
    const word = target.title.split(' ')[0] as string;
    const rows = rowsOf(
      await call(
        'admin',
        'GET',
        `/api/db/incident_summary?&title=ilike.*${word.toUpperCase()}*&order=created_at.desc` +
          `&severity=eq.${target.severity}&status=eq.${target.status}&type=eq.${target.type}` +
          `&created_by=eq.${target.created_by}`,
      ),
    );
    expect(rows.map((row) => row.id)).toContain(rich);
    for (const row of rows) {
      expect(String(row.title).toLowerCase()).toContain(word.toLowerCase());
      expect(row).toMatchObject({
        severity: target.severity,
        status: target.status,
        type: target.type,
      });
    }
  });

  it('INC-01 with the component filter answers the incidents with evidence on that component', async () => {
    const { component_id: componentId } = await one<{ component_id: string }>(
      'SELECT component_id FROM incidents_by_component ORDER BY component_id LIMIT 1',
    );
    const expected = await query<{ id: string }>(
      'SELECT DISTINCT id FROM incidents_by_component WHERE component_id = $1',
      [componentId],
    );
    const rows = rowsOf(
      await call(
        'admin',
        'GET',
        `/api/db/incident_summary?&order=created_at.desc&hypotheses.evidences.component_id=eq.${componentId}`,
      ),
    );
    expect(rows.map((row) => row.id).sort()).toEqual(expected.map((row) => row.id).sort());
  });

  it('INC-02 answers the incident with its people and hypotheses tree', async () => {
    const incident = firstOf(
      await call('admin', 'GET', `/api/db/incidents?id=eq.${rich}&select=${DETAIL_SELECT}`),
    );
    const stored = await one<{ commander_id: string; communicator_id: string }>(
      'SELECT commander_id, communicator_id FROM incidents WHERE id = $1',
      [rich],
    );
    expect(incident).toMatchObject({
      id: rich,
      incident_id: expect.stringMatching(/^INC-\d+$/),
      title: expect.any(String),
      description: expect.any(String),
      severity: oneOf(SEVERITIES),
      type: oneOf(TYPES),
      status: oneOf(STATUSES),
      created_at: expect.any(String),
      created_by: expect.any(String),
      commander: person(stored.commander_id),
      communicator_id: person(stored.communicator_id),
    });
    const responders = incident.responders as Row[];
    expect(responders.length).toBeGreaterThan(0);
    for (const responder of responders) {
      expect(Object.keys(responder)).toEqual(['created_by']);
      expect(responder.created_by).toEqual(person((responder.created_by as Row).id as string));
    }
    const hypotheses = incident.hypotheses as Row[];
    expect(hypotheses.length).toBeGreaterThan(0);
    let comments = 0;
    let evidences = 0;
    for (const hypothesis of hypotheses) {
      expect(hypothesis).toMatchObject({
        id: expect.any(String),
        incident_id: rich,
        type: oneOf(['root', 'factor', 'solution']),
        title: expect.any(String),
        status: oneOf(HYPOTHESIS_STATUSES),
        created_by: person((hypothesis.created_by as Row).id as string),
      });
      expect(hypothesis).toHaveProperty('parent_id');
      for (const evidence of hypothesis.evidences as Row[]) {
        evidences += 1;
        expect(evidence).toMatchObject({
          id: expect.any(String),
          hypothesis_id: hypothesis.id,
          type: oneOf(EVIDENCE_TYPES),
          created_by: person((evidence.created_by as Row).id as string),
        });
      }
      for (const comment of hypothesis.comments as Row[]) {
        comments += 1;
        expect(Object.keys(comment).sort()).toEqual(
          [
            'comment',
            'created_at',
            'created_by',
            'external_created_by',
            'id',
            'responder_id',
          ].sort(),
        );
        expect(comment.created_by).toEqual(person((comment.created_by as Row).id as string));
        if (comment.responder_id !== null) {
          expect(comment.responder_id).toEqual({
            team_id: expect.objectContaining({ id: expect.any(String), spec: expect.anything() }),
          });
        }
      }
    }
    expect([comments > 0, evidences > 0]).toEqual([true, true]);
  });

  it('INC-03 finds incidents by title with their hypotheses’ ids and types', async () => {
    const rows = rowsOf(
      await call(
        'admin',
        'GET',
        '/api/db/incidents?order=created_at.desc&title=ilike.*e*&select=*,hypotheses(id, type)',
      ),
    );
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      expect(String(row.title).toLowerCase()).toContain('e');
      for (const hypothesis of row.hypotheses as Row[]) {
        expect(Object.keys(hypothesis).sort()).toEqual(['id', 'type']);
      }
    }
    expect(rows.some((row) => (row.hypotheses as Row[]).length > 0)).toBe(true);
  });

  it('INC-04 lists the incidents of a component or a config', async () => {
    const byComponent = await one<{ component_id: string; type: string; status: string }>(
      'SELECT component_id, type, status FROM incidents_by_component ORDER BY created_at DESC LIMIT 1',
    );
    const components = rowsOf(
      await call(
        'admin',
        'GET',
        `/api/db/incidents_by_component?order=created_at.desc&type=eq.${byComponent.type}` +
          `&status=eq.${byComponent.status}&component_id=eq.${byComponent.component_id}`,
      ),
    );
    expect(components.length).toBeGreaterThan(0);
    for (const row of components) {
      expect(row).toMatchObject({
        id: expect.any(String),
        title: expect.any(String),
        component_id: byComponent.component_id,
        type: byComponent.type,
        status: byComponent.status,
        severity: oneOf(SEVERITIES),
      });
    }
    const { config_id: configId } = await one<{ config_id: string }>(
      'SELECT config_id FROM incidents_by_config LIMIT 1',
    );
    const configs = rowsOf(
      await call(
        'admin',
        'GET',
        `/api/db/incidents_by_config?order=created_at.desc&config_id=eq.${configId}`,
      ),
    );
    expect(configs.length).toBeGreaterThan(0);
    for (const row of configs) expect(row.config_id).toBe(configId);
    // Without any id the console sends the literal `undefined`: a JSON 400, as PostgREST answers.
    expectError(
      await call(
        'admin',
        'GET',
        '/api/db/incidents_by_config?order=created_at.desc&config_id=eq.undefined',
      ),
      400,
      '22P02',
    );
  });

  it("INC-04 answers the catalog item's Incidents tab for every role: its incidents, newest first", async () => {
    const { config_id: configId } = await one<{ config_id: string }>(
      `SELECT config_id FROM incidents_by_config GROUP BY config_id
        ORDER BY count(*) DESC, config_id LIMIT 1`,
    );
    const expected = await h.db.query<{ id: string }>(
      `SELECT DISTINCT i.id, i.created_at FROM incidents i
        JOIN hypotheses hy ON hy.incident_id = i.id
        JOIN evidences e ON e.hypothesis_id = hy.id
        WHERE e.config_id = $1 ORDER BY i.created_at DESC, i.id`,
      [configId],
    );
    expect(expected.rows.length).toBeGreaterThan(0);
    for (const role of ROLES) {
      const rows = rowsOf(
        await call(
          role,
          'GET',
          `/api/db/incidents_by_config?order=created_at.desc&config_id=eq.${configId}`,
        ),
      );
      expect(rows.map((row) => row.id).sort()).toEqual(expected.rows.map((row) => row.id).sort());
      const times = rows.map((row) => Date.parse(String(row.created_at)));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      for (const row of rows) {
        expect(row).toMatchObject({ config_id: configId, title: expect.any(String) });
      }
    }
  });

  it('INC-07 answers the changelog for the query string with its trailing parenthesis', async () => {
    const rows = rowsOf(
      await call(
        'admin',
        'GET',
        `/api/db/incident_histories?incident_id=eq.${rich}&${HISTORY_QUERY}`,
      ),
    );
    expect(rows.length).toBeGreaterThan(3);
    const created = rows.map((row) => String(row.created_at));
    expect(created).toEqual([...created].sort().reverse());
    for (const row of rows) {
      expect(row).toMatchObject({
        id: expect.any(String),
        incident_id: rich,
        type: expect.any(String),
        created_at: expect.any(String),
        updated_at: expect.any(String),
        created_by: {
          id: expect.any(String),
          name: expect.any(String),
          avatar: nullOrText,
        },
      });
      for (const key of ['description', 'hypothesis_id', 'evidence', 'hypothesis', 'responder']) {
        expect(row).toHaveProperty(key);
      }
      expect(row).toHaveProperty('comment');
    }
    const ofType = (type: string) => rows.filter((row) => row.type === type);
    expect(ofType('incident.created')).toHaveLength(1);
    const evidence = ofType('evidence.created').map((row) => row.evidence as Row);
    expect(evidence.length).toBeGreaterThan(0);
    for (const item of evidence) {
      expect(Object.keys(item).sort()).toEqual(
        [
          'checks',
          'components',
          'config_analysis',
          'config_changes',
          'configs',
          'description',
          'id',
          'type',
        ].sort(),
      );
    }
    const change = evidence.find((item) => item.type === 'config_change') as Row;
    expect(change.config_changes).toEqual({
      id: expect.any(String),
      change_type: expect.any(String),
    });
    expect(change.configs).toEqual({ id: expect.any(String), name: expect.any(String) });
    const responders = ofType('responder.created').map((row) => row.responder as Row);
    expect(responders).toContainEqual({
      id: expect.any(String),
      person: null,
      team: { id: expect.any(String), name: expect.any(String), icon: expect.any(String) },
    });
    expect(responders).toContainEqual({
      id: expect.any(String),
      person: { id: expect.any(String), name: expect.any(String), avatar: nullOrText },
      team: null,
    });
    const comments = ofType('responder.commented');
    expect(comments.length).toBeGreaterThan(0);
    for (const row of comments) {
      expect(row.comment).toEqual({ id: expect.any(String), comment: expect.any(String) });
      expect(row.hypothesis_id).toEqual(expect.any(String));
    }
    const hypotheses = ofType('hypothesis.created');
    expect(hypotheses.length).toBeGreaterThan(0);
    for (const row of hypotheses) {
      expect(row.hypothesis).toEqual({ id: row.hypothesis_id, title: expect.any(String) });
    }
  });

  it('INC-08 answers a hypothesis with its comments and evidences', async () => {
    const { id } = await one<{ id: string }>(
      `SELECT h.id FROM hypotheses h WHERE h.incident_id = $1 AND h.type = 'root'`,
      [rich],
    );
    const hypothesis = firstOf(
      await call(
        'admin',
        'GET',
        `/api/db/hypotheses?id=eq.${id}&select=id,comments(id,*,created_by(id,name,avatar),responder_id(*,team_id(*))),evidences(id,*,created_by(id,name,avatar))`,
      ),
    );
    expect(Object.keys(hypothesis).sort()).toEqual(['comments', 'evidences', 'id']);
    const comments = hypothesis.comments as Row[];
    expect(comments.length).toBeGreaterThan(0);
    for (const comment of comments) {
      expect(comment).toMatchObject({
        id: expect.any(String),
        comment: expect.any(String),
        hypothesis_id: id,
        created_by: { id: expect.any(String), name: expect.any(String), avatar: nullOrText },
      });
    }
    const external = comments.find((comment) => comment.responder_id !== null);
    if (external) {
      expect(external.responder_id).toMatchObject({
        id: expect.any(String),
        team_id: expect.objectContaining({ id: expect.any(String), name: expect.any(String) }),
      });
    }
  });

  it('INC-19 lists responders with their team (and its responder clients) or person', async () => {
    const rows = rowsOf(
      await call(
        'admin',
        'GET',
        `/api/db/responders?incident_id=eq.${rich}&select=*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)&deleted_at=is.null`,
      ),
    );
    for (const row of rows) {
      expect(row).toMatchObject({
        id: expect.any(String),
        incident_id: rich,
        type: oneOf(['person', 'system']),
        properties: expect.objectContaining({ responderType: expect.any(String) }),
        created_by: expect.any(String),
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      for (const key of [
        'person_id',
        'team_id',
        'external_id',
        'acknowledged',
        'resolved',
        'closed',
      ]) {
        expect(row).toHaveProperty(key);
      }
    }
    const people = rows.filter((row) => row.person !== null);
    expect(people.length).toBeGreaterThan(0);
    for (const row of people) {
      expect(row.person).toEqual({
        id: row.person_id,
        name: expect.any(String),
        avatar: nullOrText,
      });
    }
    const team = rows.find((row) => row.team !== null) as Row;
    expect(team.team).toEqual({
      id: team.team_id,
      name: expect.any(String),
      icon: expect.any(String),
      spec: expect.any(Object),
    });
    // The console's link: the team's client template for this responder type, ${ID} filled in.
    const responderType = (team.properties as Row).responderType as string;
    const clients = ((team.team as Row).spec as Row).responder_clients as Record<string, Row>;
    const template = clients[responderType]?.linkUrl as string;
    expect(template).toContain('${ID}');
    expect(team.external_id).toEqual(expect.stringMatching(/^OPS-\d+$/));
    expect(template.replace('${ID}', team.external_id as string)).toBe(
      `https://acme.atlassian.net/browse/${team.external_id as string}`,
    );
  });

  it('INC-05 to INC-21: an incident worked through from creation to resolution', async () => {
    const admin = ids.admin;
    const title = `Checkout latency ${randomUUID().slice(0, 8)}`;
    const { incident, root } = await createIncident('admin', title);

    // The attach-evidence dialog's INC-05 body (no id, no timestamps) works too.
    const attached = await insertOne('admin', '/api/db/incidents?select=*', {
      title: `${title} (attached)`,
      severity: 'low',
      type: 'availability',
      description: '',
      status: 'open',
      created_by: admin,
      commander_id: admin,
      communicator_id: admin,
    });
    expect(attached).toMatchObject({
      id: expect.any(String),
      incident_id: expect.stringMatching(/^INC-\d+$/),
      severity: 'low',
    });

    // INC-06: fire and forget, the answer still reports the row.
    const patched = await patchOne('admin', `/api/db/incidents?id=eq.${incident}`, {
      status: 'investigating',
      severity: 'critical',
    });
    expect(patched).toMatchObject({ status: 'investigating', severity: 'critical' });

    // INC-10: a factor under the root, and a solution under it.
    const factor = await insertOne(
      'admin',
      '/api/db/hypotheses',
      hypothesisBody(incident, root, admin, 'factor', 'Pool exhausted'),
    );
    expect(factor).toMatchObject({ parent_id: root, type: 'factor', incident_id: incident });
    const solution = await insertOne(
      'admin',
      '/api/db/hypotheses',
      hypothesisBody(incident, factor.id, admin, 'solution', 'Raise the pool'),
    );

    // INC-12: title, status and type.
    expect(
      await patchOne('admin', `/api/db/hypotheses?id=eq.${String(factor.id)}`, {
        title: 'Connection pool exhausted',
      }),
    ).toMatchObject({ title: 'Connection pool exhausted' });
    expect(
      await patchOne('admin', `/api/db/hypotheses?id=eq.${String(factor.id)}`, {
        status: 'likely',
      }),
    ).toMatchObject({ status: 'likely' });
    expect(
      await patchOne('admin', `/api/db/hypotheses?id=eq.${String(solution.id)}`, {
        type: 'solution',
      }),
    ).toMatchObject({ type: 'solution' });

    // INC-09: search within the incident.
    const found = rowsOf(
      await call(
        'admin',
        'GET',
        `/api/db/hypotheses?order=created_at.desc&title=ilike.*pool*&incident_id=eq.${incident}`,
      ),
    );
    expect(found.map((row) => row.id).sort()).toEqual([factor.id, solution.id].sort());

    // INC-15: evidence of a check and a log, INC-16: definition of done, INC-17: removal.
    const { id: checkId } = await one<{ id: string }>('SELECT id FROM checks ORDER BY id LIMIT 1');
    const evidence = await insertOne('admin', '/api/db/evidences', {
      check_id: checkId,
      created_by: admin,
      hypothesis_id: factor.id,
      evidence: { includeMessages: true },
      type: 'check',
      description: 'The payments-db check',
      properties: {},
    });
    expect(evidence).toMatchObject({ check_id: checkId, type: 'check', definition_of_done: false });
    const log = await insertOne('admin', '/api/db/evidences', {
      created_by: admin,
      hypothesis_id: root,
      evidence: { lines: [{ timestamp: '2024-01-01T00:00:00Z', message: 'timeout' }] },
      type: 'log',
      description: 'Timeouts',
    });
    const updated = await patchOne('admin', `/api/db/evidences?id=eq.${String(evidence.id)}`, {
      definition_of_done: true,
      done: false,
      script: 'return true',
      description: 'The payments-db check passes',
    });
    expect(updated).toMatchObject({ definition_of_done: true, done: false, script: 'return true' });
    rowsOf(await call('admin', 'DELETE', `/api/db/evidences?id=eq.${String(log.id)}`));

    // INC-18: a comment on the factor.
    const comment = await insertOne('admin', '/api/db/comments', {
      created_by: admin,
      incident_id: incident,
      hypothesis_id: factor.id,
      comment: 'Pool is at 20/20',
    });

    // INC-20: a person and a team responder; INC-21: the person removed again.
    const responder = await insertOne('admin', '/api/db/responders?select=*', {
      type: 'person',
      incident_id: incident,
      created_by: admin,
      person_id: ids.responder,
      properties: { responderType: 'person' },
    });
    const { id: teamId } = await one<{ id: string }>('SELECT id FROM teams ORDER BY name LIMIT 1');
    const team = await insertOne('admin', '/api/db/responders?select=*', {
      type: 'system',
      incident_id: incident,
      created_by: admin,
      team_id: teamId,
      properties: { responderType: 'jira', project: 'OPS', summary: title },
    });
    expect(team).toMatchObject({ team_id: teamId, deleted_at: null });
    const removed = await patchOne('admin', `/api/db/responders?id=eq.${String(responder.id)}`, {
      deleted_at: 'now()',
    });
    expect(removed.deleted_at).toEqual(expect.any(String));
    const listed = rowsOf(
      await call(
        'admin',
        'GET',
        `/api/db/responders?incident_id=eq.${incident}&select=*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)&deleted_at=is.null`,
      ),
    );
    expect(listed.map((row) => row.id)).toEqual([team.id]);

    // INC-07: every event of this incident, newest first.
    const history = rowsOf(
      await call(
        'admin',
        'GET',
        `/api/db/incident_histories?incident_id=eq.${incident}&${HISTORY_QUERY}`,
      ),
    );
    const types = history.map((row) => row.type);
    expect([...types].sort()).toEqual(
      [
        'incident.created',
        'incident.status_updated',
        'hypothesis.created',
        'hypothesis.created',
        'hypothesis.created',
        'hypothesis.status_updated',
        'evidence.created',
        'evidence.done_definition_added',
        'responder.commented',
        'responder.created',
        'responder.created',
      ].sort(),
    );
    const byType = (type: string) => history.find((row) => row.type === type) as Row;
    expect(byType('incident.status_updated').description).toBe('investigating');
    expect(byType('hypothesis.status_updated')).toMatchObject({
      description: 'likely',
      hypothesis_id: factor.id,
      hypothesis: { id: factor.id, title: 'Connection pool exhausted' },
    });
    expect(byType('evidence.done_definition_added').evidence).toMatchObject({
      id: evidence.id,
      type: 'check',
      checks: { id: checkId, name: expect.any(String), icon: nullOrText },
    });
    expect(byType('responder.commented')).toMatchObject({
      hypothesis_id: factor.id,
      comment: { id: comment.id, comment: 'Pool is at 20/20' },
    });
    for (const row of history) expect((row.created_by as Row).id).toBe(admin);

    // INC-13: the three requests; INC-14: the rest in bulk with quoted ids.
    rowsOf(await call('admin', 'DELETE', `/api/db/comments?hypothesis_id=eq.${String(factor.id)}`));
    rowsOf(
      await call('admin', 'DELETE', `/api/db/evidences?hypothesis_id=eq.${String(factor.id)}`),
    );
    // A hypothesis with children cannot go before them: 409 with the database's reason.
    const parent = expectError(
      await call('admin', 'DELETE', `/api/db/hypotheses?id=eq.${String(factor.id)}`),
      409,
      '23503',
    );
    expect(parent.message).toMatch(/hypotheses_parent_id_fkey/);
    // So the solution goes first (INC-14 with one quoted id), then the factor.
    const bulk = rowsOf(
      await call('admin', 'DELETE', `/api/db/hypotheses?id=in.("${String(solution.id)}")`),
    );
    expect(bulk.map((row) => row.id)).toEqual([solution.id]);
    const deleted = rowsOf(
      await call('admin', 'DELETE', `/api/db/hypotheses?id=eq.${String(factor.id)}`),
    );
    expect(deleted.map((row) => row.id)).toEqual([factor.id]);
    const extra = await insertOne(
      'admin',
      '/api/db/hypotheses',
      hypothesisBody(incident, root, admin, 'factor', 'Another'),
    );
    const other = await insertOne(
      'admin',
      '/api/db/hypotheses',
      hypothesisBody(incident, root, admin, 'factor', 'And another'),
    );
    const both = rowsOf(
      await call(
        'admin',
        'DELETE',
        `/api/db/hypotheses?id=in.("${String(extra.id)}","${String(other.id)}")`,
      ),
    );
    expect(both.map((row) => row.id).sort()).toEqual([extra.id, other.id].sort());
    const left = await query<{ id: string }>('SELECT id FROM hypotheses WHERE incident_id = $1', [
      incident,
    ]);
    expect(left.map((row) => row.id)).toEqual([root]);
  });
});

describe('who incident history names', () => {
  it('is the person who made the change, not the one who created the row', async () => {
    const { incident, root } = await createIncident('admin', 'History actors');
    const evidence = await insertOne('admin', '/api/db/evidences', {
      created_by: ids.admin,
      hypothesis_id: root,
      type: 'log',
      description: 'lines',
      evidence: { lines: [] },
    });
    // The responder changes what the admin created.
    await patchOne('responder', `/api/db/incidents?id=eq.${incident}`, {
      status: 'mitigated',
    });
    await patchOne('responder', `/api/db/hypotheses?id=eq.${root}`, { status: 'proven' });
    await patchOne('responder', `/api/db/evidences?id=eq.${String(evidence.id)}`, {
      definition_of_done: true,
    });
    // The commander adds a hypothesis, a responder and a comment naming the admin as creator.
    await insertOne(
      'commander',
      '/api/db/hypotheses',
      hypothesisBody(incident, root, ids.admin, 'factor', 'Commander’s idea'),
    );
    await insertOne('commander', '/api/db/responders?select=*', {
      type: 'person',
      incident_id: incident,
      created_by: ids.admin,
      person_id: ids.responder,
      properties: { responderType: 'person' },
    });
    await insertOne('commander', '/api/db/comments', {
      created_by: ids.admin,
      incident_id: incident,
      hypothesis_id: root,
      comment: 'On it',
    });
    const rows = await query<{ type: string; created_by: string }>(
      'SELECT type, created_by FROM incident_histories WHERE incident_id = $1 ORDER BY type',
      [incident],
    );
    const actors = Object.fromEntries(
      rows.map((row) => [
        row.type,
        (Object.entries(ids).find(([, id]) => id === row.created_by) ?? ['?'])[0],
      ]),
    );
    expect(actors).toEqual({
      'evidence.created': 'admin',
      'evidence.done_definition_added': 'responder',
      'hypothesis.created': 'commander',
      'hypothesis.status_updated': 'responder',
      'incident.created': 'admin',
      'incident.status_updated': 'responder',
      'responder.commented': 'commander',
      'responder.created': 'commander',
    });
    const hypothesisRows = await query<{ created_by: string }>(
      `SELECT created_by FROM incident_histories WHERE incident_id = $1 AND type = 'hypothesis.created' ORDER BY created_at`,
      [incident],
    );
    // The root was created by the admin, the factor by the commander.
    expect(hypothesisRows.map((row) => row.created_by)).toEqual([ids.admin, ids.commander]);
  });

  it('falls back to the changed row’s created_by outside a request, and no request leaks into SQL', async () => {
    const { incident } = await createIncident('responder', 'Direct SQL change');
    const setting = await one<{ claims: string | null }>(
      `SELECT current_setting('request.jwt.claims', true) AS claims`,
    );
    expect(setting.claims ?? '').toBe('');
    await h.db.query(`UPDATE incidents SET status = 'resolved' WHERE id = $1`, [incident]);
    const row = await one<{ created_by: string }>(
      `SELECT created_by FROM incident_histories WHERE incident_id = $1 AND type = 'incident.status_updated'`,
      [incident],
    );
    expect(row.created_by).toBe(ids.responder);
  });
});

describe('removing what a failed link created (the console’s compensation)', () => {
  it.each(['responder', 'commander'] as const)(
    'a %s deletes the hypothesis, the histories and the incident',
    async (role) => {
      const { incident, root } = await createIncident(role, `Half-made incident of a ${role}`);
      const hypothesis = await call(role, 'DELETE', `/api/db/hypotheses?id=eq.${root}`);
      expect(rowsOf(hypothesis).map((row) => row.id)).toEqual([root]);
      const histories = await call(
        role,
        'DELETE',
        `/api/db/incident_histories?incident_id=eq.${incident}`,
        undefined,
        { representation: false },
      );
      expect(histories.statusCode).toBe(204);
      const removed = await call(role, 'DELETE', `/api/db/incidents?id=eq.${incident}`);
      expect(rowsOf(removed).map((row) => row.id)).toEqual([incident]);
      expect(rowsOf(await call(role, 'GET', `/api/db/incident_summary?id=eq.${incident}`))).toEqual(
        [],
      );
      expect(
        await query('SELECT 1 FROM incident_histories WHERE incident_id = $1', [incident]),
      ).toEqual([]);
    },
  );
});

describe('role rules on the incident tables', () => {
  let seeded: {
    incident: string;
    hypothesis: string;
    evidence: string;
    comment: string;
    responder: string;
  };
  beforeAll(async () => {
    seeded = await one(
      `SELECT i.id AS incident, h.id AS hypothesis, e.id AS evidence, c.id AS comment, r.id AS responder
         FROM incidents i
         JOIN hypotheses h ON h.incident_id = i.id
         JOIN evidences e ON e.hypothesis_id = h.id
         JOIN comments c ON c.hypothesis_id = h.id
         JOIN responders r ON r.incident_id = i.id
        ORDER BY i.created_at LIMIT 1`,
    );
  });

  /** The incident tables' row counts (live responders only), as one text. */
  async function incidentRowCounts(): Promise<string> {
    const { total } = await one<{ total: string }>(
      `SELECT (SELECT count(*) FROM incidents) || '/' || (SELECT count(*) FROM hypotheses) || '/' ||
                (SELECT count(*) FROM evidences) || '/' || (SELECT count(*) FROM comments) || '/' ||
                (SELECT count(*) FROM responders WHERE deleted_at IS NULL) || '/' ||
                (SELECT count(*) FROM incident_histories) AS total`,
    );
    return total;
  }

  /** A viewer's create, change and delete of a row of `table` (`id` the one changed). */
  const createChangeDelete = (
    table: string,
    id: string,
    created: Record<string, unknown>,
    changed: Record<string, unknown>,
  ): Array<[Method, string, unknown]> => [
    ['POST', `/api/db/${table}`, created],
    ['PATCH', `/api/db/${table}?id=eq.${id}`, changed],
    ['DELETE', `/api/db/${table}?id=eq.${id}`, undefined],
  ];

  const writes = (): Array<[Method, string, unknown]> => [
    ['POST', '/api/db/incidents?select=*', newIncidentBody(ids.viewer, 'Viewer incident')],
    ['PATCH', `/api/db/incidents?id=eq.${seeded.incident}`, { status: 'closed' }],
    ['DELETE', `/api/db/incidents?id=eq.${seeded.incident}`, undefined],
    ...createChangeDelete(
      'hypotheses',
      seeded.hypothesis,
      {
        incident_id: seeded.incident,
        type: 'factor',
        title: 'x',
        status: 'possible',
        created_by: ids.viewer,
      },
      { status: 'disproven' },
    ),
    ...createChangeDelete(
      'evidences',
      seeded.evidence,
      { hypothesis_id: seeded.hypothesis, type: 'log', description: 'x', created_by: ids.viewer },
      { done: true },
    ),
    ...createChangeDelete(
      'comments',
      seeded.comment,
      {
        incident_id: seeded.incident,
        hypothesis_id: seeded.hypothesis,
        comment: 'x',
        created_by: ids.viewer,
      },
      { comment: 'edited' },
    ),
    [
      'POST',
      '/api/db/responders?select=*',
      {
        type: 'person',
        incident_id: seeded.incident,
        person_id: ids.viewer,
        created_by: ids.viewer,
        properties: {},
      },
    ],
    ['PATCH', `/api/db/responders?id=eq.${seeded.responder}`, { deleted_at: 'now()' }],
    ['DELETE', `/api/db/incident_histories?incident_id=eq.${seeded.incident}`, undefined],
  ];

  it('refuse every write of a viewer with 403 and change nothing', async () => {
    const before = await incidentRowCounts();
    for (const [method, url, body] of writes()) {
      const res = await call('viewer', method, url, body);
      // RBAC denials are plain text with the X-Rbac headers, as Mission Control answers (api.md §2).
      expect([method, url, res.statusCode, res.body]).toEqual([
        method,
        url,
        403,
        'unauthorized. Access Denied',
      ]);
      expect(res.headers['x-rbac-subject']).toBe(ids.viewer);
      expect(res.headers['x-rbac-object']).toEqual(
        oneOf(['incident', 'evidences', 'comments', 'responder']),
      );
    }
    expect(await incidentRowCounts()).toBe(before);
    // Reading stays open to a viewer.
    rowsOf(
      await call(
        'viewer',
        'GET',
        `/api/db/incidents?id=eq.${seeded.incident}&select=${DETAIL_SELECT}`,
      ),
    );
  });

  it.each(['responder', 'commander'] as const)(
    'let a %s write incidents, hypotheses, evidences, comments and responders, not canaries or connections',
    async (role) => {
      const me = ids[role];
      const { incident, root } = await createIncident(role, `Incident of a ${role}`);
      await patchOne(role, `/api/db/incidents?id=eq.${incident}`, {
        status: 'investigating',
      });
      const factor = await insertOne(
        role,
        '/api/db/hypotheses',
        hypothesisBody(incident, root, me, 'factor', 'A factor'),
      );
      await patchOne(role, `/api/db/hypotheses?id=eq.${String(factor.id)}`, {
        status: 'likely',
      });
      const evidence = await insertOne(role, '/api/db/evidences', {
        hypothesis_id: factor.id,
        type: 'log',
        description: 'lines',
        created_by: me,
        evidence: { lines: [] },
      });
      await patchOne(role, `/api/db/evidences?id=eq.${String(evidence.id)}`, { done: true });
      const comment = await insertOne(role, '/api/db/comments', {
        created_by: me,
        incident_id: incident,
        hypothesis_id: factor.id,
        comment: 'Looking',
      });
      const responder = await insertOne(role, '/api/db/responders?select=*', {
        type: 'person',
        incident_id: incident,
        created_by: me,
        person_id: ids.admin,
        properties: { responderType: 'person' },
      });
      await patchOne(role, `/api/db/responders?id=eq.${String(responder.id)}`, {
        deleted_at: 'now()',
      });
      rowsOf(await call(role, 'DELETE', `/api/db/comments?id=eq.${String(comment.id)}`));
      rowsOf(await call(role, 'DELETE', `/api/db/evidences?id=eq.${String(evidence.id)}`));
      rowsOf(await call(role, 'DELETE', `/api/db/hypotheses?id=eq.${String(factor.id)}`));

      const canary = await call(role, 'POST', '/api/db/canaries', {
        name: `${role}-canary`,
        namespace: 'default',
        spec: {},
      });
      expect([canary.statusCode, canary.headers['x-rbac-object']]).toEqual([403, 'canaries']);
      const connection = await call(role, 'POST', '/api/db/connections', {
        name: `${role}-connection`,
        type: 'http',
      });
      expect([connection.statusCode, connection.headers['x-rbac-object']]).toEqual([
        403,
        'connections',
      ]);
    },
  );
});

describe('malformed requests', () => {
  let hypothesis: string;
  let incident: string;
  beforeAll(async () => {
    ({ incident, root: hypothesis } = await createIncident('admin', 'Target of bad requests'));
  });

  it('a write that breaks a constraint answers 4xx JSON with the database’s reason', async () => {
    const missing = randomUUID();
    const orphan = expectError(
      await call('admin', 'POST', '/api/db/evidences', {
        hypothesis_id: missing,
        created_by: ids.admin,
        type: 'log',
        description: 'no such hypothesis',
      }),
      409,
      '23503',
    );
    expect(orphan.message).toMatch(/evidences_hypothesis_id_fkey/);
    expect(orphan.details).toContain(missing);

    const untitled = newIncidentBody(ids.admin, 'x');
    delete untitled.title;
    const noTitle = expectError(
      await call('admin', 'POST', '/api/db/incidents?select=*', untitled),
      400,
      '23502',
    );
    expect(noTitle.message).toMatch(/"title"/);

    const badType = expectError(
      await call('admin', 'POST', '/api/db/hypotheses', {
        incident_id: incident,
        type: 'guess',
        title: 'x',
        status: 'possible',
        created_by: ids.admin,
      }),
      400,
      '23514',
    );
    expect(badType.message).toMatch(/hypotheses_type_check/);

    expectError(
      await call('admin', 'POST', '/api/db/comments', {
        incident_id: 'not-a-uuid',
        hypothesis_id: hypothesis,
        comment: 'x',
        created_by: ids.admin,
      }),
      400,
      '22P02',
    );
    expectError(
      await call('admin', 'POST', '/api/db/incidents?select=*', {
        ...newIncidentBody(ids.admin, 'x'),
        colour: 'red',
      }),
      400,
      'PGRST204',
    );
    expectError(
      await call('admin', 'POST', '/api/db/responders?select=*', {
        type: 'person',
        incident_id: incident,
        person_id: randomUUID(),
        created_by: ids.admin,
      }),
      409,
      '23503',
    );
    // Nothing was left behind by the refused writes.
    expect(await query('SELECT 1 FROM evidences WHERE hypothesis_id = $1', [missing])).toEqual([]);
  });

  it('keeps malformed select lists 400 PGRST100, while a trailing “)” after the list is ignored', async () => {
    const history = (select: string) =>
      call(
        'admin',
        'GET',
        `/api/db/incident_histories?incident_id=eq.${incident}&select=${select}`,
      );
    // The list ends with unmatched closing parentheses: PostgREST stops there.
    expect(rowsOf(await history('*,created_by(id,name))')).length).toBeGreaterThan(0);
    expect(rowsOf(await history('*,hypothesis:hypotheses(id,title)) )')).length).toBeGreaterThan(0);
    for (const select of [
      '*,created_by(id,name',
      '*,created_by(id,name)),type',
      '*,created_by(id,name))x',
      'id,,type',
      'id,',
      ')',
      '*,evidence:(id)',
      '*,created_by(id,)',
    ]) {
      const body = expectError(await history(select), 400, 'PGRST100');
      expect(body.message).toContain('select');
    }
    // INC-22's getHypothesis forgets the `=` after select.
    expectError(
      await call(
        'admin',
        'GET',
        `/api/db/hypotheses?id=eq.${hypothesis}&select(*,comments!comments_incident_id_fkey(id,created_by(id,name,avatar)))`,
      ),
      400,
      'PGRST100',
    );
  });
});
