/**
 * The subject workbench (`/settings/permissions/subjects`): the subject picker and its groups,
 * the matrix of what the subject may do, the filters and the page in the address, a denial
 * explained by its rules, the in-place changes of running a playbook (with the matrix
 * refetched), the server's reasons, and the state of a user who may not review access.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { appPages } from '../../../src/app/routes';
import {
  SUBJECT_ACCESS_LABELS as LABELS,
  SUBJECT_ACCESS_PAGE_SIZE,
} from '../../../src/features/permissions/model/subjectAccess';
import { SUBJECT_WORKBENCH_LINK } from '../../../src/features/permissions/PermissionsPage';
import type { RenderPagesOptions } from '../../support/renderPages';
import { pagesAt, renderPages } from '../../support/renderPages';
import { DEFAULT_USER } from '../../support/shellHandlers';
import { SLOW } from '../../support/tables';
import { permissionsBackend } from './permissionsBackend';
import type { SubjectAccessBackendOptions } from './subjectAccessBackend';
import {
  CHECKOUT,
  DRAIN_NODE,
  GROUP_ID,
  NO_RESTARTS,
  RESTART,
  accessSearchFails,
  subjectAccessBackend,
} from './subjectAccessBackend';

jest.setTimeout(60_000);

const PATH = '/settings/permissions/subjects';
const PAGES = pagesAt(PATH);

const ui = {
  picker: () => screen.getByLabelText(LABELS.subject),
  section: (name: string) => screen.findByRole('table', { name }, SLOW),
  cell: (name: RegExp | string) => screen.findByRole('button', { name }, SLOW),
  details: () => screen.findByRole('dialog', {}, SLOW),
  checkbox: (name: string) => screen.getByRole('checkbox', { name }),
};

function renderWorkbench(
  url = PATH,
  { backend, ...options }: RenderPagesOptions & { backend?: SubjectAccessBackendOptions } = {},
) {
  const fake = subjectAccessBackend(backend);
  return { ...renderPages(PAGES, url, options), backend: fake };
}

const teamUrl = (query = '') => `${PATH}?subject=${CHECKOUT.id}${query}`;

describe('the subject workbench', () => {
  it('asks for a subject, then shows the matrix of the one picked from its group', async () => {
    const { user, currentUrl, backend } = renderWorkbench();
    expect(await screen.findByText(LABELS.chooseSubject, {}, SLOW)).toBeInTheDocument();
    expect(backend.searches).toHaveLength(0);

    await user.click(ui.picker());
    await user.type(ui.picker(), 'edi');
    // The subjects are listed by group; the keyboard picks.
    await waitFor(
      () => expect(screen.queryByRole('option', { name: 'everyone' })).toBeNull(),
      SLOW,
    );
    const option = await screen.findByRole('option', { name: 'editor' }, SLOW);
    expect(screen.getByText(LABELS.groups.role)).toBeInTheDocument();
    expect(option).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');

    await waitFor(() => expect(currentUrl()).toBe(`${PATH}?subject=editor`));
    const playbooks = await ui.section(LABELS.typeNames.playbook);
    expect(within(playbooks).getByRole('link', { name: DRAIN_NODE.title })).toHaveAttribute(
      'href',
      `/playbooks/${DRAIN_NODE.id}`,
    );
    expect(
      within(playbooks).getByRole('button', { name: `${DRAIN_NODE.title}, Run: Allowed, direct` }),
    ).toBeInTheDocument();
    const views = await ui.section(LABELS.typeNames.view);
    expect(
      within(views)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([LABELS.resource, 'Read', 'Update', 'Delete', 'Run as MCP tool']);
    expect(backend.searches.at(-1)).toEqual({
      subject: 'editor',
      actions: ['read', 'update', 'delete', 'playbook:run', 'playbook:approve', 'mcp:run'],
      resource_types: ['playbook', 'view', 'connection', 'config', 'component', 'canary'],
      include_denied: false,
      limit: SUBJECT_ACCESS_PAGE_SIZE,
      offset: 0,
    });
  });

  it('keeps the filters in the address, and a deep link reopens them', async () => {
    const url = teamUrl('&types=playbook&actions=playbook:run,playbook:approve&denied=true');
    const { user, currentUrl, backend } = renderWorkbench(url);
    await ui.section(LABELS.typeNames.playbook);
    expect(backend.searches.at(-1)).toMatchObject({
      subject: CHECKOUT.id,
      actions: ['playbook:run', 'playbook:approve'],
      resource_types: ['playbook'],
      include_denied: true,
    });
    expect(screen.queryByRole('table', { name: LABELS.typeNames.view })).toBeNull();
    expect(ui.checkbox(LABELS.typeNames.playbook)).toBeChecked();
    expect(ui.checkbox(LABELS.typeNames.view)).not.toBeChecked();
    // The one type chosen cannot be unchecked (none would mean all).
    expect(ui.checkbox(LABELS.typeNames.playbook)).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: LABELS.includeDenied })).toBeChecked();

    await user.click(ui.checkbox(LABELS.typeNames.view));
    await user.click(ui.checkbox('Read'));
    await waitFor(() =>
      expect(currentUrl()).toBe(
        teamUrl(
          '&types=playbook%2Cview&actions=read%2Cplaybook%3Arun%2Cplaybook%3Aapprove&denied=true',
        ),
      ),
    );
    await ui.section(LABELS.typeNames.view);
    expect(ui.checkbox(LABELS.typeNames.playbook)).toBeEnabled();
    expect(backend.searches.at(-1)).toMatchObject({
      actions: ['read', 'playbook:run', 'playbook:approve'],
      resource_types: ['playbook', 'view'],
    });

    await user.click(screen.getByRole('checkbox', { name: LABELS.includeDenied }));
    await waitFor(() => expect(currentUrl()).not.toContain('denied'));
    // Without denied entries, the team (no role, no permission) may do nothing.
    expect(await screen.findByText(LABELS.empty, {}, SLOW)).toBeInTheDocument();
    expect(backend.searches.at(-1)).toMatchObject({ include_denied: false });
  });

  it('pages over resources with the search’s limit and offset', async () => {
    const { user, currentUrl, backend } = renderWorkbench(`${PATH}?subject=viewer&types=config`, {
      backend: { configs: SUBJECT_ACCESS_PAGE_SIZE + 5 },
    });
    const configs = await ui.section(LABELS.typeNames.config);
    expect(within(configs).getAllByRole('row')).toHaveLength(SUBJECT_ACCESS_PAGE_SIZE + 1);
    expect(screen.getByText(`1–${SUBJECT_ACCESS_PAGE_SIZE} of 30`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(currentUrl()).toContain('page=2'));
    await waitFor(() => expect(screen.getByText('26–30 of 30')).toBeInTheDocument());
    expect(backend.searches.at(-1)).toMatchObject({ offset: SUBJECT_ACCESS_PAGE_SIZE });
  });

  it('explains a denial with its rules, linking the permission row', async () => {
    const { user } = renderWorkbench(teamUrl('&types=playbook&denied=true'));
    await user.click(await ui.cell(`${RESTART.title}, Run: Denied`));
    const dialog = await ui.details();
    expect(dialog).toHaveAccessibleName(`${RESTART.title}: Run`);
    const rules = within(dialog).getByRole('list', { name: LABELS.rules });
    expect(rules).toHaveTextContent('denies');
    expect(rules).toHaveTextContent('Permission');
    expect(rules).toHaveTextContent('security/no-restarts');
    expect(rules).toHaveTextContent(NO_RESTARTS.description);
    expect(within(rules).getByRole('link', { name: LABELS.openPermission })).toHaveAttribute(
      'href',
      `/settings/permissions?subjectType=group&subject=everyone&id=${NO_RESTARTS.id}`,
    );
    // Everyone's deny outranks an allow: only a direct deny is offered.
    expect(dialog).toHaveTextContent(LABELS.deniedByOthers);
    expect(within(dialog).queryByRole('button', { name: LABELS.allowDirectly })).toBeNull();
    expect(within(dialog).getByRole('button', { name: LABELS.denyDirectly })).toBeEnabled();
  });

  it('says why a cell decided by roles is not changed here', async () => {
    const { user } = renderWorkbench(`${PATH}?subject=viewer&types=view&denied=true`);
    await user.click(await ui.cell('cluster-overview, Update: Denied'));
    const dialog = await ui.details();
    expect(within(dialog).getByRole('list', { name: LABELS.rules })).toHaveTextContent(
      'The viewer role may not write views',
    );
    expect(dialog).toHaveTextContent(LABELS.readOnly);
    expect(within(dialog).queryByRole('button', { name: LABELS.allowDirectly })).toBeNull();
  });

  it('allows directly, then removes the direct permission, the matrix refetched each time', async () => {
    const { user, backend } = renderWorkbench(teamUrl('&types=playbook&denied=true'));
    await user.click(await ui.cell(`${DRAIN_NODE.title}, Run: Denied`));
    let dialog = await ui.details();
    await user.click(within(dialog).getByRole('button', { name: LABELS.allowDirectly }));
    expect(dialog).toHaveTextContent(LABELS.confirmAllow('Run', DRAIN_NODE.title));
    await user.click(within(dialog).getByRole('button', { name: LABELS.confirm }));

    await waitFor(() => expect(backend.writes).toHaveLength(1));
    expect(backend.writes[0]).toEqual({
      method: 'POST',
      body: {
        subject: CHECKOUT.id,
        subject_type: 'team',
        object: null,
        object_selector: null,
        config_id: null,
        component_id: null,
        connection_id: null,
        playbook_id: DRAIN_NODE.id,
        canary_id: null,
        action: 'playbook:run',
        deny: false,
        description: `Allows playbook:run on ${DRAIN_NODE.title}`,
        created_by: DEFAULT_USER.id,
      },
    });
    expect(await ui.cell(`${DRAIN_NODE.title}, Run: Allowed, direct`)).toBeInTheDocument();
    dialog = await ui.details();
    expect(within(dialog).getByRole('status')).toHaveTextContent(LABELS.saved);

    await user.click(within(dialog).getByRole('button', { name: LABELS.removeDirect }));
    expect(dialog).toHaveTextContent(LABELS.confirmRemove(1));
    await user.click(within(dialog).getByRole('button', { name: LABELS.confirm }));
    await waitFor(() => expect(backend.writes).toHaveLength(2));
    expect(backend.writes[1]).toEqual({ method: 'DELETE', id: expect.any(String) });
    expect(await ui.cell(`${DRAIN_NODE.title}, Run: Denied`)).toBeInTheDocument();
    expect(backend.rows).toEqual([NO_RESTARTS]);
  });

  it('keeps the server’s reason when a change fails, and saves it on Try again', async () => {
    const answers = [
      { status: 403, body: { error: 'you may not write permissions' } },
      'ok' as const,
    ];
    const { user, backend } = renderWorkbench(teamUrl('&types=playbook&denied=true'), {
      backend: { writeAnswers: async () => answers.shift() },
    });
    await user.click(await ui.cell(`${DRAIN_NODE.title}, Approve: Denied`));
    const dialog = await ui.details();
    await user.click(within(dialog).getByRole('button', { name: LABELS.denyDirectly }));
    await user.click(within(dialog).getByRole('button', { name: LABELS.confirm }));
    const alert = await within(dialog).findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent(LABELS.saveFailed);
    expect(alert).toHaveTextContent('you may not write permissions');
    await user.click(within(alert).getByRole('button', { name: LABELS.tryAgain }));
    expect(await ui.cell(`${DRAIN_NODE.title}, Approve: Denied, direct`)).toBeInTheDocument();
    expect(backend.writes.map((write) => write.body?.deny)).toEqual([true, true]);
  });

  it('opens a subject the list does not name, read-only', async () => {
    const unknown = 'f0e1d2c3-b4a5-4697-8877-665544332211';
    const { user } = renderWorkbench(`${PATH}?subject=${unknown}&types=playbook&denied=true`);
    await user.click(await ui.cell(`${DRAIN_NODE.title}, Run: Denied`));
    const dialog = await ui.details();
    expect(dialog).toHaveTextContent(LABELS.noRules);
    expect(dialog).toHaveTextContent(LABELS.unknownReadOnly);
    expect(within(dialog).queryByRole('button', { name: LABELS.allowDirectly })).toBeNull();
  });

  it('shows the server’s reason when the search fails', async () => {
    renderWorkbench(teamUrl());
    accessSearchFails(500, { error: 'the role table could not be read' });
    expect(await screen.findByText(LABELS.loadError, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('the role table could not be read')).toBeInTheDocument();
  });

  it('says nothing matches for a subject nothing is decided for', async () => {
    renderWorkbench(`${PATH}?subject=${GROUP_ID}`);
    expect(await screen.findByText(LABELS.empty, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(LABELS.emptyText))).toBeInTheDocument();
  });

  it('tells a user who may not read RBAC why, and searches nothing', async () => {
    const { backend } = renderWorkbench(teamUrl(), { roles: ['editor'] });
    expect(await screen.findByText(LABELS.notAllowedTitle, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(LABELS.notAllowedText)).toBeInTheDocument();
    expect(backend.searches).toHaveLength(0);
  });

  it('is linked from the permissions page’s toolbar', async () => {
    permissionsBackend();
    subjectAccessBackend();
    const { user, currentUrl } = renderPages(appPages, '/settings/permissions');
    await user.click(await screen.findByRole('link', { name: SUBJECT_WORKBENCH_LINK }, SLOW));
    await waitFor(() => expect(currentUrl()).toBe(PATH));
    expect(await screen.findByText(LABELS.chooseSubject, {}, SLOW)).toBeInTheDocument();
  });
});
