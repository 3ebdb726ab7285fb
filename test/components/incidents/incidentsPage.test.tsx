import { screen, waitFor, within } from '@testing-library/react';
import { useParams } from 'react-router-dom';
import type { AppPage } from '../../../src/app/routes';
import { appPages } from '../../../src/app/routes';
import { DEFAULT_USER } from '../../support/shellHandlers';
import type { IncidentsBackendOptions } from './incidentsBackend';
import {
  BOB,
  CAROL,
  CHECKOUT_ID,
  DB_ID,
  EMPTY_COMPONENT_ID,
  LEAK_ID,
  PAYMENTS_COMPONENT_ID,
  ago,
  incidentsBackend,
  summary,
} from './incidentsBackend';
import { SLOW, bodyRows, findTable } from '../../support/tables';
import { renderPages } from '../../support/renderPages';
import { onlyWrite } from '../../support/expectations';

jest.setTimeout(60_000);

/** A stand-in for the incident's own page: it shows which incident the address names. */
function IncidentProbe() {
  const { id } = useParams();
  return <h2>Incident page {id}</h2>;
}

const PAGES: AppPage[] = [
  ...appPages.filter((page) => page.path === '/incidents'),
  {
    path: '/incidents/:id',
    load: async () => IncidentProbe,
    access: { resource: 'incident', feature: 'incidents' },
  },
];

const ui = {
  table: () => findTable('Incidents'),
  bodyRows,
  select: (label: string) => screen.getByRole('combobox', { name: label }) as HTMLSelectElement,
  createButton: () => screen.queryByRole('button', { name: 'Create incident' }),
  dialog: () => screen.findByRole('dialog', { name: 'Create incident' }, SLOW),
  probe: (id: string) => screen.findByRole('heading', { name: `Incident page ${id}` }, SLOW),
};

function renderIncidents(
  url = '/incidents',
  options: IncidentsBackendOptions & { roles?: string[] } = {},
) {
  const { roles, ...backendOptions } = options;
  const backend = incidentsBackend(backendOptions);
  const rendered = renderPages(PAGES, url, { roles });
  return { ...rendered, backend };
}

/** The query of the latest INC-01 read, as `[key, value]` pairs. */
function lastListQuery(backend: ReturnType<typeof incidentsBackend>): Array<[string, string]> {
  const read = backend.summaries.reads[backend.summaries.reads.length - 1];
  if (!read) throw new Error('the list was not read');
  return [...read.url.searchParams];
}

/** The row titles of the table. */
async function shownTitles() {
  const table = await ui.table();
  return ui
    .bodyRows(table)
    .map((row) => within(row).queryByRole('link')?.textContent ?? row.textContent);
}

describe('incident list', () => {
  it('is in the sidebar and asks for open incidents, newest first, a page at a time', async () => {
    const { backend } = renderIncidents();
    const table = await ui.table();
    expect(lastListQuery(backend)).toEqual([
      ['order', 'created_at.desc'],
      ['status', 'eq.open'],
      ['limit', '50'],
      ['offset', '0'],
    ]);
    expect(backend.summaries.reads[0]!.prefer).toMatch(/count=exact/);
    const nav = screen.getByRole('navigation', { name: /main/i });
    expect(within(nav).getByRole('link', { name: /Incidents/ })).toHaveAttribute(
      'href',
      '/incidents',
    );
    const rows = ui.bodyRows(table);
    expect(rows).toHaveLength(2);
    const checkout = rows[0]!;
    expect(
      within(checkout).getByRole('link', { name: 'INC-12 · Checkout latency' }),
    ).toHaveAttribute('href', `/incidents/${CHECKOUT_ID}`);
    expect(checkout).toHaveTextContent('High');
    expect(checkout).toHaveTextContent('Performance');
    expect(checkout).toHaveTextContent('Open');
    expect(checkout).toHaveTextContent('Bob Ops');
    expect(checkout).toHaveTextContent('3d');
    expect(checkout).toHaveTextContent('2h ago');
    // Five responders: three avatars and "+2", every name in the stack's name.
    const responders = within(checkout).getByRole('group', { name: /^Responders:/ });
    expect(responders).toHaveAccessibleName(
      'Responders: Ada Admin, Bob Ops, Carol Chen, Dan Dev, Eve Sec',
    );
    expect(within(responders).getAllByRole('img')).toHaveLength(3);
    expect(within(responders).getByText('+2')).toHaveAttribute('title', 'Dan Dev, Eve Sec');
    expect(within(checkout).getByRole('group', { name: 'Commenters: Carol Chen' })).toBeVisible();
    expect(within(rows[1]!).getByText('Critical')).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it('opens an incident by a click on its row or Enter', async () => {
    const { user, currentUrl } = renderIncidents();
    const table = await ui.table();
    await user.click(within(ui.bodyRows(table)[1]!).getByText('Critical'));
    await ui.probe(DB_ID);
    expect(currentUrl()).toBe(`/incidents/${DB_ID}`);
  });

  it('opens an incident with the keyboard', async () => {
    const { user } = renderIncidents();
    const table = await ui.table();
    ui.bodyRows(table)[0]!.focus();
    await user.keyboard('{Enter}');
    await ui.probe(CHECKOUT_ID);
  });

  it('writes each filter to the address and sends it as INC-01 takes it', async () => {
    const { user, backend, currentUrl } = renderIncidents();
    await ui.table();
    expect(ui.select('Status').value).toBe('open');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();

    await user.selectOptions(ui.select('Status'), 'resolved');
    await waitFor(() => expect(currentUrl()).toBe('/incidents?status=resolved'));
    await waitFor(() => expect(lastListQuery(backend)).toContainEqual(['status', 'eq.resolved']));
    expect(await shownTitles()).toEqual(['INC-10 · Credentials in logs']);

    await user.selectOptions(ui.select('Status'), 'All statuses');
    await waitFor(() => expect(currentUrl()).toBe('/incidents?status=all'));
    await waitFor(() =>
      expect(lastListQuery(backend)).toEqual([
        ['order', 'created_at.desc'],
        ['limit', '50'],
        ['offset', '0'],
      ]),
    );
    await waitFor(async () => expect(await shownTitles()).toHaveLength(3));

    await user.selectOptions(ui.select('Severity'), 'Critical');
    await waitFor(() => expect(currentUrl()).toBe('/incidents?status=all&severity=critical'));
    await waitFor(() => expect(lastListQuery(backend)).toContainEqual(['severity', 'eq.critical']));

    await user.selectOptions(ui.select('Severity'), 'All severities');
    await user.selectOptions(ui.select('Type'), 'Security');
    await waitFor(() => expect(currentUrl()).toBe('/incidents?status=all&type=security'));
    await waitFor(() => expect(lastListQuery(backend)).toContainEqual(['type', 'eq.security']));
    expect(lastListQuery(backend).map(([key]) => key)).not.toContain('severity');

    await user.selectOptions(ui.select('Type'), 'All types');
    await user.selectOptions(ui.select('Owner'), 'Carol Chen');
    await waitFor(() => expect(currentUrl()).toBe(`/incidents?status=all&owner=${CAROL.id}`));
    await waitFor(() =>
      expect(lastListQuery(backend)).toContainEqual(['created_by', `eq.${CAROL.id}`]),
    );
    expect(await shownTitles()).toEqual(['INC-10 · Credentials in logs']);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentUrl()).toBe('/incidents'));
    // The default list again (its first answer, still cached).
    await waitFor(async () =>
      expect(await shownTitles()).toEqual([
        'INC-12 · Checkout latency',
        'INC-11 · Orders database failover',
      ]),
    );
    expect(ui.select('Status').value).toBe('open');
    expect(ui.select('Owner').value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('choosing Open again leaves the default address', async () => {
    const { user, currentUrl } = renderIncidents('/incidents?status=closed');
    await ui.table();
    await user.selectOptions(ui.select('Status'), 'Open');
    await waitFor(() => expect(currentUrl()).toBe('/incidents'));
  });

  it('restores every filter from the address', async () => {
    const { backend } = renderIncidents(
      `/incidents?status=resolved&severity=medium&type=security&owner=${CAROL.id}&search=logs`,
    );
    expect(await shownTitles()).toEqual(['INC-10 · Credentials in logs']);
    expect(ui.select('Status').value).toBe('resolved');
    expect(ui.select('Severity').value).toBe('medium');
    expect(ui.select('Type').value).toBe('security');
    await waitFor(() => expect(ui.select('Owner').value).toBe(CAROL.id));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('logs');
    expect(lastListQuery(backend)).toEqual([
      ['title', 'ilike.*logs*'],
      ['order', 'created_at.desc'],
      ['severity', 'eq.medium'],
      ['status', 'eq.resolved'],
      ['type', 'eq.security'],
      ['created_by', `eq.${CAROL.id}`],
      ['limit', '50'],
      ['offset', '0'],
    ]);
  });

  it('searches by title', async () => {
    const { user, backend, currentUrl } = renderIncidents();
    await ui.table();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'latency');
    await waitFor(() => expect(currentUrl()).toBe('/incidents?search=latency'), SLOW);
    await waitFor(() => expect(lastListQuery(backend)[0]).toEqual(['title', 'ilike.*latency*']));
    await waitFor(async () => expect(await shownTitles()).toEqual(['INC-12 · Checkout latency']));
  });

  it('sorts on the server by the clicked column', async () => {
    const { user, backend, currentUrl } = renderIncidents();
    const table = await ui.table();
    await user.click(within(table).getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(currentUrl()).toBe('/incidents?sortBy=title&sortOrder=asc'));
    await waitFor(() => expect(lastListQuery(backend)).toContainEqual(['order', 'title.asc']));
    await waitFor(async () =>
      expect(await shownTitles()).toEqual([
        'INC-12 · Checkout latency',
        'INC-11 · Orders database failover',
      ]),
    );
    await user.click(within(table).getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(lastListQuery(backend)).toContainEqual(['order', 'title.desc']));
    await waitFor(async () =>
      expect(await shownTitles()).toEqual([
        'INC-11 · Orders database failover',
        'INC-12 · Checkout latency',
      ]),
    );
    expect(within(table).getByRole('columnheader', { name: /Title/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('pages through the list with the page in the address', async () => {
    const many = Array.from({ length: 60 }, (_, index) =>
      summary({
        id: `0190f000-0000-7000-8000-${String(index).padStart(12, '0')}`,
        incident_id: `INC-${index + 1}`,
        title: `Incident ${index + 1}`,
        created_at: ago((index + 1) * 60_000),
      }),
    );
    const { user, backend, currentUrl } = renderIncidents('/incidents', { summaries: many });
    let table = await ui.table();
    expect(ui.bodyRows(table)).toHaveLength(50);
    expect(screen.getByText('1–50 of 60')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(currentUrl()).toBe('/incidents?pageIndex=1&pageSize=50'));
    await waitFor(() => expect(lastListQuery(backend)).toContainEqual(['offset', '50']));
    await screen.findByText('51–60 of 60', {}, SLOW);
    table = await ui.table();
    expect(ui.bodyRows(table)).toHaveLength(10);
    expect(within(table).getByRole('link', { name: 'INC-51 · Incident 51' })).toBeVisible();
  });

  it('a filter changed on a later page goes back to the first page', async () => {
    const { user, currentUrl } = renderIncidents('/incidents?pageIndex=2&pageSize=10');
    await ui.table();
    await user.selectOptions(ui.select('Type'), 'Performance');
    await waitFor(() => expect(currentUrl()).toBe('/incidents?pageSize=10&type=performance'));
  });

  it('filters by component through incidents_by_component', async () => {
    const { backend } = renderIncidents(`/incidents?status=all&component=${PAYMENTS_COMPONENT_ID}`);
    expect(await shownTitles()).toEqual([
      'INC-12 · Checkout latency',
      'INC-10 · Credentials in logs',
    ]);
    const [lookup] = backend.byComponent.reads;
    expect([...lookup!.url.searchParams]).toEqual([
      ['component_id', `eq.${PAYMENTS_COMPONENT_ID}`],
      ['select', 'id'],
    ]);
    expect(lastListQuery(backend)).toContainEqual(['id', `in.(${CHECKOUT_ID},${LEAK_ID})`]);
    // The picker names the component of the address (MISC-03, by its id).
    await waitFor(() => expect(screen.getByLabelText('Component')).toHaveValue('payments-api'));
  });

  it('picks a component by search and writes it to the address', async () => {
    const { user, backend, currentUrl } = renderIncidents();
    await ui.table();
    const input = screen.getByLabelText('Component');
    await user.click(input);
    await user.type(input, 'pay');
    const option = await screen.findByRole('option', { name: /^payroll-batch/ }, SLOW);
    expect(backend.searches).toContainEqual({ components: [{ search: 'pay', agent: 'all' }] });
    await user.click(within(option).getByText('payroll-batch'));
    await waitFor(() => expect(currentUrl()).toBe(`/incidents?component=${EMPTY_COMPONENT_ID}`));
    // No incident has evidence there: the list is empty without asking incident_summary.
    const reads = backend.summaries.reads.length;
    expect(await screen.findByText('No incidents match these filters', {}, SLOW)).toBeVisible();
    expect(backend.summaries.reads).toHaveLength(reads);
    expect(backend.byComponent.reads.at(-1)!.url.searchParams.get('component_id')).toBe(
      `eq.${EMPTY_COMPONENT_ID}`,
    );
  });

  it('says when no incident matches, and clears the filters from there', async () => {
    const { user, currentUrl } = renderIncidents('/incidents?severity=blocker');
    expect(await screen.findByText('No incidents match these filters', {}, SLOW)).toBeVisible();
    const table = await ui.table();
    await user.click(within(table).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentUrl()).toBe('/incidents'));
    await waitFor(async () => expect(await shownTitles()).toHaveLength(2));
  });

  it("shows the server's reason when the list cannot be read, and retries", async () => {
    const backend = incidentsBackend();
    backend.summaries.fail('GET', 403, {
      code: '42501',
      message: 'permission denied for view incident_summary',
    });
    const { user } = renderPages(PAGES, '/incidents');
    const alert = (await screen.findByText('Error loading incidents', {}, SLOW)).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(alert).toHaveTextContent('permission denied for view incident_summary');
    backend.summaries.recover();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(async () => expect(await shownTitles()).toHaveLength(2));
  });

  it('offers no Create incident to a viewer', async () => {
    renderIncidents('/incidents', { roles: ['viewer'] });
    expect(await shownTitles()).toHaveLength(2);
    expect(ui.createButton()).toBeNull();
  });

  it('opens Create incident from the address (the command palette links it), and keeps it there while open', async () => {
    const { user, currentUrl } = renderIncidents('/incidents?create=1');
    const dialog = await ui.dialog();
    expect(currentUrl()).toBe('/incidents?create=1');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentUrl()).toBe('/incidents'));
  });

  it('puts Create incident in the address when opened from the top bar', async () => {
    const { user, currentUrl } = renderIncidents('/incidents');
    await ui.table();
    await user.click(await screen.findByRole('button', { name: 'Create incident' }));
    await ui.dialog();
    expect(currentUrl()).toBe('/incidents?create=1');
  });

  it('ignores the address asking a viewer to create an incident', async () => {
    const { currentUrl } = renderIncidents('/incidents?create=1', { roles: ['viewer'] });
    expect(await shownTitles()).toHaveLength(2);
    await waitFor(() => expect(currentUrl()).not.toContain('create='));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers Create incident to a responder', async () => {
    renderIncidents('/incidents', { roles: ['responder'] });
    await ui.table();
    expect(await screen.findByRole('button', { name: 'Create incident' })).toBeVisible();
  });
});

describe('Create incident', () => {
  async function openDialog(url = '/incidents') {
    const rendered = renderIncidents(url);
    await ui.table();
    await rendered.user.click(await screen.findByRole('button', { name: 'Create incident' }));
    const dialog = await ui.dialog();
    return { ...rendered, dialog };
  }

  it('starts with availability, low, open and the user as commander', async () => {
    const { dialog } = await openDialog();
    const field = (name: string) => within(dialog).getByRole('combobox', { name });
    expect(field('Type')).toHaveValue('availability');
    expect(field('Severity')).toHaveValue('low');
    expect(field('Status')).toHaveValue('open');
    expect(within(dialog).getByLabelText('Commander')).toHaveValue(DEFAULT_USER.name);
    expect(within(dialog).getByLabelText(/Title/)).toHaveValue('');
    // The severities as the product names them.
    expect(
      within(field('Severity'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Info', 'Warning', 'Low', 'Medium', 'High', 'Blocker', 'Critical']);
  });

  it('requires a title and sends nothing without one', async () => {
    const { user, dialog, backend } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field is required')).toBeVisible();
    expect(within(dialog).getByLabelText(/Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(backend.log).toEqual([]);
  });

  it('creates the incident, then its root hypothesis, and opens the new incident', async () => {
    const { user, dialog, backend, currentUrl } = await openDialog();
    await user.type(within(dialog).getByLabelText(/Title/), '  Payments failing  ');
    await user.type(within(dialog).getByLabelText('Description'), 'Card payments time out');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Severity' }), 'High');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'Cost');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Status' }),
      'Investigating',
    );
    // Another commander, found by name.
    const commander = within(dialog).getByLabelText('Commander');
    await user.click(commander);
    await user.type(commander, 'Bob');
    const option = await screen.findByRole(
      'option',
      { name: /^Bob Ops \(bob@example.com\)/ },
      SLOW,
    );
    await user.click(within(option).getByText('Bob Ops (bob@example.com)'));
    await waitFor(() => expect(commander).toHaveValue('Bob Ops (bob@example.com)'));

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const incident = backend.incidents.writes[0];
    await waitFor(() =>
      expect(backend.log.map((w) => `${w.method} ${w.table}`)).toEqual([
        'POST incidents',
        'POST hypotheses',
      ]),
    );
    const body = backend.incidents.writes[0]!.body as Record<string, unknown>;
    expect(incident?.prefer).toMatch(/return=representation/);
    expect(backend.log[0]!.query).toBe('?select=*');
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Payments failing',
      description: 'Card payments time out',
      type: 'cost',
      severity: 'high',
      status: 'investigating',
      created_by: DEFAULT_USER.id,
      commander_id: BOB.id,
      communicator_id: DEFAULT_USER.id,
      created_at: 'now()',
      updated_at: 'now()',
    });
    expect(backend.hypotheses.writes[0]!.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      created_by: DEFAULT_USER.id,
      incident_id: body.id,
      type: 'root',
      title: 'Payments failing',
      status: 'possible',
    });
    await ui.probe(String(body.id));
    expect(currentUrl()).toBe(`/incidents/${String(body.id)}`);
    expect(await screen.findByText('Incident created', {}, SLOW)).toBeInTheDocument();
  });

  it('commands the incident by the user unless changed', async () => {
    const { user, dialog, backend } = await openDialog();
    await user.type(within(dialog).getByLabelText(/Title/), 'Disk full');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await onlyWrite(backend.incidents)).body).toMatchObject({
      title: 'Disk full',
      description: '',
      type: 'availability',
      severity: 'low',
      status: 'open',
      commander_id: DEFAULT_USER.id,
    });
    await waitFor(() => expect(backend.hypotheses.writes).toHaveLength(1));
  });

  it("keeps what was typed and shows the server's message when the incident is refused", async () => {
    const { user, dialog, backend, currentUrl } = await openDialog();
    backend.incidents.fail('POST', 403, {
      code: '42501',
      message: 'new row violates row-level security policy for table "incidents"',
    });
    await user.type(within(dialog).getByLabelText(/Title/), 'Payments failing');
    await user.type(within(dialog).getByLabelText('Description'), 'Card payments time out');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const alert = await within(dialog).findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent(
      'new row violates row-level security policy for table "incidents"',
    );
    expect(within(dialog).getByLabelText(/Title/)).toHaveValue('Payments failing');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Card payments time out');
    expect(backend.hypotheses.writes).toEqual([]);
    expect(currentUrl()).toBe('/incidents?create=1');
    // Fixed on the server: the same form goes through.
    backend.incidents.recover();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(backend.hypotheses.writes).toHaveLength(1));
    const created = backend.incidents.rows[0]!;
    await ui.probe(String(created.id));
  });

  it('removes the incident again when its root hypothesis cannot be made', async () => {
    const { user, dialog, backend, currentUrl } = await openDialog();
    backend.hypotheses.fail('POST', 500, { message: 'hypotheses are read-only today' });
    await user.type(within(dialog).getByLabelText(/Title/), 'Payments failing');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const alert = await within(dialog).findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('hypotheses are read-only today');
    const id = (backend.incidents.writes[0]!.body as { id: string }).id;
    expect(backend.log.map((w) => `${w.method} ${w.table}${w.query}`)).toEqual([
      'POST incidents?select=*',
      'POST hypotheses',
      `DELETE incident_histories?incident_id=eq.${id}`,
      `DELETE incidents?id=eq.${id}`,
    ]);
    expect(backend.incidents.rows).toEqual([]);
    expect(within(dialog).getByLabelText(/Title/)).toHaveValue('Payments failing');
    expect(currentUrl()).toBe('/incidents?create=1');
  });

  it('closes on Cancel without sending anything', async () => {
    const { user, dialog, backend } = await openDialog();
    await user.type(within(dialog).getByLabelText(/Title/), 'Never mind');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(backend.log).toEqual([]);
  });
});
