import { changeArtifactsOf } from '../../../server/demo/seed/catalogArtifacts';
import { demoSuite } from './support';

jest.setTimeout(60_000);

const { h, send, as } = demoSuite(['viewer']);

const SELECT = 'id,filename,path,content_type,size,created_at';

describe("a change's artifacts", () => {
  it('are seeded for back-offs, failed pulls, completed playbooks and rollbacks, by content', async () => {
    const { rows } = await h.db.query<{ change_type: string; n: number; bad: number }>(
      `SELECT cc.change_type, count(*)::int AS n,
              count(*) FILTER (WHERE a.size <> octet_length(a.content))::int AS bad
         FROM artifacts a JOIN config_changes cc ON cc.id = a.config_change_id
        GROUP BY cc.change_type ORDER BY cc.change_type`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(['BackOff', 'Failed', 'PlaybookCompleted', 'Rollback']).toContain(row.change_type);
      expect(row.bad).toBe(0);
    }
  });

  it('names the same files for the same changes', () => {
    const change = {
      id: '0192f0c8-1111-7000-8000-000000000001',
      change_type: 'BackOff',
      created_at: new Date('2026-01-01T00:00:00Z'),
      details: { reason: 'BackOff' },
    };
    const first = changeArtifactsOf([change]);
    expect(first.map((row) => row.filename)).toEqual(['container.log', 'events.json']);
    expect(changeArtifactsOf([change]).map((row) => row.id)).toEqual(first.map((row) => row.id));
    expect(changeArtifactsOf([{ ...change, change_type: 'diff' }])).toEqual([]);
  });

  it("are read through PostgREST by the change's id, by name, and downloaded", async () => {
    const { rows: expected } = await h.db.query<{ id: string; change: string; filename: string }>(
      `SELECT id::text, config_change_id::text AS change, filename FROM artifacts
        WHERE config_change_id = (SELECT config_change_id FROM artifacts
                                   WHERE config_change_id IS NOT NULL
                                   ORDER BY config_change_id LIMIT 1)
          AND deleted_at IS NULL
        ORDER BY filename`,
    );
    const changeId = expected[0]!.change;
    const res = await send(
      'GET',
      `/api/db/artifacts?config_change_id=eq.${changeId}&deleted_at=is.null&select=${SELECT}&order=filename.asc`,
      as('viewer'),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<Array<Record<string, unknown>>>();
    expect(body.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    expect(Object.keys(body[0]!).sort()).toEqual(SELECT.split(',').sort());
    expect(body[0]!.size).toBeGreaterThan(0);

    const file = await send('GET', `/api/artifacts/download/${body[0]!.id}`, as('viewer'));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(expected[0]!.filename);
    expect(file.rawPayload.length).toBe(body[0]!.size);
  });
});
