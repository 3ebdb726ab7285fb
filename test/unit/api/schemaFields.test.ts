import { is, string, type } from 'superstruct';
import {
  configItemColumns,
  countedPage,
  insightColumns,
  maybe,
  optionalBoolean,
  optionalJson,
} from '../../../src/api/schemas/fields';

describe('schema fields', () => {
  it('maybe accepts the value, null or nothing, and nothing else', () => {
    const row = type({ name: maybe(string()) });
    expect(is({ name: 'web' }, row)).toBe(true);
    expect(is({ name: null }, row)).toBe(true);
    expect(is({}, row)).toBe(true);
    expect(is({ name: 1 }, row)).toBe(false);
  });

  it('optionalBoolean and optionalJson tolerate what the backend leaves out', () => {
    const row = type({ ready: optionalBoolean(), spec: optionalJson() });
    expect(is({ ready: null, spec: { a: [1] } }, row)).toBe(true);
    expect(is({ ready: 'yes' }, row)).toBe(false);
  });

  it('countedPage is the total and one page of rows, either may be missing', () => {
    const page = countedPage(type({ id: string() }));
    expect(is({ total: 3, results: [{ id: 'a' }] }, page)).toBe(true);
    expect(is({ total: null, results: null }, page)).toBe(true);
    expect(is({ total: 3, results: [{ id: 1 }] }, page)).toBe(false);
  });

  it('the config item and insight columns need an id and tolerate empty columns', () => {
    const config = type(configItemColumns);
    expect(is({ id: 'c1', name: null, tags: { a: 1 }, cost_total_1d: '1.5' }, config)).toBe(true);
    expect(is({ name: 'web' }, config)).toBe(false);
    const insight = type(insightColumns);
    expect(is({ id: 'i1', analysis: { x: 1 }, first_observed: null }, insight)).toBe(true);
  });
});
