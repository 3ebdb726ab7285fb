import {
  builtQuery,
  countQuery,
  isPair,
  pairOf,
  sqlText,
} from '../../../../src/features/catalog/queries/model/queryText';
import type { QueryFields } from '../../../../src/features/catalog/queries/model/queryText';

const NONE: QueryFields = { health: [], labels: [], tags: [], properties: [] };

describe('the query builder’s query (CAT-38)', () => {
  it('lists live items when no field is set', () => {
    expect(builtQuery(NONE)).toBe('SELECT * FROM config_items WHERE deleted_at IS NULL');
    expect(countQuery(NONE)).toBe('SELECT count(*) FROM config_items WHERE deleted_at IS NULL');
  });

  it('writes each field as a condition, values quoted', () => {
    expect(
      builtQuery({
        type: 'Kubernetes::Pod',
        health: ['healthy', 'warning'],
        status: 'Running',
        labels: ['app=web'],
        tags: ['cluster=prod', 'region=eu=west'],
        properties: ['version=1.29'],
      }),
    ).toBe(
      'SELECT * FROM config_items WHERE deleted_at IS NULL' +
        " AND type = 'Kubernetes::Pod'" +
        " AND health IN ('healthy', 'warning')" +
        " AND status = 'Running'" +
        " AND labels->>'app' = 'web'" +
        " AND tags->>'cluster' = 'prod'" +
        " AND tags->>'region' = 'eu=west'" +
        ' AND properties @> \'[{"name":"version","text":"1.29"}]\'',
    );
  });

  it('compares one health state with =, and doubles quotes in values', () => {
    expect(builtQuery({ ...NONE, health: ['unhealthy'], labels: ["owner=o'brien"] })).toBe(
      "SELECT * FROM config_items WHERE deleted_at IS NULL AND health = 'unhealthy'" +
        " AND labels->>'owner' = 'o''brien'",
    );
    expect(sqlText("it's")).toBe("'it''s'");
  });

  it('reads key=value items, trimming them; an item without a key is none', () => {
    expect(pairOf(' app = web ')).toEqual(['app', 'web']);
    expect(pairOf('app=')).toEqual(['app', '']);
    expect(pairOf('=web')).toBeUndefined();
    expect(pairOf('web')).toBeUndefined();
    expect(isPair('a=b')).toBe(true);
    expect(builtQuery({ ...NONE, tags: ['nothing'] })).toBe(builtQuery(NONE));
  });
});
