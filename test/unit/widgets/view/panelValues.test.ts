import {
  OTHERS_LABEL,
  PIE_SLICE_LIMIT,
  barGroups,
  calendarMonths,
  formatPanelValue,
  gaugeRange,
  heatmapDayText,
  heatmapDays,
  heatmapLevel,
  heatmapScale,
  pieSlices,
  seriesStats,
  timeseriesData,
  weeksBetween,
} from '../../../../src/widgets/view/panelValues';

describe('formatPanelValue', () => {
  it.each([
    [85, '%', undefined, '85%'],
    [85.456, ' %', 1, '85.5%'],
    [12, 'percent', undefined, '12%'],
    [1536, 'bytes', undefined, '1.5 KB'],
    [250, 'millicores', undefined, '250m'],
    [1500, 'millicore', undefined, '1.5 cores'],
    [45_000_000_000, 'ns', undefined, '45s'],
    [1500, 'ms', undefined, '1.5s'],
    [3900, 'seconds', undefined, '1h 5m'],
    [42, 'pods', 0, '42 pods'],
    [3.14159, undefined, undefined, '3.14'],
    ['n/a', 'bytes', undefined, 'n/a'],
  ])('%p with unit %p and precision %p reads %p', (value, unit, precision, expected) => {
    expect(formatPanelValue(value, unit, precision)).toBe(expected);
  });
});

describe('pieSlices', () => {
  const entries = (values: number[]) =>
    values.map((value, index) => ({ label: `s${index + 1}`, value }));

  it('keeps up to the limit of positive slices in their order', () => {
    expect(pieSlices(entries([3, 0, 5]))).toEqual([
      { label: 's1', value: 3 },
      { label: 's3', value: 5 },
    ]);
    expect(pieSlices(entries(Array.from({ length: PIE_SLICE_LIMIT }, () => 1)))).toHaveLength(
      PIE_SLICE_LIMIT,
    );
  });

  it(`groups the slices past the ${PIE_SLICE_LIMIT} largest into "${OTHERS_LABEL}", last`, () => {
    const slices = pieSlices(entries([1, 50, 40, 30, 2, 20, 10, 9, 8, 3]));
    expect(slices.map((slice) => slice.label)).toEqual([
      's2',
      's3',
      's4',
      's6',
      's7',
      's8',
      's9',
      's10',
      OTHERS_LABEL,
    ]);
    expect(slices[slices.length - 1]).toEqual({
      label: OTHERS_LABEL,
      value: 3,
      members: ['s1', 's5'],
    });
  });
});

describe('gaugeRange', () => {
  it('takes the panel range, else the row range, else 0–100 for a percentage, else no maximum', () => {
    expect(gaugeRange({ min: '10', max: '20' }, { max: 50 })).toEqual({ min: 10, max: 20 });
    expect(gaugeRange({}, { value: 3, max: 8 })).toEqual({ min: 0, max: 8 });
    expect(gaugeRange({ unit: ' %' }, { value: 3 })).toEqual({ min: 0, max: 100 });
    expect(gaugeRange({ unit: 'bytes' }, { value: 3 })).toEqual({ min: 0, max: undefined });
  });
});

describe('barGroups', () => {
  it('computes each bar against its range, coloured by the band it reaches', () => {
    const [group] = barGroups(
      [
        { name: 'kube-system', value: 4096 },
        { name: 'monitoring', value: 8192 },
        { name: 'no value', value: 'n/a' },
      ],
      {
        min: '0',
        max: '16384',
        unit: 'MiB',
        thresholds: [
          { percent: 0, color: 'green' },
          { percent: 50, color: 'red' },
        ],
      },
    );
    expect(group?.name).toBe('');
    expect(
      group?.bars.map(({ label, percent, text, color }) => [label, percent, text, color]),
    ).toEqual([
      ['kube-system', 25, '4096 MiB', 'green'],
      ['monitoring', 50, '8192 MiB', 'red'],
    ]);
  });

  it('shows values as a percentage or a multiplier of the range, past the maximum too', () => {
    const rows = [{ name: 'Limits', value: 189.12 }];
    expect(barGroups(rows, { max: 100, format: 'percentage' })[0]?.bars[0]?.text).toBe('189%');
    expect(barGroups(rows, { max: 100, format: 'multiplier' })[0]?.bars[0]?.text).toBe('x1.9');
    expect(
      barGroups(rows, { max: 100, format: 'multiplier', precision: 2 })[0]?.bars[0]?.text,
    ).toBe('x1.89');
  });

  it("groups bars by the group column's value, a row's own maximum first", () => {
    const groups = barGroups(
      [
        { cluster: 'prod', name: 'cpu', value: 2, max: 4 },
        { cluster: 'dev', name: 'cpu', value: 1 },
        { cluster: 'prod', name: 'memory', value: 30 },
      ],
      { group: 'cluster', max: 60 },
    );
    expect(groups.map((group) => [group.name, group.bars.map((bar) => bar.percent)])).toEqual([
      ['prod', [50, 50]],
      ['dev', [100 / 60]],
    ]);
  });
});

describe('heatmap', () => {
  const rows = [
    { date: '2026-03-10', successful: 3, failed: 0 },
    { day: '2026-03-15', successful: 0, failed: 2 },
    { timestamp: '2026-03-20T10:30:00Z', count: 5 },
    { date: '2026-03-20', count: 3 },
    { date: 'not a date', count: 9 },
  ];

  it('reads dates from date, day or a timestamp, adding up rows of one day', () => {
    expect(heatmapDays(rows)).toEqual([
      { date: '2026-03-10', value: 3, successful: 3, failed: 0 },
      { date: '2026-03-15', value: 2, successful: 0, failed: 2 },
      { date: '2026-03-20', value: 8, successful: 0, failed: 0 },
    ]);
  });

  it('colours days in steps of the highest value, with a legend of the steps', () => {
    expect([0, 1, 2, 3, 8].map((value) => heatmapLevel(value, 8))).toEqual([0, 1, 1, 2, 4]);
    expect(heatmapScale(8).map((step) => step.label)).toEqual(['None', '0–2', '2–4', '4–6', '6–8']);
    expect(heatmapScale(0)).toEqual([{ level: 0, label: 'None' }]);
  });

  it("says a day's date, value and outcomes", () => {
    const [first, second] = heatmapDays(rows);
    expect(heatmapDayText('2026-03-10', first)).toBe('2026-03-10: 3 (3 successful, 0 failed)');
    expect(heatmapDayText('2026-03-15', second)).toBe('2026-03-15: 2 (0 successful, 2 failed)');
    expect(heatmapDayText('2026-03-11', undefined)).toBe('2026-03-11: no data');
  });

  it('lays days out in weeks from Sunday, and months from the first to the last day', () => {
    // 2026-03-01 is a Sunday.
    expect(weeksBetween('2026-03-03', '2026-03-09')).toEqual([
      [null, null, '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07'],
      ['2026-03-08', '2026-03-09', null, null, null, null, null],
    ]);
    const months = calendarMonths(heatmapDays([{ date: '2026-01-31' }, { date: '2026-03-01' }]));
    expect(months.map((month) => [month.key, month.label, month.weeks.length])).toEqual([
      ['2026-01', 'January 2026', 5],
      ['2026-02', 'February 2026', 4],
      ['2026-03', 'March 2026', 5],
    ]);
  });
});

describe('timeseriesData', () => {
  it('infers the time column and makes a series per numeric column', () => {
    const data = timeseriesData([
      { timestamp: '2026-03-24T20:05:00Z', rps: 158, errors: 1 },
      { timestamp: '2026-03-24T20:00:00Z', rps: 142 },
    ]);
    const t0 = Date.parse('2026-03-24T20:00:00Z') / 1000;
    expect(data.times).toEqual([t0, t0 + 300]);
    expect(data.series).toEqual([
      { label: 'rps', values: [142, 158] },
      { label: 'errors', values: [null, 1] },
    ]);
  });

  it('splits the value column by the rows’ labels, with the time and value columns named', () => {
    const data = timeseriesData(
      [
        { at: '2026-03-24T20:00:00Z', instance: 'node-a', value: '1.5', other: 7 },
        { at: '2026-03-24T20:00:00Z', instance: 'node-b', value: 2 },
        { at: '2026-03-24T20:01:00Z', instance: 'node-a', value: 3 },
      ],
      { timeKey: 'at', valueKey: 'value' },
    );
    expect(data.series).toEqual([
      { label: 'node-a', values: [1.5, 3] },
      { label: 'node-b', values: [2, null] },
    ]);
    expect(seriesStats(data.series[0]!)).toEqual({ min: 1.5, max: 3, last: 3, points: 2 });
  });

  it('has nothing to draw without a time column', () => {
    expect(timeseriesData([{ value: 1 }])).toEqual({ times: [], series: [] });
  });
});
