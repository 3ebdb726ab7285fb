import { screen, waitFor, within } from '@testing-library/react';
import { pagesAt, renderPages } from '../../../support/renderPages';
import { SLOW, bodyRows, findTable, rowWith } from '../../../support/tables';
import { EMPTY_ID, ITEM_ID, configItemBackend } from './configItemBackend';

const ITEM_PAGES = pagesAt('/catalog/:id/*');

function renderItem(url: string) {
  const backend = configItemBackend();
  return { ...renderPages(ITEM_PAGES, url), backend };
}

/** The text of each body row's first `columns` cells. */
async function rowsOf(table: string, columns: number) {
  const rows = bodyRows(await findTable(table));
  return rows.map((row) =>
    within(row)
      .getAllByRole('cell')
      .slice(0, columns)
      .map((cell) => cell.textContent),
  );
}

describe("config item's Access tab", () => {
  it('lists the users, groups and roles that reach the item, its count on the tab', async () => {
    const { backend } = renderItem(`/catalog/${ITEM_ID}/access`);
    expect(await screen.findByRole('tab', { name: 'Access 2' }, SLOW)).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(async () =>
      expect(await rowsOf('Access', 3)).toEqual([
        ['alicealice@acme.io', 'user', 'cluster-admin'],
        ['bobbob@acme.io', 'user', 'view'],
      ]),
    );
    // The count: one row asked for, counted exactly.
    const counted = backend.access.reads.find(
      (read) => read.url.searchParams.get('limit') === '1',
    )!;
    expect(counted.prefer).toBe('count=exact');
    expect([...counted.url.searchParams]).toEqual([
      ['select', 'config_id'],
      ['config_id', `eq.${ITEM_ID}`],
      ['limit', '1'],
    ]);
    const listed = backend.access.reads.find(
      (read) => read.url.searchParams.get('limit') === '50',
    )!;
    expect(listed.url.searchParams.get('config_id')).toBe(`eq.${ITEM_ID}`);
    expect(listed.url.searchParams.get('order')).toBe('user.asc.nullslast,config_id.asc,role.asc');
    // Bob has not signed in for 120 days: stale; alice signed in 3 days ago.
    expect(within(rowWith('Access', 'bob')).getByText('Stale')).toBeInTheDocument();
    expect(within(rowWith('Access', 'alice')).queryByText('Stale')).toBeNull();
    expect(within(rowWith('Access', 'alice')).getAllByRole('cell')[3]).toHaveTextContent('3d ago');
    expect(within(rowWith('Access', 'alice')).getAllByRole('cell')[4]).toHaveTextContent('Never');
    expect(within(rowWith('Access', 'bob')).getAllByRole('cell')[4]).toHaveTextContent('2026');
  });

  it('says when no one has access, with a count of 0', async () => {
    renderItem(`/catalog/${EMPTY_ID}/access`);
    expect(
      await screen.findByText('No one has recorded access to this item', {}, SLOW),
    ).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Access 0' })).toBeInTheDocument();
  });
});

describe("config item's Access Logs tab", () => {
  it('lists sign-ins per external user, newest first, with MFA, count and properties', async () => {
    const { backend } = renderItem(`/catalog/${ITEM_ID}/access-logs`);
    expect(await screen.findByRole('tab', { name: 'Access Logs 2' }, SLOW)).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(async () =>
      expect(await rowsOf('Access logs', 3)).toEqual([
        ['alicealice@acme.io', 'Yes', '12'],
        ['bobbob@acme.io', 'No', '1'],
      ]),
    );
    const alice = within(rowWith('Access logs', 'alice')).getAllByRole('cell');
    expect(alice[3]).toHaveTextContent('ip: 10.0.0.4');
    expect(alice[3]).toHaveTextContent('client: kubectl');
    expect(alice[4]).toHaveTextContent('3d ago');
    const listed = backend.accessLogs.reads.find(
      (read) => read.url.searchParams.get('limit') === '50',
    )!;
    expect(listed.prefer).toBe('count=exact');
    expect([...listed.url.searchParams]).toEqual([
      [
        'select',
        'config_id,external_user_id,scraper_id,mfa,properties,count,created_at,external_user:external_users(name,email,user_type)',
      ],
      ['config_id', `eq.${ITEM_ID}`],
      ['order', 'created_at.desc,external_user_id.asc'],
      ['limit', '50'],
      ['offset', '0'],
    ]);
  });

  it('says when no sign-in is recorded, with a count of 0', async () => {
    renderItem(`/catalog/${EMPTY_ID}/access-logs`);
    expect(
      await screen.findByText('No sign-ins recorded for this item', {}, SLOW),
    ).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Access Logs 0' })).toBeInTheDocument();
  });

  it("shows the server's reason when the sign-ins cannot be read", async () => {
    const backend = configItemBackend();
    backend.accessLogs.fail('GET', 500, { message: 'permission denied for table' });
    renderPages(ITEM_PAGES, `/catalog/${ITEM_ID}/access-logs`);
    expect(await screen.findByText('Error loading access logs', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/permission denied for table/)).toBeInTheDocument();
  });
});
