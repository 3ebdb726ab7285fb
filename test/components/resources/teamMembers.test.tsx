import '../../support/withEditableMonacoMock';
import { screen, waitFor, within } from '@testing-library/react';
import { ADA, BOB, CAROL, SLOW, TEAM_ID, renderResources } from './resourcesBackend';
import { bodyRows, findTable } from '../../support/tables';
import { onlyWrite } from '../../support/expectations';

const MEMBERS_URL = `/settings/teams/${TEAM_ID}?tab=members`;

const ui = {
  members: () => findTable('Team members'),
  memberNames: () =>
    bodyRows('Team members')
      // The name beside the avatar's initials.
      .map(
        (row) =>
          within(row)
            .getAllByRole('cell')[0]!
            .querySelector('.mc-resource-creator > span:last-child')!.textContent,
      ),
  addDialog: () => screen.findByRole('dialog', { name: 'Add users' }),
  /** The people multi-select's input, once the people are loaded. */
  picker: async (dialog: HTMLElement) => {
    await within(dialog).findByText('Users', {}, SLOW);
    return within(dialog).getByLabelText('Users (required)');
  },
  pick: async (user: ReturnType<typeof renderResources>['user'], name: string) =>
    user.click(within(await screen.findByRole('option', { name })).getByText(name)),
};

describe('team members', () => {
  it('starts empty, adds two people at once and removes one', async () => {
    const { user, backend } = renderResources(MEMBERS_URL);
    await ui.members();
    expect(await screen.findByText('Add team members')).toBeInTheDocument();
    // AUTH-20
    expect(backend.members.reads[0]!.url.search).toBe(
      `?team_id=eq.${TEAM_ID}&select=*%2Cperson_id%28*%29`,
    );

    await user.click(screen.getByRole('button', { name: 'Add Members' }));
    const dialog = await ui.addDialog();
    await user.click(await ui.picker(dialog));
    await ui.pick(user, BOB.name);
    await ui.pick(user, CAROL.name);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    // AUTH-21: one insert with both people
    expect(await onlyWrite(backend.members)).toMatchObject({
      method: 'POST',
      body: [
        { team_id: TEAM_ID, person_id: BOB.id },
        { team_id: TEAM_ID, person_id: CAROL.id },
      ],
    });
    expect(await screen.findByText('2 users added to the team')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add users' })).toBeNull());
    await waitFor(() => expect(ui.memberNames()).toEqual([BOB.name, CAROL.name]));

    await user.click(screen.getByRole('button', { name: `Remove user ${BOB.name}` }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove user' });
    expect(confirm).toHaveTextContent('removed from every team');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    // AUTH-22: by person only
    await waitFor(() => expect(backend.members.writes).toHaveLength(2));
    expect(backend.members.writes[1]).toMatchObject({
      method: 'DELETE',
      filters: { person_id: `eq.${BOB.id}` },
    });
    expect(await screen.findByText(`${BOB.name} removed from the team`)).toBeInTheDocument();
    await waitFor(() => expect(ui.memberNames()).toEqual([CAROL.name]));
  });

  it('does not offer people who are members already', async () => {
    const { user } = renderResources(MEMBERS_URL, {
      members: [{ team_id: TEAM_ID, person_id: ADA.id }],
    });
    await ui.members();
    await waitFor(() => expect(ui.memberNames()).toEqual([ADA.name]));
    await user.click(screen.getByRole('button', { name: 'Add Members' }));
    const dialog = await ui.addDialog();
    await user.click(await ui.picker(dialog));
    expect(await screen.findByRole('option', { name: BOB.name })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: ADA.name })).toBeNull();
  });

  it('puts Add Members in the address, so a reload shows it open', async () => {
    const { user, currentUrl } = renderResources(MEMBERS_URL);
    await ui.members();
    await user.click(await screen.findByRole('button', { name: 'Add Members' }));
    await ui.addDialog();
    expect(currentUrl()).toBe(`${MEMBERS_URL}&addMembers=1`);
  });

  it('opens Add Members from the address, offering only people not in the team', async () => {
    const { user, currentUrl } = renderResources(`${MEMBERS_URL}&addMembers=1`, {
      members: [{ team_id: TEAM_ID, person_id: ADA.id }],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add users' }, SLOW);
    await user.click(await ui.picker(dialog));
    expect(await screen.findByRole('option', { name: BOB.name })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: ADA.name })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentUrl()).toBe(MEMBERS_URL));
  });

  it("toasts the server's reason when adding fails and keeps the dialog open", async () => {
    const { user, backend } = renderResources(MEMBERS_URL);
    await ui.members();
    backend.members.fail('POST', 403, 'unauthorized. Access Denied');
    await user.click(await screen.findByRole('button', { name: 'Add Members' }));
    const dialog = await ui.addDialog();
    await user.click(await ui.picker(dialog));
    await ui.pick(user, BOB.name);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('unauthorized. Access Denied')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add users' })).toBeInTheDocument();
  });

  it('lets a viewer see the members but not change them', async () => {
    renderResources(MEMBERS_URL, {
      user: { roles: ['viewer'] },
      members: [{ team_id: TEAM_ID, person_id: BOB.id }],
    });
    await ui.members();
    await waitFor(() => expect(ui.memberNames()).toEqual([BOB.name]));
    expect(screen.getByText(BOB.email!)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Members' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove user/ })).toBeNull();
  });

  it('shows the permissions that name the team in its Permissions tab', async () => {
    const { user } = renderResources(MEMBERS_URL);
    await ui.members();
    await user.click(screen.getByRole('tab', { name: 'Permissions' }));
    expect(
      await screen.findByText(`Permissions of ${JSON.stringify({ team_id: TEAM_ID })}`),
    ).toBeInTheDocument();
  });
});
