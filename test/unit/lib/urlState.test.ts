import fc from 'fast-check';
import type { UrlField } from '../../../src/lib/urlState';
import {
  boolean,
  defineUrlState,
  dialogId,
  list,
  number,
  oneOf,
  prefixed,
  repeated,
  sort,
  text,
  timeRange,
  triState,
  triStateFromJson,
} from '../../../src/lib/urlState';
import { MAPPED_RANGES } from '../../../src/lib/timeRange';
import type { TriStateMap } from '../../../src/lib/triState';
import { decodeTriStateItem, encodeTriStateItem } from '../../../src/lib/triState';

/** Parameters no field owns, written around the field's own. */
const unknownParams = fc.dictionary(
  fc.stringMatching(/^zz[a-z]{1,6}$/),
  fc.string({ maxLength: 12 }),
  { maxKeys: 3 },
);

/**
 * Writing a value and reading it back gives the value (equal by the field's own rule), through
 * the address's text form, and leaves every other parameter as it was.
 */
function roundTrips<T>(field: UrlField<T>, values: fc.Arbitrary<T>) {
  const spec = defineUrlState({ value: field });
  fc.assert(
    fc.property(values, unknownParams, (value, others) => {
      const start = new URLSearchParams(others);
      const written = spec.write(start, { value });
      const reread = spec.read(new URLSearchParams(written.toString()));
      expect(field.equals(reread.value, value)).toBe(true);
      for (const [name, other] of Object.entries(others)) expect(written.get(name)).toBe(other);
    }),
  );
}

/** A value equal to the default leaves no parameter of the field's. */
function omitsDefault<T>(field: UrlField<T>) {
  const spec = defineUrlState({ value: field });
  const written = spec.write(new URLSearchParams('keep=1'), { value: field.default });
  expect(written.toString()).toBe('keep=1');
}

/** Config types as the catalog writes them: `::` as `__`; `skip` is no type. */
const CONFIG_TYPE = {
  toUrl: (item: string) => item.replaceAll('::', '__'),
  fromUrl: (text: string) => (text === 'skip' ? undefined : text.replaceAll('__', '::')),
};

const word = fc.stringMatching(/^[A-Za-z0-9 _./:=-]{1,16}$/).filter((item) => item.trim() === item);
/** Items the list form can carry: those its `____` and `||||` escapes give back unchanged. */
const tristateItem = fc
  .string({ minLength: 1, maxLength: 16 })
  .filter((item) => decodeTriStateItem(encodeTriStateItem(item)) === item && item !== '__proto__');
const tristateMap: fc.Arbitrary<TriStateMap> = fc.dictionary(
  tristateItem,
  fc.constantFrom<1 | -1>(1, -1),
  { maxKeys: 5 },
);
const isoDate = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
  .map((date) => date.toISOString());

describe('address state codecs', () => {
  it('text round-trips, with and without a default, and omits the default', () => {
    roundTrips(text(), fc.option(fc.string(), { nil: undefined }));
    roundTrips(text({ default: 'open' }), fc.string());
    omitsDefault(text());
    omitsDefault(text({ default: 'open' }));
    // Empty text is a value of its own when the default is not empty.
    const status = defineUrlState({ status: text({ default: 'open' }) });
    expect(status.write(new URLSearchParams(), { status: '' }).toString()).toBe('status=');
    expect(status.read(new URLSearchParams('status=')).status).toBe('');
    expect(status.read(new URLSearchParams()).status).toBe('open');
  });

  it('trimmed text round-trips trimmed values and drops blanks', () => {
    roundTrips(text({ default: '', trim: true }), word);
    const spec = defineUrlState({ q: text({ default: '', trim: true }) });
    expect(spec.write(new URLSearchParams(), { q: ' web ' }).toString()).toBe('q=web');
    expect(spec.write(new URLSearchParams('q=x'), { q: '  ' }).toString()).toBe('');
    expect(spec.read(new URLSearchParams('q=%20a%20')).q).toBe('a');
    const status = defineUrlState({ status: text({ default: 'open', trim: true }) });
    expect(status.read(new URLSearchParams('status=%20')).status).toBe('open');
    expect(status.write(new URLSearchParams('status=all'), { status: ' ' }).toString()).toBe('');
  });

  it('number round-trips any finite number and reads other text as the default', () => {
    roundTrips(
      number(),
      fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: undefined }),
    );
    roundTrips(number({ default: 0, integer: true }), fc.integer());
    omitsDefault(number({ default: 5 }));
    const spec = defineUrlState({ n: number({ default: 3, integer: true, min: 0 }) });
    for (const raw of ['x', '', '1.5', '-1', 'Infinity']) {
      expect(spec.read(new URLSearchParams({ n: raw })).n).toBe(3);
    }
    expect(spec.read(new URLSearchParams('n=7')).n).toBe(7);
  });

  it('boolean round-trips and reads anything but true or false as the default', () => {
    roundTrips(boolean({ default: true }), fc.boolean());
    roundTrips(boolean(), fc.option(fc.boolean(), { nil: undefined }));
    roundTrips(boolean({ words: ['yes', 'no'] }), fc.option(fc.boolean(), { nil: undefined }));
    omitsDefault(boolean({ default: false }));
    const spec = defineUrlState({ hidePassing: boolean({ default: true }) });
    expect(spec.read(new URLSearchParams('hidePassing=no')).hidePassing).toBe(true);
    expect(spec.write(new URLSearchParams(), { hidePassing: false }).toString()).toBe(
      'hidePassing=false',
    );
  });

  it('boolean reads its other true and false words and writes its own', () => {
    const field = boolean({ default: false, alsoTrue: ['1'] });
    roundTrips(field, fc.boolean());
    omitsDefault(field);
    const spec = defineUrlState({ upstream: field });
    expect(spec.read(new URLSearchParams('upstream=1')).upstream).toBe(true);
    expect(spec.read(new URLSearchParams('upstream=2')).upstream).toBe(false);
    const on = defineUrlState({ incoming: boolean({ default: true, alsoFalse: ['0'] }) });
    roundTrips(on.fields.incoming, fc.boolean());
    expect(on.read(new URLSearchParams('incoming=0')).incoming).toBe(false);
    expect(on.write(new URLSearchParams('incoming=0'), { incoming: false }).toString()).toBe(
      'incoming=false',
    );
    expect(spec.write(new URLSearchParams('upstream=1'), { upstream: true }).toString()).toBe(
      'upstream=true',
    );
  });

  it('oneOf round-trips its values and reads others as the default', () => {
    const layouts = ['table', 'card', 'list'] as const;
    roundTrips(oneOf(layouts, { default: 'table' }), fc.constantFrom(...layouts));
    roundTrips(oneOf(layouts), fc.option(fc.constantFrom(...layouts), { nil: undefined }));
    omitsDefault(oneOf(layouts, { default: 'card' }));
    const spec = defineUrlState({ layout: oneOf(layouts, { default: 'table' }) });
    expect(spec.read(new URLSearchParams('layout=grid')).layout).toBe('table');
  });

  it('list round-trips items without its separator', () => {
    roundTrips(
      list(),
      fc.array(
        word.filter((item) => !item.includes(',')),
        { maxLength: 5 },
      ),
    );
    roundTrips(list({ separator: '|' }), fc.array(word, { maxLength: 5 }));
    omitsDefault(list());
    omitsDefault(list({ default: ['a', 'b'] }));
    const spec = defineUrlState({ tags: list() });
    expect(spec.read(new URLSearchParams('tags=a,, b ,')).tags).toEqual(['a', 'b']);
  });

  it('list writes each item through its item codec and drops those it does not read', () => {
    const types = list({ item: CONFIG_TYPE });
    roundTrips(
      types,
      fc.array(
        word.filter((item) => !/[,_]/.test(item)),
        { maxLength: 5 },
      ),
    );
    const spec = defineUrlState({ expanded: types });
    expect(spec.write(new URLSearchParams(), { expanded: ['A::B', 'C'] }).get('expanded')).toBe(
      'A__B,C',
    );
    expect(spec.read(new URLSearchParams('expanded=A__B,skip,C')).expanded).toEqual(['A::B', 'C']);
  });

  it('repeated round-trips items each in a parameter of its own', () => {
    const pair = {
      parse: (text: string) => {
        const at = text.indexOf('=');
        return at > 0 ? { key: text.slice(0, at), value: text.slice(at + 1) } : undefined;
      },
      format: ({ key, value }: { key: string; value: string }) => `${key}=${value}`,
    };
    const field = repeated({ ...pair, key: (item) => item.key });
    roundTrips(
      field,
      fc.uniqueArray(fc.record({ key: word.filter((item) => !item.includes('=')), value: word }), {
        selector: (item) => item.key,
        maxLength: 4,
      }),
    );
    omitsDefault(field);
    const spec = defineUrlState({ label: field });
    const written = spec.write(new URLSearchParams('label=x=1&keep=1'), {
      label: [
        { key: 'pod', value: 'a' },
        { key: 'level', value: 'warn' },
      ],
    });
    expect(written.toString()).toBe('keep=1&label=pod%3Da&label=level%3Dwarn');
    expect(spec.read(new URLSearchParams('label=pod=a&label=bad&label=pod=b')).label).toEqual([
      { key: 'pod', value: 'a' },
    ]);
  });

  it('prefixed round-trips named texts, each in a parameter named with the prefix', () => {
    const field = prefixed({ prefix: 'var-' });
    roundTrips(
      field,
      fc.dictionary(
        word.filter((name) => name !== '__proto__'),
        word,
        { maxKeys: 4 },
      ),
    );
    omitsDefault(field);
    const spec = defineUrlState({ variables: field });
    expect(
      spec.read(new URLSearchParams('var-cluster=prod&var-ns=&pageIndex=2&cluster=x')).variables,
    ).toEqual({ cluster: 'prod' });
    // A kept name keeps its place, a dropped or emptied one goes, a new one comes last.
    const written = spec.write(new URLSearchParams('var-a=1&keep=1&var-b=2&var-c=3'), {
      variables: { a: '9', c: '', d: '4' },
    });
    expect(written.toString()).toBe('var-a=9&keep=1&var-d=4');
    expect(spec.ownedParams()).toEqual(['var-*']);
  });

  it('triState round-trips any selection in the list form (spec 002 §2.1)', () => {
    roundTrips(triState(), tristateMap);
    omitsDefault(triState());
    const spec = defineUrlState({ status: triState() });
    expect(
      spec.write(new URLSearchParams(), { status: { 'a:b': 1, 'c,d': -1 } }).get('status'),
    ).toBe('a____b:1,c||||d:-1');
  });

  it('triState writes "none chosen" when its default chooses some', () => {
    const field = triState({ default: { SUCCESS: -1 } });
    roundTrips(field, tristateMap);
    omitsDefault(field);
    const spec = defineUrlState({ status: field });
    expect(spec.write(new URLSearchParams(), { status: {} }).toString()).toBe('status=');
    expect(spec.read(new URLSearchParams('status=')).status).toEqual({});
    expect(spec.read(new URLSearchParams()).status).toEqual({ SUCCESS: -1 });
  });

  it('triState round-trips any selection in the negated form (`a,!b`)', () => {
    const field = triState({ format: 'negated' });
    roundTrips(
      field,
      fc.dictionary(
        tristateItem.filter((item) => !item.startsWith('!') && !item.includes('||||')),
        fc.constantFrom<1 | -1>(1, -1),
        { maxKeys: 5 },
      ),
    );
    omitsDefault(field);
    const spec = defineUrlState({ tag: field });
    expect(spec.write(new URLSearchParams(), { tag: { 'a,b': 1, c: -1 } }).get('tag')).toBe(
      'a||||b,!c',
    );
    expect(spec.read(new URLSearchParams('tag=a,,!c,!')).tag).toEqual({ a: 1, c: -1 });
  });

  it('triState writes each item through its item codec and drops those it does not read', () => {
    const field = triState({ item: CONFIG_TYPE });
    roundTrips(
      field,
      fc.dictionary(
        tristateItem.filter((item) => !item.includes('_')),
        fc.constantFrom<1 | -1>(1, -1),
        { maxKeys: 5 },
      ),
    );
    const spec = defineUrlState({ type: field });
    expect(spec.write(new URLSearchParams(), { type: { 'A::B': 1, 'x:y': -1 } }).get('type')).toBe(
      'A__B:1,x____y:-1',
    );
    expect(spec.read(new URLSearchParams('type=A__B:1,skip:1')).type).toEqual({ 'A::B': 1 });
  });

  it('triState round-trips any selection in the JSON form (spec 001 §5)', () => {
    roundTrips(triState({ format: 'json' }), tristateMap);
    omitsDefault(triState({ format: 'json' }));
  });

  it('triState logs and ignores JSON that is not a selection', () => {
    const log = jest.fn();
    const spec = defineUrlState({ labels: triState({ format: 'json', log }) });
    expect(spec.read(new URLSearchParams({ labels: '{team' })).labels).toEqual({});
    expect(log).toHaveBeenCalledTimes(1);
    expect(triStateFromJson('{"a":1,"b":"-1","c":0}', log)).toEqual({ a: 1, b: -1 });
    const twice = encodeURIComponent(JSON.stringify({ 'canary:team:web': 1 }));
    expect(triStateFromJson(twice, log)).toEqual({ 'canary:team:web': 1 });
  });

  it('timeRange round-trips every form: relative, mapped and absolute', () => {
    const relative = fc
      .tuple(
        fc.constantFrom('-', '+'),
        fc.integer({ min: 1, max: 999 }),
        fc.constantFrom(...'smhdwMy'),
      )
      .map(([sign, amount, unit]) => ({
        type: 'relative' as const,
        range: `now${sign}${amount}${unit}`,
      }));
    const values = fc.oneof(
      relative,
      fc.constant({ type: 'relative' as const, range: 'indefinitely' }),
      fc.constantFrom(...MAPPED_RANGES).map((name) => ({ type: 'mapped' as const, name })),
      fc.tuple(isoDate, isoDate).map(([from, to]) => ({ type: 'absolute' as const, from, to })),
    );
    roundTrips(timeRange(), fc.option(values, { nil: undefined }));
    const withDefault = timeRange({ default: { type: 'relative', range: 'now-2d' } });
    roundTrips(withDefault, values);
    omitsDefault(withDefault);
    omitsDefault(timeRange());
  });

  it('timeRange writes the kit parameters and reads the older mapped parameter', () => {
    const spec = defineUrlState({ range: timeRange() });
    expect(
      spec.write(new URLSearchParams(), { range: { type: 'mapped', name: 'Today' } }).toString(),
    ).toBe('rangeType=mapped&display=Today');
    expect(spec.read(new URLSearchParams('rangeType=mapped&timeRange=Yesterday')).range).toEqual({
      type: 'mapped',
      name: 'Yesterday',
    });
  });

  it('sort round-trips a column and order, in either order style', () => {
    const sorts = fc.record({
      sortBy: word.filter((item) => item.trim() !== ''),
      sortOrder: fc.constantFrom('asc' as const, 'desc' as const),
    });
    roundTrips(sort(), sorts);
    roundTrips(sort({ orderParam: 'sortDesc', orderStyle: 'desc-flag' }), sorts);
    omitsDefault(sort());
    omitsDefault(sort({ default: { sortBy: 'name', sortOrder: 'asc' } }));
    const spec = defineUrlState({
      sort: sort({ columns: ['name', 'uptime'], default: { sortBy: 'name', sortOrder: 'asc' } }),
    });
    expect(spec.read(new URLSearchParams('sortBy=owner&sortOrder=desc')).sort).toEqual({
      sortBy: 'name',
      sortOrder: 'asc',
    });
    expect(spec.read(new URLSearchParams('sortBy=uptime')).sort).toEqual({
      sortBy: 'uptime',
      sortOrder: 'asc',
    });
  });

  it('dialogId round-trips, has no dialog by default, and opening one is a new entry', () => {
    roundTrips(dialogId(), fc.option(fc.string({ minLength: 1 }), { nil: undefined }));
    omitsDefault(dialogId());
    const spec = defineUrlState({ id: dialogId(), q: text() });
    const params = new URLSearchParams();
    expect(spec.history(params, { id: 'abc' })).toBe('push');
    expect(spec.history(params, { q: 'abc' })).toBe('replace');
  });
});

describe('defineUrlState', () => {
  const spec = defineUrlState({
    status: text({ default: 'open', filter: true }),
    labels: triState({ filter: true }),
    range: timeRange({ filter: true }),
    layout: oneOf(['table', 'card'], { default: 'table' }),
    changeId: dialogId(),
  });

  it('reads every field, with defaults for what the address leaves out', () => {
    expect(spec.read(new URLSearchParams('labels=a:1&changeId=c1'))).toEqual({
      status: 'open',
      labels: { a: 1 },
      range: undefined,
      layout: 'table',
      changeId: 'c1',
    });
  });

  it('keeps every parameter it does not own, and leaves the input alone', () => {
    fc.assert(
      fc.property(unknownParams, fc.string(), (others, status) => {
        const params = new URLSearchParams(others);
        const before = params.toString();
        const next = spec.write(params, { status, layout: 'card' });
        expect(params.toString()).toBe(before);
        for (const [name, value] of Object.entries(others)) expect(next.get(name)).toBe(value);
      }),
    );
  });

  it('goes back to the first page when a filter changes, not when another field does', () => {
    const params = new URLSearchParams('pageIndex=3&x=1');
    expect(spec.write(params, { status: 'closed' }).toString()).toBe('x=1&status=closed');
    expect(spec.write(params, { status: 'open' }).toString()).toBe('pageIndex=3&x=1');
    expect(spec.write(params, { layout: 'card' }).toString()).toBe('pageIndex=3&x=1&layout=card');
    const own = defineUrlState({ q: text({ filter: true }) }, { pageParam: 'page' });
    expect(own.write(new URLSearchParams('page=2&pageIndex=2'), { q: 'x' }).toString()).toBe(
      'pageIndex=2&q=x',
    );
  });

  it('pushes when a changed field says push, and replaces otherwise', () => {
    const params = new URLSearchParams('changeId=c1');
    expect(spec.history(params, { changeId: 'c1', status: 'x' })).toBe('replace');
    expect(spec.history(params, { changeId: 'c2' })).toBe('push');
    const pushing = defineUrlState(
      { q: text(), id: dialogId({ history: 'replace' }) },
      {
        history: 'push',
      },
    );
    expect(pushing.history(params, { q: 'x' })).toBe('push');
    expect(pushing.history(params, { id: 'x' })).toBe('replace');
  });

  it('resets every filter and the page, and knows whether any is set', () => {
    const params = new URLSearchParams(
      'status=closed&labels=a:1&rangeType=relative&range=now-1h&display=x&layout=card&pageIndex=2&x=1',
    );
    const state = spec.read(params);
    expect(spec.isFiltered(state)).toBe(true);
    const reset = spec.resetFilters(params);
    expect(reset.toString()).toBe('layout=card&x=1');
    expect(spec.isFiltered(spec.read(reset))).toBe(false);
  });

  it('names the parameters it owns', () => {
    expect(spec.ownedParams()).toEqual([
      'status',
      'labels',
      'rangeType',
      'display',
      'range',
      'from',
      'to',
      'layout',
      'changeId',
    ]);
  });
});
