import fc from 'fast-check';
import { demoSuite, postJson } from './support';

jest.setTimeout(60_000);

const { h, cookies } = demoSuite(['admin']);

interface Found {
  id: string;
  name: string;
  type?: string;
  health?: string;
  status?: string;
  namespace?: string;
  tags?: Record<string, string>;
  change_type?: string;
  severity?: string;
  config_id?: string;
}

function post(url: string, body: unknown) {
  return postJson(h.app, url, cookies.admin, body);
}

/** What one kind finds for a search selector (all of it, up to the largest limit). */
async function search(kind: string, text: string): Promise<Found[]> {
  const res = await post('/api/resources/search', { [kind]: [{ search: text, limit: 500 }] });
  expect(res.statusCode).toBe(200);
  return res.json<Record<string, Found[]>>()[kind] ?? [];
}

async function ids(sql: string, params: unknown[] = []): Promise<string[]> {
  const { rows } = await h.db.query<{ id: string }>(sql, params);
  return rows.map((row) => row.id).sort();
}

const idsOf = (found: Found[]) => found.map((row) => row.id).sort();

async function first<T>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await h.db.query<T>(sql, params);
  if (!rows[0]) throw new Error(`no row for ${sql}`);
  return rows[0];
}

describe('POST /api/resources/search with selectors (MISC-03)', () => {
  it('configs: type by its last part, health, a tag and a negated status', async () => {
    const pick = await first<{ type: string; health: string; cluster: string }>(
      `SELECT type, health, tags->>'cluster' AS cluster FROM config_items
       WHERE deleted_at IS NULL AND health IS NOT NULL AND tags ? 'cluster' AND type LIKE '%::%'
       GROUP BY 1, 2, 3 ORDER BY count(*) DESC LIMIT 1`,
    );
    const short = pick.type.split('::').pop()!.toLowerCase();
    const found = await search(
      'configs',
      `type=${short} health=${pick.health} tags.cluster=${pick.cluster} status!=no-such-status`,
    );
    expect(found.length).toBeGreaterThan(0);
    expect(idsOf(found)).toEqual(
      await ids(
        `SELECT id::text AS id FROM config_items WHERE deleted_at IS NULL
         AND lower(type) LIKE '%' || $1 AND lower(health) = lower($2) AND tags->>'cluster' = $3`,
        [short, pick.health, pick.cluster],
      ),
    );
  });

  it('configs: a list of values, a glob and free text', async () => {
    const found = await search('configs', 'health=unhealthy,warning name=*a* -zzzz');
    expect(found.length).toBeGreaterThan(0);
    expect(idsOf(found)).toEqual(
      await ids(
        `SELECT id::text AS id FROM config_items WHERE deleted_at IS NULL
         AND health IN ('unhealthy', 'warning') AND name ILIKE '%a%'`,
      ),
    );
    for (const row of found) expect(['unhealthy', 'warning']).toContain(row.health);
  });

  it('configs: a tag that is set or not, and dates relative to now', async () => {
    const withTeam = await search('configs', 'tags.cluster limit=500');
    expect(idsOf(withTeam)).toEqual(
      await ids(
        `SELECT id::text AS id FROM config_items WHERE deleted_at IS NULL AND tags ? 'cluster'
         ORDER BY name, id LIMIT 500`,
      ),
    );
    expect(withTeam.length).toBeGreaterThan(0);
    const recent = await search('configs', 'created_at>now-30d');
    expect(recent.length).toBeGreaterThan(0);
    expect(idsOf(recent)).toEqual(
      await ids(
        `SELECT id::text AS id FROM config_items WHERE deleted_at IS NULL
         AND created_at > now() - interval '30 days' ORDER BY name, id LIMIT 500`,
      ),
    );
  });

  it('components: type, health and labels', async () => {
    const pick = await first<{ type: string; health: string }>(
      `SELECT type, health FROM components WHERE deleted_at IS NULL AND type IS NOT NULL
       AND health IS NOT NULL GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`,
    );
    const found = await search('components', `type="${pick.type}" health=${pick.health}`);
    expect(found.length).toBeGreaterThan(0);
    expect(idsOf(found)).toEqual(
      await ids(
        `SELECT id::text AS id FROM components WHERE deleted_at IS NULL
         AND lower(type) LIKE '%' || lower($1) AND health = $2`,
        [pick.type, pick.health],
      ),
    );
    const label = await first<{ key: string; value: string }>(
      `SELECT e.key, e.value FROM components c, jsonb_each_text(c.labels) e
       WHERE c.deleted_at IS NULL GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`,
    );
    const labelled = await search('components', `labels."${label.key}"=${label.value}`);
    expect(labelled.length).toBeGreaterThan(0);
    expect(idsOf(labelled)).toEqual(
      await ids(
        `SELECT id::text AS id FROM components WHERE deleted_at IS NULL
         AND lower(labels->>$1) = lower($2)`,
        [label.key, label.value],
      ),
    );
  });

  it('checks: health is the status, with a namespace and the canary', async () => {
    const pick = await first<{ namespace: string; canary: string }>(
      `SELECT k.namespace, c.name AS canary FROM checks k JOIN canaries c ON c.id = k.canary_id
       WHERE k.deleted_at IS NULL AND k.namespace IS NOT NULL
       GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`,
    );
    const found = await search(
      'checks',
      `health=unhealthy namespace=${pick.namespace} canary=${pick.canary}`,
    );
    expect(found.length).toBeGreaterThan(0);
    expect(idsOf(found)).toEqual(
      await ids(
        `SELECT k.id::text AS id FROM checks k JOIN canaries c ON c.id = k.canary_id
         WHERE k.deleted_at IS NULL AND k.status = 'unhealthy' AND k.namespace = $1
         AND c.name = $2`,
        [pick.namespace, pick.canary],
      ),
    );
    const healthy = await search('checks', 'health!=unhealthy');
    expect(healthy.length).toBeGreaterThan(0);
    for (const row of healthy) expect(row.status).not.toBe('unhealthy');
  });

  it('canaries: a label (also read as a tag), a namespace glob and a negated name', async () => {
    const pick = await first<{ env: string; name: string }>(
      `SELECT labels->>'env' AS env, min(name) AS name FROM canaries
       WHERE deleted_at IS NULL GROUP BY 1 HAVING count(*) > 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const expected = await ids(
      `SELECT id::text AS id FROM canaries WHERE deleted_at IS NULL
       AND labels->>'env' = $1 AND name <> $2`,
      [pick.env, pick.name],
    );
    expect(expected.length).toBeGreaterThan(0);
    for (const map of ['labels', 'tags']) {
      const found = await search('canaries', `${map}.env=${pick.env} name=!"${pick.name}"`);
      expect(idsOf(found)).toEqual(expected);
    }
    const globbed = await search('canaries', 'namespace=*ing,kube-*');
    expect(globbed.map((row) => row.namespace).sort()).toEqual(
      (
        await h.db.query<{ namespace: string }>(
          `SELECT namespace FROM canaries WHERE deleted_at IS NULL
           AND (namespace LIKE '%ing' OR namespace LIKE 'kube-%') ORDER BY namespace`,
        )
      ).rows.map((row) => row.namespace),
    );
  });

  it('playbooks: category and namespace', async () => {
    const pick = await first<{ category: string; namespace: string }>(
      `SELECT category, namespace FROM playbooks WHERE deleted_at IS NULL
       GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`,
    );
    const found = await search(
      'playbooks',
      `category="${pick.category}" namespace=${pick.namespace}`,
    );
    expect(found.length).toBeGreaterThan(0);
    expect(idsOf(found)).toEqual(
      await ids(
        `SELECT id::text AS id FROM playbooks WHERE deleted_at IS NULL
         AND lower(category) = lower($1) AND namespace = $2`,
        [pick.category, pick.namespace],
      ),
    );
  });

  it('a selector’s name with a glob at either end, and its tag selector, as permissions hold them', async () => {
    const tag = await first<{ cluster: string }>(
      `SELECT tags->>'cluster' AS cluster FROM config_items
        WHERE deleted_at IS NULL AND tags ? 'cluster' LIMIT 1`,
    );
    const res = await post('/api/resources/search', {
      playbooks: [{ name: 'restart-*', limit: 500 }],
      configs: [{ name: '*', agent: 'all', tagSelector: `cluster=${tag.cluster}`, limit: 500 }],
    });
    expect(res.statusCode).toBe(200);
    const found = res.json<Record<string, Found[]>>();
    const playbooks = found.playbooks ?? [];
    expect(playbooks.length).toBeGreaterThan(0);
    expect(idsOf(playbooks)).toEqual(
      await ids(
        `SELECT id::text AS id FROM playbooks WHERE deleted_at IS NULL AND name LIKE 'restart-%'`,
      ),
    );
    const configs = found.configs ?? [];
    expect(configs.length).toBeGreaterThan(0);
    expect(configs.every((config) => config.tags?.cluster === tag.cluster)).toBe(true);
    // An exact name is not a glob.
    const exact = await post('/api/resources/search', { playbooks: [{ name: 'restart' }] });
    expect(exact.json<Record<string, Found[]>>().playbooks ?? []).toEqual([]);
  });

  it('connections: type and free text', async () => {
    const pick = await first<{ type: string; name: string }>(
      `SELECT type, name FROM connections WHERE deleted_at IS NULL ORDER BY name LIMIT 1`,
    );
    const found = await search('connections', `type=${pick.type} ${pick.name.slice(0, 3)}`);
    expect(idsOf(found)).toContain(
      (await ids(`SELECT id::text AS id FROM connections WHERE name = $1`, [pick.name]))[0],
    );
    for (const row of found) {
      expect(row.type!.toLowerCase().endsWith(pick.type.toLowerCase())).toBe(true);
      expect(row.name.toLowerCase()).toContain(pick.name.slice(0, 3).toLowerCase());
    }
  });

  it('config_changes: change type, severity and their config, newest first', async () => {
    const pick = await first<{ change_type: string; severity: string }>(
      `SELECT change_type, severity FROM config_changes
       GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`,
    );
    const found = await search(
      'config_changes',
      `change_type=${pick.change_type} severity=${pick.severity} created_at>now-3650d`,
    );
    expect(found.length).toBeGreaterThan(0);
    expect(idsOf(found)).toEqual(
      await ids(
        `SELECT cc.id::text AS id FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
         WHERE ci.deleted_at IS NULL AND cc.change_type = $1 AND cc.severity = $2
         ORDER BY cc.created_at DESC, cc.id LIMIT 500`,
        [pick.change_type, pick.severity],
      ),
    );
    for (const row of found) {
      expect(row).toMatchObject({ change_type: pick.change_type, severity: pick.severity });
      expect(row.config_id).toEqual(expect.any(String));
    }
  });

  it('config_changes: the type of their config, by its last part or a glob', async () => {
    const pick = await first<{ type: string }>(
      `SELECT ci.type FROM config_changes t JOIN config_items ci ON ci.id = t.config_id
       WHERE ci.deleted_at IS NULL AND ci.type LIKE '%::%' GROUP BY 1 ORDER BY count(*) LIMIT 1`,
    );
    const short = pick.type.split('::').pop()!;
    const expected = await ids(
      `SELECT t.id::text AS id FROM config_changes t JOIN config_items ci ON ci.id = t.config_id
       WHERE ci.deleted_at IS NULL AND lower(ci.type) LIKE '%' || lower($1)`,
      [short],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(500);
    expect(idsOf(await search('config_changes', `type=${short.toUpperCase()}`))).toEqual(expected);
    const glob = `${pick.type.split('::')[0]}::*`;
    for (const row of await search('config_changes', `type=${glob}`)) {
      expect(row.type?.startsWith(glob.slice(0, -1))).toBe(true);
    }
  });

  it('every kind: a group finds what its terms find written without it', async () => {
    const selectors: Record<string, [string, string]> = {
      configs: ['(health=healthy,unhealthy (name=*a*)) -zzzz', 'health=healthy,unhealthy name=*a*'],
      components: ['(name=*a* (health!=unknown))', 'name=*a* health!=unknown'],
      checks: ['(status=healthy) (name=*e* -zzzz)', 'status=healthy name=*e*'],
      canaries: ['((name=*a*))', 'name=*a*'],
      playbooks: ['(name=*e*) -zzzz', 'name=*e*'],
      connections: ['(name=*)', 'name=*'],
      config_changes: ['(change_type=*e* (severity!=zzzz))', 'change_type=*e* severity!=zzzz'],
    };
    for (const [kind, [grouped, flat]] of Object.entries(selectors)) {
      const found = await search(kind, grouped);
      expect(found.length).toBeGreaterThan(0);
      expect(idsOf(found)).toEqual(idsOf(await search(kind, flat)));
    }
  });

  it('answers 400 naming the problem for a malformed selector or an unknown key', async () => {
    const cases: Array<[unknown, string]> = [
      [{ configs: [{ search: 'type=' }] }, 'configs[0].search: expected a value after "type="'],
      [{ checks: [{ search: 'name="open' }] }, 'checks[0].search: unterminated quote'],
      [
        { configs: [{ search: 'a' }, { search: 'created_at>soon' }] },
        'configs[1].created_at: invalid date math "soon"',
      ],
      [{ playbooks: [{ search: 'health=ok' }] }, '"health" is not a field of playbooks'],
      [{ connections: [{ search: 'tags.team=x' }] }, '"tags" is not a field of connections'],
      [{ configs: [{ labelSelector: 'a in (b' }] }, 'configs[0].labelSelector: unbalanced'],
      [
        { components: [{ search: '(type=a health=b' }] },
        'components[0].search: unbalanced "(": no ")" closes it (at column 1)',
      ],
      [
        { canaries: [{ search: 'a b) c' }] },
        'canaries[0].search: unbalanced ")": no "(" opens it (at column 4)',
      ],
      [
        { checks: [{ search: 'type=http | type=tcp' }] },
        'checks[0].search: "|" is not supported: Mission Control reads it but applies both sides (AND), not either',
      ],
      [{ playbooks: [{ search: 'a |' }] }, '(at column 3)'],
    ];
    for (const [body, message] of cases) {
      const res = await post('/api/resources/search', body);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toContain(message);
    }
  });

  it('answers 200 or a 400 with an error, never a failure, whatever the selector', async () => {
    const word = fc.constantFrom(
      'name',
      'type',
      'tags.cluster',
      'labels.app',
      'health',
      'agent',
      'created_at',
      'limit',
      'sort',
      'x',
      '*',
      '!',
      '-',
      '"',
      ',',
      '=',
      '!=',
      '>',
      'now-1d',
      'a b',
      '(',
      ')',
      '|',
      '\\',
      'é',
    );
    const selector = fc
      .array(fc.tuple(word, fc.constantFrom('', ' ')), { maxLength: 8 })
      .map((parts) => parts.map(([part, space]) => part + space).join(''));
    const kinds = ['configs', 'checks', 'canaries', 'components', 'connections', 'playbooks'];
    await fc.assert(
      fc.asyncProperty(selector, async (text) => {
        const body = Object.fromEntries(
          [...kinds, 'config_changes'].map((kind) => [kind, [{ search: text }]]),
        );
        const res = await post('/api/resources/search', body);
        expect([200, 400]).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json<{ error: string }>().error).toBeTruthy();
      }),
      { seed: 43, numRuns: 150 },
    );
  });

  it('skips a kind that lacks a key when lenient', async () => {
    const res = await post('/api/resources/search', {
      lenient: true,
      configs: [{ search: 'health=healthy limit=2' }],
      playbooks: [{ search: 'health=healthy' }],
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json<Record<string, Found[]>>();
    expect(Object.keys(answer)).toEqual(['configs']);
    expect(answer.configs).toHaveLength(2);
  });
});

describe('POST /api/catalog/changes with a selector as the id (CAT-19)', () => {
  it('answers the changes of the configs the selector matches', async () => {
    const pick = await first<{ key: string; a: string; b: string }>(
      `SELECT e.key, min(e.value) AS a, max(e.value) AS b
       FROM config_items ci, jsonb_each_text(ci.tags) e
       WHERE ci.deleted_at IS NULL AND e.key <> 'namespace'
       GROUP BY 1 HAVING count(DISTINCT e.value) > 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const res = await post('/api/catalog/changes', {
      id: `tags.${pick.key}=${pick.a},${pick.b}`,
      from: 'now-3650d',
      page_size: 500,
      recursive: 'none',
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json<{ total: number; changes: Array<{ id: string }> }>();
    const expected = await ids(
      `SELECT cc.id::text AS id FROM config_changes cc WHERE cc.config_id IN (
         SELECT id FROM config_items WHERE deleted_at IS NULL AND lower(tags->>$1) IN (lower($2), lower($3))
         ORDER BY name, id LIMIT 200)
       AND cc.created_at >= now() - interval '3650 days'`,
      [pick.key, pick.a, pick.b],
    );
    expect(answer.total).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(0);
    if (expected.length <= 500) expect(answer.changes.map((c) => c.id).sort()).toEqual(expected);
  });

  it("compares the configs' dates to now in a selector id", async () => {
    const res = await post('/api/catalog/changes', {
      id: 'created_at<now-1d created_at>now-3650d',
      from: 'now-3650d',
      page_size: 1,
    });
    expect(res.statusCode).toBe(200);
    const expected = await ids(
      `SELECT cc.id::text AS id FROM config_changes cc WHERE cc.config_id IN (
         SELECT id FROM config_items WHERE deleted_at IS NULL
         AND created_at < now() - interval '1 day' AND created_at > now() - interval '3650 days'
         ORDER BY name, id LIMIT 200)
       AND cc.created_at >= now() - interval '3650 days'`,
    );
    expect(res.json<{ total: number }>().total).toBe(expected.length);
  });

  it('answers no changes when the selector matches no config', async () => {
    const res = await post('/api/catalog/changes', { id: 'name=no-such-config-anywhere' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ total: number }>().total).toBe(0);
  });
});
