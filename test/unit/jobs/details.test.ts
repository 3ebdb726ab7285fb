import {
  filledDetailTabs,
  hasJobDetails,
  initialDetailTab,
  isEmptyDetail,
  normalizeJobErrors,
  summaryJson,
  summaryTable,
} from '../../../src/features/jobs/model/details';

describe('job details: which tab opens', () => {
  it('opens on Errors when there are errors, whatever else there is', () => {
    expect(
      initialDetailTab({ errors: 'boom', scrape_summary: { a: { added: 1 } }, summary: { x: 1 } }),
    ).toBe('errors');
  });

  it('opens on Scrape Summary without errors, else on Reconcile Summary', () => {
    expect(initialDetailTab({ errors: [], scrape_summary: { a: { added: 1 } }, summary: {} })).toBe(
      'scrape_summary',
    );
    expect(initialDetailTab({ errors: {}, scrape_summary: null, summary: { processed: 3 } })).toBe(
      'summary',
    );
  });

  it('does not open when all three are empty or there are no details', () => {
    expect(initialDetailTab({ errors: '  ', scrape_summary: {}, summary: [] })).toBeUndefined();
    expect(initialDetailTab({} as never)).toBeUndefined();
    expect(initialDetailTab(null)).toBeUndefined();
    expect(initialDetailTab(undefined)).toBeUndefined();
    expect(hasJobDetails({ summary: {}, scrape_summary: undefined })).toBe(false);
    expect(hasJobDetails({ summary: { processed: 0 }, scrape_summary: undefined })).toBe(true);
  });

  it('lists the filled tabs in their order', () => {
    expect(filledDetailTabs({ errors: ['x'], scrape_summary: {}, summary: { n: 1 } })).toEqual([
      'errors',
      'summary',
    ]);
  });

  it('counts zero and false as something to show', () => {
    expect(isEmptyDetail(0)).toBe(false);
    expect(isEmptyDetail(false)).toBe(false);
    expect(isEmptyDetail('')).toBe(true);
  });
});

describe('job details: errors in any shape', () => {
  it('keeps a message as text', () => {
    expect(normalizeJobErrors('connection refused')).toEqual({
      kind: 'text',
      text: 'connection refused',
    });
  });

  it('makes a list of the non-empty items, objects as JSON', () => {
    expect(normalizeJobErrors(['a failed', '', null, { code: 7 }])).toEqual({
      kind: 'list',
      items: ['a failed', '{"code":7}'],
    });
    expect(normalizeJobErrors(['', null])).toEqual({ kind: 'none' });
  });

  it('makes key and message pairs of a map, lists joined by lines', () => {
    expect(normalizeJobErrors({ 'Kubernetes::Pod/a': 'forbidden', b: ['x', 'y'], c: 3 })).toEqual({
      kind: 'map',
      entries: [
        { key: 'Kubernetes::Pod/a', message: 'forbidden' },
        { key: 'b', message: 'x\ny' },
        { key: 'c', message: '3' },
      ],
    });
  });

  it('has nothing for empty errors', () => {
    expect(normalizeJobErrors(undefined)).toEqual({ kind: 'none' });
    expect(normalizeJobErrors({})).toEqual({ kind: 'none' });
    expect(normalizeJobErrors([])).toEqual({ kind: 'none' });
  });
});

describe('job details: summaries', () => {
  it('makes a table of counts by type, columns in the order first met', () => {
    expect(
      summaryTable({
        'Kubernetes::Pod': { added: 1, updated: 2, unchanged: 40 },
        'Kubernetes::Node': { added: 0, deleted: 1 },
      }),
    ).toEqual({
      columns: ['added', 'updated', 'unchanged', 'deleted'],
      rows: [
        { key: 'Kubernetes::Pod', values: { added: '1', updated: '2', unchanged: '40' } },
        { key: 'Kubernetes::Node', values: { added: '0', deleted: '1' } },
      ],
    });
  });

  it('makes one row a word of a flat map', () => {
    expect(summaryTable({ processed: 12, skipped: 0 })).toEqual({
      columns: ['value'],
      rows: [
        { key: 'processed', values: { value: '12' } },
        { key: 'skipped', values: { value: '0' } },
      ],
    });
  });

  it('leaves deeper or list shapes to the JSON view', () => {
    expect(summaryTable({ a: { b: { c: 1 } } })).toBeUndefined();
    expect(summaryTable([1, 2])).toBeUndefined();
    expect(summaryTable('text')).toBeUndefined();
    expect(summaryJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
  });
});
