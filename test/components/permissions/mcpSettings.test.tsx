/**
 * `/settings/mcp`: who may use MCP (the permissions granting `mcp:use` on the `mcp` object, and
 * the roles that may through their role, from one access review), the playbooks and views
 * exposed as tools (`mcp:run` on them), the preset permission dialogs and access check, the
 * not-allowed state of those who may not read RBAC or write permissions, and the errors.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { ROLES } from '../../../contracts/access';
import { appPages } from '../../../src/app/routes';
import { ACCESS_CHECK_DIALOG_LABELS as CHECK } from '../../../src/features/permissions/model/accessCheck';
import { MCP_SETTINGS_LABELS as LABELS } from '../../../src/features/permissions/model/mcp';
import { server } from '../../support/msw';
import type { RenderPagesOptions } from '../../support/renderPages';
import { renderPages } from '../../support/renderPages';
import { SLOW, cellTexts, findTable } from '../../support/tables';
import { NULL_RESOURCE } from '../../support/permissions';
import { DRAIN_NODE_TOOL, mcpBackend } from './mcpBackend';
import type { ReviewAnswer } from './mcpBackend';
import { PLAYBOOKS, TEAMS } from './permissionsBackend';

jest.setTimeout(60_000);

const PATH = '/settings/mcp';

function renderMcp(
  backend = mcpBackend(),
  { url = PATH, ...options }: RenderPagesOptions & { url?: string } = {},
) {
  return { ...renderPages(appPages, url, options), backend };
}

const ui = {
  users: () => findTable(LABELS.use.table),
  tools: () => findTable(LABELS.exposed.table),
  dialog: async (name: string) => {
    const dialog = await screen.findByRole('dialog', { name }, SLOW);
    await within(dialog).findByRole('group', { name: 'Subject' }, SLOW);
    return dialog;
  },
  resource: (dialog: HTMLElement) => within(dialog).getByRole('group', { name: 'Resource' }),
  action: (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: 'Action' }),
};

describe('who may use MCP', () => {
  it('lists the permissions granting mcp:use on the mcp object, `*` too', async () => {
    const { backend } = renderMcp();
    await ui.users();
    expect(cellTexts(LABELS.use.table, 4)).toEqual([
      ['Team: Checkout', 'Global: mcp', 'mcp:use', 'Checkout uses MCP'],
      ['Group: sre', 'Global: mcp', '*', 'SRE does anything with MCP'],
    ]);
    const asked = backend.reads.map(({ url }) => url.searchParams);
    const use = asked.find((params) => params.get('object') === 'eq.mcp');
    expect(use?.get('or')).toContain('action.in.(mcp:use,*)');
  });

  it('says which roles may use MCP, asking the access review once for every role', async () => {
    const { backend } = renderMcp();
    const allowed = await screen.findByRole('definition', { name: LABELS.roles.allowed }, SLOW);
    await waitFor(() => expect(allowed).toHaveTextContent(ROLES.join('')));
    expect(screen.getByRole('definition', { name: LABELS.roles.denied })).toHaveTextContent(
      LABELS.roles.none,
    );
    expect(backend.reviews).toEqual([
      { resource: { global: 'mcp' }, action: 'mcp:use', subjects: [...ROLES] },
    ]);
  });

  it('shows the server’s reason when the roles cannot be checked', async () => {
    const answer: ReviewAnswer = { status: 500, error: 'the review is down' };
    renderMcp(mcpBackend(undefined, answer));
    expect(await screen.findByText(LABELS.roles.loadError, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/the review is down/)).toBeInTheDocument();
  });

  it('opens "Allow a subject to use MCP" preset to mcp:use on the mcp object, and creates it', async () => {
    const { user, backend, currentUrl } = renderMcp();
    await ui.users();
    await user.click(screen.getByRole('button', { name: LABELS.use.add }));
    const dialog = await ui.dialog('Add Permission');
    expect(currentUrl()).toBe(`${PATH}?add=use`);
    const resource = ui.resource(dialog);
    expect(within(resource).getByRole('radio', { name: 'Global' })).toBeChecked();
    expect(within(resource).getByRole('combobox', { name: 'Object' })).toHaveValue('mcp');
    expect(ui.action(dialog)).toHaveValue('mcp:use');

    const subject = within(dialog).getByRole('group', { name: 'Subject' });
    await user.click(within(subject).getByRole('radio', { name: 'Team' }));
    const team = within(subject).getByLabelText('Team');
    await user.click(team);
    await user.type(team, 'da');
    const option = await screen.findByRole('option', { name: /^Data/ }, SLOW);
    await user.click(within(option).getByText('Data'));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Permission added', {}, SLOW)).toBeInTheDocument();
    expect(backend.writes).toEqual([
      {
        method: 'POST',
        body: expect.objectContaining({
          subject: TEAMS[1]!.id,
          subject_type: 'team',
          ...NULL_RESOURCE,
          object: 'mcp',
          action: 'mcp:use',
          deny: false,
        }) as unknown,
      },
    ]);
    await waitFor(() => expect(currentUrl()).toBe(PATH));
  });
});

describe('playbooks and views exposed as tools', () => {
  it('lists the mcp:run permissions on playbooks and views, each linked', async () => {
    renderMcp();
    const table = await ui.tools();
    expect(cellTexts(table, 5)).toEqual([
      [
        'Drain Node',
        'Person: Ada Admin',
        'Playbook: Drain Node',
        'mcp:run',
        'Drain Node as a tool',
      ],
      [
        LABELS.exposed.exposures.viewSelector,
        'Group: everyone',
        'View: cluster-overview',
        'mcp:run',
        'The cluster overview as a tool',
      ],
    ]);
    expect(within(table).getByRole('link', { name: 'Drain Node' })).toHaveAttribute(
      'href',
      `/playbooks/${PLAYBOOKS[0]!.id}`,
    );
    // The selector's entry opens what it selects.
    expect(
      within(table).getByRole('button', { name: 'What cluster-overview selects' }),
    ).toBeInTheDocument();
  });

  it('opens "Expose a playbook" and "Expose a view" preset to mcp:run on that kind', async () => {
    const { user, currentUrl } = renderMcp();
    await ui.tools();
    await user.click(screen.getByRole('button', { name: LABELS.exposed.addPlaybook }));
    let dialog = await ui.dialog('Add Permission');
    expect(currentUrl()).toBe(`${PATH}?add=playbook`);
    expect(within(ui.resource(dialog)).getByRole('radio', { name: 'Playbook' })).toBeChecked();
    expect(ui.action(dialog)).toHaveValue('mcp:run');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: LABELS.exposed.addView }));
    dialog = await ui.dialog('Add Permission');
    expect(currentUrl()).toBe(`${PATH}?add=view`);
    expect(within(ui.resource(dialog)).getByRole('radio', { name: 'View' })).toBeChecked();
    expect(ui.action(dialog)).toHaveValue('mcp:run');
  });

  it('opens a permission from its row, in the address', async () => {
    const { user, currentUrl } = renderMcp();
    await ui.tools();
    await user.click(screen.getByText(DRAIN_NODE_TOOL.description!));
    const dialog = await ui.dialog('Edit Permission');
    expect(currentUrl()).toBe(`${PATH}?id=${DRAIN_NODE_TOOL.id}`);
    expect(ui.action(dialog)).toHaveValue('mcp:run');
  });

  it('says so when nothing is exposed or allowed', async () => {
    renderMcp(mcpBackend([]));
    expect(await screen.findByText(LABELS.exposed.empty, {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText(LABELS.use.empty, {}, SLOW)).toBeInTheDocument();
  });

  it('shows the server’s reason when the permissions cannot be read', async () => {
    mcpBackend();
    server.use(
      http.get('*/api/db/permissions_summary', () =>
        HttpResponse.json({ message: 'permission denied for view' }, { status: 403 }),
      ),
    );
    renderPages(appPages, PATH);
    expect(await screen.findByText(LABELS.use.loadError, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(LABELS.exposed.loadError)).toBeInTheDocument();
    expect(screen.getAllByText(/permission denied for view/)).toHaveLength(2);
  });
});

describe('check MCP access', () => {
  it('opens the access check preset to mcp:use on the mcp object', async () => {
    const { user, backend, currentUrl } = renderMcp();
    await user.click(await screen.findByRole('button', { name: LABELS.check.open }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: CHECK.title }, SLOW);
    expect(currentUrl()).toBe(`${PATH}?check=mcp`);
    expect(within(dialog).getByRole('combobox', { name: CHECK.resourceKind })).toHaveValue(
      'global',
    );
    expect(within(dialog).getByRole('combobox', { name: CHECK.object })).toHaveValue('mcp');
    expect(within(dialog).getByRole('combobox', { name: CHECK.action })).toHaveValue('mcp:use');

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: CHECK.subjectKind }),
      'role',
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: CHECK.role }), 'viewer');
    await user.click(within(dialog).getByRole('button', { name: CHECK.submit }));
    const answer = await within(dialog).findByRole('status', {}, SLOW);
    expect(answer).toHaveTextContent(CHECK.allowed);
    expect(answer).toHaveTextContent('The viewer role reads database');
    expect(backend.reviews.at(-1)).toEqual({
      resource: { global: 'mcp' },
      action: 'mcp:use',
      subjects: ['viewer'],
    });
  });
});

describe('those who may not read RBAC or write permissions', () => {
  it('see the lists, why the roles and the check are not shown, and no way to add', async () => {
    const { backend } = renderMcp(mcpBackend(), { roles: ['viewer'] });
    await ui.users();
    await ui.tools();
    expect(screen.getByText(LABELS.roles.notAllowedText)).toBeInTheDocument();
    expect(screen.getByText(LABELS.check.notAllowedText)).toBeInTheDocument();
    for (const name of [
      LABELS.use.add,
      LABELS.exposed.addPlaybook,
      LABELS.exposed.addView,
      LABELS.check.open,
    ]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(backend.reviews).toHaveLength(0);
  });

  it('do not get an add dialog or the check from a shared link', async () => {
    renderMcp(mcpBackend(), { roles: ['viewer'], url: `${PATH}?add=use&check=mcp` });
    await ui.users();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
