/**
 * The identity actions of the access review's by-user list: add an alias to an external user,
 * merge one external user into another (write on `database`).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { paths } from '../../../../src/shell/paths';
import { clearToasts } from '../../../../src/ui/toaster';
import { pagesAt, renderPages } from '../../../support/renderPages';
import { SLOW, findTable, rowWith } from '../../../support/tables';
import { ALICE, BOB, accessBackend } from './accessBackend';
import type { RpcAnswer } from './identityBackend';
import { identityBackend } from './identityBackend';

const ACCESS_PAGES = pagesAt(paths.catalogAccess.path);
const BY_USER = 'Access by user';
const REFUSAL = 'alias alice@corp.io is already assigned to external user 018f';
const MERGE_REFUSAL = 'active external user 018f4b8e does not exist';

/** The page as `roles` see it, with the access views and the identity RPCs answering. */
async function renderIdentities({
  roles,
  alias,
  merge,
}: { roles?: string[]; alias?: RpcAnswer[]; merge?: RpcAnswer[] } = {}) {
  const access = accessBackend();
  const identities = identityBackend({ alias: alias ?? [], merge: merge ?? [] });
  const rendered = renderPages(ACCESS_PAGES, '/catalog/access', roles ? { roles } : {});
  await findTable(BY_USER);
  await waitFor(() => expect(rowWith(BY_USER, 'bob')).toBeInTheDocument(), SLOW);
  return { ...rendered, access, identities };
}

type Rendered = Awaited<ReturnType<typeof renderIdentities>>;

const ui = {
  menuButton: (name: string) =>
    within(rowWith(BY_USER, name)).queryByRole('button', {
      name: `Identity actions for ${name}`,
    }),
  dialog: () => screen.findByRole('dialog'),
  aliasField: () => screen.getByRole('textbox', { name: /^Alias/ }),
  keepField: () => screen.getByLabelText(/^User to keep/),
  button: (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name }),
};

/** Opens a row's menu and chooses one of its items. */
async function choose({ user }: Rendered, name: string, item: string) {
  await user.click(ui.menuButton(name)!);
  await user.click(await screen.findByRole('menuitem', { name: item }));
  return ui.dialog();
}

/** Chooses the user to keep in the merge dialog by typing part of its name. */
async function keep({ user }: Rendered, text: string, name: string) {
  await user.click(ui.keepField());
  await user.type(ui.keepField(), text);
  // The picker's result (the page's user filter, a native select, has one of that name too).
  const option = await waitFor(() => {
    const found = screen
      .getAllByRole('option', { name: new RegExp(`^${name}`) })
      .find((element) => element.tagName !== 'OPTION');
    expect(found).toBeDefined();
    return found!;
  }, SLOW);
  await user.click(within(option).getByText(name));
  await waitFor(() => expect(ui.button('Next')).toBeEnabled());
}

const BOB_INTO_ALICE =
  'bob (bob@acme.io) will be merged into alice: its 1 access row, groups and sign-ins move to ' +
  'alice, its identities become aliases of alice, and bob is removed. This cannot be undone.';

afterEach(async () => {
  await act(() => clearToasts());
});

describe('Access page: identities of the by-user list', () => {
  it('adds an alias, trimmed, showing the current aliases, and reads the lists again', async () => {
    const rendered = await renderIdentities();
    const dialog = await choose(rendered, 'alice', 'Add alias…');
    expect(within(dialog).getByRole('heading', { name: 'Add alias to alice' })).toBeVisible();
    const current = await within(dialog).findByRole('group', { name: 'Current aliases' });
    expect(current).toHaveTextContent('alice.smith');
    expect(rendered.identities.users.reads[0]!.url.search).toBe(
      '?select=id%2Cname%2Cemail%2Caliases&id=eq.' + ALICE,
    );
    // Blank is refused here, before any request.
    await rendered.user.type(ui.aliasField(), '   ');
    await rendered.user.click(ui.button('Add'));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(rendered.identities.aliasBodies).toEqual([]);

    const reads = rendered.access.users.reads.length;
    await rendered.user.clear(ui.aliasField());
    await rendered.user.type(ui.aliasField(), '  Alice@Corp.io ');
    await rendered.user.click(ui.button('Add'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rendered.identities.aliasBodies).toEqual([
      { p_external_user_id: ALICE, p_alias: 'Alice@Corp.io' },
    ]);
    expect(await screen.findByText('Alias alice@corp.io added to alice')).toBeInTheDocument();
    // The access lists are read again.
    await waitFor(() => expect(rendered.access.users.reads.length).toBeGreaterThan(reads));
  });

  it("shows the server's reason for refusing an alias and keeps what was typed", async () => {
    const rendered = await renderIdentities({ alias: [{ refuse: REFUSAL }] });
    const dialog = await choose(rendered, 'bob', 'Add alias…');
    expect(await within(dialog).findByText('No aliases yet')).toBeInTheDocument();
    await rendered.user.type(ui.aliasField(), 'alice@corp.io');
    await rendered.user.click(ui.button('Add'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REFUSAL);
    expect(ui.aliasField()).toHaveValue('alice@corp.io');
    expect(ui.button('Add')).toBeEnabled();
    expect(rendered.identities.aliasBodies).toEqual([
      { p_external_user_id: BOB, p_alias: 'alice@corp.io' },
    ]);
  });

  it('says exactly what a merge changes before it runs, then merges and reads the lists again', async () => {
    const rendered = await renderIdentities();
    const dialog = await choose(rendered, 'bob', 'Merge into…');
    expect(within(dialog).getByRole('heading', { name: 'Merge bob' })).toBeVisible();
    expect(ui.button('Next')).toBeDisabled();
    await keep(rendered, 'ali', 'alice');
    // The search leaves out the user merged away.
    const search = rendered.identities.users.reads.at(-1)!.url.searchParams;
    expect([...search]).toEqual([
      ['select', 'id,name,email,aliases'],
      ['deleted_at', 'is.null'],
      ['id', `neq.${BOB}`],
      ['or', '(name.ilike.*ali*,email.ilike.*ali*)'],
      ['order', 'name.asc'],
      ['limit', '50'],
    ]);
    await rendered.user.click(ui.button('Next'));
    expect(within(dialog).getByRole('status')).toHaveTextContent(BOB_INTO_ALICE);
    expect(rendered.identities.mergeBodies).toEqual([]);

    const reads = rendered.access.users.reads.length;
    await rendered.user.click(ui.button('Merge'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rendered.identities.mergeBodies).toEqual([{ p_primary_id: ALICE, p_duplicate_id: BOB }]);
    expect(await screen.findByText('bob merged into alice')).toBeInTheDocument();
    await waitFor(() => expect(rendered.access.users.reads.length).toBeGreaterThan(reads));
  });

  it("shows the server's reason for a failed merge, with Back and Retry, and retries it", async () => {
    const rendered = await renderIdentities({ merge: [{ refuse: MERGE_REFUSAL }] });
    const dialog = await choose(rendered, 'bob', 'Merge into…');
    await keep(rendered, 'ali', 'alice');
    await rendered.user.click(ui.button('Next'));
    await rendered.user.click(ui.button('Merge'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MERGE_REFUSAL);
    expect(within(dialog).getByRole('status')).toHaveTextContent(BOB_INTO_ALICE);
    expect(ui.button('Back')).toBeEnabled();
    await rendered.user.click(ui.button('Retry'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rendered.identities.mergeBodies).toEqual([
      { p_primary_id: ALICE, p_duplicate_id: BOB },
      { p_primary_id: ALICE, p_duplicate_id: BOB },
    ]);
  });

  it('offers no identity actions to a user who may not write the database', async () => {
    await renderIdentities({ roles: ['viewer'] });
    expect(ui.menuButton('alice')).toBeNull();
    expect(ui.menuButton('bob')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});
