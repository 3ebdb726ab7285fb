import { act, screen, waitFor, within } from '@testing-library/react';
import { paths } from '../../../../src/shell/paths';
import { pagesAt, renderPages } from '../../../support/renderPages';
import { SLOW, bodyRows, findTable, rowWith } from '../../../support/tables';
import {
  ADMINS,
  ALICE,
  AUDITORS,
  BOB,
  CI_BOT,
  CLUSTER,
  PAYMENTS,
  ACCESS,
  accessBackend,
} from './accessBackend';
import { MAX_NARROWING_IDS } from '../../../../src/features/catalog/access/model/accessParams';
import type { AccessRow } from '../../../../src/api/schemas/configAccess';

const ACCESS_PAGES = pagesAt(paths.catalogAccess.path);

const ui = {
  select: (name: string) => screen.getByRole('combobox', { name }),
  grouping: (name: string) => screen.getByRole('radio', { name }),
  params: (currentUrl: () => string) => new URLSearchParams(currentUrl().split('?')[1] ?? ''),
};

function renderAccess(
  url = '/catalog/access',
  { rows, prepare }: { rows?: readonly AccessRow[]; prepare?: (backend: Backend) => void } = {},
) {
  const backend = accessBackend(rows);
  prepare?.(backend);
  return { ...renderPages(ACCESS_PAGES, url), backend };
}

type Backend = ReturnType<typeof accessBackend>;

/** The groups the by-group view holds. */
const byGroupIds = (backend: Backend) => backend.groups.rows.map((row) => row.external_group_id);

/** The parameters of the last read of a fake table. */
function lastRead(table: { reads: Array<{ url: URL }> }): URLSearchParams {
  return table.reads[table.reads.length - 1]!.url.searchParams;
}

/** The first cell's text of each body row of the table, once it shows `expected`. */
async function firstCells(table: string, expected: string[]) {
  await waitFor(async () => {
    const rows = bodyRows(await findTable(table));
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(expected);
  }, SLOW);
}

const isStale = (table: string, text: string) =>
  within(rowWith(table, text)).queryByText('Stale') !== null;

describe('Access page (/catalog/access)', () => {
  it('groups access by user from the by-user view, with counts, sign-ins and stale access marked', async () => {
    const { backend } = renderAccess();
    await firstCells('Access by user', ['alicealice@acme.io', 'bobbob@acme.io', 'ci-bot']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Access');
    const sections = screen.getByRole('navigation', { name: 'Catalog sections' });
    expect(within(sections).getByRole('link', { name: 'Access' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(ui.grouping('Users')).toHaveAttribute('aria-checked', 'true');
    const { url, prefer } = backend.users.reads[0]!;
    expect(prefer).toBe('count=exact');
    expect([...url.searchParams]).toEqual([
      [
        'select',
        'external_user_id,user,email,access_count,distinct_roles,distinct_configs,last_signed_in_at,latest_grant,config_types',
      ],
      ['order', 'user.asc.nullslast,external_user_id.asc'],
      ['limit', '50'],
      ['offset', '0'],
    ]);
    // Access, Roles, Configs (a count the view may give as text), the config types.
    const alice = within(rowWith('Access by user', 'alice')).getAllByRole('cell');
    expect(alice.slice(1, 4).map((cell) => cell.textContent)).toEqual(['2', '2', '2']);
    expect(alice[4]).toHaveTextContent('AWS::AccountKubernetes::Cluster');
    expect(alice[5]).toHaveTextContent('1d ago');
    // Bob last signed in 120 days ago, the CI bot never: both stale; alice is not.
    expect(isStale('Access by user', 'alice')).toBe(false);
    expect(isStale('Access by user', 'bob')).toBe(true);
    expect(isStale('Access by user', 'ci-bot')).toBe(true);
    expect(within(rowWith('Access by user', 'ci-bot')).getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('1–3 of 3')).toBeInTheDocument();
  });

  it('groups by group and by catalog item, each from its view, and lists every row flat', async () => {
    const { backend, user, currentUrl } = renderAccess();
    await findTable('Access by user');

    await user.click(ui.grouping('Groups'));
    expect(ui.params(currentUrl).get('groupBy')).toBe('groups');
    await firstCells('Access by group', ['auditors', 'platform-admins']);
    expect(lastRead(backend.groups).get('order')).toBe('group.asc.nullslast,external_group_id.asc');
    const admins = within(rowWith('Access by group', 'platform-admins')).getAllByRole('cell');
    // Access 2, Users 2, Roles 2, Configs 2.
    expect(admins.slice(1, 5).map((cell) => cell.textContent)).toEqual(['2', '2', '2', '2']);

    await user.click(ui.grouping('Catalog'));
    expect(ui.params(currentUrl).get('groupBy')).toBe('catalog');
    await firstCells('Access by config', ['eks-prod', 'orders-db', 'payments-prod']);
    expect(lastRead(backend.configs).get('select')).toBe(
      'config_id,config_name,config_type,access_count,distinct_users,distinct_roles,last_signed_in_at,latest_grant',
    );
    expect(
      within(rowWith('Access by config', 'eks-prod')).getByRole('link', { name: /eks-prod/ }),
    ).toHaveAttribute('href', `/catalog/${CLUSTER}`);

    await user.click(ui.grouping('All access'));
    expect(ui.params(currentUrl).get('groupBy')).toBe('flat');
    await firstCells('Access', [
      'eks-prod',
      'eks-prod',
      'orders-db',
      'payments-prod',
      'payments-prod',
    ]);
    expect(lastRead(backend.summary).get('order')).toBe(
      'config_name.asc.nullslast,config_id.asc,user.asc,role.asc',
    );
    // The auditors' grant has no known member: no sign-in to judge, no stale mark.
    expect(isStale('Access', 'auditors')).toBe(false);
    expect(within(rowWith('Access', 'auditors')).getAllByRole('cell')[5]).toHaveTextContent(
      'Never',
    );
    expect(isStale('Access', 'ci-bot')).toBe(true);
    const review = within(rowWith('Access', 'AdministratorAccess')).getAllByRole('cell')[6]!;
    expect(review.textContent).toMatch(/2026/);
  });

  it('opens a user, a group or an item to its rows, kept in the address, and Back closes it', async () => {
    const { backend, user, currentUrl, router } = renderAccess();
    await findTable('Access by user');
    await user.click(rowWith('Access by user', 'alice'));
    expect(ui.params(currentUrl).get('drill')).toBe(ALICE);
    await firstCells('Access of alice', ['eks-prod', 'payments-prod']);
    expect(screen.getByRole('heading', { name: 'User: alice' })).toBeInTheDocument();
    expect(lastRead(backend.summary).get('external_user_id')).toBe(`eq.${ALICE}`);

    // Back returns to the users; Forward opens alice again.
    await act(() => router.navigate(-1));
    await findTable('Access by user');
    expect(ui.params(currentUrl).get('drill')).toBeNull();
    await act(() => router.navigate(1));
    await firstCells('Access of alice', ['eks-prod', 'payments-prod']);

    await user.click(screen.getByRole('button', { name: 'All users' }));
    await findTable('Access by user');
    expect(ui.params(currentUrl).get('drill')).toBeNull();

    await user.click(ui.grouping('Groups'));
    await user.click(await waitFor(() => rowWith('Access by group', 'platform-admins'), SLOW));
    await firstCells('Access of platform-admins', ['eks-prod', 'payments-prod']);
    expect(lastRead(backend.summary).get('external_group_id')).toBe(`eq.${ADMINS}`);
    expect(screen.getByRole('heading', { name: 'Group: platform-admins' })).toBeInTheDocument();
  });

  it("opens on an item's rows from a link to its drill-down", async () => {
    const { backend } = renderAccess(`/catalog/access?groupBy=catalog&drill=${PAYMENTS}`);
    await firstCells('Access of payments-prod', ['payments-prod', 'payments-prod']);
    expect(lastRead(backend.summary).get('config_id')).toBe(`eq.${PAYMENTS}`);
    expect(screen.getByRole('heading', { name: 'Config: payments-prod' })).toBeInTheDocument();
  });

  it('writes each filter to the address and sends it to the views and the filter options', async () => {
    const { backend, user, currentUrl } = renderAccess('/catalog/access?pageIndex=1&pageSize=5');
    await findTable('Access by user');
    await waitFor(() => expect(within(ui.select('Role')).getAllByRole('option')).toHaveLength(5));
    expect(backend.optionBodies[0]).toEqual({});

    await user.selectOptions(ui.select('Config type'), 'Kubernetes::Cluster');
    expect(ui.params(currentUrl).get('configType')).toBe('Kubernetes::Cluster');
    expect(ui.params(currentUrl).get('pageIndex')).toBeNull();
    await firstCells('Access by user', ['alicealice@acme.io', 'ci-bot']);
    expect(lastRead(backend.users).get('config_types')).toBe('cs.{Kubernetes::Cluster}');
    expect(backend.optionBodies.at(-1)).toEqual({ p_config_type: 'Kubernetes::Cluster' });

    // Role and user type have no column in the grouped views: the users the options found.
    await user.selectOptions(ui.select('Role'), 'edit');
    expect(ui.params(currentUrl).get('role')).toBe('edit');
    await waitFor(() =>
      expect(backend.optionBodies.at(-1)).toEqual({
        p_config_type: 'Kubernetes::Cluster',
        p_role: 'edit',
      }),
    );
    await firstCells('Access by user', ['ci-bot']);
    expect(lastRead(backend.users).get('external_user_id')).toBe(`in.(${CI_BOT})`);
    expect(lastRead(backend.users).get('config_types')).toBe('cs.{Kubernetes::Cluster}');

    await user.selectOptions(ui.select('User type'), 'service_account');
    expect(ui.params(currentUrl).get('userType')).toBe('service_account');
    await waitFor(() =>
      expect(backend.optionBodies.at(-1)).toMatchObject({ p_user_type: 'service_account' }),
    );

    await user.selectOptions(ui.select('User'), CI_BOT);
    expect(ui.params(currentUrl).get('user')).toBe(CI_BOT);
    await waitFor(() => expect(backend.optionBodies.at(-1)).toMatchObject({ p_user_id: CI_BOT }));

    // The flat list sends every filter as a column of the view.
    await user.click(ui.grouping('All access'));
    await firstCells('Access', ['eks-prod']);
    const sent = lastRead(backend.summary);
    expect(sent.get('config_type')).toBe('eq.Kubernetes::Cluster');
    expect(sent.get('role')).toBe('eq.edit');
    expect(sent.get('user_type')).toBe('eq.service_account');
    expect(sent.get('external_user_id')).toBe(`eq.${CI_BOT}`);
    expect(Object.fromEntries(ui.params(currentUrl))).toEqual({
      pageSize: '5',
      configType: 'Kubernetes::Cluster',
      role: 'edit',
      userType: 'service_account',
      user: CI_BOT,
      groupBy: 'flat',
    });
  });

  it('narrows the group and item lists to those the options found for a user', async () => {
    const { backend } = renderAccess(`/catalog/access?groupBy=groups&user=${BOB}`);
    await firstCells('Access by group', ['platform-admins']);
    expect(lastRead(backend.groups).get('external_group_id')).toBe(`in.(${ADMINS})`);
    expect(backend.optionBodies[0]).toEqual({ p_user_id: BOB });
    expect(
      within(screen.getByRole('table', { name: 'Access by group' })).queryByText('auditors'),
    ).toBeNull();
    expect(byGroupIds(backend)).toContain(AUDITORS);
  });

  it('says when too many users match a role to narrow the list to them, and sends no ids', async () => {
    const many: AccessRow[] = Array.from({ length: MAX_NARROWING_IDS + 1 }, (_, index) => ({
      ...ACCESS[0]!,
      external_user_id: `018f4b8e-9999-7000-8000-${String(index).padStart(12, '0')}`,
      user: `user-${String(index).padStart(3, '0')}`,
    }));
    const { backend } = renderAccess('/catalog/access?role=AdministratorAccess', {
      rows: many,
    });
    expect(
      await screen.findByText(
        /201 users match the filters, too many to narrow this list to/,
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
    await findTable('Access by user');
    await waitFor(() => expect(backend.users.reads.length).toBeGreaterThan(0));
    expect(lastRead(backend.users).get('external_user_id')).toBeNull();
  });

  it('says when there is no access', async () => {
    renderAccess('/catalog/access', { rows: [] });
    expect(await screen.findByText('No access recorded', {}, SLOW)).toBeInTheDocument();
  });

  it('says when the filters match no access, with Clear filters', async () => {
    const { user, currentUrl } = renderAccess('/catalog/access?role=nobody');
    expect(
      await screen.findByText('No access matches these filters', {}, SLOW),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await findTable('Access by user');
    expect(ui.params(currentUrl).get('role')).toBeNull();
  });

  it("shows the server's reason when a view cannot be read, and Retry reads it again", async () => {
    const { user } = renderAccess('/catalog/access', {
      prepare: (backend) =>
        backend.users.fail('GET', 500, { message: 'statement timeout' }, { times: 1 }),
    });
    expect(await screen.findByText('Error loading access', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/statement timeout/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await firstCells('Access by user', ['alicealice@acme.io', 'bobbob@acme.io', 'ci-bot']);
  });
});
