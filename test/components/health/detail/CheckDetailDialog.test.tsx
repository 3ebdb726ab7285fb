import { Classes } from '@blueprintjs/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { formatDate } from '../../../../src/lib/dates';
import { CheckDetailDialog } from '../../../../src/features/health/detail/CheckDetailDialog';
import type { RenderAppOptions } from '../../../support/renderApp';
import { renderApp } from '../../../support/renderApp';
import type { CheckBackendOptions } from './checkBackend';
import { postgrestTable } from '../../../support/postgrestTable';
import { CHECK_ID, checkBackend, checkFixture, minutesAgo } from './checkBackend';
import { findTable } from '../../../support/tables';
import { plots } from '../../../support/uplotMock';

jest.mock('uplot', () => jest.requireActual('../../../support/uplotMock'));

const CRD_CONFIG_ID = '0190a3f2-0000-7000-8000-0000000000c0';

// Monaco needs a real browser; the editor is replaced by its text.
jest.mock('../../../../src/ui/CodeEditor/monacoSetup', () => ({}));
jest.mock('@monaco-editor/react', () => jest.requireActual('../../../support/monacoMock'));

const ui = {
  dialog: () => screen.findByRole('dialog', { name: 'payments-api-health' }),
  tile: (name: string) => screen.getByRole('group', { name }),
  timeRange: () => screen.getByRole('combobox', { name: 'Time Range' }),
  statusFilter: () => screen.getByRole('combobox', { name: 'Status' }),
  durationFilter: () => screen.getByRole('combobox', { name: 'Duration' }),
  customDuration: () => screen.findByRole('textbox', { name: 'Custom duration' }),
  tab: (name: string | RegExp) => screen.getByRole('tab', { name }),
  historyTable: () => findTable('Check history'),
  runNow: () => screen.queryByRole('button', { name: /Run Now/ }),
};

const originalHeight = window.innerHeight;

function setWindowHeight(height: number) {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
}

function renderDialog(
  backend: CheckBackendOptions = {},
  options: RenderAppOptions & { embedded?: boolean } = {},
) {
  const { requests } = checkBackend(backend);
  const onClose = jest.fn();
  const rendered = renderApp(
    <CheckDetailDialog checkId={CHECK_ID} onClose={onClose} embedded={options.embedded} />,
    { url: `/health?checkId=${CHECK_ID}`, ...options },
  );
  return { ...rendered, requests, onClose };
}

/** The last history request's parameters, once one matching `predicate` was sent. */
async function historyRequestWhere(
  requests: ReturnType<typeof checkBackend>['requests'],
  predicate: (params: URLSearchParams) => boolean,
) {
  await waitFor(() => expect(requests.history.some((r) => predicate(r.params))).toBe(true));
  return requests.history.filter((r) => predicate(r.params)).at(-1)!.params;
}

beforeEach(() => {
  plots.length = 0;
  setWindowHeight(1080);
});

afterEach(async () => {
  setWindowHeight(originalHeight);
  // The shared setup clears the toasts; they leave the page after their exit transition, and
  // the next test starts without.
  await waitFor(() => expect(document.querySelector('.bp6-toast')).toBeNull());
});

describe('check detail dialog: header and tiles', () => {
  it('shows what the check is, with its metrics over the range', async () => {
    renderDialog();
    await ui.dialog();
    const summary = await screen.findByRole('group', { name: 'Check summary' });
    expect(within(summary).getByLabelText('Type')).toHaveTextContent('http');
    expect(within(summary).getByLabelText('Namespace')).toHaveTextContent('payments');
    expect(within(summary).getByLabelText('Endpoint')).toHaveTextContent(
      'https://payments.example.com/health',
    );
    expect(within(summary).getByLabelText('Agent')).toHaveTextContent('eu-west-agent');

    await waitFor(() => expect(ui.tile('Uptime')).toHaveTextContent('99.50%'));
    expect(ui.tile('Uptime')).toHaveTextContent('199 passed');
    expect(ui.tile('Uptime')).toHaveTextContent('1 failed');
    expect(ui.tile('Latency')).toHaveTextContent('95% 120ms');
    expect(ui.tile('Latency')).toHaveTextContent('97% 250ms');
    expect(ui.tile('Latency')).toHaveTextContent('99% 1.5s');
    expect(ui.tile('Severity')).toHaveTextContent('high');
    expect(ui.tile('Last Run')).toHaveTextContent('2d ago');
    expect(ui.tile('Last Run')).toHaveTextContent('Transitioned 5h ago');
    expect(ui.tile('Next Run')).toHaveTextContent('in 2h');
  });

  it.each([
    ['the severity of the spec', { severity: null, spec: { severity: 'critical' } }, 'critical'],
    ['a dash', { severity: '', spec: { url: 'https://x' } }, '-'],
  ])('falls back to %s for the severity', async (_name, overrides, shown) => {
    renderDialog({ check: checkFixture(overrides) });
    await ui.dialog();
    await waitFor(() => expect(ui.tile('Severity')).toHaveTextContent(shown));
  });

  it('says so when the check does not exist', async () => {
    renderDialog({ check: null });
    expect(await screen.findByRole('heading', { name: 'Check not found' })).toBeInTheDocument();
    expect(ui.runNow()).toBeNull();
  });

  it('closes from its close button', async () => {
    const { user, onClose } = renderDialog();
    const dialog = await ui.dialog();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('check detail dialog: time range', () => {
  it('opens on the range that reaches the last run, and asks for it', async () => {
    const { requests, currentUrl } = renderDialog();
    await ui.dialog();
    await waitFor(() => expect(ui.timeRange()).toHaveValue('3d'));
    await waitFor(() => expect(requests.graph.at(-1)?.get('start')).toBe('3d'));
    expect(requests.graph.at(-1)?.get('check')).toBe(CHECK_ID);
    expect(requests.graph.at(-1)?.get('count')).toBe('300');
    const params = await historyRequestWhere(requests, () => true);
    const since = Date.parse(params.get('time')!.replace(/^gt\./, ''));
    expect(Math.abs(since - Date.parse(minutesAgo(3 * 24 * 60)))).toBeLessThan(60_000);
    // The default is not written into the address.
    expect(currentUrl()).toBe(`/health?checkId=${CHECK_ID}`);
  });

  it('opens on a recent check with 1h', async () => {
    const { requests } = renderDialog({ check: checkFixture({ last_runtime: minutesAgo(2) }) });
    await ui.dialog();
    await waitFor(() => expect(ui.timeRange()).toHaveValue('1h'));
    await waitFor(() => expect(requests.graph.at(-1)?.get('start')).toBe('1h'));
  });

  it('takes the range from the address, and writes a new choice there', async () => {
    const { requests, user, currentUrl } = renderDialog(
      {},
      { url: `/health?checkId=${CHECK_ID}&timeRange=2w` },
    );
    await ui.dialog();
    await waitFor(() => expect(ui.timeRange()).toHaveValue('2w'));
    expect(requests.graph.at(-1)?.get('start')).toBe('2w');

    await user.selectOptions(ui.timeRange(), '2mo');
    expect(currentUrl()).toBe(`/health?checkId=${CHECK_ID}&timeRange=2mo`);
    await waitFor(() =>
      expect(requests.graph.at(-1)?.get('start')).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/),
    );
    const start = Date.parse(requests.graph.at(-1)!.get('start')!);
    const twoMonths = Date.now() - start;
    expect(twoMonths).toBeGreaterThan(58 * 24 * 3600_000);
    expect(twoMonths).toBeLessThan(63 * 24 * 3600_000);
  });
});

describe('check detail dialog: chart', () => {
  it('draws the runs of the range above the tabs on a tall screen', async () => {
    renderDialog();
    await ui.dialog();
    await waitFor(() => expect(plots.at(-1)?.data[0]).toHaveLength(3));
    const [times, passed, failed] = plots.at(-1)!.data;
    expect(times).toEqual([...times!].sort());
    expect(passed).toEqual([80, null, 120]);
    expect(failed).toEqual([null, 900, null]);
    expect(screen.getByRole('img', { name: 'Health Overview chart' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Graph' })).toBeNull();
  });

  it('moves the chart into a Graph tab on a screen under 992 px high', async () => {
    setWindowHeight(900);
    const { user } = renderDialog();
    await ui.dialog();
    await screen.findByRole('tab', { name: 'Graph' });
    expect(screen.queryByRole('img', { name: 'Health Overview chart' })).toBeNull();
    await user.click(ui.tab('Graph'));
    expect(await screen.findByRole('img', { name: 'Health Overview chart' })).toBeInTheDocument();

    // Growing the window brings the chart back above the tabs.
    setWindowHeight(1200);
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Graph' })).toBeNull());
    expect(screen.getByRole('img', { name: 'Health Overview chart' })).toBeInTheDocument();
  });
});

describe('check detail dialog: history', () => {
  it('lists the first page of 50 with a count, and pages on', async () => {
    const { requests, user } = renderDialog({ historyTotal: 120 });
    const table = await ui.historyTable();
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    const first = requests.history[0]!;
    expect(first.prefer).toBe('count=exact');
    expect(first.params.get('check_id')).toBe(`eq.${CHECK_ID}`);
    expect(first.params.get('order')).toBe('time.desc');
    expect(first.params.get('limit')).toBe('50');
    expect(first.params.get('offset')).toBe('0');
    expect(screen.getByText(/Page 1 of 3/)).toBeInTheDocument();
    // The failing run of the fixture shows its error line by line.
    expect(within(table).getAllByText('connection refused').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await historyRequestWhere(requests, (params) => params.get('offset') === '50');
    expect(await screen.findByText(/Page 2 of 3/)).toBeInTheDocument();
  });

  it('keeps the page in the address: a reload shows it, another range starts at page 1', async () => {
    const { requests, user, currentUrl } = renderDialog(
      { historyTotal: 120 },
      { url: `/health?checkId=${CHECK_ID}&timeRange=1d&historyPage=2` },
    );
    await historyRequestWhere(requests, (params) => params.get('offset') === '100');
    expect(await screen.findByText(/Page 3 of 3/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText(/Page 2 of 3/)).toBeInTheDocument();
    expect(currentUrl()).toContain('historyPage=1');

    await user.selectOptions(ui.timeRange(), '3d');
    await waitFor(() => expect(currentUrl()).not.toContain('historyPage'));
    expect(await screen.findByText(/Page 1 of 3/)).toBeInTheDocument();
  });

  it('sends status=eq.1 for Healthy and eq.0 for Unhealthy', async () => {
    const { requests, user } = renderDialog();
    await ui.historyTable();
    expect(requests.history.every((r) => !r.params.has('status'))).toBe(true);

    await user.selectOptions(ui.statusFilter(), 'Healthy');
    await historyRequestWhere(requests, (params) => params.get('status') === 'eq.1');
    await user.selectOptions(ui.statusFilter(), 'Unhealthy');
    await historyRequestWhere(requests, (params) => params.get('status') === 'eq.0');
  });

  it('sends a preset duration in milliseconds', async () => {
    const { requests, user } = renderDialog();
    await ui.historyTable();
    await user.selectOptions(ui.durationFilter(), '5s');
    await historyRequestWhere(requests, (params) => params.get('duration') === 'gte.5000');
  });

  it('refuses a custom duration that is not in ms or s', async () => {
    const { requests, user } = renderDialog();
    await ui.historyTable();
    await user.selectOptions(ui.durationFilter(), 'Custom');
    await user.type(await ui.customDuration(), '5m{Enter}');
    expect(
      await screen.findByText('duration is allowed only in milli seconds & seconds'),
    ).toBeInTheDocument();
    expect(requests.history.some((r) => r.params.has('duration'))).toBe(false);
  });

  it('sends a custom 2s as duration=gte.2000', async () => {
    const { requests, user } = renderDialog();
    await ui.historyTable();
    await user.selectOptions(ui.durationFilter(), 'Custom');
    await user.type(await ui.customDuration(), '2s');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await historyRequestWhere(requests, (params) => params.get('duration') === 'gte.2000');
    expect(screen.queryByText('duration is allowed only in milli seconds & seconds')).toBeNull();
  });

  it('shows a history failure in the history, with Retry', async () => {
    renderDialog({
      historyFails: { status: 400, body: { code: '42703', message: 'column "x" does not exist' } },
    });
    await ui.dialog();
    const reason = await screen.findByText('column "x" does not exist');
    const alert = reason.closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('Error loading the history');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('refuses a custom duration that is not in milliseconds or seconds, under the field', async () => {
    const { user } = renderDialog();
    await ui.historyTable();
    await user.selectOptions(ui.durationFilter(), 'Custom');
    await user.type(await ui.customDuration(), '2 minutes');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'duration is allowed only in milli seconds & seconds',
    );
    await user.type(await ui.customDuration(), 'x');
    expect(screen.queryByText('duration is allowed only in milli seconds & seconds')).toBeNull();
  });
});

describe('check detail dialog: spec and relationships', () => {
  it('shows the canary spec, stored as JSON, as YAML', async () => {
    const { requests, user } = renderDialog();
    await ui.dialog();
    await waitFor(() => expect(ui.tab('Spec')).toBeInTheDocument());
    expect(requests.spec).toHaveLength(0);
    await user.click(ui.tab('Spec'));
    const code = await screen.findByTestId('code');
    expect(code.textContent).toBe(
      [
        "schedule: '@every 5m'",
        'http:',
        '  - name: payments-api-health',
        '    url: https://payments.example.com/health',
        '',
      ].join('\n'),
    );
    expect(requests.spec[0]?.get('id')).toBe(`eq.${checkFixture().canary_id}`);
    expect(requests.spec[0]?.get('select')).toBe('id,source,spec,name,namespace');
  });

  it('links components to the topology and configs to the catalog, with a count', async () => {
    const { user } = renderDialog();
    await ui.dialog();
    const tab = await screen.findByRole('tab', { name: /Relationships/ });
    expect(tab).toHaveTextContent('Relationships3');
    await user.click(tab);
    expect(await screen.findByRole('link', { name: 'payments-api' })).toHaveAttribute(
      'href',
      '/topology/comp-1',
    );
    expect(screen.getByRole('link', { name: 'payments-deployment' })).toHaveAttribute(
      'href',
      '/catalog/cfg-1',
    );
    expect(screen.getByRole('link', { name: 'payments-legacy-service' })).toHaveAttribute(
      'href',
      '/catalog/cfg-2',
    );
  });

  it('says when a config was deleted', async () => {
    const { user } = renderDialog();
    await ui.dialog();
    await user.click(await screen.findByRole('tab', { name: /Relationships/ }));
    const when = formatDate('2024-05-01T10:00:00Z', { format: 'medium', timezone: 'browser' });
    const deleted = await screen.findAllByLabelText(`Deleted: ${when}`);
    expect(deleted).toHaveLength(1);
    await user.hover(deleted[0]!);
    expect(
      await screen.findByText(`Deleted: ${when}`, { selector: `.${Classes.POPOVER_CONTENT}` }),
    ).toBeInTheDocument();
  });
});

describe('check detail dialog: footer', () => {
  it('links to the canary settings for a canary made in the console', async () => {
    renderDialog();
    await ui.dialog();
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/settings/canaries/${checkFixture().canary_id}`,
    );
  });

  it('links to the component that generated the canary, found by its id (TOPO-02)', async () => {
    const components = postgrestTable('components', [
      { id: 'comp-9', name: 'checkout', icon: 'k8s', type: 'Service' },
    ]);
    renderDialog({
      check: checkFixture({
        canaries: { id: 'k', name: 'generated', source: 'component/comp-9' },
      }),
    });
    await ui.dialog();
    expect(await screen.findByRole('link', { name: 'Edit source component' })).toHaveAttribute(
      'href',
      '/topology/comp-9',
    );
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect([...components.reads[0]!.url.searchParams]).toEqual([['id', 'eq.comp-9']]);
  });

  it('has no source link when the component that generated the canary is gone', async () => {
    const components = postgrestTable('components', []);
    renderDialog({
      check: checkFixture({
        canaries: { id: 'k', name: 'generated', source: 'component/comp-gone' },
      }),
    });
    await ui.dialog();
    await waitFor(() => expect(components.reads).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Edit source component' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('links a kubernetes canary to the catalog item its source names (CAT-06)', async () => {
    const configs = postgrestTable('configs', [
      { id: CRD_CONFIG_ID, name: 'payments-api', type: 'MissionControl::Canary' },
    ]);
    renderDialog({
      check: checkFixture({
        canaries: { id: 'k', name: 'payments-api', source: `kubernetes/${CRD_CONFIG_ID}` },
      }),
    });
    await ui.dialog();
    expect(
      await screen.findByRole('link', { name: 'CRD linked to payments/payments-api' }),
    ).toHaveAttribute('href', `/catalog/${CRD_CONFIG_ID}`);
    expect([...configs.reads[0]!.url.searchParams]).toEqual([
      ['id', `eq.${CRD_CONFIG_ID}`],
      ['select', 'id,name,config_class,type'],
    ]);
  });

  it('names the CRD of a kubernetes canary without linking by the canary id', async () => {
    const configs = postgrestTable('configs', []);
    renderDialog({
      check: checkFixture({
        canaries: { id: 'k', name: 'payments-api', source: 'KubernetesCRD' },
      }),
    });
    const dialog = await ui.dialog();
    expect(
      await within(dialog).findByText('CRD linked to payments/payments-api'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /CRD linked to/ })).toBeNull();
    expect(configs.reads).toHaveLength(0);
  });

  it.each([['viewer'], ['guest']])('hides Run Now from a %s', async (role) => {
    renderDialog({}, { user: { roles: [role] } });
    await ui.dialog();
    await screen.findByRole('link', { name: 'Edit' });
    expect(ui.runNow()).toBeNull();
  });

  it.each([['responder'], ['commander'], ['editor'], ['admin']])(
    'shows Run Now to a %s',
    async (role) => {
      renderDialog({}, { user: { roles: [role] } });
      await ui.dialog();
      await waitFor(() => expect(ui.runNow()).toBeInTheDocument());
    },
  );

  it('runs the check, then reloads it and its history', async () => {
    const { requests, user } = renderDialog({}, { user: { roles: ['responder'] } });
    await ui.historyTable();
    await waitFor(() => expect(requests.graph.length).toBeGreaterThan(0));
    const before = {
      detail: requests.detail.length,
      history: requests.history.length,
      graph: requests.graph.length,
    };
    await user.click(ui.runNow()!);
    await waitFor(() => expect(requests.runs).toEqual([CHECK_ID]));
    await waitFor(() => expect(requests.history.length).toBeGreaterThan(before.history));
    await waitFor(() => expect(requests.detail.length).toBeGreaterThan(before.detail));
    await waitFor(() => expect(requests.graph.length).toBeGreaterThan(before.graph));
    await waitFor(() => expect(ui.runNow()).toBeEnabled());
  });

  it('runs the check once when the address asks (`run=1`), and drops the hint', async () => {
    const { requests, currentUrl } = renderDialog(
      {},
      { user: { roles: ['responder'] }, url: `/health?checkId=${CHECK_ID}&run=1` },
    );
    await waitFor(() => expect(requests.runs).toEqual([CHECK_ID]));
    await waitFor(() => expect(currentUrl()).toBe(`/health?checkId=${CHECK_ID}`));
    await waitFor(() => expect(ui.runNow()).toBeEnabled());
    expect(requests.runs).toEqual([CHECK_ID]);
  });

  it('does not run the check for a viewer whose address asks', async () => {
    const { requests, currentUrl } = renderDialog(
      {},
      { user: { roles: ['viewer'] }, url: `/health?checkId=${CHECK_ID}&run=1` },
    );
    await ui.dialog();
    await waitFor(() => expect(currentUrl()).toBe(`/health?checkId=${CHECK_ID}`));
    expect(requests.runs).toEqual([]);
  });

  it("shows the server's message when the run fails", async () => {
    const { requests, user } = renderDialog({
      runFails: { status: 500, body: { error: 'canary runner is busy' } },
    });
    await ui.historyTable();
    const history = requests.history.length;
    await user.click(ui.runNow()!);
    expect(await screen.findByText('canary runner is busy')).toBeInTheDocument();
    expect(requests.runs).toEqual([CHECK_ID]);
    await waitFor(() => expect(ui.runNow()).toBeEnabled());
    expect(requests.history).toHaveLength(history);
  });
});
