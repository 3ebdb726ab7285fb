import '../../support/withEditableMonacoMock';
import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { appPages } from '../../../src/app/routes';
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
}

function formBackend(): Backend {
  const searches = resourceSearch({
    configs: [{ id: CONFIG_ID, name: 'orders-db', type: 'AWS::RDS' }],
    components: [{ id: COMPONENT_ID, name: 'payments' }],
  });
  const backend: Backend = { previews: [], searches, creates: [], previewRows: [PREVIEW_ROW] };
  server.use(
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

function renderForm(url = '/notifications/silences/add', roles?: string[]) {
  const backend = formBackend();
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
