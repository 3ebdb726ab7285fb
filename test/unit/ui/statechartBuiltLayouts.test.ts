import { machineRegistry } from '../../../machines/registry';
import { elkGraph, layoutChart, layoutCharts, layoutKey } from '../../../src/ui/Statechart/layout';
import { machineChart } from '../../../src/ui/Statechart/machineGraph';

const [first, second] = machineRegistry;
if (!first || !second) throw new Error('the registry lists fewer than two machines');

describe('layouts made in the build', () => {
  it('keys a chart’s graph by its content', () => {
    const chart = machineChart(first.machine);
    expect(layoutKey(elkGraph(chart, 'RIGHT'))).toBe(
      layoutKey(elkGraph(machineChart(first.machine), 'RIGHT')),
    );
    expect(layoutKey(elkGraph(chart, 'RIGHT'))).not.toBe(layoutKey(elkGraph(chart, 'DOWN')));
    expect(layoutKey(elkGraph(chart, 'RIGHT'))).not.toBe(
      layoutKey(elkGraph(machineChart(second.machine), 'RIGHT')),
    );
  });

  it('lays out every machine of the console in both directions, each under its own key', async () => {
    const built = await layoutCharts(machineRegistry.map(({ machine }) => machineChart(machine)));
    expect(Object.keys(built)).toHaveLength(machineRegistry.length * 2);
    // Only what drawing reads is kept: no ELK options or internal ids ride in the page.
    const text = JSON.stringify(built);
    expect(text).not.toContain('layoutOptions');
    expect(text).not.toContain('$H');
    // ELK lays out twenty charts: seconds on a busy machine.
  }, 60_000);

  it('draws a chart from the build’s layout as ELK in the page would, and uses it when given', async () => {
    const chart = machineChart(first.machine);
    const built = await layoutCharts([chart]);
    const inPage = await layoutChart(chart, 'DOWN', {});
    expect(await layoutChart(chart, 'DOWN', built)).toEqual(inPage);

    // The build's answer is what is drawn: a changed one shows.
    const key = layoutKey(elkGraph(chart, 'DOWN'));
    const changed = { ...built, [key]: { ...built[key]!, width: 4321 } };
    expect((await layoutChart(chart, 'DOWN', changed)).width).toBe(4321);
    // A chart the build did not lay out is laid out in the page.
    const other = machineChart(second.machine);
    expect(await layoutChart(other, 'RIGHT', built)).toEqual(await layoutChart(other, 'RIGHT', {}));
  }, 60_000);
});
