import {
  configQueryRequest,
  configQueryRows,
  queryCount,
} from '../../../src/api/endpoints/savedQueries';

describe('CAT-38 request and answer', () => {
  it('sends the query as typed, encoding only what would end or change it', () => {
    expect(configQueryRequest("SELECT * FROM config_items WHERE name LIKE 'a%&#+'")).toEqual({
      url: "/api/config/query?query=SELECT * FROM config_items WHERE name LIKE 'a%25%26%23%2B'",
    });
    expect(configQueryRequest('SELECT *\nFROM\tconfig_items').url).toBe(
      '/api/config/query?query=SELECT *%0AFROM%09config_items',
    );
  });

  it('parses tags and labels from their JSON text; a row without an id is named by its place', () => {
    expect(
      configQueryRows({
        results: [
          { id: 'a', name: 'web', tags: '{"cluster":"prod"}', labels: null },
          { name: 'db', tags: 'not json' },
        ],
      }),
    ).toEqual([
      { id: 'a', name: 'web', tags: { cluster: 'prod' }, labels: null },
      { id: 'row-2', name: 'db', tags: null, labels: null },
    ]);
  });

  it('reads the count of a count(*) query', () => {
    expect(queryCount({ results: [{ count: 12 } as never] })).toBe(12);
    expect(queryCount({ results: [] })).toBe(0);
  });
});
