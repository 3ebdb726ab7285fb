import {
  actionType,
  alignedSeries,
  formatCost,
  isLongQuery,
  modelUsage,
  numericColumns,
  prometheusApiOutput,
  prometheusBodyOutput,
  prometheusRowsOutput,
  seriesName,
  sqlOutput,
  sumUsage,
  tokensText,
} from '../../../src/features/playbooks/runs/model/results';

describe('sql results', () => {
  it("reads Mission Control's shape: the query, the listed columns first, rows left out when none", () => {
    expect(
      sqlOutput({
        query: 'select 1',
        columns: ['b', 'a'],
        rows: [{ a: '1', b: '2', c: null }],
        count: 1,
      }),
    ).toEqual({ query: 'select 1', columns: ['b', 'a', 'c'], rows: [{ a: '1', b: '2', c: null }] });
    expect(sqlOutput({ query: 'select 1', count: 0 })).toEqual({
      query: 'select 1',
      columns: [],
      rows: [],
    });
    expect(sqlOutput({ count: 'x' })).toBeUndefined();
  });

  it('right-aligns the columns whose every non-empty cell is a number, text or JSON', () => {
    const output = sqlOutput({
      rows: [
        { n: '12', f: 1.5, t: 'x', e: null, m: '3' },
        { n: '-4.25', f: null, t: '7', e: null, m: 'n/a' },
      ],
    })!;
    expect([...numericColumns(output)].sort()).toEqual(['f', 'n']);
  });

  it('folds a query of more than three lines or 160 characters', () => {
    expect(isLongQuery('select 1')).toBe(false);
    expect(isLongQuery('a\nb\nc')).toBe(false);
    expect(isLongQuery('a\nb\nc\nd')).toBe(true);
    expect(isLongQuery('x'.repeat(161))).toBe(true);
  });
});

describe('prometheus results', () => {
  it('knows the prometheus action type', () => {
    expect(actionType({ actions: [{ name: 'q', prometheus: { query: 'up' } }] }, 'q')).toBe(
      'prometheus',
    );
  });

  it('names a series as Prometheus writes it', () => {
    expect(seriesName({ __name__: 'up', job: 'api', instance: 'a:1' })).toBe(
      'up{instance="a:1", job="api"}',
    );
    expect(seriesName({ status: 'failed' })).toBe('{status="failed"}');
    expect(seriesName({})).toBe('{}');
  });

  it('groups the runner rows back into series, samples in time order', () => {
    const output = prometheusRowsOutput({
      query: 'q',
      range: { start: 'now-1h', end: 'now', step: '1m' },
      rows: [
        { job: 'a', timestamp: '2030-01-01T00:01:00Z', value: 2 },
        { job: 'a', timestamp: '2030-01-01T00:00:00Z', value: 1 },
        { job: 'b', timestamp: '2030-01-01T00:00:00Z', value: '3' },
      ],
      count: 3,
    })!;
    const t0 = Date.UTC(2030, 0, 1) / 1000;
    expect(output).toEqual({
      query: 'q',
      resultType: 'matrix',
      series: [
        {
          labels: { job: 'a' },
          name: '{job="a"}',
          points: [
            [t0, 1],
            [t0 + 60, 2],
          ],
        },
        { labels: { job: 'b' }, name: '{job="b"}', points: [[t0, 3]] },
      ],
    });
    expect(alignedSeries(output.series)).toEqual([
      [t0, t0 + 60],
      [1, 2],
      [3, null],
    ]);
    expect(prometheusRowsOutput({ query: 'q', rows: [{ value: 1 }] })?.resultType).toBe('vector');
  });

  it("reads the HTTP API's matrix and vector, as a value or JSON text, and nothing else", () => {
    const vector = {
      status: 'success',
      data: { resultType: 'vector', result: [{ metric: { job: 'a' }, value: [100, '0.5'] }] },
    };
    expect(prometheusApiOutput(JSON.stringify(vector))).toEqual({
      resultType: 'vector',
      series: [{ labels: { job: 'a' }, name: '{job="a"}', points: [[100, 0.5]] }],
    });
    expect(
      prometheusBodyOutput({ code: 200, content: JSON.stringify(vector) })?.series,
    ).toHaveLength(1);
    expect(prometheusApiOutput({ status: 'error', error: 'bad' })).toBeUndefined();
    expect(
      prometheusApiOutput({ status: 'success', data: { resultType: 'scalar', result: [1, '2'] } }),
    ).toBeUndefined();
    expect(prometheusBodyOutput({ code: 200, content: '{"ok":true}' })).toBeUndefined();
  });
});

describe('model usage and cost', () => {
  it('sums the generation info of the calls, reasoning tokens as output', () => {
    expect(
      modelUsage({
        generationInfo: [
          { inputTokens: 10, outputTokens: 5, reasoningTokens: 2, cost: 0.001, model: 'm1' },
          { inputTokens: 1, outputTokens: 1, model: 'm2', costCalculationError: 'unknown model' },
        ],
      }),
    ).toEqual({ inputTokens: 11, outputTokens: 8, cost: 0.001, models: ['m1', 'm2'] });
    expect(modelUsage({ markdown: 'x' })).toBeUndefined();
    expect(modelUsage({ generationInfo: [] })).toBeUndefined();
    expect(
      modelUsage({ generationInfo: [{ inputTokens: 1, outputTokens: 1, model: 'm' }] })?.cost,
    ).toBeUndefined();
  });

  it('adds up the usage of several actions', () => {
    expect(
      sumUsage([
        undefined,
        { inputTokens: 1, outputTokens: 2, cost: 0.25, models: ['a'] },
        { inputTokens: 3, outputTokens: 4, models: ['a', 'b'] },
      ]),
    ).toEqual({ inputTokens: 4, outputTokens: 6, cost: 0.25, models: ['a', 'b'] });
    expect(sumUsage([undefined])).toBeUndefined();
  });

  it('writes a cost to a hundredth of a cent under a dollar, to the cent above', () => {
    expect(formatCost(0.0042)).toBe('$0.0042');
    expect(formatCost(0.00042)).toBe('$0.0004');
    expect(formatCost(0.00004)).toBe('<$0.0001');
    expect(formatCost(0)).toBe('$0.0000');
    expect(formatCost(0.2375)).toBe('$0.2375');
    expect(formatCost(1.425)).toBe('$1.43');
    expect(tokensText({ inputTokens: 12345, outputTokens: 6, models: [] })).toBe(
      '12,345 input tokens, 6 output tokens',
    );
  });
});
