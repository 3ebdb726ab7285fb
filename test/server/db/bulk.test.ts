import { createTestDatabase } from '../../../server/demo/db/testing';
import type { SqlClient } from '../../../server/demo/db/types';
import { bulkInsert, toPostgresText } from '../../../server/demo/seed/bulk';

jest.setTimeout(300_000);

describe('bulkInsert', () => {
  let db: SqlClient;

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.exec(`
      CREATE TABLE bulk_probe (
        id uuid PRIMARY KEY,
        "order" integer,
        label text,
        tags text[],
        doc jsonb,
        seen timestamptz,
        ok boolean,
        amount numeric(16, 4),
        origin source
      )`);
  });

  afterAll(async () => {
    await db.close();
  });

  const types = {
    id: 'uuid',
    order: 'integer',
    label: 'text',
    tags: 'text[]',
    doc: 'jsonb',
    seen: 'timestamptz',
    ok: 'boolean',
    amount: 'numeric(16,4)',
    origin: 'source',
  };

  it('stores jsonb, text[], timestamptz, enums, reserved-word columns and nulls as given', async () => {
    const seen = new Date('2026-03-04T05:06:07.089Z');
    /** Values that need quoting or escaping on the way in: they come back as given. */
    const awkward = {
      id: '11111111-1111-4111-8111-111111111111',
      order: 7,
      label: 'quote " backslash \\ comma , brace {x}',
      tags: ['a"b', 'c\\d', 'NULL', 'x,y', '', null, 'é ✓'],
      doc: { nested: { list: [1, 'two', null] }, text: 'he said "hi"\n' },
      seen,
      ok: false,
      amount: '12.3456',
      origin: 'KubernetesCRD',
    };
    /** Every column null (the label left out, undefined, is stored as null too). */
    const nulls = {
      id: '22222222-2222-4222-8222-222222222222',
      order: null,
      label: null,
      tags: null,
      doc: null,
      seen: null,
      ok: null,
      amount: null,
      origin: null,
    };
    await bulkInsert(db, 'bulk_probe', types, [
      awkward,
      { ...nulls, label: undefined },
      {
        id: '33333333-3333-4333-8333-333333333333',
        tags: [],
        doc: 'just a string',
        ok: true,
        amount: 1,
      },
    ]);
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT id, "order", label, tags, doc, seen, ok, amount, origin::text AS origin,
              tags[6] IS NULL AS sixth_is_null
       FROM bulk_probe ORDER BY id`,
    );
    expect(rows[0]).toEqual({ ...awkward, sixth_is_null: true });
    expect(rows[1]).toEqual({ ...nulls, sixth_is_null: true });
    expect(rows[2]).toMatchObject({ tags: [], doc: 'just a string', ok: true, amount: '1.0000' });
  });

  it('splits large inputs into chunks and inserts every row', async () => {
    const rows = Array.from({ length: 23 }, (_, i) => ({
      id: `44444444-4444-4444-8444-${String(i).padStart(12, '0')}`,
      order: i,
      tags: [`t${i}`],
    }));
    await bulkInsert(db, 'bulk_probe', { id: 'uuid', order: 'integer', tags: 'text[]' }, rows, 5);
    const { rows: found } = await db.query<{ total: number; orders: number }>(
      `SELECT count(*)::int AS total, sum("order")::int AS orders FROM bulk_probe WHERE id::text LIKE '44444444%'`,
    );
    expect(found[0]).toEqual({ total: 23, orders: (22 * 23) / 2 });
  });

  it('rejects identifiers and types that would not be safe to interpolate', async () => {
    await expect(bulkInsert(db, 'bulk_probe; DROP TABLE x', { id: 'uuid' }, [])).rejects.toThrow(
      /bad identifier/,
    );
    await expect(bulkInsert(db, 'bulk_probe', { 'id"': 'uuid' }, [])).rejects.toThrow(
      /bad identifier/,
    );
    await expect(
      bulkInsert(db, 'bulk_probe', { id: 'uuid); DROP TABLE x; --' }, []),
    ).rejects.toThrow(/bad type/);
  });

  it('fails the whole statement on a constraint violation', async () => {
    await expect(
      bulkInsert(db, 'bulk_probe', { id: 'uuid' }, [
        { id: '55555555-5555-4555-8555-555555555555' },
        { id: '55555555-5555-4555-8555-555555555555' },
      ]),
    ).rejects.toThrow(/duplicate key/);
    const { rows } = await db.query(
      `SELECT 1 FROM bulk_probe WHERE id = '55555555-5555-4555-8555-555555555555'`,
    );
    expect(rows).toHaveLength(0);
  });
});

describe('toPostgresText', () => {
  it('writes array literals with quoting and NULL elements', () => {
    expect(toPostgresText(['a', null, 'b"c', 'd\\e'], 'text[]')).toBe(
      '{"a",NULL,"b\\"c","d\\\\e"}',
    );
  });

  it('refuses values of the wrong shape', () => {
    expect(() => toPostgresText('a,b', 'text[]')).toThrow(/must be an array/);
    expect(() => toPostgresText([['nested']], 'text[]')).toThrow(/nested arrays/);
    expect(() => toPostgresText({ a: 1 }, 'text')).toThrow(/object cannot be stored/);
  });

  it('writes dates as ISO timestamps and JSON values as JSON', () => {
    expect(toPostgresText(new Date('2026-01-02T03:04:05.000Z'), 'timestamptz')).toBe(
      '2026-01-02T03:04:05.000Z',
    );
    expect(toPostgresText({ a: [1] }, 'jsonb')).toBe('{"a":[1]}');
    expect(toPostgresText(undefined, 'jsonb')).toBeNull();
  });
});
