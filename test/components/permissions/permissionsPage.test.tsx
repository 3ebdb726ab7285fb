import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import { appPages } from '../../../src/app/routes';
import type { RenderPagesOptions } from '../../support/renderPages';
import { renderPages } from '../../support/renderPages';
import { DEFAULT_USER } from '../../support/shellHandlers';
import {
  PEOPLE,
  PLAYBOOKS,
  TEAMS,
  TEAM_RUNS_PLAYBOOK,
  filler,
  permissionWritesFail,
  permissionsBackend,
} from './permissionsBackend';
import { SLOW, cellTexts, findTable } from '../../support/tables';
import { confirmDelete } from '../../support/confirm';
import { NULL_RESOURCE } from '../../support/permissions';

jest.setTimeout(60_000);

const URL = '/settings/permissions';
const BANNER =
  'Read-Only Mode: This resource is managed by Kubernetes CRD and cannot be edited from the UI.';
const ui = {
  table: () => findTable('Permissions'),
  rows: () => cellTexts('Permissions', 4),
  /** The dialog once its form shows (editing loads the permission's own row first). */
  dialog: async (name: string) => {
    const dialog = await screen.findByRole('dialog', { name }, SLOW);
    await within(dialog).findByRole('group', { name: 'Subject' }, SLOW);
    return dialog;
  },
  subject: (dialog: HTMLElement) => within(dialog).getByRole('group', { name: 'Subject' }),
  resource: (dialog: HTMLElement) => within(dialog).getByRole('group', { name: 'Resource' }),
  kind: (section: HTMLElement, name: string) => within(section).getByRole('radio', { name }),
  select: (section: HTMLElement, name: string) => within(section).getByRole('combobox', { name }),
  /** The text box of a searching picker. */
  picker: (section: HTMLElement, name: string) => within(section).getByLabelText(name),
};

function renderPage(
  backend = permissionsBackend(),
  { url = URL, ...options }: RenderPagesOptions & { url?: string } = {},
) {
  return { ...renderPages(appPages, url, options), backend };
}

async function openAdd(backend = permissionsBackend()) {
  const rendered = renderPage(backend);
  await ui.table();
  await rendered.user.click(screen.getByRole('button', { name: 'Add Permission' }));
  const dialog = await ui.dialog('Add Permission');
  return { ...rendered, dialog };
}

/** Types into a searching picker and chooses the result whose name starts with `option`. */
async function choose(
  user: ReturnType<typeof renderPage>['user'],
  section: HTMLElement,
  name: string,
  text: string,
  option: string,
) {
  const input = ui.picker(section, name);
  await user.click(input);
  await user.type(input, text);
  const found = await screen.findByRole(
    'option',
    { name: new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) },
    SLOW,
  );
  await user.click(within(found).getByText(option));
}

/** Picks the first person, Ada, as the subject of the dialog. */
const chooseAda = (user: ReturnType<typeof renderPage>['user'], dialog: HTMLElement) =>
  choose(user, ui.subject(dialog), 'Person', 'ada', `${PEOPLE[0]!.name} (${PEOPLE[0]!.email})`);

/** The resource columns of a team's permission on the drain-node playbook, for any config. */
const drainNodeFor = (team: string) => ({
  subject: team,
  subject_type: 'team',
  ...NULL_RESOURCE,
  object_selector: { playbooks: [{ name: 'drain-node' }], configs: [{ name: '*' }] },
});

describe('permissions list', () => {
  it('shows a page from the server with subject, resource, action and description', async () => {
    const { backend } = renderPage();
    await ui.table();
    expect(ui.rows()).toEqual([
      [
        'Team: Checkout',
        'Playbook: restart-deployment',
        'playbook:run',
        'Checkout may run Restart Deployment',
      ],
      [
        'Person: Arjun Garcia',
        'Global: catalog',
        'deleteDeny',
        'Nobody outside the admins deletes catalog items',
      ],
    ]);
    const { url, prefer } = backend.reads[0]!;
    expect(prefer).toBe('count=exact');
    expect([...url.searchParams]).toEqual([
      ['select', '*,created_by(id,name,avatar,email)'],
      ['deleted_at', 'is.null'],
      ['limit', '50'],
      ['offset', '0'],
    ]);
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it('pages on the server, with the page and size in the URL', async () => {
    const backend = permissionsBackend(filler(120));
    const { user, currentUrl } = renderPage(backend);
    await ui.table();
    expect(screen.getByText('1–50 of 120')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(ui.rows()[0]![3]).toBe('Filler 51'), SLOW);
    expect(currentUrl()).toBe(`${URL}?pageIndex=1&pageSize=50`);
    const second = backend.reads.at(-1)!.url.searchParams;
    expect([second.get('limit'), second.get('offset')]).toEqual(['50', '50']);
    expect(screen.getByText('51–100 of 120')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Page size'), '10');
    await waitFor(() => expect(ui.rows()).toHaveLength(10), SLOW);
    expect(currentUrl()).toBe(`${URL}?pageIndex=0&pageSize=10`);
    const third = backend.reads.at(-1)!.url.searchParams;
    expect([third.get('limit'), third.get('offset')]).toEqual(['10', '0']);
    expect(screen.getByText('Page 1 of 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  it('opens on the page the URL names', async () => {
    const backend = permissionsBackend(filler(45));
    renderPage(backend, { url: `${URL}?pageIndex=2&pageSize=10` });
    await ui.table();
    const params = backend.reads[0]!.url.searchParams;
    expect([params.get('limit'), params.get('offset')]).toEqual(['10', '20']);
    expect(ui.rows()[0]![3]).toBe('Filler 21');
    expect(screen.getByText('21–30 of 45')).toBeInTheDocument();
  });

  it('remembers the page size for the next visit', async () => {
    const backend = permissionsBackend(filler(30));
    const first = renderPage(backend);
    await ui.table();
    await first.user.selectOptions(screen.getByLabelText('Page size'), '25');
    await waitFor(() => expect(ui.rows()).toHaveLength(25), SLOW);
    first.unmount();

    renderPage(backend);
    await ui.table();
    expect(backend.reads.at(-1)!.url.searchParams.get('limit')).toBe('25');
  });

  it.each(['viewer', 'guest', 'responder'])('has no Add Permission for a %s', async (role) => {
    const { user } = renderPage(permissionsBackend(), { user: { roles: [role] } });
    await ui.table();
    expect(screen.queryByRole('button', { name: 'Add Permission' })).toBeNull();
    await user.click(screen.getByText('Checkout may run Restart Deployment'));
    const dialog = await ui.dialog('Edit Permission');
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(ui.kind(ui.subject(dialog), 'Team')).toBeDisabled();
  });
});

describe('adding a permission', () => {
  it('creates a permission for a team on a playbook', async () => {
    const { user, dialog, backend } = await openAdd();
    expect(within(dialog).getByRole('link', { name: 'Permissions reference' })).toHaveAttribute(
      'href',
      'https://flanksource.com/docs/guide/permissions',
    );
    const subject = ui.subject(dialog);
    expect(ui.kind(subject, 'Person')).toBeChecked();
    await user.click(ui.kind(subject, 'Team'));
    await choose(user, subject, 'Team', 'da', 'Data');
    const resource = ui.resource(dialog);
    expect(ui.kind(resource, 'Catalog')).toBeChecked();
    await user.click(ui.kind(resource, 'Playbook'));
    await choose(user, resource, 'Playbook', 'drain', 'drain-node');
    const action = within(dialog).getByRole('combobox', { name: 'Action' });
    expect(
      within(action)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Select action',
      'read',
      'update',
      'create',
      'delete',
      '*',
      'create,read,update,delete',
      'playbook:run',
      'playbook:approve',
      'playbook:*',
      'mcp:use',
      'mcp:run',
    ]);
    await user.selectOptions(action, 'playbook:run');
    await user.type(within(dialog).getByLabelText('Description'), 'Data drains nodes');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Permission added')).toBeInTheDocument();
    expect(backend.writes).toEqual([
      {
        method: 'POST',
        body: {
          ...drainNodeFor(TEAMS[1]!.id),
          action: 'playbook:run',
          deny: false,
          description: 'Data drains nodes',
          created_by: DEFAULT_USER.id,
        },
      },
    ]);
    await waitFor(
      () => expect(screen.queryByRole('dialog', { name: 'Add Permission' })).toBeNull(),
      SLOW,
    );
  });

  it('offers no playbook actions on the catalog', async () => {
    const { dialog } = await openAdd();
    const action = within(dialog).getByRole('combobox', { name: 'Action' });
    expect(within(action).queryByRole('option', { name: 'playbook:run' })).toBeNull();
    expect(within(action).getAllByRole('option')).toHaveLength(7);
  });

  it('checks subject, resource and action before sending', async () => {
    const { user, dialog, backend } = await openAdd();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Subject is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Resource is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Action is required')).toBeInTheDocument();
    expect(backend.writes).toEqual([]);
  });

  it('offers the six role names as groups and still takes any group name', async () => {
    const { user, dialog, backend } = await openAdd();
    const subject = ui.subject(dialog);
    await user.click(ui.kind(subject, 'Group'));
    const group = within(subject).getByRole('combobox', { name: 'Group' });
    const suggestions = document.getElementById(group.getAttribute('list') ?? '');
    expect(
      Array.from(suggestions?.querySelectorAll('option') ?? []).map((option) => option.value),
    ).toEqual(['admin', 'editor', 'commander', 'responder', 'viewer', 'guest']);
    await user.type(group, 'sre-oncall');
    expect(group).toHaveValue('sre-oncall');
    const resource = ui.resource(dialog);
    await user.click(ui.kind(resource, 'Global'));
    await user.selectOptions(ui.select(resource, 'Object'), 'rbac');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Action' }), 'read');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Permission added')).toBeInTheDocument();
    expect(backend.writes).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: expect.objectContaining({
          subject: 'sre-oncall',
          subject_type: 'group',
          object: 'rbac',
          action: 'read',
        }),
      }),
    ]);
  });

  it('clears the chosen subject when the subject kind changes', async () => {
    const { user, dialog, backend } = await openAdd();
    const subject = ui.subject(dialog);
    await choose(user, subject, 'Person', 'arjun', `${PEOPLE[1]!.name} (${PEOPLE[1]!.email})`);
    expect(ui.picker(subject, 'Person')).toHaveValue(`${PEOPLE[1]!.name} (${PEOPLE[1]!.email})`);
    // The people were searched on the server for what was typed; no table was loaded whole.
    expect(backend.lookups).toContainEqual(
      'people?select=id%2Cname%2Cemail%2Cavatar&deleted_at=is.null&email=not.is.null' +
        '&or=%28name.ilike.*arjun*%2Cemail.ilike.*arjun*%29&order=name.asc&limit=50',
    );
    await user.click(ui.kind(subject, 'Team'));
    await choose(user, subject, 'Team', 'check', 'Checkout');
    await user.click(ui.kind(subject, 'Notification'));
    expect(ui.picker(subject, 'Notification')).toHaveValue('');
    await user.click(ui.kind(subject, 'Person'));
    expect(ui.picker(subject, 'Person')).toHaveValue('');
    await user.click(ui.kind(subject, 'Team'));
    expect(ui.picker(subject, 'Team')).toHaveValue('');
    await user.click(ui.kind(subject, 'Group'));
    expect(within(subject).getByRole('combobox', { name: 'Group' })).toHaveValue('');
  });

  it('clears the chosen resource when the resource kind changes', async () => {
    const { user, dialog, backend } = await openAdd();
    const resource = ui.resource(dialog);
    await choose(user, resource, 'Config', 'orders', 'orders-db');
    expect(ui.picker(resource, 'Config')).toHaveValue('orders-db');
    // The picker searched on the server for what was typed; no config list was loaded.
    expect(backend.searches).toContainEqual({ configs: [{ search: 'orders', agent: 'all' }] });
    expect(backend.lookups.filter((read) => read.startsWith('configs'))).toEqual([]);
    await user.click(ui.kind(resource, 'Component'));
    await choose(user, resource, 'Component', 'checkout', 'checkout-api');
    await user.click(ui.kind(resource, 'Catalog'));
    expect(ui.picker(resource, 'Config')).toHaveValue('');
    await user.click(ui.kind(resource, 'Global'));
    await user.selectOptions(ui.select(resource, 'Object'), 'rbac');
    await user.click(ui.kind(resource, 'Scope'));
    expect(within(resource).getByText('No scopes chosen')).toBeInTheDocument();
    await choose(user, resource, 'Add scope', 'run', 'sre/runbooks');
    await choose(user, resource, 'Add scope', 'prod', 'mission-control/production-catalog');
    await user.click(
      within(resource).getByRole('button', { name: 'Remove mission-control/production-catalog' }),
    );
    expect(within(resource).getByRole('group', { name: 'Scopes' })).toHaveTextContent(
      /^sre\/runbooks$/,
    );

    // Only the scope goes out: the config, component and object were cleared.
    await chooseAda(user, dialog);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Action' }), 'read');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Deny' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByText('Permission added');
    expect(backend.writes[0]!.body).toMatchObject({
      subject: PEOPLE[0]!.id,
      subject_type: 'person',
      ...NULL_RESOURCE,
      object_selector: { scopes: [{ name: 'runbooks', namespace: 'sre' }] },
      action: 'read',
      deny: true,
    });
  });

  it('drops a playbook action when the resource is no longer a playbook', async () => {
    const { user, dialog } = await openAdd();
    const resource = ui.resource(dialog);
    await user.click(ui.kind(resource, 'Playbook'));
    const action = within(dialog).getByRole('combobox', { name: 'Action' });
    await user.selectOptions(action, 'playbook:approve');
    await user.click(ui.kind(resource, 'Connection'));
    expect(action).toHaveValue('');
  });

  it('shows the server’s message as an error toast and keeps the dialog open', async () => {
    const { user, dialog } = await openAdd();
    permissionWritesFail(400, {
      code: '23514',
      message: 'new row for relation "permissions" violates check constraint',
    });
    await chooseAda(user, dialog);
    await choose(user, ui.resource(dialog), 'Config', 'prod', 'prod-eu-west-1');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Action' }), '*');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const toast = await screen.findByText(
      'new row for relation "permissions" violates check constraint',
    );
    expect(toast.closest(`.${Classes.TOAST}`)).toHaveClass(Classes.INTENT_DANGER);
    expect(screen.getByRole('dialog', { name: 'Add Permission' })).toBeInTheDocument();
  });
});

describe('editing a permission', () => {
  it('keeps the open dialog in the address, so a reload shows it open', async () => {
    const { user, currentUrl } = renderPage(permissionsBackend(), {
      url: `${URL}?id=${TEAM_RUNS_PLAYBOOK.id}`,
    });
    const edit = await ui.dialog('Edit Permission');
    expect(ui.picker(ui.subject(edit), 'Team')).toHaveValue(TEAMS[0]!.name);
    expect(within(edit).getByRole('combobox', { name: 'Action' })).toHaveValue('playbook:run');
    await user.click(within(edit).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentUrl()).toBe(URL));

    await user.click(screen.getByRole('button', { name: 'Add Permission' }));
    await ui.dialog('Add Permission');
    expect(currentUrl()).toBe(`${URL}?new=1`);
  });

  it('opens Add Permission from a shared link', async () => {
    renderPage(permissionsBackend(), { url: `${URL}?new=1` });
    const dialog = await ui.dialog('Add Permission');
    expect(within(dialog).getByRole('combobox', { name: 'Action' })).toHaveValue('');
  });

  it('opens the row with its subject and playbook, and saves the whole permission', async () => {
    const { user, backend } = renderPage();
    await ui.table();
    await user.click(screen.getByText('Checkout may run Restart Deployment'));
    const dialog = await ui.dialog('Edit Permission');
    const subject = ui.subject(dialog);
    expect(ui.kind(subject, 'Team')).toBeChecked();
    expect(ui.picker(subject, 'Team')).toHaveValue(TEAMS[0]!.name);
    const resource = ui.resource(dialog);
    expect(ui.kind(resource, 'Playbook')).toBeChecked();
    expect(ui.picker(resource, 'Playbook')).toHaveValue(PLAYBOOKS[1]!.name);
    expect(within(dialog).getByRole('combobox', { name: 'Action' })).toHaveValue('playbook:run');

    await choose(user, resource, 'Playbook', 'drain', 'drain-node');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Action' }),
      'playbook:*',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Permission updated')).toBeInTheDocument();
    expect(backend.writes).toEqual([
      {
        method: 'PATCH',
        id: TEAM_RUNS_PLAYBOOK.id,
        body: {
          ...drainNodeFor(TEAMS[0]!.id),
          action: 'playbook:*',
          deny: false,
          description: 'Checkout may run Restart Deployment',
          updated_by: DEFAULT_USER.id,
        },
      },
    ]);
    await waitFor(() => expect(ui.rows()[0]![2]).toBe('playbook:*'), SLOW);
  });

  it('shows a Kubernetes permission read-only, without Delete', async () => {
    const { user } = renderPage();
    await ui.table();
    await user.click(screen.getByText('Nobody outside the admins deletes catalog items'));
    const dialog = await ui.dialog('Edit Permission');
    expect(within(dialog).getByRole('status')).toHaveTextContent(BANNER);
    expect(ui.kind(ui.resource(dialog), 'Global')).toBeChecked();
    expect(ui.select(ui.resource(dialog), 'Object')).toHaveValue('catalog');
    expect(ui.select(ui.resource(dialog), 'Object')).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Deny' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Deny' })).toBeDisabled();
    expect(within(dialog).getByLabelText('Description')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('deletes a console permission after confirmation', async () => {
    const { user, backend } = renderPage();
    await ui.table();
    await user.click(screen.getByText('Checkout may run Restart Deployment'));
    const dialog = await ui.dialog('Edit Permission');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await confirmDelete(user, 'Are you sure you want to delete the permission?');

    expect(await screen.findByText('Permission deleted')).toBeInTheDocument();
    expect(backend.writes).toEqual([{ method: 'DELETE', id: TEAM_RUNS_PLAYBOOK.id }]);
    await waitFor(() => expect(ui.rows()).toHaveLength(1), SLOW);
    expect(screen.queryByRole('dialog', { name: 'Edit Permission' })).toBeNull();
  });

  it('reports a failed delete in an error toast', async () => {
    const { user } = renderPage();
    await ui.table();
    permissionWritesFail(403, { error: 'forbidden: not allowed to delete permissions' });
    await user.click(screen.getByText('Checkout may run Restart Deployment'));
    const dialog = await ui.dialog('Edit Permission');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await confirmDelete(user);
    expect(
      await screen.findByText('forbidden: not allowed to delete permissions'),
    ).toBeInTheDocument();
    expect(ui.rows()).toHaveLength(2);
  });
});
