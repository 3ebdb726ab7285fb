import { screen, waitFor, within } from '@testing-library/react';
import type { ViewPanel } from '../../../src/api/schemas/views';
import { formatDate } from '../../../src/lib/dates';
import { selectPreferences } from '../../../src/shell/preferencesSlice';
import { ViewPanels } from '../../../src/widgets/view/ViewPanels';
import { chartEventsBackend, eventRows } from '../../support/chartEventsBackend';
import { renderApp } from '../../support/renderApp';

jest.mock('uplot', () => jest.requireActual('../../support/uplotMock'));

const T0 = '2026-03-24T20:00:00.000Z';
const T1 = '2026-03-24T20:05:00.000Z';
const T2 = '2026-03-24T20:10:00.000Z';
const LATER = '2026-03-25T09:00:00.000Z';
const CONFIG_ID = '5b0c7d1e-0000-4000-8000-000000000c01';

/** Changes counted by time: rows that name no config, about the whole estate. */
const COUNTS: ViewPanel = {
  name: 'Recent changes',
  type: 'timeseries',
  timeseries: { timeKey: 'timestamp', valueKey: 'value' },
  rows: [
    { timestamp: T0, value: 1 },
    { timestamp: T1, value: 4 },
    { timestamp: T2, value: 2 },
  ],
};

/** Rows of one config item: its events only. */
const OF_A_CONFIG: ViewPanel = {
  ...COUNTS,
  name: 'Restarts',
  rows: (COUNTS.rows ?? []).map((row) => ({ ...row, config_id: CONFIG_ID })),
};

const ui = {
  toggle: (name: string) => screen.getByRole('checkbox', { name }),
  markers: (chart: string) => screen.findByRole('list', { name: `Events on ${chart}` }),
  marker: (name: RegExp) => screen.findByRole('link', { name }),
};

/** The window's bounds as the reads send them. */
const windowOf = (params: URLSearchParams) => params.getAll('created_at');

describe('events on a view time series', () => {
  it('draws a marker for each kind inside the range, asked for the panel’s span', async () => {
    // Inside: one of each kind at T1; outside (after the last point): one more of each.
    const inside = eventRows(T1);
    const outside = eventRows(LATER, '-later');
    const backend = chartEventsBackend({
      changes: [...outside.changes, ...inside.changes],
      runs: [...outside.runs, ...inside.runs],
      incidents: [...outside.incidents, ...inside.incidents],
    });
    renderApp(<ViewPanels panels={[COUNTS]} />, { url: '/?events=changes,runs,incidents' });

    const list = await ui.markers('Recent changes');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('data-kind')),
    ).toEqual(['changes', 'runs', 'incidents']);
    expect(within(list).queryByRole('link', { name: /later/ })).toBeNull();

    for (const kind of ['changes', 'runs', 'incidents'] as const) {
      expect(backend.requests[kind]).toHaveLength(1);
      const params = backend.requests[kind][0]!;
      expect(windowOf(params)).toEqual([`gte.${T0}`, `lte.${T2}`]);
      expect(params.get('order')).toBe('created_at.desc');
      expect(params.get('limit')).toBe('200');
    }
    // The estate's events: no resource named.
    expect(backend.requests.changes[0]!.get('config_id')).toBeNull();
    expect(backend.requests.runs[0]!.get('or')).toBeNull();
    expect(backend.requests.incidents[0]!.get('hypotheses.evidences.or')).toBeNull();
  });

  it('asks for the events of the config items the rows name', async () => {
    const backend = chartEventsBackend(eventRows(T1));
    renderApp(<ViewPanels panels={[OF_A_CONFIG]} />, { url: '/?events=changes,runs,incidents' });

    await ui.markers('Restarts');
    expect(backend.requests.changes[0]!.get('config_id')).toBe(`in.(${CONFIG_ID})`);
    expect(backend.requests.runs[0]!.get('or')).toBe(`(config_id.in.(${CONFIG_ID}))`);
    expect(backend.requests.incidents[0]!.get('hypotheses.evidences.or')).toBe(
      `(config_id.in.(${CONFIG_ID}))`,
    );
    expect(backend.requests.incidents[0]!.get('select')).toContain(
      'hypotheses!inner(id,evidences!inner(id))',
    );
  });

  it('says what, who and when on hover, each marker linking to its change, run or incident', async () => {
    chartEventsBackend(eventRows(T1));
    const { user, store } = renderApp(<ViewPanels panels={[COUNTS]} />, {
      url: '/?events=changes,runs,incidents',
    });
    const { dateTimeFormat, timezone } = selectPreferences(store.getState());
    const when = formatDate(T1, { format: dateTimeFormat, timezone });

    const change = await ui.marker(/^Change: diff on payments-api, by deploy-bot/);
    expect(change).toHaveAttribute(
      'href',
      '/catalog/changes?changeId=change-1&changeConfigId=f2c1a9e0-0000-4000-8000-00000000c0f1',
    );
    const run = await ui.marker(/^Playbook run: Restart pod \(completed\), by Ada Lovelace/);
    expect(run).toHaveAttribute('href', '/playbooks/runs/run-1');
    const incident = await ui.marker(/^Incident: INC-0042 Payments slow, by Grace Hopper/);
    expect(incident).toHaveAttribute('href', '/incidents/incident-1');
    expect(incident).toHaveAccessibleName(
      `Incident: INC-0042 Payments slow, by Grace Hopper, ${when}`,
    );

    await user.hover(run);
    const tip = await screen.findByTestId('chart-event-tip');
    expect(tip).toHaveTextContent('Playbook run');
    expect(tip).toHaveTextContent('By Ada Lovelace');
    expect(tip).toHaveTextContent(when);
    expect(within(tip).getByRole('link', { name: 'Restart pod (completed)' })).toHaveAttribute(
      'href',
      '/playbooks/runs/run-1',
    );
  });

  it('reads the kinds from the address and writes the toggles into it', async () => {
    const backend = chartEventsBackend(eventRows(T1));
    const { user, currentUrl } = renderApp(<ViewPanels panels={[COUNTS]} />, {
      url: '/?events=incidents',
    });

    await ui.markers('Recent changes');
    expect(ui.toggle('Incidents')).toBeChecked();
    expect(ui.toggle('Changes')).not.toBeChecked();
    expect(ui.toggle('Playbook runs')).not.toBeChecked();
    expect(backend.requests.runs).toHaveLength(0);

    await user.click(ui.toggle('Playbook runs'));
    await waitFor(() => expect(currentUrl()).toBe('/?events=runs%2Cincidents'));
    await ui.marker(/^Playbook run: /);
    expect(backend.requests.runs).toHaveLength(1);

    await user.click(ui.toggle('Incidents'));
    await user.click(ui.toggle('Playbook runs'));
    await waitFor(() => expect(currentUrl()).toBe('/'));
    expect(screen.queryByRole('list', { name: 'Events on Recent changes' })).toBeNull();
  });

  it('asks for no events while every kind is off', async () => {
    const backend = chartEventsBackend(eventRows(T1));
    const { store } = renderApp(<ViewPanels panels={[COUNTS]} />);

    expect(await screen.findByRole('group', { name: 'Events on the chart' })).toBeInTheDocument();
    for (const name of ['Changes', 'Playbook runs', 'Incidents']) {
      expect(ui.toggle(name)).not.toBeChecked();
    }
    expect(screen.queryByRole('list', { name: 'Events on Recent changes' })).toBeNull();
    // Not even started: a query is in the store from the moment it is asked for.
    const asked = Object.keys(store.getState().api.queries).filter((key) =>
      key.startsWith('getChart'),
    );
    expect(asked).toEqual([]);
    expect(backend.all()).toHaveLength(0);
  });
});
