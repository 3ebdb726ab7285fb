import '../../support/withEditableMonacoMock';
import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { notificationSilencesApi } from '../../../src/api/endpoints/notificationSilences';
import { appPages } from '../../../src/app/routes';
import { RECURRENCE_PROBE } from '../../../src/features/notifications/silences/useRecurringSilences';
import { server } from '../../support/msw';
import type { SearchBody } from '../../support/resourceSearch';
import { resourceSearch } from '../../support/resourceSearch';
import { renderPages } from '../../support/renderPages';

const SLOW = { timeout: 10_000 };

const CONFIG_ID = '018f4b8e-7777-7000-8000-0000000000d1';
const COMPONENT_ID = '018f4b8e-7777-7000-8000-0000000000d2';
const SEND_ID = '018f4b8e-7777-7000-8000-0000000000f1';
const RULE_ID = '018f4b8e-7777-7000-8000-0000000000f2';

const PREVIEW_ROW = {
  id: SEND_ID,
  notification_id: RULE_ID,
  status: 'sent',
  source_event: 'config.unhealthy',
  resource_id: CONFIG_ID,
  created_at: '2026-01-05T10:00:00.000Z',
  resource: { id: CONFIG_ID, name: 'orders-db', type: 'AWS::RDS::DBInstance' },
  body_markdown: 'orders-db is unhealthy',
};

/** A rule of the "all rules" list (NOTIF-01), by which the preview names its rule. */
const RULE = { id: RULE_ID, name: 'db-alerts', namespace: 'ops', title: 'Database alerts' };

interface Backend {
  previews: URL[];
  /** The MISC-03 searches received. */
  searches: SearchBody[];
  creates: unknown[];
  /** The answer of the next POSTs: 400 with this error when set. */
  refuse?: string;
  /** What the preview answers. */
  previewRows: Array<typeof PREVIEW_ROW> | null;
  /** The windows asked (the probe first). */
  windows: URL[];
}

/** The windows of the demo backend: the last (with what it muted) and the next. */
const WINDOWS = {
  last: {
    start: '2026-01-05T21:00:00.000Z',
    end: '2026-01-05T23:00:00.000Z',
    muted: [{ ...PREVIEW_ROW, created_at: '2026-01-05T21:30:00.000Z' }],
  },
  next: { start: '2099-01-05T21:00:00.000Z', end: '2099-01-05T23:00:00.000Z', muted: null },
};

/** `windows`: the backend has maintenance windows; else their endpoint answers 404. */
function formBackend(windows = false): Backend {
  const searches = resourceSearch({
    configs: [{ id: CONFIG_ID, name: 'orders-db', type: 'AWS::RDS' }],
    components: [{ id: COMPONENT_ID, name: 'payments' }],
  });
  const backend: Backend = {
    previews: [],
    searches,
    creates: [],
    previewRows: [PREVIEW_ROW],
    windows: [],
  };
  server.use(
    http.get('*/api/notification/silence_windows', ({ request }) => {
      backend.windows.push(new URL(request.url));
      if (!windows) return HttpResponse.json({ error: 'not found' }, { status: 404 });
      return HttpResponse.json(WINDOWS);
    }),
    http.get('*/api/db/notifications_summary', () => HttpResponse.json([RULE])),
    http.get('*/api/notification/silence_preview', ({ request }) => {
      backend.previews.push(new URL(request.url));
      return HttpResponse.json(backend.previewRows);
    }),
    http.post('*/api/notification/silence', async ({ request }) => {
      const body = await request.json();
      if (backend.refuse) return HttpResponse.json({ error: backend.refuse }, { status: 400 });
      backend.creates.push(body);
      return new HttpResponse(null, { status: 200 });
    }),
    http.get('*/api/db/notification_silences', () =>
      HttpResponse.json([], { headers: { 'Content-Range': '*/0' } }),
    ),
  );
  return backend;
}

const PAGES = appPages.filter((page) => page.path.startsWith('/notifications/silences'));

function renderForm(url = '/notifications/silences/add', roles?: string[], windows = false) {
  const backend = formBackend(windows);
  const rendered = renderPages(PAGES, url, { roles });
  return { ...rendered, backend };
}

const ui = {
  form: () => screen.findByRole('form', { name: 'Add silence' }, SLOW),
  name: () => screen.getByRole('textbox', { name: /^Name/ }),
  filter: () => screen.getByRole('textbox', { name: /Filter \(CEL\)/ }),
  selectors: () =>
    within(screen.getByRole('group', { name: 'Selectors (YAML)' })).getByRole('textbox', {
      name: 'Code',
    }),
  save: () => screen.getByRole('button', { name: 'Save' }),
  preview: () =>
    screen.getByRole('region', { name: 'Notifications this silence would have muted' }),
};

/** The query of the latest preview request, as pairs. */
const lastPreview = (backend: Backend) => [...backend.previews.at(-1)!.searchParams];

describe('add silence form', () => {
  it('says so when no target is given, and sends nothing', async () => {
    const { user, backend } = renderForm();
    await ui.form();
    await user.type(ui.name(), 'quiet');
    await user.click(ui.save());
    expect(
      await screen.findByText(
        'Choose what to silence: a resource, a CEL filter or selectors (exactly one)',
      ),
    ).toBeInTheDocument();
    expect(backend.creates).toHaveLength(0);
  });

  it('says so when two targets are given', async () => {
    const { user, backend } = renderForm(`/notifications/silences/add?config_id=${CONFIG_ID}`);
    await ui.form();
    await user.type(ui.name(), 'quiet');
    await user.type(ui.filter(), 'true');
    expect(
      await screen.findByText('Give only one of a resource, a CEL filter or selectors'),
    ).toBeInTheDocument();
    await user.click(ui.save());
    expect(backend.creates).toHaveLength(0);
  });

  it('previews the notifications a filter would mute', async () => {
    const { user, backend } = renderForm();
    await ui.form();
    expect(
      within(ui.preview()).getByText(/Choose a resource, a filter or selectors/),
    ).toBeInTheDocument();
    await user.type(ui.filter(), 'config.type == "AWS"');
    const table = await within(ui.preview()).findByRole(
      'table',
      { name: 'Preview', busy: false },
      SLOW,
    );
    await within(table).findByText('orders-db', undefined, SLOW);
    expect(lastPreview(backend)).toEqual([['filter', 'config.type == "AWS"']]);
    const row = within(table).getByText('orders-db').closest('tr')!;
    const status = within(row).getByText('Sent');
    expect(status.closest(`.${Classes.TAG}`)).toHaveClass(Classes.INTENT_SUCCESS);
    expect(row).toHaveTextContent('config.unhealthy');
    expect(await within(row).findByText('Database alerts', undefined, SLOW)).toBeInTheDocument();
    expect(row).not.toHaveTextContent(RULE_ID.slice(0, 8));
  });

  it('previews selectors as JSON and says when nothing matches', async () => {
    const { user, backend } = renderForm();
    backend.previewRows = null;
    await ui.form();
    await user.click(ui.selectors());
    await user.paste('- name: web-*\n  types: [Kubernetes::Pod]');
    expect(
      await within(ui.preview()).findByText(
        'No notifications in the last 15 days match',
        undefined,
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(lastPreview(backend)).toEqual([
      ['selectors', JSON.stringify([{ name: 'web-*', types: ['Kubernetes::Pod'] }])],
    ]);
  });

  it('shows the YAML parser message and does not preview bad selectors', async () => {
    const { user, backend } = renderForm();
    await ui.form();
    await user.click(ui.selectors());
    await user.paste('- name: [web');
    await user.tab();
    expect(await screen.findByText(/^Invalid YAML: /)).toBeInTheDocument();
    await user.clear(ui.selectors());
    await user.paste('name: web');
    expect(
      await screen.findByText('Selectors must be a list of resource selectors'),
    ).toBeInTheDocument();
    expect(backend.previews).toHaveLength(0);
  });

  it('prefills the resource from the address and previews it with its type and recursion', async () => {
    const { user, backend } = renderForm(
      `/notifications/silences/add?component_id=${COMPONENT_ID}`,
    );
    await ui.form();
    expect(screen.getByRole('combobox', { name: 'Resource type' })).toHaveValue('component');
    await waitFor(() => expect(backend.previews.length).toBeGreaterThan(0), SLOW);
    expect(lastPreview(backend)).toEqual([
      ['id', COMPONENT_ID],
      ['type', 'component'],
    ]);
    await user.click(screen.getByRole('checkbox', { name: /recursive/ }));
    await waitFor(
      () =>
        expect(lastPreview(backend)).toEqual([
          ['id', COMPONENT_ID],
          ['type', 'component'],
          ['recursive', 'true'],
        ]),
      SLOW,
    );
  });

  it('shows a prefilled resource by its name, read by id', async () => {
    const { backend } = renderForm(`/notifications/silences/add?config_id=${CONFIG_ID}`);
    await ui.form();
    const picker = screen.getByRole('combobox', { name: 'Config' });
    await waitFor(() => expect(picker).toHaveValue('orders-db'), SLOW);
    expect(backend.searches).toContainEqual({
      configs: [{ id: CONFIG_ID, search: '', agent: 'all' }],
    });
  });

  it('shows the sections of the notification pages in the header', async () => {
    renderForm();
    await ui.form();
    const nav = screen.getByRole('navigation', { name: 'Notification sections' });
    expect(within(nav).getByRole('link', { name: 'Silences' })).toHaveClass(Classes.ACTIVE);
  });

  it('prefills the filter from the address', async () => {
    renderForm(`/notifications/silences/add?filter=${encodeURIComponent('check.name == "x"')}`);
    await ui.form();
    expect(ui.filter()).toHaveValue('check.name == "x"');
  });

  it('creates a silence on a picked resource, indefinitely, and goes back to the list', async () => {
    const { user, backend, currentUrl } = renderForm();
    await ui.form();
    await user.type(ui.name(), 'orders quiet');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'upgrade');
    await user.type(screen.getByRole('combobox', { name: 'Config' }), 'orders');
    const option = await screen.findByRole('option', { name: /orders-db/ }, SLOW);
    await user.click(within(option).getByText('orders-db'));
    const duration = screen.getByRole('button', { name: 'Duration' });
    expect(duration).toHaveTextContent('Next 1 hour');
    await user.click(duration);
    await user.click(await screen.findByRole('menuitem', { name: 'Indefinitely' }));
    await user.click(ui.save());
    await waitFor(() => expect(backend.creates).toHaveLength(1), SLOW);
    const body = backend.creates[0] as Record<string, unknown>;
    expect(body).toEqual({
      name: 'orders quiet',
      description: 'upgrade',
      from: expect.any(String),
      until: null,
      config_id: CONFIG_ID,
      recursive: false,
    });
    expect(Number.isNaN(Date.parse(body.from as string))).toBe(false);
    expect(await screen.findByText('Silence created', undefined, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/notifications/silences'));
  });

  it('sends selectors as an array', async () => {
    const { user, backend } = renderForm();
    await ui.form();
    await user.type(ui.name(), 'web quiet');
    await user.click(ui.selectors());
    await user.paste('- name: web-*');
    await user.click(ui.save());
    await waitFor(() => expect(backend.creates).toHaveLength(1), SLOW);
    expect(backend.creates[0]).toMatchObject({
      name: 'web quiet',
      selectors: [{ name: 'web-*' }],
    });
    const until = (backend.creates[0] as { until: string }).until;
    const from = (backend.creates[0] as { from: string }).from;
    expect(Date.parse(until) - Date.parse(from)).toBe(3_600_000);
  });

  it("shows the server's 400 reason and keeps the values", async () => {
    const { user, backend, currentUrl } = renderForm();
    backend.refuse = 'invalid filter: unexpected token';
    await ui.form();
    await user.type(ui.name(), 'bad');
    await user.type(ui.filter(), 'a ==');
    await user.click(ui.save());
    expect(
      await screen.findByText('invalid filter: unexpected token', undefined, SLOW),
    ).toBeInTheDocument();
    expect(ui.name()).toHaveValue('bad');
    expect(ui.filter()).toHaveValue('a ==');
    expect(currentUrl()).toBe('/notifications/silences/add');
  });

  it('is not open to a viewer', async () => {
    renderForm('/notifications/silences/add', ['viewer']);
    expect(await screen.findByText('Unauthorized', undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add silence' })).toBeNull();
  });
});

describe('the preview options', () => {
  it('sends the chosen limit and order, and shows the rows in that order', async () => {
    const { user, backend } = renderForm();
    // Newest first whatever is asked, as Mission Control answers (it reads no `sort`).
    backend.previewRows = [
      PREVIEW_ROW,
      {
        ...PREVIEW_ROW,
        id: '018f4b8e-7777-7000-8000-0000000000f3',
        created_at: '2026-01-04T10:00:00.000Z',
        resource: { ...PREVIEW_ROW.resource, name: 'billing-db' },
      },
    ];
    await ui.form();
    await user.type(ui.filter(), 'true');
    await waitFor(() => expect(lastPreview(backend)).toEqual([['filter', 'true']]), SLOW);
    await user.selectOptions(within(ui.preview()).getByRole('combobox', { name: 'Show' }), '100');
    await user.selectOptions(
      within(ui.preview()).getByRole('combobox', { name: 'Order' }),
      'Oldest first',
    );
    await waitFor(
      () =>
        expect(lastPreview(backend)).toEqual([
          ['filter', 'true'],
          ['limit', '100'],
          ['sort', 'asc'],
        ]),
      SLOW,
    );
    const table = await within(ui.preview()).findByRole(
      'table',
      { name: 'Preview', busy: false },
      SLOW,
    );
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => (row.textContent?.includes('billing-db') ? 'billing-db' : 'orders-db'));
    await waitFor(() => expect(names()).toEqual(['billing-db', 'orders-db']), SLOW);
  });
});

describe('examples and help', () => {
  it('fills the filter or the selectors with an example, and links the documentation', async () => {
    const { user } = renderForm();
    await ui.form();
    expect(screen.getByRole('link', { name: /About notification silences/ })).toHaveAttribute(
      'href',
      'https://flanksource.com/docs/guide/notifications/concepts/silences',
    );
    await user.click(screen.getByRole('button', { name: 'Examples' }));
    const example = "config.type == 'Kubernetes::Pod' && config.tags.namespace == 'payments'";
    await user.click(screen.getByRole('button', { name: `Use filter ${example}` }));
    expect(ui.filter()).toHaveValue(example);
    await user.clear(ui.filter());
    await user.click(screen.getByRole('button', { name: /^Use selectors - name: web-\*/ }));
    await waitFor(() => expect(ui.selectors()).toHaveValue('- name: web-*\n- name: api-*'));
  });
});

describe('recurring silences (maintenance windows)', () => {
  const recurring = {
    repeats: () => screen.findByRole('checkbox', { name: 'Repeats' }, SLOW),
    day: (name: string) => screen.getByRole('button', { name }),
    time: () => screen.getByRole('textbox', { name: /Start time/ }),
    cron: () => screen.getByRole('textbox', { name: /Cron schedule/ }),
    zone: () => screen.getByRole('combobox', { name: /Time zone/ }),
    length: () => screen.getByRole('textbox', { name: /Window length/ }),
  };

  /** A named filter silence, Repeats turned on. */
  async function startRecurring(backendWindows = true) {
    const rendered = renderForm('/notifications/silences/add', undefined, backendWindows);
    await ui.form();
    await rendered.user.type(ui.name(), 'nightly');
    await rendered.user.type(ui.filter(), "config.tags.namespace == 'payments'");
    await rendered.user.click(await recurring.repeats());
    return rendered;
  }

  it('creates a recurring silence with its schedule, time zone and window length', async () => {
    const { user, backend } = await startRecurring();
    expect(recurring.zone()).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await within(recurring.zone()).findByRole('option', { name: 'Europe/Paris' }, SLOW);
    await user.selectOptions(recurring.zone(), 'Europe/Paris');
    await user.type(recurring.length(), '2h');
    expect(screen.getByText('Every Mon–Fri at 22:00 Europe/Paris for 2h')).toBeInTheDocument();
    // Repeating, the silence applies indefinitely unless another window is chosen.
    expect(screen.getByRole('button', { name: 'Duration' })).toHaveTextContent('Indefinitely');
    await user.click(ui.save());
    await waitFor(() => expect(backend.creates).toHaveLength(1), SLOW);
    expect(backend.creates[0]).toEqual({
      name: 'nightly',
      from: expect.any(String),
      until: null,
      filter: "config.tags.namespace == 'payments'",
      schedule: '0 22 * * 1-5',
      timezone: 'Europe/Paris',
      duration: '2h',
    });
  });

  it('makes the cron of the chosen days and start time', async () => {
    const { user, backend } = await startRecurring();
    await user.click(recurring.day('Thursday'));
    await user.click(recurring.day('Friday'));
    expect(recurring.day('Thursday')).toHaveAttribute('aria-pressed', 'false');
    await user.clear(recurring.time());
    await user.type(recurring.time(), '23:30');
    await user.type(recurring.length(), '90m');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByText(`Every Mon–Wed at 23:30 ${zone} for 90m`)).toBeInTheDocument();
    await user.click(ui.save());
    await waitFor(() => expect(backend.creates).toHaveLength(1), SLOW);
    expect(backend.creates[0]).toMatchObject({ schedule: '30 23 * * 1,2,3', duration: '90m' });
  });

  it('says a window length is missing and sends nothing', async () => {
    const { user, backend } = await startRecurring();
    await user.click(ui.save());
    expect(
      await screen.findByText('Give the window length, e.g. 2h, 90m or 1h30m'),
    ).toBeInTheDocument();
    expect(recurring.length()).toHaveAttribute('aria-invalid', 'true');
    await user.type(recurring.length(), 'two hours');
    expect(
      await screen.findByText(
        'The window length "two hours" is not a duration: use e.g. 2h, 90m or 1h30m',
      ),
    ).toBeInTheDocument();
    await user.click(ui.save());
    expect(backend.creates).toHaveLength(0);
    expect(recurring.length()).toHaveValue('two hours');
    expect(ui.name()).toHaveValue('nightly');
  });

  it('says what is wrong with a cron, keeps it and sends nothing', async () => {
    const { user, backend } = await startRecurring();
    await user.click(screen.getByRole('radio', { name: 'Cron' }));
    await user.type(recurring.cron(), '0 25 * * *');
    await user.type(recurring.length(), '2h');
    await user.click(ui.save());
    expect(await screen.findByText('The hour field "25" is outside 0-23')).toBeInTheDocument();
    expect(backend.creates).toHaveLength(0);
    expect(recurring.cron()).toHaveValue('0 25 * * *');
    await user.clear(recurring.cron());
    await user.type(recurring.cron(), '0 22 * *');
    expect(
      await screen.findByText(
        'The cron schedule needs five fields (minute hour day-of-month month day-of-week), not 4',
      ),
    ).toBeInTheDocument();
    await user.type(recurring.cron(), ' 6,0');
    await user.click(ui.save());
    await waitFor(() => expect(backend.creates).toHaveLength(1), SLOW);
    expect(backend.creates[0]).toMatchObject({ schedule: '0 22 * * 6,0', duration: '2h' });
  });

  it("shows the server's reason for refusing the schedule", async () => {
    const { user, backend } = await startRecurring();
    backend.refuse = 'invalid timezone: Mars/Base';
    await user.type(recurring.length(), '2h');
    await user.click(ui.save());
    expect(
      await screen.findByText('invalid timezone: Mars/Base', undefined, SLOW),
    ).toBeInTheDocument();
    expect(recurring.length()).toHaveValue('2h');
  });

  it('previews the windows: the next, the last and what the last would have muted', async () => {
    const { user, backend } = await startRecurring();
    await user.type(recurring.length(), '2h');
    const windows = await within(ui.preview()).findByRole('region', { name: 'Windows' }, SLOW);
    expect(within(windows).getByText('Next window')).toBeInTheDocument();
    expect(within(windows).getByText('Last window')).toBeInTheDocument();
    expect(
      within(windows).getByText('The last window would have muted 1 notification:'),
    ).toBeInTheDocument();
    expect(
      within(within(windows).getByRole('list', { name: 'Muted in the last window' })).getByText(
        /orders-db/,
      ),
    ).toBeInTheDocument();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const recurrence = [
      ['schedule', '0 22 * * 1-5'],
      ['duration', '2h'],
      ['timezone', zone],
    ];
    expect([...backend.windows.at(-1)!.searchParams]).toEqual([
      ['filter', "config.tags.namespace == 'payments'"],
      ...recurrence,
    ]);
    await waitFor(
      () =>
        expect(lastPreview(backend)).toEqual([
          ['filter', "config.tags.namespace == 'payments'"],
          ...recurrence,
        ]),
      SLOW,
    );
  });

  it('offers no Repeats switch where the backend has no maintenance windows (404)', async () => {
    const { backend, store } = renderForm();
    await ui.form();
    await waitFor(() => {
      const probe = notificationSilencesApi.endpoints.getSilenceWindows.select(RECURRENCE_PROBE)(
        store.getState(),
      );
      expect(probe.isError).toBe(true);
    }, SLOW);
    expect(backend.windows).toHaveLength(1);
    expect(screen.queryByRole('checkbox', { name: 'Repeats' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Window length/ })).toBeNull();
  });
});
