import { demoSuite } from './support';

/**
 * Relations api.md lists with no caller in the console, which a real Mission Control answers:
 * INC-22's `person` (the people by id) and CAT-44's `config_item` (config items written
 * through the singular name).
 */
describe('the relations older console helpers use', () => {
  const demo = demoSuite(['admin', 'viewer']);

  it('INC-22: person?id=in.(…) answers those people', async () => {
    const { rows } = await demo.h.db.query<{ id: string; name: string }>(
      `SELECT id, name FROM people WHERE deleted_at IS NULL ORDER BY name LIMIT 2`,
    );
    const ids = rows.map((row) => row.id);
    const answer = await demo.send(
      'GET',
      `/api/db/person?id=in.(${ids.join(',')})&select=id,name&order=name`,
      demo.as('viewer'),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(rows);
  });

  it('CAT-44: config_item is created, changed and deleted through its name', async () => {
    const created = await demo.send(
      'POST',
      '/api/db/config_item',
      { ...demo.as('admin'), prefer: 'return=representation' },
      { type: 'Contract::Thing', config_class: 'Thing', name: 'legacy-config' },
    );
    expect(created.statusCode).toBe(201);
    const [row] = created.json<Array<{ id: string; name: string; type: string }>>();
    expect(row).toMatchObject({ name: 'legacy-config', type: 'Contract::Thing' });

    const changed = await demo.send(
      'PATCH',
      `/api/db/config_item?id=eq.${row!.id}`,
      { ...demo.as('admin'), prefer: 'return=representation' },
      { name: 'legacy-config-renamed' },
    );
    expect(changed.statusCode).toBe(200);
    const stored = await demo.h.db.query<{ name: string }>(
      `SELECT name FROM config_items WHERE id = $1`,
      [row!.id],
    );
    expect(stored.rows).toEqual([{ name: 'legacy-config-renamed' }]);

    const refused = await demo.send(
      'DELETE',
      `/api/db/config_item?id=eq.${row!.id}`,
      demo.as('viewer'),
    );
    expect(refused.statusCode).toBe(403);
    const deleted = await demo.send(
      'DELETE',
      `/api/db/config_item?id=eq.${row!.id}`,
      demo.as('admin'),
    );
    expect(deleted.statusCode).toBe(204);
    const left = await demo.h.db.query(`SELECT 1 FROM config_items WHERE id = $1`, [row!.id]);
    expect(left.rows).toEqual([]);
  });
});
