import {
  MAX_RECENT_RANGES,
  RECENT_RANGES_STORAGE_KEY,
  addRecentRange,
  loadRecentRanges,
} from '../../../src/ui/recentRanges';

describe('recent absolute ranges', () => {
  const store = new Map<string, string>();
  const fakeStorage: Storage = {
    get length() {
      return store.size;
    },
    clear: () => store.clear(),
    getItem: (key) => store.get(key) ?? null,
    key: (index) => [...store.keys()][index] ?? null,
    removeItem: (key) => void store.delete(key),
    setItem: (key, value) => void store.set(key, String(value)),
  };

  beforeAll(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: fakeStorage, configurable: true });
  });
  afterAll(() => {
    delete (globalThis as { localStorage?: Storage }).localStorage;
  });
  beforeEach(() => store.clear());

  const range = (day: number) => ({
    from: `2024-03-${String(day).padStart(2, '0')}T00:00:00.000Z`,
    to: `2024-03-${String(day).padStart(2, '0')}T12:00:00.000Z`,
  });

  it('is empty at first', () => {
    expect(loadRecentRanges()).toEqual([]);
  });

  it('keeps the newest first, at most 5', () => {
    for (let day = 1; day <= 7; day += 1) addRecentRange(range(day));
    const list = loadRecentRanges();
    expect(MAX_RECENT_RANGES).toBe(5);
    expect(list).toEqual([range(7), range(6), range(5), range(4), range(3)]);
    expect(JSON.parse(store.get(RECENT_RANGES_STORAGE_KEY) ?? '')).toEqual(list);
  });

  it('moves a repeated range to the top instead of listing it twice', () => {
    addRecentRange(range(1));
    addRecentRange(range(2));
    addRecentRange(range(3));
    const list = addRecentRange(range(1));
    expect(list).toEqual([range(1), range(3), range(2)]);
    expect(loadRecentRanges()).toEqual(list);
  });

  it('treats the same instants written differently as duplicates', () => {
    addRecentRange({ from: '2024-03-01T00:00:00Z', to: '2024-03-01T12:00:00Z' });
    const list = addRecentRange({
      from: '2024-03-01T01:00:00+01:00',
      to: '2024-03-01T13:00:00+01:00',
    });
    expect(list).toHaveLength(1);
    expect(list[0]?.from).toBe('2024-03-01T01:00:00+01:00');
  });

  it('keeps 5 when a duplicate is added to a full list', () => {
    for (let day = 1; day <= 5; day += 1) addRecentRange(range(day));
    expect(addRecentRange(range(3))).toEqual([range(3), range(5), range(4), range(2), range(1)]);
  });

  it('ignores junk in storage', () => {
    store.set(RECENT_RANGES_STORAGE_KEY, 'not json');
    expect(loadRecentRanges()).toEqual([]);
    store.set(RECENT_RANGES_STORAGE_KEY, '{"from":"a","to":"b"}');
    expect(loadRecentRanges()).toEqual([]);
    store.set(
      RECENT_RANGES_STORAGE_KEY,
      JSON.stringify([
        null,
        { from: 'A', to: 'B', type: 'absolute', display: 'Custom' },
        { from: 1 },
        { from: '', to: 'x' },
      ]),
    );
    expect(loadRecentRanges()).toEqual([{ from: 'A', to: 'B' }]);
  });
});
