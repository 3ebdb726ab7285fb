import { screen, waitFor, within } from '@testing-library/react';
import { ResourcePermissions } from '../../../src/features/permissions/ResourcePermissions';
import { renderApp } from '../../support/renderApp';
import type { RenderAppOptions } from '../../support/renderApp';
import { DEFAULT_USER } from '../../support/shellHandlers';
import type { PermissionsOf } from '../../../src/widgets/slots/slotTypes';
import {
  CRD_DENY,
  PLAYBOOKS,
  TEAMS,
  TEAM_RUNS_PLAYBOOK,
  permissionsBackend,
} from './permissionsBackend';

jest.setTimeout(60_000);

const SLOW = { timeout: 10_000 };
const PLAYBOOK = PLAYBOOKS[1]!;
/** Team Checkout (its subject) may run Restart Deployment, named by the playbook's id too. */
const ON_PLAYBOOK = { ...TEAM_RUNS_PLAYBOOK, playbook_id: PLAYBOOK.id };

function renderPanel(of: PermissionsOf, options: RenderAppOptions = {}) {
  const backend = permissionsBackend([ON_PLAYBOOK, CRD_DENY]);
  const rendered = renderApp(<ResourcePermissions of={of} />, {
    userOptions: { delay: null },
    ...options,
  });
  return { ...rendered, backend };
}

const ui = {
  table: () => screen.findByRole('table', { name: 'Permissions', busy: false }, SLOW),
  descriptions: () =>
    within(screen.getByRole('table', { name: 'Permissions' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[3]!.textContent),
};

describe('the permissions of one resource', () => {
  it('lists only the permissions that name it, a page at a time', async () => {
    const { backend } = renderPanel({ playbook_id: PLAYBOOK.id });
    await ui.table();
    expect(ui.descriptions()).toEqual(['Checkout may run Restart Deployment']);
    const read = backend.reads[0]!.url.searchParams;
    expect(read.get('playbook_id')).toBe(`eq.${PLAYBOOK.id}`);
    expect(read.get('limit')).toBe('50');
    expect(read.get('offset')).toBe('0');
  });

  it('adds a permission on the playbook for a writer', async () => {
    const { user, backend } = renderPanel({ playbook_id: PLAYBOOK.id });
    await ui.table();
    await user.click(screen.getByRole('button', { name: 'Add Permission' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Permission' }, SLOW);
    const resource = within(dialog).getByRole('group', { name: 'Resource' });
    expect(within(resource).getByRole('radio', { name: 'Playbook' })).toBeChecked();
    const subject = within(dialog).getByRole('group', { name: 'Subject' });
    await user.click(within(subject).getByRole('radio', { name: 'Group' }));
    await user.type(within(subject).getByRole('combobox', { name: 'Group' }), 'responder');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Action' }),
      'playbook:run',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Permission added')).toBeInTheDocument();
    expect(backend.writes).toEqual([
      {
        method: 'POST',
        body: expect.objectContaining({
          subject: 'responder',
          subject_type: 'group',
          playbook_id: PLAYBOOK.id,
          action: 'playbook:run',
          created_by: DEFAULT_USER.id,
        }),
      },
    ]);
  });

  it('lists the permissions whose subject is the team', async () => {
    const { backend } = renderPanel({ team_id: TEAMS[0]!.id });
    await ui.table();
    expect(ui.descriptions()).toEqual(['Checkout may run Restart Deployment']);
    const read = backend.reads[0]!.url.searchParams;
    expect(read.get('subject')).toBe(`eq.${TEAMS[0]!.id}`);
    expect(read.has('team_id')).toBe(false);
  });

  it('adds a permission for the team, and edits a row', async () => {
    const { user } = renderPanel({ team_id: TEAMS[0]!.id });
    await ui.table();
    await user.click(screen.getByRole('button', { name: 'Add Permission' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Permission' }, SLOW);
    const subject = within(dialog).getByRole('group', { name: 'Subject' });
    expect(within(subject).getByRole('radio', { name: 'Team' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByText('Checkout may run Restart Deployment'));
    const edit = await screen.findByRole('dialog', { name: 'Edit Permission' }, SLOW);
    // Editing reads the permission's own row first.
    expect(await within(edit).findByRole('button', { name: 'Save' }, SLOW)).toBeInTheDocument();
  });

  it.each(['viewer', 'responder'])('offers no Add Permission to a %s', async (role) => {
    const { backend } = renderPanel({ connection_id: 'c-1' }, { user: { roles: [role] } });
    await ui.table();
    expect(backend.reads[0]!.url.searchParams.get('connection_id')).toBe('eq.c-1');
    expect(screen.getByText('No data available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Permission' })).toBeNull();
  });
});
