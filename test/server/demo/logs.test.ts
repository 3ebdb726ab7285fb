import { demoSuite, postJson } from './support';

jest.setTimeout(60_000);

const { h, cookies } = demoSuite(['admin', 'guest']);

interface LogLine {
  message: string;
  timestamp: string;
  labels?: Record<string, string>;
  count?: number;
  firstObserved?: string;
  lastObserved?: string;
}

interface LogAnswer {
  total: number;
  results: LogLine[];
}

interface Logged {
  id: string;
  name: string;
  selectors: string[];
}

/** A live component with log selectors and lines, the one with the most selectors first. */
async function logged(): Promise<Logged> {
  const { rows } = await h.db.query<Logged>(
    `SELECT c.id, c.name,
            (SELECT array_agg(s ->> 'name') FROM jsonb_array_elements(c.logs) s) AS selectors
       FROM components_with_logs c
      WHERE EXISTS (SELECT 1 FROM demo_log_lines l WHERE l.component_id = c.id)
      ORDER BY jsonb_array_length(c.logs) DESC, c.id LIMIT 1`,
  );
  if (!rows[0]) throw new Error('no component with log lines in the test estate');
  return rows[0];
}

function search(body: unknown, role: string | null = 'admin') {
  return postJson(h.app, '/api/logs', role ? cookies[role] : undefined, body);
}

describe('POST /api/logs', () => {
  it('seeds several components with named log selectors and lines in the last three days', async () => {
    const { rows } = await h.db.query<{ components: number; lines: number; oldest: Date }>(
      `SELECT (SELECT count(*)::int FROM components_with_logs) AS components,
              count(*)::int AS lines, min("timestamp") AS oldest FROM demo_log_lines`,
    );
    const [row] = rows;
    expect(row?.components).toBeGreaterThanOrEqual(5);
    expect(row?.lines).toBeGreaterThan(500);
    expect(Date.now() - (row?.oldest as Date).getTime()).toBeLessThan(4 * 24 * 3600_000);
  });

  it('answers the lines of a selector newest first, with levels, labels and grouped lines', async () => {
    const component = await logged();
    const response = await search({ id: component.id, name: component.selectors[0] });
    expect(response.statusCode).toBe(200);
    const body = response.json<LogAnswer>();
    expect(body.total).toBeGreaterThan(0);
    expect(body.results).toHaveLength(Math.min(body.total, 1000));
    const times = body.results.map((line) => Date.parse(line.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.results.some((line) => line.labels?.pod)).toBe(true);
    const grouped = body.results.filter((line) => line.count !== undefined);
    expect(grouped.length).toBeGreaterThan(0);
    for (const line of grouped) {
      expect(Date.parse(line.firstObserved as string)).toBeLessThanOrEqual(
        Date.parse(line.lastObserved as string),
      );
    }
    expect(body.results.every((line) => typeof line.message === 'string')).toBe(true);
  });

  it('needs a component id', async () => {
    for (const body of [{ name: 'x' }, { id: '', name: 'x' }, undefined]) {
      const response = await search(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'component ID is required' });
    }
  });

  it('answers 404 with the available names when the selector does not match', async () => {
    const component = await logged();
    const response = await search({ id: component.id, name: 'no-such-selector' });
    expect(response.statusCode).toBe(404);
    const { error } = response.json<{ error: string }>();
    for (const name of component.selectors) expect(error).toContain(name);
    expect(error).toContain('no-such-selector');
  });

  it('answers 404 for an unknown component', async () => {
    for (const id of ['00000000-0000-4000-8000-00000000abcd', 'not-a-component']) {
      const response = await search({ id, name: 'x' });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ error: string }>().error).toContain(id);
    }
  });

  it('keeps the lines whose labels hold every requested pair', async () => {
    const component = await logged();
    const all = (
      await search({ id: component.id, name: component.selectors[0] })
    ).json<LogAnswer>();
    const pod = all.results.find((line) => line.labels?.pod)?.labels?.pod as string;
    const response = await search({
      id: component.id,
      name: component.selectors[0],
      labels: { pod, level: 'error' },
    });
    const body = response.json<LogAnswer>();
    expect(body.total).toBeLessThan(all.total);
    for (const line of body.results) {
      expect(line.labels).toMatchObject({ pod, level: 'error' });
    }
    const none = await search({
      id: component.id,
      name: component.selectors[0],
      labels: { pod: 'no-such-pod' },
    });
    expect(none.json()).toEqual({ total: 0, results: [] });
  });

  it('limits the window by ISO or relative start and end', async () => {
    const component = await logged();
    const name = component.selectors[0];
    const all = (await search({ id: component.id, name })).json<LogAnswer>();
    const recent = (await search({ id: component.id, name, start: 'now-12h' })).json<LogAnswer>();
    expect(recent.total).toBeLessThan(all.total);
    const since = Date.now() - 12 * 3600_000 - 60_000;
    expect(recent.results.every((line) => Date.parse(line.timestamp) >= since)).toBe(true);

    const from = new Date(Date.now() - 48 * 3600_000).toISOString();
    const to = new Date(Date.now() - 24 * 3600_000).toISOString();
    const day = (await search({ id: component.id, name, start: from, end: to })).json<LogAnswer>();
    expect(day.total).toBeGreaterThan(0);
    for (const line of day.results) {
      expect(Date.parse(line.timestamp)).toBeGreaterThanOrEqual(Date.parse(from));
      expect(Date.parse(line.timestamp)).toBeLessThanOrEqual(Date.parse(to));
    }
  });

  it('ignores query, as Mission Control does', async () => {
    const component = await logged();
    const name = component.selectors[0];
    const plain = (await search({ id: component.id, name })).json<LogAnswer>();
    const queried = (await search({ id: component.id, name, query: 'zzz' })).json<LogAnswer>();
    expect(queried.total).toBe(plain.total);
  });

  it('answers 400 with a JSON error for malformed bodies and times', async () => {
    const component = await logged();
    const broken = await search('{"id": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json<{ error: string }>().error).toMatch(/not valid JSON/);
    const labels = await search({ id: component.id, name: 'x', labels: ['a'] });
    expect(labels.statusCode).toBe(400);
    expect(labels.json<{ error: string }>().error).toMatch(/labels/);
    const start = await search({
      id: component.id,
      name: component.selectors[0],
      start: 'yesterday',
    });
    expect(start.statusCode).toBe(400);
    expect(start.json<{ error: string }>().error).toMatch(/start/);
  });

  it('needs a session, and lets a guest read', async () => {
    const component = await logged();
    expect(
      (await search({ id: component.id, name: component.selectors[0] }, null)).statusCode,
    ).toBe(401);
    expect(
      (await search({ id: component.id, name: component.selectors[0] }, 'guest')).statusCode,
    ).toBe(200);
  });
});
