import {
  DateMathError,
  evaluateDateMath,
  formatRfc3339,
} from '../../../server/demo/postgrest/datemath';
import {
  DATE_FILTER_FIELDS,
  applyFilterExtension,
} from '../../../server/demo/postgrest/filterExtension';

const NOW = new Date('2024-05-15T12:34:56.789Z');
const rewrite = (query: string): Array<[string, string]> => [
  ...applyFilterExtension(new URLSearchParams(query), NOW),
];

describe('date math', () => {
  it.each([
    ['now', '2024-05-15T12:34:56Z'],
    ['now-1d', '2024-05-14T12:34:56Z'],
    ['now-2h', '2024-05-15T10:34:56Z'],
    ['now+5m', '2024-05-15T12:39:56Z'],
    ['now-30s', '2024-05-15T12:34:26Z'],
    ['now-1w', '2024-05-08T12:34:56Z'],
    ['now-1M', '2024-04-15T12:34:56Z'],
    ['now-1y', '2023-05-15T12:34:56Z'],
    ['now-1H', '2024-05-15T11:34:56Z'],
    ['now/d', '2024-05-15T00:00:00Z'],
    ['now-1d/d', '2024-05-14T00:00:00Z'],
    ['now/M', '2024-05-01T00:00:00Z'],
    ['now/w', '2024-05-13T00:00:00Z'],
    ['now-7d+2h', '2024-05-08T14:34:56Z'],
    ['2024-01-01', '2024-01-01T00:00:00Z'],
    ['2024-01-01T10:00:00Z||+1d', '2024-01-02T10:00:00Z'],
    ['2024-01-01T10:00:00+02:00', '2024-01-01T08:00:00Z'],
  ])('%s', (expression, expected) => {
    expect(formatRfc3339(evaluateDateMath(expression, NOW))).toBe(expected);
  });

  it.each([
    '',
    'yesterday',
    'now-1x',
    'now-',
    'now/q',
    'now*2',
    '2024-13-45',
    'now-99999999999999999999d',
  ])('rejects %j', (expression) => {
    expect(() => evaluateDateMath(expression, NOW)).toThrow(DateMathError);
  });
});

describe('{column}.filter rewrite', () => {
  it('lists the date fields of mission-control', () => {
    expect(DATE_FILTER_FIELDS.has('created_at')).toBe(true);
    expect(DATE_FILTER_FIELDS.has('last_scraped_time')).toBe(true);
    expect(DATE_FILTER_FIELDS.has('status')).toBe(false);
    expect(DATE_FILTER_FIELDS.size).toBe(25);
  });

  it('turns date fields into lt by default and honours =, > and < prefixes', () => {
    expect(rewrite('created_at.filter=now-1d')).toEqual([
      ['created_at', 'lt.2024-05-14T12:34:56Z'],
    ]);
    expect(rewrite('created_at.filter=>now-2h')).toEqual([
      ['created_at', 'gt.2024-05-15T10:34:56Z'],
    ]);
    expect(rewrite('updated_at.filter=<now%2B5m')).toEqual([
      ['updated_at', 'lt.2024-05-15T12:39:56Z'],
    ]);
    expect(rewrite('time.filter==now/d')).toEqual([['time', 'eq.2024-05-15T00:00:00Z']]);
  });

  it('turns plain values into in.(...) and excluded ones into not.in.(...)', () => {
    expect(rewrite('status.filter=Running,!Deleted,Pending,!Failed')).toEqual([
      ['status', 'in.("Running","Pending")'],
      ['status', 'not.in.("Deleted","Failed")'],
    ]);
    expect(rewrite('health.filter=healthy')).toEqual([['health', 'in.("healthy")']]);
  });

  it('turns globs, prefixes and suffixes into like and drops excluded ones', () => {
    expect(rewrite('name.filter=*api*,pod*,*web,!*tmp*,!old*')).toEqual([
      ['name', 'like.*api*'],
      ['name', 'like.pod*'],
      ['name', 'like.*web'],
    ]);
  });

  it('rewrites JSON-path keys and quotes values with commas, quotes and backslashes', () => {
    expect(rewrite('resource->>name.filter=foo*')).toEqual([['resource->>name', 'like.foo*']]);
    expect(rewrite(`type.filter=${encodeURIComponent('a"b,c\\d')}`)).toEqual([
      ['type', 'in.("a\\"b","c\\\\d")'],
    ]);
  });

  it('uses only the first value of a key, keeps other parameters in place and skips empty items', () => {
    expect(rewrite('select=*&status.filter=a&limit=5&status.filter=b&health.filter=,!,x,')).toEqual(
      [
        ['select', '*'],
        ['status', 'in.("a")'],
        ['limit', '5'],
        ['health', 'in.("x")'],
      ],
    );
    expect(rewrite('status.filter=')).toEqual([]);
  });

  it('matches labels of a jsonb column by containment: one, any of several, and exclusions', () => {
    const labels = (query: string): Array<[string, string]> => [
      ...applyFilterExtension(new URLSearchParams(query), NOW, new Set(['labels'])),
    ];
    expect(labels(`labels.filter=${encodeURIComponent('app:cart')}`)).toEqual([
      ['labels', 'cs.{"app":"cart"}'],
    ]);
    expect(
      labels(`labels.filter=${encodeURIComponent('app:cart,team:a"b,!tier:db,nokey')}`),
    ).toEqual([
      ['or', '(labels.cs.{"app":"cart"},labels.cs.{"team":"a\\"b"})'],
      ['or', '(labels.is.null,labels.not.cs.{"tier":"db"})'],
    ]);
    // A value may hold a colon: the key ends at the first one.
    expect(labels(`labels.filter=${encodeURIComponent('image:nginx:1.25')}`)).toEqual([
      ['labels', 'cs.{"image":"nginx:1.25"}'],
    ]);
    // Other columns keep the list rewrite.
    expect(labels('name.filter=app:cart')).toEqual([['name', 'in.("app:cart")']]);
  });

  it('leaves a bare ".filter" key alone and rejects bad date math', () => {
    expect(rewrite('.filter=x')).toEqual([['.filter', 'x']]);
    expect(() => rewrite('created_at.filter=>yesterday')).toThrow(DateMathError);
  });
});
