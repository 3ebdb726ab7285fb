import { act, screen, waitFor, within } from '@testing-library/react';
import type { ChartChange, ChartIncident, ChartRun } from '../../../src/api/schemas/chartEvents';
import type { ViewPanel } from '../../../src/api/schemas/views';
import { formatDate } from '../../../src/lib/dates';
import { selectPreferences } from '../../../src/shell/preferencesSlice';
import { ViewPanels } from '../../../src/widgets/view/ViewPanels';
import { chartEventsBackend, eventRows } from '../../support/chartEventsBackend';
import { renderApp } from '../../support/renderApp';
import type { FakeArea } from '../../support/uplotMock';
import { layOut, plots } from '../../support/uplotMock';

jest.mock('uplot', () => jest.requireActual('../../support/uplotMock'));

/** The panel spans ten minutes: laid out 600 px wide, a pixel is a second. */
const START = Date.parse('2026-03-24T20:00:00.000Z');
const END = START + 600_000;
const at = (seconds: number) => new Date(START + seconds * 1000).toISOString();

const PANEL: ViewPanel = {
  name: 'Recent changes',
  type: 'timeseries',
  timeseries: { timeKey: 'timestamp', valueKey: 'value' },
  rows: [
    { timestamp: at(0), value: 1 },
    { timestamp: at(300), value: 4 },
    { timestamp: at(600), value: 2 },
  ],
};

const AREA: FakeArea = { left: 40, top: 10, width: 600, min: START / 1000, max: END / 1000 };

const [CHANGE] = eventRows(at(0)).changes;
const [RUN] = eventRows(at(0)).runs;
const [INCIDENT] = eventRows(at(0)).incidents;

/** `count` changes from `from` seconds on, a quarter second apart, named `change-{prefix}{n}`. */
function changes(count: number, from: number, prefix = ''): ChartChange[] {
  return Array.from({ length: count }, (_, index) => ({
    ...CHANGE!,
    id: `change-${prefix}${index + 1}`,
    config: { id: CHANGE!.config_id!, name: `api-${prefix}${index + 1}` },
    created_at: at(from + index / 4),
  }));
}

function runs(count: number, from: number): ChartRun[] {
  return Array.from({ length: count }, (_, index) => ({
    ...RUN!,
    id: `run-${index + 1}`,
    created_at: at(from + index),
  }));
}

function incidents(count: number, from: number): ChartIncident[] {
  return Array.from({ length: count }, (_, index) => ({
    ...INCIDENT!,
    id: `incident-${index + 1}`,
    incident_id: `INC-${index + 1}`,
    created_at: at(from + index),
  }));
}

const ui = {
  markers: () => screen.findByRole('list', { name: 'Events on Recent changes' }),
  items: (list: HTMLElement, kind: string) =>
    within(list)
      .getAllByRole('listitem')
      .filter((item) => item.getAttribute('data-kind') === kind),
  counts: (list: HTMLElement, kind: string) =>
    ui.items(list, kind).map((item) => Number(item.getAttribute('data-count'))),
};

/** Renders the panel and lays its chart out over `area`. */
async function renderLaidOut(url: string, area: FakeArea = AREA) {
  plots.length = 0;
  const rendered = renderApp(<ViewPanels panels={[PANEL]} />, { url });
  await waitFor(() => expect(plots.length).toBeGreaterThan(0));
  act(() => layOut(plots[plots.length - 1]!, area));
  const { dateTimeFormat, timezone } = selectPreferences(rendered.store.getState());
  const when = (seconds: number) => formatDate(at(seconds), { format: dateTimeFormat, timezone });
  return { ...rendered, when };
}

describe('events close together on a time series', () => {
  it('draws the events of a kind within a few pixels as one marker with their count', async () => {
    // 37 changes in nine seconds at the middle, one near each edge.
    chartEventsBackend({
      changes: [...changes(1, 30, 'a'), ...changes(37, 300), ...changes(1, 570, 'z')],
    });
    const { when } = await renderLaidOut('/?events=changes');

    const list = await ui.markers();
    await waitFor(() => expect(ui.counts(list, 'changes')).toEqual([1, 37, 1]));
    const [left, middle, right] = ui.items(list, 'changes');
    expect(left).toHaveStyle({ left: '70px' });
    expect(right).toHaveStyle({ left: '610px' });
    expect(parseFloat(middle!.style.left)).toBeCloseTo(40 + 304.5, 5);
    // One tab stop per marker.
    expect(within(list).getAllByRole('link')).toHaveLength(3);
    expect(within(middle!).getByText('37')).toBeInTheDocument();
    const cluster = within(middle!).getByRole('link');
    expect(cluster).toHaveAccessibleName(`37 changes from ${when(300)} to ${when(309)}`);
    // The changes page over the cluster's whole minutes.
    expect(cluster).toHaveAttribute(
      'href',
      `/catalog/changes?rangeType=absolute&display=Custom&from=${encodeURIComponent(
        '2026-03-24T20:05:00.000Z',
      )}&to=${encodeURIComponent('2026-03-24T20:06:00.000Z')}`,
    );
    expect(within(left!).getByRole('link')).toHaveAccessibleName(
      `Change: diff on api-a1, by deploy-bot, ${when(30)}`,
    );
  });

  it('lists the first few of a marker’s events and how many more on focus', async () => {
    chartEventsBackend({ changes: changes(37, 300) });
    await renderLaidOut('/?events=changes');

    const list = await ui.markers();
    const marker = await within(list).findByRole('link', { name: /^37 changes from / });
    act(() => marker.focus());
    const tip = await screen.findByTestId('chart-event-tip');
    const links = within(tip).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'diff on api-1',
      'diff on api-2',
      'diff on api-3',
      'diff on api-4',
      'diff on api-5',
      'Open in Changes',
    ]);
    expect(links[0]).toHaveAttribute(
      'href',
      '/catalog/changes?changeId=change-1&changeConfigId=f2c1a9e0-0000-4000-8000-00000000c0f1',
    );
    expect(tip).toHaveTextContent('By deploy-bot');
    expect(tip).toHaveTextContent('and 32 more');
    expect(links[5]).toHaveAttribute('href', marker.getAttribute('href'));
  });

  it('links a cluster of runs to the runs list over its window, and one of incidents nowhere', async () => {
    chartEventsBackend({ runs: runs(3, 120), incidents: incidents(2, 400) });
    const { user, when } = await renderLaidOut('/?events=runs,incidents');

    const list = await ui.markers();
    await waitFor(() => expect(ui.counts(list, 'runs')).toEqual([3]));
    expect(ui.counts(list, 'incidents')).toEqual([2]);
    const run = within(list).getByRole('link', { name: /^3 playbook runs from / });
    expect(run).toHaveAttribute(
      'href',
      `/playbooks/runs?rangeType=absolute&display=Custom&from=${encodeURIComponent(
        '2026-03-24T20:02:00.000Z',
      )}&to=${encodeURIComponent('2026-03-24T20:03:00.000Z')}`,
    );
    // The incidents list takes no time range: the marker only shows its tooltip.
    const incident = within(list).getByRole('button', {
      name: `2 incidents from ${when(400)} to ${when(401)}`,
    });
    await user.hover(incident);
    const tip = await screen.findByTestId('chart-event-tip');
    expect(
      within(tip)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['INC-1 Payments slow', 'INC-2 Payments slow']);
    expect(tip).not.toHaveTextContent('more');
  });

  it('groups again when the chart is laid out wider', async () => {
    chartEventsBackend({ changes: changes(37, 300) });
    await renderLaidOut('/?events=changes');

    const list = await ui.markers();
    await waitFor(() => expect(ui.counts(list, 'changes')).toEqual([37]));
    // 100 px a second: a quarter second is 25 px, every change its own marker.
    act(() => layOut(plots[plots.length - 1]!, { ...AREA, width: 60_000 }));
    await waitFor(() => expect(ui.counts(list, 'changes')).toEqual(Array(37).fill(1)));
  });
});

describe('the note when a kind’s answer is full', () => {
  it('says only the newest are drawn when a kind answers as many rows as the cap', async () => {
    chartEventsBackend({
      changes: changes(200, 100),
      runs: runs(200, 200),
      incidents: incidents(3, 300),
    });
    renderApp(<ViewPanels panels={[PANEL]} />, { url: '/?events=changes,runs,incidents' });

    expect(await screen.findByText('Newest 200 changes and 200 playbook runs shown')).toBeVisible();
  });

  it('says nothing while every answer is under the cap', async () => {
    chartEventsBackend({ changes: changes(199, 100) });
    renderApp(<ViewPanels panels={[PANEL]} />, { url: '/?events=changes' });

    await ui.markers();
    expect(screen.queryByText(/^Newest /)).toBeNull();
  });

  it('names the one full kind', async () => {
    chartEventsBackend({ changes: changes(200, 100) });
    renderApp(<ViewPanels panels={[PANEL]} />, { url: '/?events=changes' });

    expect(await screen.findByText('Newest 200 changes shown')).toBeVisible();
  });
});
