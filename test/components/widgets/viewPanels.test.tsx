import { screen, within } from '@testing-library/react';
import type uPlot from 'uplot';
import type { ViewPanel } from '../../../src/api/schemas/views';
import { OTHERS_LABEL, PIE_SLICE_LIMIT } from '../../../src/widgets/view/panelValues';
import { PANEL_KINDS, ViewPanels } from '../../../src/widgets/view/ViewPanels';
import { renderApp } from '../../support/renderApp';
import { plots } from '../../support/uplotMock';

/** How many times the chart library was loaded: once the first time a time series is drawn. */
const mockUplotLoads = { count: 0 };
jest.mock('uplot', () => {
  mockUplotLoads.count += 1;
  return jest.requireActual('../../support/uplotMock');
});

const ui = {
  panel: (name: string) => screen.findByRole('region', { name }),
  legendItems: (panel: HTMLElement, name: string) =>
    within(panel)
      .getByRole('list', { name: `${name} legend` })
      .querySelectorAll('li'),
  texts: (elements: Iterable<Element>) => [...elements].map((element) => element.textContent),
};

function render(panels: ViewPanel[], timeRange?: { from: Date; to: Date }) {
  return renderApp(<ViewPanels panels={panels} timeRange={timeRange} />);
}

/** The options of the last chart drawn, as uPlot was given them. */
function lastPlot() {
  const plot = plots[plots.length - 1];
  if (!plot) throw new Error('No chart was drawn');
  return { ...plot, options: plot.options as uPlot.Options };
}

const T0 = '2026-03-24T20:00:00Z';
const T1 = '2026-03-24T20:05:00Z';
const T2 = '2026-03-24T20:10:00Z';

const CPU_ROWS = [
  { timestamp: T0, instance: 'node-a', value: 10 },
  { timestamp: T0, instance: 'node-b', value: 40 },
  { timestamp: T1, instance: 'node-a', value: 12.5 },
  { timestamp: T1, instance: 'node-b', value: 35 },
  { timestamp: T2, instance: 'node-a', value: 15 },
];

function timeseries(name: string, config: ViewPanel['timeseries'] = {}): ViewPanel {
  return {
    name,
    type: 'timeseries',
    timeseries: { timeKey: 'timestamp', valueKey: 'value', ...config },
    rows: CPU_ROWS,
  };
}

beforeEach(() => {
  plots.length = 0;
});

describe('time series panel', () => {
  it('loads the chart library only when a view has a time series', async () => {
    render([{ name: 'Pods', type: 'number', rows: [{ value: 3 }] }]);
    expect(await ui.panel('Pods')).toHaveTextContent('3');
    expect(mockUplotLoads.count).toBe(0);

    render([timeseries('Node CPU')]);
    expect(await screen.findByRole('img', { name: /^Node CPU: 2 series/ })).toBeInTheDocument();
    expect(mockUplotLoads.count).toBe(1);
  });

  it('draws a line per label of the value column over time, with a legend and a table of values', async () => {
    render([timeseries('Node CPU', { legend: { enable: true } })]);
    const panel = await ui.panel('Node CPU');
    await within(panel).findByRole('img', { name: /^Node CPU: 2 series from .+ to .+/ });

    const { options, data } = lastPlot();
    const t0 = Date.parse(T0) / 1000;
    expect(data).toEqual([
      [t0, t0 + 300, t0 + 600],
      [10, 12.5, 15],
      [40, 35, null],
    ]);
    expect(options.series.slice(1).map((series) => series.label)).toEqual(['node-a', 'node-b']);
    // Lines: drawn with uPlot's own paths, not filled, without points.
    expect(options.series[1]).toMatchObject({ width: 2, points: { show: false } });
    expect(options.series[1]?.fill).toBeUndefined();
    expect(options.series[1]?.paths).toBeUndefined();

    const legend = within(panel).getByRole('list', { name: 'Node CPU legend' });
    expect(legend).toHaveAttribute('data-layout', 'horizontal');
    // Each series with its last value, in the series' colour.
    expect(ui.texts(legend.querySelectorAll('li'))).toEqual(['node-a15', 'node-b35']);

    const values = within(panel).getByRole('table', { name: /^Node CPU values from/ });
    expect(ui.texts(within(values).getAllByRole('row'))).toEqual([
      'SeriesLastLowestHighestPoints',
      'node-a1510153',
      'node-b3535402',
    ]);
  });

  it('fills the area under each series, or draws points only, as the style says', async () => {
    render([timeseries('Area CPU', { style: 'area' })]);
    await screen.findByRole('img', { name: /^Area CPU:/ });
    expect(lastPlot().options.series[1]?.fill).toMatch(/^#[0-9a-f]{6}33$/);

    render([timeseries('Points CPU', { style: 'points' })]);
    await screen.findByRole('img', { name: /^Points CPU:/ });
    const points = lastPlot().options.series[1]!;
    expect(points.points).toMatchObject({ show: true });
    expect(points.width).toBe(0);
    // No line between the points.
    expect((points.paths as () => unknown)()).toBeNull();
  });

  it('puts the legend beside the chart when vertical, and leaves it out when disabled', async () => {
    render([
      timeseries('Vertical', { legend: { layout: 'vertical' } }),
      timeseries('Hidden', { legend: { enable: false } }),
    ]);
    const vertical = await ui.panel('Vertical');
    await within(vertical).findByRole('img', { name: /^Vertical:/ });
    expect(within(vertical).getByRole('list', { name: 'Vertical legend' })).toHaveAttribute(
      'data-layout',
      'vertical',
    );
    const hidden = await ui.panel('Hidden');
    await within(hidden).findByRole('img', { name: /^Hidden:/ });
    expect(within(hidden).queryByRole('list')).not.toBeInTheDocument();
    // The values stay readable without the legend.
    expect(within(hidden).getByRole('table', { name: /^Hidden values/ })).toBeInTheDocument();
  });

  it("spans the view's time range, not only the data's", async () => {
    const from = new Date('2026-03-24T18:00:00Z');
    const to = new Date('2026-03-24T22:00:00Z');
    render([timeseries('Ranged')], { from, to });
    await screen.findByRole('img', { name: /^Ranged:/ });
    const range = lastPlot().options.scales?.x?.range as () => [number, number];
    expect(range()).toEqual([from.getTime() / 1000, to.getTime() / 1000]);
  });

  it('says "No data" when the rows have no time or no number', async () => {
    render([{ name: 'Timeless', type: 'timeseries', rows: [{ instance: 'a', value: 1 }] }]);
    expect(await within(await ui.panel('Timeless')).findByText('No data')).toBeInTheDocument();
    expect(plots).toHaveLength(0);
  });
});

describe('heatmap panel', () => {
  const rows = [
    { date: '2026-02-27', count: 4 },
    { date: '2026-03-10', successful: 3, failed: 0 },
    { day: '2026-03-15', successful: 6, failed: 2 },
    { timestamp: '2026-03-20T10:30:00Z', count: 1 },
  ];

  it('draws each month as a calendar of weeks, days coloured by value, with tooltips and a legend', async () => {
    render([{ name: 'Runs', type: 'heatmap', heatmap: { mode: 'calendar' }, rows }]);
    const panel = await ui.panel('Runs');
    const months = within(panel).getAllByRole('table');
    expect(months.map((month) => month.querySelector('caption')?.textContent)).toEqual([
      'February 2026',
      'March 2026',
    ]);
    const march = within(panel).getByRole('table', { name: 'March 2026' });
    expect(ui.texts(within(march).getAllByRole('columnheader'))).toEqual([
      'Su',
      'Mo',
      'Tu',
      'We',
      'Th',
      'Fr',
      'Sa',
    ]);
    // March 2026 starts on a Sunday and spans five weeks.
    expect(within(march).getAllByRole('row')).toHaveLength(1 + 5);

    const busiest = within(march).getByTitle('2026-03-15: 8 (6 successful, 2 failed)');
    expect(busiest).toHaveAttribute('data-level', '4');
    expect(busiest).toHaveClass('mc-view-heat--failed');
    expect(busiest).toHaveTextContent('15');
    expect(within(march).getByTitle('2026-03-10: 3 (3 successful, 0 failed)')).toHaveAttribute(
      'data-level',
      '2',
    );
    expect(within(march).getByTitle('2026-03-20: 1')).toHaveAttribute('data-level', '1');
    expect(within(march).getByTitle('2026-03-11: no data')).toHaveAttribute('data-level', '0');

    expect(ui.texts(ui.legendItems(panel, 'Runs'))).toEqual([
      'None',
      '0–2',
      '2–4',
      '4–6',
      '6–8',
      'With failures',
    ]);
  });

  it('draws every day in a compact strip of weeks with a summary', async () => {
    render([{ name: 'Strip', type: 'heatmap', heatmap: { mode: 'compact' }, rows }]);
    const panel = await ui.panel('Strip');
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument();
    expect(within(panel).getByText('2026-02-27 to 2026-03-20')).toBeInTheDocument();
    expect(
      within(panel).getByRole('img', {
        name: 'Strip: 4 days with data from 2026-02-27 to 2026-03-20, total 16, highest 2026-03-15 (8)',
      }),
    ).toBeInTheDocument();
    expect(within(panel).getByTitle('2026-03-01: no data')).toHaveAttribute('data-level', '0');
    expect(within(panel).getByTitle('2026-02-27: 4')).toHaveAttribute('data-level', '2');
  });
});

describe('bar gauge panel', () => {
  it('draws a bar per row against the range, with the unit and the colour of its band', async () => {
    render([
      {
        name: 'Memory by namespace',
        type: 'bargauge',
        bargauge: {
          min: '0',
          max: '16384',
          unit: 'MiB',
          thresholds: [
            { percent: 0, color: '#10b981' },
            { percent: 50, color: '#ef4444' },
          ],
        },
        rows: [
          { name: 'kube-system', value: 4096 },
          { name: 'monitoring', value: 8192 },
        ],
      },
    ]);
    const panel = await ui.panel('Memory by namespace');
    const bars = within(panel).getAllByRole('meter');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'kube-system',
      'monitoring',
    ]);
    expect(bars.map((bar) => bar.getAttribute('aria-valuetext'))).toEqual(['4096 MiB', '8192 MiB']);
    expect(bars[0]).toHaveAttribute('aria-valuemax', '16384');
    const fills = bars.map((bar) => bar.querySelector<HTMLElement>('[data-color]')!);
    expect(fills.map((fill) => fill.style.width)).toEqual(['25%', '50%']);
    expect(fills.map((fill) => fill.dataset.color)).toEqual(['#10b981', '#ef4444']);
  });

  it('shows a percentage or a multiplier, a full bar past the maximum', async () => {
    const rows = [
      { name: 'Real', value: 9.1 },
      { name: 'Limits', value: 189.12 },
    ];
    render([
      { name: 'Share', type: 'bargauge', bargauge: { max: 100, format: 'percentage' }, rows },
      {
        name: 'Times',
        type: 'bargauge',
        bargauge: { max: 100, format: 'multiplier', precision: 2 },
        rows,
      },
    ]);
    const share = within(await ui.panel('Share')).getAllByRole('meter');
    expect(share.map((bar) => bar.getAttribute('aria-valuetext'))).toEqual(['9%', '189%']);
    expect(share[1]!.querySelector<HTMLElement>('[data-color]')!.style.width).toBe('100%');
    const times = within(await ui.panel('Times')).getAllByRole('meter');
    expect(times.map((bar) => bar.getAttribute('aria-valuetext'))).toEqual(['x0.09', 'x1.89']);
  });

  it('groups the bars under a heading per value of the group column', async () => {
    render([
      {
        name: 'CPU by cluster',
        type: 'bargauge',
        bargauge: { group: 'cluster', unit: '%' },
        rows: [
          { cluster: 'prod', name: 'requests', value: 40 },
          { cluster: 'dev', name: 'requests', value: 10 },
          { cluster: 'prod', name: 'limits', value: 80 },
        ],
      },
    ]);
    const panel = await ui.panel('CPU by cluster');
    expect(ui.texts(within(panel).getAllByRole('heading', { level: 4 }))).toEqual(['prod', 'dev']);
    const prod = within(panel).getByRole('region', { name: 'prod' });
    expect(
      within(prod)
        .getAllByRole('meter')
        .map((bar) => `${bar.getAttribute('aria-label')} ${bar.getAttribute('aria-valuetext')}`),
    ).toEqual(['requests 40%', 'limits 80%']);
    expect(
      within(within(panel).getByRole('region', { name: 'dev' })).getAllByRole('meter'),
    ).toHaveLength(1);
  });
});

describe('properties panel', () => {
  it('lists each row as a label and its value', async () => {
    render([
      {
        name: 'AWS Account Details',
        type: 'properties',
        rows: [
          { label: 'Name', value: 'production' },
          { label: 'Groups', value: '["admins","ops"]' },
          { label: 'Storage', value: 2048, unit: 'bytes' },
          { key: 'Region', value: null },
        ],
      },
    ]);
    const panel = await ui.panel('AWS Account Details');
    const terms = ui.texts(within(panel).getAllByRole('term'));
    const definitions = ui.texts(within(panel).getAllByRole('definition'));
    expect(terms.map((term, index) => `${term}=${definitions[index]}`)).toEqual([
      'Name=production',
      'Groups=["admins","ops"]',
      'Storage=2 KB',
      'Region=—',
    ]);
  });
});

describe('pie chart panel', () => {
  it(`groups the slices past the ${PIE_SLICE_LIMIT} largest into "${OTHERS_LABEL}"`, async () => {
    const namespaces = Array.from({ length: 11 }, (_, index) => ({
      namespace: `ns-${index + 1}`,
      count: 20 - index,
    }));
    render([{ name: 'Pods by namespace', type: 'piechart', rows: namespaces }]);
    const panel = await ui.panel('Pods by namespace');
    const items = ui.legendItems(panel, 'Pods by namespace');
    expect(items).toHaveLength(PIE_SLICE_LIMIT + 1);
    // ns-9, ns-10 and ns-11 (12 + 11 + 10) make the last slice; its tooltip names them.
    expect(items[PIE_SLICE_LIMIT]).toHaveTextContent(`${OTHERS_LABEL}33`);
    expect(items[PIE_SLICE_LIMIT]).toHaveAttribute('title', 'ns-9, ns-10, ns-11');
    expect(within(panel).getByRole('img', { name: /ns-8 13, Others 33$/ })).toBeInTheDocument();
  });
});

describe('gauge and number panels', () => {
  it('formats gauges and numbers by unit', async () => {
    render([
      {
        name: 'Memory',
        type: 'gauge',
        gauge: { min: 0, max: 4096, unit: 'bytes' },
        rows: [{ value: 1536 }],
      },
      {
        name: 'CPU requested',
        type: 'number',
        number: { unit: 'millicores' },
        rows: [{ value: 1500 }],
      },
      { name: 'Uptime', type: 'number', number: { unit: 'seconds' }, rows: [{ value: 3900 }] },
      {
        name: 'Per cluster',
        type: 'number',
        number: { unit: 'bytes' },
        rows: [
          { label: 'prod', value: 1024 },
          { label: 'dev', value: 512 },
        ],
      },
    ]);
    const memory = within(await ui.panel('Memory')).getByRole('meter', { name: 'Memory' });
    expect(memory).toHaveAttribute('aria-valuetext', '1.5 KB');
    expect(memory).toHaveAttribute('aria-valuemax', '4096');
    expect(memory).toHaveTextContent('4 KB');
    expect(within(await ui.panel('CPU requested')).getByText('1.5 cores')).toBeInTheDocument();
    expect(within(await ui.panel('Uptime')).getByText('1h 5m')).toBeInTheDocument();
    const perCluster = await ui.panel('Per cluster');
    expect(ui.texts(within(perCluster).getAllByRole('term'))).toEqual(['prod', 'dev']);
    expect(ui.texts(within(perCluster).getAllByRole('definition'))).toEqual(['1 KB', '512 B']);
  });

  it('takes a missing maximum from the row or a percentage, and draws no arc without one', async () => {
    render([
      { name: 'Pods unhealthy', type: 'gauge', gauge: { unit: ' %' }, rows: [{ value: 35 }] },
      { name: 'Replicas', type: 'gauge', rows: [{ value: 3, max: 4 }] },
      { name: 'Disk used', type: 'gauge', gauge: { unit: 'bytes' }, rows: [{ value: 2048 }] },
    ]);
    const percent = within(await ui.panel('Pods unhealthy')).getByRole('meter');
    expect(percent).toHaveAttribute('aria-valuemax', '100');
    expect(percent).toHaveAttribute('aria-valuetext', '35%');
    const replicas = within(await ui.panel('Replicas')).getByRole('meter');
    expect(replicas).toHaveAttribute('aria-valuemax', '4');
    expect(replicas).toHaveAttribute('aria-valuenow', '3');

    const disk = await ui.panel('Disk used');
    expect(within(disk).queryByRole('meter')).not.toBeInTheDocument();
    expect(disk.querySelector('svg')).toBeNull();
    expect(within(disk).getByTestId('view-gauge-value')).toHaveTextContent('2 KB');
    expect(within(disk).getByText('No maximum')).toBeInTheDocument();
  });
});

describe('errors, empty panels and unknown kinds', () => {
  it("shows a failed panel's code, message and hint, and draws the others", async () => {
    render([
      {
        name: 'Broken',
        type: 'piechart',
        rows: [],
        error: {
          code: 'query_failed',
          message: 'no such table: pods',
          hint: 'Check the query names a table of the view',
        },
      },
      { name: 'Fine', type: 'number', rows: [{ value: 7 }] },
    ]);
    const broken = await ui.panel('Broken');
    expect(within(broken).getByText('no such table: pods')).toBeInTheDocument();
    expect(within(broken).getByText('query_failed')).toBeInTheDocument();
    expect(
      within(broken).getByText('Hint: Check the query names a table of the view'),
    ).toBeInTheDocument();
    expect(within(broken).queryByText('No data')).not.toBeInTheDocument();
    expect(within(await ui.panel('Fine')).getByText('7')).toBeInTheDocument();
  });

  it('says "No data" for each kind without rows, and names a kind it cannot draw', async () => {
    expect(PANEL_KINDS).toHaveLength(10);
    const kinds = PANEL_KINDS;
    render([
      ...kinds.map((kind) => ({ name: `Empty ${kind}`, type: kind, rows: [] })),
      { name: 'No rows at all', type: 'gauge' },
      { name: 'Flow', type: 'sankey', rows: [{ value: 1 }] },
      { name: 'Inherited', type: 'toString', rows: [{ value: 1 }] },
    ]);
    for (const kind of kinds) {
      expect(within(await ui.panel(`Empty ${kind}`)).getByText('No data')).toBeInTheDocument();
    }
    expect(within(await ui.panel('No rows at all')).getByText('No data')).toBeInTheDocument();
    expect(
      within(await ui.panel('Flow')).getByText('Unsupported panel type: sankey'),
    ).toBeInTheDocument();
    expect(
      within(await ui.panel('Inherited')).getByText('Unsupported panel type: toString'),
    ).toBeInTheDocument();
    expect(plots).toHaveLength(0);
  });

  it('shows the description under the name', async () => {
    render([{ name: 'Node CPU', description: 'Last 12h', type: 'number', rows: [{ value: 1 }] }]);
    const panel = await ui.panel('Node CPU');
    expect(within(panel).getByRole('heading', { name: 'Node CPU', level: 3 })).toBeInTheDocument();
    expect(within(panel).getByText('Last 12h')).toBeInTheDocument();
  });
});
