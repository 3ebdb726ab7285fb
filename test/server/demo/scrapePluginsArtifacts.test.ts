import { SCRAPE_PLUGINS } from '../../../server/demo/seed/scrapePlugins';
import { accountOf, demoSuite } from './support';

jest.setTimeout(60_000);

const { h, as, send } = demoSuite(['admin', 'editor', 'viewer']);

const RETURN_ROWS = { prefer: 'return=representation' };

interface PluginRow {
  id: string;
  name: string | null;
  namespace: string | null;
  source: string;
  spec: Record<string, unknown>;
  created_by: string | null;
  updated_at: string | null;
  deleted_at: string | null;
}

interface SummaryRow {
  content_type: string | null;
  storage: string;
  connection_id: string | null;
  connection_name: string | null;
  connection_type: string | null;
  total_count: number | string;
  total_size: number | string;
}

describe('scrape_plugins through /api/db', () => {
  it('holds the seeded plugins, those made in the console by an admin', async () => {
    const read = await send(
      'GET',
      '/api/db/scrape_plugins?select=id,name,namespace,source,spec,created_by&deleted_at=is.null&order=name.asc',
      as('viewer'),
    );
    expect(read.statusCode).toBe(200);
    const rows = read.json<PluginRow[]>();
    expect(rows.map((row) => row.name)).toEqual(SCRAPE_PLUGINS.map((p) => p.name).sort());
    const { rows: admins } = await h.db.query<{ id: string }>(
      'SELECT id FROM people WHERE email = $1',
      [accountOf('admin').email],
    );
    for (const row of rows) {
      expect(row.created_by).toBe(row.source === 'UI' ? admins[0]!.id : null);
      expect(Object.keys(row.spec).length).toBeGreaterThan(0);
    }
  });

  it('lets a viewer read but not write them, as the catalog', async () => {
    const denied = await send('POST', '/api/db/scrape_plugins', as('viewer'), {
      name: 'nope',
      spec: {},
      source: 'UI',
    });
    expect(denied.statusCode).toBe(403);
  });

  it('creates, updates and softly deletes a plugin for an editor', async () => {
    const created = await send(
      'POST',
      '/api/db/scrape_plugins',
      { ...as('editor'), ...RETURN_ROWS },
      {
        name: 'drop-pulls',
        namespace: 'default',
        spec: { changes: { exclude: ['true'] } },
        source: 'UI',
      },
    );
    expect(created.statusCode).toBe(201);
    const [plugin] = created.json<PluginRow[]>();
    expect(plugin).toMatchObject({ name: 'drop-pulls', source: 'UI', deleted_at: null });

    const updated = await send(
      'PATCH',
      `/api/db/scrape_plugins?id=eq.${plugin!.id}`,
      { ...as('editor'), ...RETURN_ROWS },
      { spec: { retention: { staleItemAge: '3d' } } },
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json<PluginRow[]>()[0]!.spec).toEqual({ retention: { staleItemAge: '3d' } });

    const deleted = await send(
      'PATCH',
      `/api/db/scrape_plugins?id=eq.${plugin!.id}`,
      { ...as('editor'), ...RETURN_ROWS },
      { deleted_at: 'now()' },
    );
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<PluginRow[]>()[0]!.deleted_at).not.toBeNull();
    const live = await send(
      'GET',
      `/api/db/scrape_plugins?id=eq.${plugin!.id}&deleted_at=is.null`,
      as('editor'),
    );
    expect(live.json()).toEqual([]);
  });

  it('needs a source, as upstream', async () => {
    const noSource = await send('POST', '/api/db/scrape_plugins', as('admin'), {
      name: 'no-source',
      spec: {},
    });
    expect(noSource.statusCode).toBe(400);
    expect(noSource.json<{ message: string }>().message).toMatch(/source/);
  });
});

describe('artifact_summary', () => {
  async function summary(): Promise<SummaryRow[]> {
    const read = await send(
      'GET',
      '/api/db/artifact_summary?order=content_type.asc,storage.asc',
      as('viewer'),
    );
    expect(read.statusCode).toBe(200);
    return read.json<SummaryRow[]>();
  }

  it('counts and sums the live artifacts of each content type', async () => {
    const { rows: expected } = await h.db.query<{ content_type: string; n: number; bytes: number }>(
      `SELECT content_type, count(*)::int AS n, sum(size)::int AS bytes FROM artifacts
        WHERE deleted_at IS NULL AND content IS NOT NULL GROUP BY content_type ORDER BY content_type`,
    );
    expect(expected.length).toBeGreaterThan(1);
    const inline = (await summary()).filter((row) => row.storage === 'inline');
    expect(
      inline.map((row) => ({
        content_type: row.content_type,
        n: Number(row.total_count),
        bytes: Number(row.total_size),
      })),
    ).toEqual(expected);
  });

  it('tells external artifacts by their connection and leaves deleted ones out', async () => {
    const { rows: connections } = await h.db.query<{ id: string; name: string; type: string }>(
      'SELECT id, name, type FROM connections WHERE deleted_at IS NULL ORDER BY name LIMIT 1',
    );
    const connection = connections[0]!;
    await h.db.query(
      `INSERT INTO artifacts (path, filename, content_type, size, checksum, connection_id, deleted_at)
       VALUES ('reports/a.pdf', 'a.pdf', 'application/pdf', 2048, 'x1', $1, NULL),
              ('reports/b.pdf', 'b.pdf', 'application/pdf', 1024, 'x2', $1, NULL),
              ('reports/c.pdf', 'c.pdf', 'application/pdf', 4096, 'x3', $1, now())`,
      [connection.id],
    );
    const pdf = (await summary()).filter((row) => row.content_type === 'application/pdf');
    expect(pdf).toEqual([
      {
        content_type: 'application/pdf',
        storage: 'external',
        connection_id: connection.id,
        connection_name: connection.name,
        connection_type: connection.type,
        total_count: expect.anything(),
        total_size: expect.anything(),
      },
    ]);
    expect(Number(pdf[0]!.total_count)).toBe(2);
    expect(Number(pdf[0]!.total_size)).toBe(3072);
  });
});
