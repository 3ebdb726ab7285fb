import {
  formatDecimal,
  formatMillicores,
  formatNumber,
  formatViewDuration,
  gaugePercent,
  humanizeDuration,
  panelEntries,
  panelValue,
  thresholdColor,
  toNumber,
  variablesFromParams,
} from '../../../src/lib/viewValues';
import { expectAnswers } from '../../support/answers';

describe('view values', () => {
  it('reads numbers from numbers and numeric text only', () => {
    expect(toNumber(3)).toBe(3);
    expect(toNumber('2.5')).toBe(2.5);
    expect(toNumber('')).toBeUndefined();
    expect(toNumber('abc')).toBeUndefined();
    expect(toNumber(Number.NaN)).toBeUndefined();
    expect(toNumber(null)).toBeUndefined();
  });

  it('humanises durations with at most two units', () => {
    expectAnswers(humanizeDuration, [
      [500, '500ms'],
      [45_000, '45s'],
      [1_500, '1.5s'],
      [127_000, '2m 7s'],
      [120_000, '2m'],
      [3_900_000, '1h 5m'],
      [3 * 86_400_000 + 4 * 3_600_000 + 59_000, '3d 4h'],
      [-45_000, '-45s'],
      [undefined, ''],
    ]);
  });

  it('reads duration values as nanoseconds, other text as it is', () => {
    expectAnswers(formatViewDuration, [
      [127_000_000_000, '2m 7s'],
      ['500000000', '500ms'],
      ['5m', '5m'],
      [null, ''],
    ]);
  });

  it('formats millicores, decimals and numbers with units', () => {
    expect(formatMillicores(250)).toBe('250m');
    expect(formatMillicores(1000)).toBe('1 core');
    expect(formatMillicores(2250)).toBe('2.25 cores');
    expect(formatDecimal(3.14159)).toBe('3.14');
    expect(formatDecimal(2)).toBe('2');
    expect(formatNumber(42, { unit: 'pods', precision: 0 })).toBe('42 pods');
    expect(formatNumber(12.345, { unit: '%', precision: 1 })).toBe('12.3%');
    expect(formatNumber(2048, { unit: 'bytes' })).toBe('2 KB');
    expect(formatNumber(1.5)).toBe('1.5');
    expect(formatNumber('n/a')).toBe('n/a');
  });

  it('places a value in its range and picks the band it reaches', () => {
    expect(gaugePercent(50, 0, 200)).toBe(25);
    expect(gaugePercent(300, 0, 200)).toBe(100);
    expect(gaugePercent(-5, 0, 200)).toBe(0);
    const bands = [
      { percent: 0, color: 'green' },
      { percent: 60, color: 'orange' },
      { percent: '90', color: 'red' },
    ];
    expect(thresholdColor(10, bands)).toBe('green');
    expect(thresholdColor(60, bands)).toBe('orange');
    expect(thresholdColor(95, bands)).toBe('red');
    expect(thresholdColor(95, [])).toBeUndefined();
    expect(thresholdColor(10, [{ percent: 50, color: 'red' }])).toBeUndefined();
  });

  it("reads a panel's rows as labelled numbers", () => {
    expect(
      panelEntries([
        { health: 'healthy', count: 3 },
        { label: 'x', value: '2' },
        { name: 'no number' },
      ]),
    ).toEqual([
      { label: 'healthy', value: 3 },
      { label: 'x', value: 2 },
    ]);
    expect(panelValue([{ value: 7 }, { value: 9 }])).toBe(7);
    expect(panelValue([{ total: 4, other: 1 }])).toBe(4);
    expect(panelValue([])).toBeUndefined();
  });

  it('takes the variables from the var- parameters of the address', () => {
    expect(
      variablesFromParams(new URLSearchParams('var-cluster=prod&var-ns=&pageIndex=2&cluster=x')),
    ).toEqual({ cluster: 'prod' });
  });
});
