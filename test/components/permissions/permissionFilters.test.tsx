/**
 * The permissions table's filters (subject, resource, action, effect): read from and written
 * to the address, sent as PostgREST filters on `permissions_summary`; the Check access button of
 * the page; and, in the permission form, View with the MCP actions and the warning about a
 * permission that lets anyone run playbooks unrestricted.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { AccessReviewRequest } from '../../../contracts/playbookAccess';
import { appPages } from '../../../src/app/routes';
import { ACCESS_CHECK_DIALOG_LABELS } from '../../../src/features/permissions/model/accessCheck';
import { PERMISSION_FILTER_LABELS as LABELS } from '../../../src/features/permissions/model/filters';
import { UNRESTRICTED_RUN_WARNING } from '../../../src/features/permissions/model/permissionForm';
import { server } from '../../support/msw';
import { postgrestTable } from '../../support/postgrestTable';
import type { RenderPagesOptions } from '../../support/renderPages';
import { renderPages } from '../../support/renderPages';
import { SLOW, cellTexts, findTable } from '../../support/tables';
import {
  PEOPLE,
  PLAYBOOKS,
  TEAMS,
  TEAM_RUNS_PLAYBOOK,
  permissionsBackend,
} from './permissionsBackend';

jest.setTimeout(60_000);

const URL = '/settings/permissions';
const TEAM_ROW = 'Checkout may run Restart Deployment';
const CRD_ROW = 'Nobody outside the admins deletes catalog items';

const ui = {
  table: () => findTable('Permissions'),
  descriptions: () => cellTexts('Permissions', 4).map((row) => row[3]),
  filters: () => screen.getByRole('group', { name: LABELS.group }),
  select: (name: string) => within(ui.filters()).getByRole('combobox', { name }),
};

function renderPage(url = URL, options: RenderPagesOptions = {}) {
  const backend = permissionsBackend();
  return { ...renderPages(appPages, url, options), backend };
}

/** The filters of the last read, without the parameters every page sends. */
function lastFilters(backend: ReturnType<typeof permissionsBackend>) {
  const params = backend.reads.at(-1)!.url.searchParams;
  return [...params].filter(([key]) => !['select', 'deleted_at', 'limit', 'offset'].includes(key));
}

async function shows(descriptions: string[]) {
  await waitFor(() => expect(ui.descriptions()).toEqual(descriptions), SLOW);
}

describe('permission filters', () => {
  it('opens with the filters the address names, shows them and sends them', async () => {
    const team = TEAMS[0]!.id;
    const { backend } = renderPage(
      `${URL}?subjectType=team&subject=${team}&resourceKind=playbook&action=playbook%3Arun&effect=allow`,
    );
    await ui.table();
    await shows([TEAM_ROW]);
    expect(lastFilters(backend)).toEqual([
      ['subject_type', 'eq.team'],
      ['subject', `eq.${team}`],
      ['deny', 'not.is.true'],
      [
        'and',
        '(or(playbook_object.not.is.null,object_selector->playbooks.not.is.null),' +
          'or(action.in.(playbook:run,*,playbook:*),action.like."playbook:run,*",' +
          'action.like."*,playbook:run",action.like."*,playbook:run,*"))',
      ],
    ]);
    expect(ui.select(LABELS.subjectType)).toHaveValue('team');
    await waitFor(
      () => expect(within(ui.filters()).getByLabelText('Team')).toHaveValue(TEAMS[0]!.name),
      SLOW,
    );
    expect(ui.select(LABELS.resourceKind)).toHaveValue('playbook');
    expect(ui.select(LABELS.action)).toHaveValue('playbook:run');
    expect(ui.select(LABELS.effect)).toHaveValue('allow');
  });

  it('writes each filter to the address, back on the first page, and clears them', async () => {
    const { user, backend, currentUrl } = renderPage(`${URL}?pageIndex=0&pageSize=25`);
    await ui.table();
    await shows([TEAM_ROW, CRD_ROW]);

    await user.selectOptions(ui.select(LABELS.effect), 'deny');
    await shows([CRD_ROW]);
    expect(currentUrl()).toBe(`${URL}?pageSize=25&effect=deny`);
    expect(lastFilters(backend)).toEqual([['deny', 'is.true']]);

    await user.selectOptions(ui.select(LABELS.resourceKind), 'global');
    await user.selectOptions(ui.select(LABELS.object), 'catalog');
    await waitFor(() => expect(currentUrl()).toContain('resource=catalog'), SLOW);
    expect(currentUrl()).toBe(
      `${URL}?pageSize=25&effect=deny&resourceKind=global&resource=catalog`,
    );
    await waitFor(
      () =>
        expect(lastFilters(backend)).toEqual([
          ['object', 'eq.catalog'],
          ['deny', 'is.true'],
        ]),
      SLOW,
    );
    await shows([CRD_ROW]);

    // Another kind drops the object chosen of the kind before.
    await user.selectOptions(ui.select(LABELS.resourceKind), 'config');
    await waitFor(
      () => expect(currentUrl()).toBe(`${URL}?pageSize=25&effect=deny&resourceKind=config`),
      SLOW,
    );
    expect(
      await screen.findByText('No permissions match these filters', {}, SLOW),
    ).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await shows([TEAM_ROW, CRD_ROW]);
    expect(currentUrl()).toBe(`${URL}?pageSize=25`);
    // The unfiltered page is the one first read (and kept in the cache).
    expect(lastFilters({ ...backend, reads: backend.reads.slice(0, 1) })).toEqual([]);
    expect(ui.select(LABELS.effect)).toHaveValue('');
    expect(ui.select(LABELS.resourceKind)).toHaveValue('');
  });

  it('filters by one person picked by search, and by an action', async () => {
    const { user, backend, currentUrl } = renderPage();
    await ui.table();
    await user.selectOptions(ui.select(LABELS.subjectType), 'person');
    const person = within(ui.filters()).getByLabelText('Person');
    await user.click(person);
    await user.type(person, 'arjun');
    const option = await screen.findByRole('option', { name: /^Arjun Garcia/ }, SLOW);
    await user.click(within(option).getByText(`${PEOPLE[1]!.name} (${PEOPLE[1]!.email})`));
    await shows([CRD_ROW]);
    expect(currentUrl()).toBe(`${URL}?subjectType=person&subject=${PEOPLE[1]!.id}`);

    await user.selectOptions(ui.select(LABELS.action), 'read');
    await waitFor(() => expect(currentUrl()).toContain('action=read'), SLOW);
    expect(
      await screen.findByText('No permissions match these filters', {}, SLOW),
    ).toBeInTheDocument();
    expect(lastFilters(backend)).toContainEqual(['subject', `eq.${PEOPLE[1]!.id}`]);
  });

  it('lists with one playbook the permissions whose selectors name it', async () => {
    const { backend } = renderPage(`${URL}?resourceKind=playbook&resource=${PLAYBOOKS[1]!.id}`);
    const playbooks = postgrestTable('playbooks', [
      { ...PLAYBOOKS[1]!, namespace: 'ops', deleted_at: null },
    ]);
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/db/rpc/permissions_for_obj_selector', ({ request }) => {
        asked.push(new globalThis.URL(request.url).searchParams);
        return HttpResponse.json([{ id: TEAM_RUNS_PLAYBOOK.id }]);
      }),
    );
    // The Checkout permission names the playbook only in its selector.
    await shows([TEAM_ROW]);
    expect(playbooks.reads[0]!.url.searchParams.get('id')).toBe(`eq.${PLAYBOOKS[1]!.id}`);
    expect(
      asked.map((params) => [
        params.get('p_field'),
        params.get('p_name'),
        params.get('p_namespace'),
      ]),
    ).toEqual([['playbooks', 'restart-deployment', 'ops']]);
    expect(lastFilters(backend)).toContainEqual([
      'or',
      `(playbook_object->>id.eq.${PLAYBOOKS[1]!.id},id.in.(${TEAM_RUNS_PLAYBOOK.id}))`,
    ]);
  });

  it('offers the MCP actions among the actions', async () => {
    renderPage();
    await ui.table();
    const options = within(ui.select(LABELS.action))
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(options).toEqual([
      '',
      'read',
      'update',
      'create',
      'delete',
      'playbook:run',
      'playbook:approve',
      'mcp:use',
      'mcp:run',
    ]);
  });
});

describe('Check access from the permissions page', () => {
  it('asks whether a role may run a playbook and shows why not', async () => {
    const reviews: AccessReviewRequest[] = [];
    server.use(
      http.post('*/api/rbac/subject-access-reviews', async ({ request }) => {
        const body = (await request.json()) as AccessReviewRequest;
        reviews.push(body);
        return HttpResponse.json({
          resource: body.resource,
          action: body.action,
          results: [{ subject: 'viewer', allowed: false, rules: [] }],
        });
      }),
    );
    const { user } = renderPage();
    await ui.table();
    await user.click(screen.getByRole('button', { name: ACCESS_CHECK_DIALOG_LABELS.open }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: ACCESS_CHECK_DIALOG_LABELS.title },
      SLOW,
    );
    const check = within(dialog).getByRole('button', { name: ACCESS_CHECK_DIALOG_LABELS.submit });
    expect(check).toBeDisabled();

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Subject type' }),
      'role',
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'viewer');
    const playbook = within(dialog).getByLabelText('Playbook');
    await user.click(playbook);
    await user.type(playbook, 'drain');
    const found = await screen.findByRole('option', { name: /^drain-node/ }, SLOW);
    await user.click(within(found).getByText('drain-node'));
    await user.click(check);

    const answer = await within(dialog).findByRole('status', {}, SLOW);
    expect(answer).toHaveTextContent(ACCESS_CHECK_DIALOG_LABELS.denied);
    expect(answer).toHaveTextContent(ACCESS_CHECK_DIALOG_LABELS.nothingAllows);
    expect(reviews).toEqual([
      { resource: { playbook: PLAYBOOKS[0]!.id }, action: 'playbook:run', subjects: ['viewer'] },
    ]);
  });

  it('is not offered to those who may not read RBAC', async () => {
    renderPage(URL, { roles: ['viewer'] });
    await ui.table();
    expect(screen.queryByRole('button', { name: ACCESS_CHECK_DIALOG_LABELS.open })).toBeNull();
  });
});

describe('the permission form', () => {
  async function openAdd() {
    const rendered = renderPage();
    await ui.table();
    await rendered.user.click(screen.getByRole('button', { name: 'Add Permission' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Permission' }, SLOW);
    await within(dialog).findByRole('group', { name: 'Subject' }, SLOW);
    return { ...rendered, dialog };
  }

  it('warns when anyone may run every playbook, with an example of how to narrow it', async () => {
    const { user, dialog } = await openAdd();
    const subject = within(dialog).getByRole('group', { name: 'Subject' });
    await user.click(within(subject).getByRole('radio', { name: 'Group' }));
    await user.type(within(subject).getByRole('combobox', { name: 'Group' }), 'everyone');
    const resource = within(dialog).getByRole('group', { name: 'Resource' });
    await user.click(within(resource).getByRole('radio', { name: 'Global' }));
    await user.selectOptions(
      within(resource).getByRole('combobox', { name: 'Object' }),
      'playbooks',
    );
    const action = within(dialog).getByRole('combobox', { name: 'Action' });
    await user.selectOptions(action, 'playbook:run');

    expect(await within(dialog).findByText(UNRESTRICTED_RUN_WARNING.title)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Narrowed permission example')).toHaveTextContent(
      'tagSelector: environment=staging',
    );

    await user.selectOptions(action, 'playbook:approve');
    expect(within(dialog).queryByText(UNRESTRICTED_RUN_WARNING.title)).toBeNull();
    await user.selectOptions(action, 'playbook:run');
    await user.clear(within(subject).getByRole('combobox', { name: 'Group' }));
    await user.type(within(subject).getByRole('combobox', { name: 'Group' }), 'responder');
    expect(within(dialog).queryByText(UNRESTRICTED_RUN_WARNING.title)).toBeNull();
  });

  it('grants a group mcp:use on views by name', async () => {
    const { user, dialog, backend } = await openAdd();
    const subject = within(dialog).getByRole('group', { name: 'Subject' });
    await user.click(within(subject).getByRole('radio', { name: 'Group' }));
    await user.type(within(subject).getByRole('combobox', { name: 'Group' }), 'viewer');
    const resource = within(dialog).getByRole('group', { name: 'Resource' });
    await user.click(within(resource).getByRole('radio', { name: 'View' }));
    await user.type(within(resource).getByLabelText('View name'), 'dashboards-*');
    await user.type(within(resource).getByLabelText('View namespace'), 'mission-control');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Action' }), 'mcp:use');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Permission added', {}, SLOW)).toBeInTheDocument();
    expect(backend.writes[0]).toMatchObject({
      method: 'POST',
      body: {
        subject: 'viewer',
        subject_type: 'group',
        action: 'mcp:use',
        object: null,
        object_selector: { views: [{ name: 'dashboards-*', namespace: 'mission-control' }] },
      },
    });
  });
});
