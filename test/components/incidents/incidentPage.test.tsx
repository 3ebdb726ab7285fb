import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import type React from 'react';
import type { IncidentDetail } from '../../../src/api/schemas/incidents';
import type { AppPage } from '../../../src/app/routes';
import { appPages } from '../../../src/app/routes';
import { EDIT_MESSAGES } from '../../../src/features/incidents/detail/model/edits';
import type { DetailBackendOptions } from './detailBackend';
import {
  ADA,
  BOB,
  BOB_RESPONDER_ID,
  CARA,
  DAN,
  INCIDENT,
  INCIDENT_ID,
  MISSING_ID,
  SRE_TEAM_ID,
  detailBackend,
} from './detailBackend';
import { renderPages } from '../../support/renderPages';

// The hypotheses tree has tests of its own; here it only shows what the page hands it.
jest.mock('../../../src/features/incidents/hypotheses/HypothesisTree', () => {
  const { createElement } = jest.requireActual<typeof React>('react');
  return {
    HypothesisTree: ({ incident, canEdit }: { incident: IncidentDetail; canEdit: boolean }) =>
      createElement(
        'ul',
        { 'aria-label': `Hypotheses tree${canEdit ? ' (editable)' : ''}` },
        (incident.hypotheses ?? []).map((hypothesis) =>
          createElement('li', { key: hypothesis.id }, hypothesis.title),
        ),
      ),
  };
});

jest.setTimeout(60_000);

const SLOW = { timeout: 10_000 };

/** The page's route as the route table holds it. */
const PAGES: AppPage[] = appPages.filter((page) => page.path === '/incidents/:id');

const ui = {
  topBarTitle: () => screen.getByRole('heading', { level: 1 }),
  title: (name: string) => screen.findByRole('heading', { level: 2, name }, SLOW),
  titleInput: () => screen.findByRole('textbox', { name: 'Title' }),
  button: (name: string | RegExp) => screen.getByRole('button', { name }),
  responders: () => screen.findByRole('list', { name: 'Responders' }, SLOW),
  timeline: () => screen.findByRole('list', { name: 'Timeline' }, SLOW),
  dialog: (name: string) => screen.findByRole('dialog', { name }),
};

function renderIncident(
  id = INCIDENT_ID,
  { roles, ...options }: DetailBackendOptions & { roles?: string[] } = {},
) {
  const backend = detailBackend(options);
  const rendered = renderPages(PAGES, `/incidents/${id}`, { roles });
  return { ...rendered, backend };
}

/** The bodies of the PATCHes the incident received. */
const patches = (backend: ReturnType<typeof detailBackend>) =>
  backend.incidents.writes
    .filter((write) => write.method === 'PATCH')
    .map((write) => ({ filters: write.filters, body: write.body }));

const shown = async () => ui.title(INCIDENT.title);

/** Picks an option of an open list by clicking its text, as a user does. */
async function pick(
  user: ReturnType<typeof renderIncident>['user'],
  name: string,
  container: HTMLElement = document.body,
) {
  const option = await within(container).findByRole('option', { name }, SLOW);
  await user.click(within(option).getByText(name));
}

/** The header of the page (title, fields and people). */
const header = () => document.querySelector<HTMLElement>('.mc-incident-header')!;

/** Starts editing the title, as a click on it does. */
async function editTitle(user: ReturnType<typeof renderIncident>['user']) {
  const title = await shown();
  await user.click(within(title).getByText(INCIDENT.title));
  return ui.titleInput();
}

describe('incident page', () => {
  it('reads the incident as INC-02 asks for it and shows its header', async () => {
    const { backend } = renderIncident();
    await shown();
    expect([...backend.incidents.reads[0]!.url.searchParams]).toEqual([
      ['id', `eq.${INCIDENT_ID}`],
      [
        'select',
        '*,hypotheses(*,created_by(id,name,avatar,email),evidences(*,created_by(id,name,avatar,email)),' +
          'comments(created_at,comment,external_created_by,responder_id(team_id(*)),created_by(id,id,name,avatar,email),id)),' +
          'commander:commander_id(id,name,avatar,email),communicator_id(id,name,avatar,email),responders(created_by(id,name,avatar,email))',
      ],
    ]);
    expect(ui.topBarTitle()).toHaveTextContent(INCIDENT.title);
    expect(screen.getByText('INC-42')).toBeInTheDocument();
    expect(ui.button('Severity: High')).toBeInTheDocument();
    expect(ui.button('Type: Availability')).toBeInTheDocument();
    expect(ui.button('Status: Open')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Commander' })).toHaveValue(ADA.name);
    expect(screen.getByRole('combobox', { name: 'Communicator' })).toHaveValue(CARA.name);
    expect(screen.getByText('p99 above 2 s since the deploy')).toBeInTheDocument();
    // The creator is named by no embed: looked up by id (AUTH-02).
    expect(await screen.findByText(DAN.name)).toBeInTheDocument();
    expect(backend.people.reads.map((read) => read.url.search)).toContain(`?id=eq.${DAN.id}`);
    const created = within(header()).getByText('3h ago');
    expect(created.tagName).toBe('TIME');
    expect(created).toHaveAttribute('title', expect.stringMatching(/\d/));
    // The tree gets the incident and the right to edit it.
    const tree = screen.getByRole('list', { name: 'Hypotheses tree (editable)' });
    expect(
      within(tree)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Checkout latency', 'Connection pool exhausted']);
  });

  it('saves the title edited in place with Enter, and shows the new one', async () => {
    const { backend, user } = renderIncident();
    const input = await editTitle(user);
    await user.clear(input);
    await user.type(input, 'Checkout down in EU{Enter}');
    await waitFor(() =>
      expect(patches(backend)).toEqual([
        { filters: { id: `eq.${INCIDENT_ID}` }, body: { title: 'Checkout down in EU' } },
      ]),
    );
    await ui.title('Checkout down in EU');
    await waitFor(() => expect(ui.topBarTitle()).toHaveTextContent('Checkout down in EU'));
    expect(backend.incidents.rows[0]!.title).toBe('Checkout down in EU');
  });

  it('puts the title back on Escape without saving', async () => {
    const { backend, user } = renderIncident();
    const input = await editTitle(user);
    await user.clear(input);
    await user.type(input, 'Something else{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument(),
    );
    expect(await shown()).toBeInTheDocument();
    expect(screen.queryByText('Something else')).not.toBeInTheDocument();
    expect(patches(backend)).toEqual([]);
  });

  it('refuses an empty title with a message', async () => {
    const { backend, user } = renderIncident();
    const input = await editTitle(user);
    await user.clear(input);
    await user.keyboard('{Enter}');
    const refused = await screen.findByText(EDIT_MESSAGES.emptyTitle);
    expect(refused.closest('[role="alert"]')).not.toBeNull();
    expect(await shown()).toBeInTheDocument();
    expect(patches(backend)).toEqual([]);
  });

  it('saves the description edited in place', async () => {
    const { backend, user } = renderIncident();
    await shown();
    await user.click(screen.getByText(INCIDENT.description!));
    const input = await screen.findByRole('textbox', { name: 'Description' });
    await user.type(input, '; pool at 100%{Enter}');
    await waitFor(() =>
      expect(patches(backend)).toEqual([
        {
          filters: { id: `eq.${INCIDENT_ID}` },
          body: { description: `${INCIDENT.description}; pool at 100%` },
        },
      ]),
    );
    expect(await screen.findByText(`${INCIDENT.description}; pool at 100%`)).toBeVisible();
  });

  it('offers only the transitions of the status and saves the one picked', async () => {
    const { backend, user } = renderIncident();
    await shown();
    await user.click(ui.button('Status: Open'));
    const list = await screen.findByRole('listbox', { name: 'Status' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Investigating', 'Mitigated', 'Resolved', 'Closed']);
    await pick(user, 'Investigating', list);
    await waitFor(() =>
      expect(patches(backend)).toEqual([
        { filters: { id: `eq.${INCIDENT_ID}` }, body: { status: 'investigating' } },
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Status: Investigating' }, SLOW));
    const next = await screen.findByRole('listbox', { name: 'Status' });
    expect(
      within(next)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Mitigated', 'Resolved', 'Open', 'Closed']);
  });

  it('changes the severity from its list', async () => {
    const { backend, user } = renderIncident();
    await shown();
    await user.click(ui.button('Severity: High'));
    await pick(user, 'Critical');
    await waitFor(() =>
      expect(patches(backend)).toEqual([
        { filters: { id: `eq.${INCIDENT_ID}` }, body: { severity: 'critical' } },
      ]),
    );
    expect(await screen.findByRole('button', { name: 'Severity: Critical' }, SLOW)).toBeVisible();
  });

  it('makes the person picked the commander', async () => {
    const { backend, user } = renderIncident();
    await shown();
    const commander = screen.getByRole('combobox', { name: 'Commander' });
    await user.click(commander);
    await user.type(commander, 'bob');
    await pick(user, `${BOB.name} (${BOB.email})`);
    await waitFor(() =>
      expect(patches(backend)).toEqual([
        { filters: { id: `eq.${INCIDENT_ID}` }, body: { commander_id: BOB.id } },
      ]),
    );
    // The incident is read again, and Bob stays in the field.
    await waitFor(() => expect(backend.incidents.reads).toHaveLength(2));
    expect(screen.getByRole('combobox', { name: 'Commander' })).toHaveValue(
      `${BOB.name} (${BOB.email})`,
    );
  });

  it('shows a viewer everything read-only', async () => {
    renderIncident(INCIDENT_ID, { roles: ['viewer'] });
    await shown();
    expect(screen.getByLabelText('Severity: High')).toBeInTheDocument();
    expect(screen.getByLabelText('Status: Open')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Severity|Type|Status):/ })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(within(header()).getByText(ADA.name)).toBeInTheDocument();
    expect(within(header()).getByText(CARA.name)).toBeInTheDocument();
    const list = await ui.responders();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Add responder' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.getByRole('list', { name: 'Hypotheses tree' })).toBeInTheDocument();
    // Nothing is editable in place.
    expect(document.querySelector(`.${Classes.EDITABLE_TEXT}`)).toBeNull();
    expect(screen.getByText(INCIDENT.description!)).toBeInTheDocument();
  });

  it('lists the responders with the link built from the team', async () => {
    const { backend } = renderIncident();
    const list = await ui.responders();
    const [bob, sre] = within(list).getAllByRole('listitem');
    expect(bob).toHaveTextContent(BOB.name);
    expect(within(bob!).queryByRole('link')).toBeNull();
    expect(sre).toHaveTextContent('SRE');
    expect(sre).toHaveTextContent('jira');
    expect(within(sre!).getByRole('link', { name: 'OPS-1234' })).toHaveAttribute(
      'href',
      'https://jira.acme.io/browse/OPS-1234',
    );
    expect([...backend.responders.reads[0]!.url.searchParams]).toEqual([
      ['incident_id', `eq.${INCIDENT_ID}`],
      ['select', '*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)'],
      ['deleted_at', 'is.null'],
    ]);
  });

  it('adds a team responder with its responder type and external id', async () => {
    const { backend, user } = renderIncident();
    await ui.responders();
    await user.click(ui.button('Add responder'));
    const dialog = await ui.dialog('Add responder');
    await user.click(within(dialog).getByRole('radio', { name: 'Team' }));
    // The team and its type are required.
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Choose a team')).toBeInTheDocument();
    const team = within(dialog).getByRole('combobox', { name: /^Team/ });
    await user.type(team, 'sre');
    await pick(user, 'SRE');
    const type = within(dialog).getByRole('combobox', { name: /^Responder type/ });
    await waitFor(() => expect(type).toBeEnabled());
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a type', 'jira', 'email']);
    await user.selectOptions(type, 'jira');
    await user.type(within(dialog).getByRole('textbox', { name: 'External id' }), 'OPS-77');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = backend.responders.writes.filter((write) => write.method === 'POST');
    expect(posts).toEqual([
      {
        method: 'POST',
        filters: {},
        prefer: 'return=representation',
        body: {
          type: 'system',
          incident_id: INCIDENT_ID,
          created_by: ADA.id,
          team_id: SRE_TEAM_ID,
          external_id: 'OPS-77',
          properties: { responderType: 'jira' },
        },
      },
    ]);
    const list = await ui.responders();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getByRole('link', { name: 'OPS-77' })).toHaveAttribute(
      'href',
      'https://jira.acme.io/browse/OPS-77',
    );
  });

  it('puts Add responder in the address, so a reload shows it open', async () => {
    const { user, currentUrl } = renderIncident();
    await ui.responders();
    await user.click(ui.button('Add responder'));
    await ui.dialog('Add responder');
    expect(currentUrl()).toBe(`/incidents/${INCIDENT_ID}?addResponder=1`);
  });

  it('opens Add responder from the address', async () => {
    const { user, currentUrl } = renderIncident(`${INCIDENT_ID}?addResponder=1`);
    const dialog = await screen.findByRole('dialog', { name: 'Add responder' }, SLOW);
    expect(within(dialog).getByRole('radio', { name: 'Person' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentUrl()).toBe(`/incidents/${INCIDENT_ID}`));
  });

  it('says when a team has no responder clients to pick from', async () => {
    const { backend, user } = renderIncident();
    await ui.responders();
    await user.click(ui.button('Add responder'));
    const dialog = await ui.dialog('Add responder');
    await user.click(within(dialog).getByRole('radio', { name: 'Team' }));
    await user.type(within(dialog).getByRole('combobox', { name: /^Team/ }), 'data');
    await pick(user, 'Databases');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'This team has no responder clients',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Choose a responder type')).toBeInTheDocument();
    expect(backend.responders.writes).toEqual([]);
  });

  it('removes a responder after confirming', async () => {
    const { backend, user } = renderIncident();
    await ui.responders();
    await user.click(ui.button(`Remove ${BOB.name}`));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove responder' });
    expect(confirm).toHaveTextContent(`Remove ${BOB.name} from this incident?`);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(backend.responders.writes).toEqual([
        {
          method: 'PATCH',
          filters: { id: `eq.${BOB_RESPONDER_ID}` },
          prefer: 'return=representation',
          body: { deleted_at: 'now()' },
        },
      ]),
    );
    const list = await ui.responders();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(list).not.toHaveTextContent(BOB.name);
  });

  it('words the timeline newest first', async () => {
    const { backend } = renderIncident();
    const timeline = await ui.timeline();
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.mc-incident-timeline-text')?.textContent),
    ).toEqual([
      'Bob Builder commented: Pool raised to 50',
      'Ada Admin changed hypothesis “Connection pool exhausted” to likely',
      'Bob Builder added evidence: checkout-http to hypothesis “Connection pool exhausted”',
      'Ada Admin changed status to investigating',
      'Ada Admin added Bob Builder as a responder',
      'Dan Dispatch created the incident',
    ]);
    expect(within(timeline).getAllByRole('listitem')[0]).toHaveTextContent('30m ago');
    const params = backend.history.reads[0]!.url.searchParams;
    expect(params.get('incident_id')).toBe(`eq.${INCIDENT_ID}`);
    expect(params.get('order')).toBe('created_at.desc');
  });

  it('says when the incident does not exist, with a way back to the list', async () => {
    renderIncident(MISSING_ID);
    expect(
      await screen.findByRole('heading', { name: 'Incident not found' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to incidents' })).toHaveAttribute(
      'href',
      '/incidents',
    );
  });

  it('does not ask for an address that cannot name an incident', async () => {
    const { backend } = renderIncident('INC-42');
    expect(
      await screen.findByRole('heading', { name: 'Incident not found' }, SLOW),
    ).toBeInTheDocument();
    expect(backend.incidents.reads).toEqual([]);
  });

  it("shows the server's reason when the incident cannot be read, and retries", async () => {
    const { backend, user } = renderIncident();
    backend.incidents.fail('GET', 500, { message: 'database is down' }, { times: 1 });
    // The page's alert (not a toast another part of the page may show).
    const alert = (await screen.findByText('Error loading the incident', {}, SLOW)).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(alert).toHaveTextContent('database is down');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await shown()).toBeInTheDocument();
  });
});
