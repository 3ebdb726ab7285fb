import { act, screen, waitFor, within } from '@testing-library/react';
import type uPlot from 'uplot';
import { CheckDetailDialog } from '../../../../src/features/health/detail/CheckDetailDialog';
import { chartEventsBackend, eventRows } from '../../../support/chartEventsBackend';
import { renderApp } from '../../../support/renderApp';
import { plots } from '../../../support/uplotMock';
import { CHECK_ID, checkBackend, minutesAgo } from './checkBackend';

jest.mock('uplot', () => jest.requireActual('../../../support/uplotMock'));

const DAY = 86_400_000;

/** The check's resources as the reads name them: itself, its configs and its component. */
const RESOURCES = `(check_id.eq.${CHECK_ID},config_id.in.(cfg-1,cfg-2),component_id.in.(comp-1))`;

const ui = {
  chart: () => screen.findByRole('region', { name: 'Health Overview' }),
  toggle: (name: string) => screen.getByRole('checkbox', { name }),
  markers: () => screen.findByRole('list', { name: 'Events on Health Overview' }),
};

function renderCheck(events?: string) {
  checkBackend();
  const query = events === undefined ? '' : `&events=${events}`;
  return renderApp(<CheckDetailDialog checkId={CHECK_ID} onClose={jest.fn()} />, {
    url: `/health?checkId=${CHECK_ID}${query}`,
  });
}

/** The x range the chart was last given. */
function xRange(): [number, number] | undefined {
  const options = plots[plots.length - 1]?.options as uPlot.Options | undefined;
  const range = options?.scales?.x?.range;
  return typeof range === 'function'
    ? (range({} as uPlot, 0, 0, 'x') as [number, number])
    : undefined;
}

const originalHeight = window.innerHeight;

/** A tall screen: the chart shows above the tabs (a short one puts it in a tab). */
function setWindowHeight(height: number) {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
}

beforeEach(() => {
  plots.length = 0;
  setWindowHeight(1080);
});

afterEach(() => setWindowHeight(originalHeight));

describe('events on the check’s Health Overview', () => {
  it('draws the check’s runs, its configs’ changes and its incidents over its range', async () => {
    // The check last ran 2.5 days ago: it opens on 3 days. One of each kind an hour ago, one
    // more ten days ago.
    const inside = eventRows(minutesAgo(60));
    const outside = eventRows(minutesAgo(10 * 24 * 60), '-old');
    const backend = chartEventsBackend({
      changes: [...inside.changes, ...outside.changes],
      runs: [...inside.runs, ...outside.runs],
      incidents: [...inside.incidents, ...outside.incidents],
    });
    renderCheck('changes,runs,incidents');

    const list = await ui.markers();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getByRole('link', { name: /^Change: diff on payments-api/ })).toBeVisible();
    expect(within(list).getByRole('link', { name: /^Playbook run: Restart pod/ })).toBeVisible();
    expect(within(list).getByRole('link', { name: /^Incident: INC-0042/ })).toBeVisible();

    expect(backend.requests.changes[0]!.get('config_id')).toBe('in.(cfg-1,cfg-2)');
    expect(backend.requests.runs[0]!.get('or')).toBe(RESOURCES);
    expect(backend.requests.runs[0]!.get('parent_id')).toBe('is.null');
    expect(backend.requests.incidents[0]!.get('hypotheses.evidences.or')).toBe(RESOURCES);
    const [from, to] = backend.requests.runs[0]!.getAll('created_at').map((bound) =>
      Date.parse(bound.replace(/^(gte|lte)\./, '')),
    );
    expect(to! - from!).toBe(3 * DAY);
    // The chart spans the same window, so an event before the first run is on it.
    await waitFor(() => expect(xRange()).toEqual([from! / 1000, to! / 1000]));
  });

  it('shows what, who and when when a marker has the keyboard’s focus', async () => {
    chartEventsBackend(eventRows(minutesAgo(60)));
    renderCheck('incidents');

    const list = await ui.markers();
    const marker = await within(list).findByRole('link', { name: /^Incident: / });
    act(() => marker.focus());
    const tip = await screen.findByTestId('chart-event-tip');
    expect(tip).toHaveTextContent('By Grace Hopper');
    expect(within(tip).getByRole('link', { name: 'INC-0042 Payments slow' })).toHaveAttribute(
      'href',
      '/incidents/incident-1',
    );
  });

  it('keeps the chosen kinds in the address beside the check', async () => {
    const backend = chartEventsBackend(eventRows(minutesAgo(60)));
    const { user, currentUrl } = renderCheck();

    await ui.chart();
    await user.click(ui.toggle('Changes'));
    await waitFor(() => expect(currentUrl()).toBe(`/health?checkId=${CHECK_ID}&events=changes`));
    expect(await ui.markers()).toBeInTheDocument();
    expect(backend.requests.changes).toHaveLength(1);
    expect(backend.requests.runs).toHaveLength(0);
  });

  it('asks for no events while every kind is off, and spans its runs', async () => {
    const backend = chartEventsBackend(eventRows(minutesAgo(60)));
    const { store } = renderCheck();

    await ui.chart();
    await waitFor(() => expect(plots.length).toBeGreaterThan(0));
    expect(ui.toggle('Incidents')).not.toBeChecked();
    expect(xRange()).toBeUndefined();
    const asked = Object.keys(store.getState().api.queries).filter((key) =>
      key.startsWith('getChart'),
    );
    expect(asked).toEqual([]);
    expect(backend.all()).toHaveLength(0);
  });
});
