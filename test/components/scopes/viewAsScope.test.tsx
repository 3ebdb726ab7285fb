/**
 * Seeing the console as Scopes from the user menu: the bar across the top, the
 * `X-Flanksource-Scope` header on every request while it lasts (the cache asked again), the bar's
 * button that ends it, the menu item only for those who may write access rules, and the
 * impersonation kept for the tab.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { appPages } from '../../../src/app/routes';
import {
  impersonationStarted,
  loadImpersonation,
  saveImpersonation,
} from '../../../src/auth/impersonationSlice';
import { VIEW_AS_SCOPE_LABELS as LABELS } from '../../../src/features/scopes/viewAs/ViewAsScopeDialog';
import { IMPERSONATION_BAR as BAR } from '../../../src/shell/ImpersonationBar';
import { VIEW_AS_SCOPE_ITEM } from '../../../src/shell/UserMenu';
import { server } from '../../support/msw';
import { renderPages } from '../../support/renderPages';
import { SLOW } from '../../support/tables';
import { SEEDED_SCOPES, scopesBackend } from './scopesBackend';
import { memoryStorage } from '../../support/memoryStorage';

jest.setTimeout(60_000);

const [PROD] = SEEDED_SCOPES;
const PROD_LABEL = `${PROD!.namespace}/${PROD!.name}`;

/** The `X-Flanksource-Scope` of each `/api/db/scopes` read, in order. */
function recordScopeReads() {
  const headers: Array<string | null> = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.endsWith('/api/db/scopes')) {
      headers.push(request.headers.get('X-Flanksource-Scope'));
    }
  });
  return headers;
}

function probeAnswers(count: number) {
  server.use(
    http.get('*/api/db/config_items', () =>
      HttpResponse.json([{ id: 'c-1' }], { headers: { 'Content-Range': `0-0/${count}` } }),
    ),
  );
}

async function openViewAsScope(user: ReturnType<typeof renderPages>['user']) {
  await user.click(await screen.findByRole('button', { name: 'User menu' }, SLOW));
  await user.click(await screen.findByRole('menuitem', { name: VIEW_AS_SCOPE_ITEM }));
  return screen.findByRole('dialog', { name: LABELS.title }, SLOW);
}

afterEach(() => server.events.removeAllListeners());

describe('View as scope', () => {
  it('narrows every request to the Scopes chosen until the bar ends it', async () => {
    scopesBackend();
    probeAnswers(12);
    const reads = recordScopeReads();
    const { user, store } = renderPages(appPages, '/settings/scopes');
    await screen.findByRole('table', { name: 'Scopes' }, SLOW);
    expect(reads.every((header) => header === null)).toBe(true);

    const dialog = await openViewAsScope(user);
    const box = await within(dialog).findByRole(
      'checkbox',
      { name: new RegExp(`^${PROD_LABEL}`) },
      SLOW,
    );
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: LABELS.submit }));

    const bar = await screen.findByRole('region', { name: BAR.label }, SLOW);
    expect(bar).toHaveTextContent(`${BAR.viewing(1)} ${PROD_LABEL}. ${BAR.narrowed(1)}`);
    expect(store.getState().impersonation.scopes.map((scope) => scope.id)).toEqual([PROD!.id]);
    // The page's list is asked again, as the Scope.
    const header = JSON.stringify([PROD!.id]);
    await waitFor(() => expect(reads.at(-1)).toBe(header), SLOW);
    await screen.findByRole('table', { name: 'Scopes' }, SLOW);

    const before = reads.length;
    await user.click(within(bar).getByRole('button', { name: BAR.end }));
    await waitFor(() => expect(screen.queryByRole('region', { name: BAR.label })).toBeNull());
    await waitFor(() => expect(reads.length).toBeGreaterThan(before), SLOW);
    expect(reads.at(-1)).toBeNull();
    expect(store.getState().impersonation.scopes).toEqual([]);
  });

  it('is not offered to those who may not write access rules', async () => {
    scopesBackend();
    const { user } = renderPages(appPages, '/settings/scopes', { roles: ['editor'] });
    await screen.findByRole('table', { name: 'Scopes' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await screen.findByRole('menuitem', { name: 'Your Profile' });
    expect(screen.queryByRole('menuitem', { name: VIEW_AS_SCOPE_ITEM })).toBeNull();
  });

  it('shows the bar when the tab was already viewing as a Scope', async () => {
    scopesBackend();
    const reads = recordScopeReads();
    const { store } = renderPages(appPages, '/settings/scopes');
    store.dispatch(
      impersonationStarted({
        scopes: [{ id: PROD!.id, name: PROD!.name, namespace: PROD!.namespace }],
        userId: store.getState().session.user?.id,
      }),
    );
    expect(await screen.findByRole('region', { name: BAR.label }, SLOW)).toHaveTextContent(
      PROD_LABEL,
    );
    await waitFor(() => expect(reads.at(-1)).toBe(JSON.stringify([PROD!.id])), SLOW);
  });
});

describe('the impersonation kept for the tab', () => {
  it('is read back as it was kept, and forgotten when it ends', () => {
    const storage = memoryStorage();
    const state = { scopes: [{ id: 's-1', name: 'runbooks', namespace: 'sre' }], userId: 'u-1' };
    saveImpersonation(storage, state);
    expect(loadImpersonation(storage)).toEqual(state);
    saveImpersonation(storage, { scopes: [] });
    expect(storage.length).toBe(0);
    expect(loadImpersonation(storage)).toEqual({ scopes: [] });
  });

  it('treats a malformed entry as none', () => {
    const storage = memoryStorage();
    storage.setItem('mc.impersonation', '{not json');
    expect(loadImpersonation(storage)).toEqual({ scopes: [] });
    storage.setItem('mc.impersonation', JSON.stringify({ scopes: [{ id: 1 }] }));
    expect(loadImpersonation(storage)).toEqual({ scopes: [] });
  });
});
