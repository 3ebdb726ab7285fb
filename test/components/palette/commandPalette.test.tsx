import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactElement } from 'react';
import { appPages, createNavigation } from '../../../src/app/routes';
import type { CommandPaletteProps } from '../../../src/features/palette/CommandPalette';
import { CommandPalette } from '../../../src/features/palette/CommandPalette';
import { Layout } from '../../../src/shell/Layout';
import { ShellProvider } from '../../../src/shell/ShellContext';
import type { RecentItem } from '../../../src/shell/preferencesSlice';
import { defaultPreferences } from '../../../src/shell/preferencesSlice';
import type { RenderAppOptions } from '../../support/renderApp';
import { server } from '../../support/msw';
import { renderApp } from '../../support/renderApp';
import type { PaletteData } from './paletteBackend';
import { paletteBackend } from './paletteBackend';

const DATA: PaletteData = {
  resources: {
    checks: [
      { id: 'c-1', name: 'api-latency', type: 'http', namespace: 'prod', health: 'healthy' },
      { id: 'c-2', name: 'api', type: 'http', namespace: 'prod', health: 'unhealthy' },
      { id: 'c-3', name: 'payments-api', type: 'http', namespace: 'shop' },
      { id: 'c-4', name: 'legacy-api-ping', type: 'tcp', namespace: 'old' },
      { id: 'c-5', name: 'api-dns', type: 'dns', namespace: 'prod' },
      { id: 'c-6', name: 'api-tls', type: 'tls', namespace: 'prod' },
      { id: 'c-7', name: 'rapid-api', type: 'http', namespace: 'prod' },
    ],
    configs: [
      { id: 'cfg-1', name: 'api-gateway', type: 'Kubernetes::Deployment', namespace: 'edge' },
    ],
    components: [{ id: 'comp-1', name: 'billing', type: 'Service', namespace: 'shop' }],
    playbooks: [
      { id: 'pb-1', name: 'restart-pod' },
      { id: 'pb-2', name: 'scale-deployment' },
    ],
    connections: [{ id: 'conn-1', name: 'slack-api', type: 'slack' }],
  },
  incidents: [{ id: 'inc-1', title: 'API outage', status: 'open', severity: 'high' }],
  rules: [{ id: 'rule-1', name: 'page-oncall', namespace: 'default' }],
  views: [{ id: 'view-1', name: 'api-overview', namespace: 'mission-control' }],
};

/** The palette with a short pause after typing, so tests do not wait long for searches. */
function QuickPalette(props: CommandPaletteProps): ReactElement {
  return <CommandPalette {...props} debounceMs={20} />;
}

const navigation = createNavigation(appPages);

function renderShell(options: RenderAppOptions & { data?: PaletteData } = {}) {
  const backend = paletteBackend(options.data ?? DATA);
  const onSignOut = jest.fn();
  const view = renderApp(
    [
      {
        element: (
          <ShellProvider commandPalette={QuickPalette} onSignOut={onSignOut}>
            <Layout navigation={navigation} />
          </ShellProvider>
        ),
        children: [{ path: '*', element: <p>Page</p> }],
      },
    ],
    { url: '/topology', ...options },
  );
  return { ...view, backend, onSignOut };
}

async function openPalette(user: ReturnType<typeof renderShell>['user']) {
  await screen.findByText('Page');
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
  const input = within(dialog).getByRole('combobox', { name: 'Search and commands' });
  await waitFor(() => expect(input).toHaveFocus());
  return { dialog, input };
}

const optionNames = (group: HTMLElement) =>
  within(group)
    .queryAllByRole('option')
    .map((option) => option.querySelector('.mc-palette-option-name')?.textContent);

const groupTitles = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('group')
    .map((group) => group.getAttribute('aria-label'));

const selected = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('option')
    .find((option) => option.getAttribute('aria-selected') === 'true')
    ?.querySelector('.mc-palette-option-name')?.textContent;

async function typeAndWait(
  user: ReturnType<typeof renderShell>['user'],
  input: HTMLElement,
  text: string,
) {
  await user.type(input, text);
  await waitFor(() => expect(screen.getByRole('status')).not.toHaveTextContent('Searching…'));
  await waitFor(() =>
    expect(input.closest('[data-search-state]')).toHaveAttribute('data-search-state', 'results'),
  );
}

describe('command palette: opening', () => {
  it('opens with Ctrl+K as a dialog with a combobox, a listbox and the results count', async () => {
    const { user } = renderShell();
    const { dialog, input } = await openPalette(user);
    expect(input).toHaveAttribute('aria-controls', within(dialog).getByRole('listbox').id);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(groupTitles(dialog)).toEqual(['Try', 'Actions', 'Pages']);
    const count = within(dialog).getAllByRole('option').length;
    expect(within(dialog).getByRole('status')).toHaveTextContent(`${count} results`);
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      within(dialog).getAllByRole('option')[0]?.id,
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens with / outside text fields, not while typing in one, and from the top bar', async () => {
    const { user } = renderShell();
    await screen.findByText('Page');
    await user.keyboard('/');
    expect(await screen.findByRole('dialog', { name: 'Command palette' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const field = document.createElement('input');
    document.body.appendChild(field);
    field.focus();
    await user.keyboard('/');
    expect(field).toHaveValue('/');
    expect(screen.queryByRole('dialog')).toBeNull();
    field.remove();

    await user.click(screen.getByRole('button', { name: 'Search and commands (Ctrl+K)' }));
    expect(await screen.findByRole('dialog', { name: 'Command palette' })).toBeInTheDocument();
  });
});

describe('command palette: searching', () => {
  it('groups results by kind, best matches first, at most five per group', async () => {
    const { user, backend } = renderShell();
    const { dialog, input } = await openPalette(user);
    await typeAndWait(user, input, 'api');

    // The exact name's group first; equally good groups in the fixed order.
    expect(groupTitles(dialog)).toEqual([
      'Health checks',
      'Catalog',
      'Incidents',
      'Views',
      'Pages',
      'Connections',
    ]);
    const checks = within(dialog).getByRole('group', { name: 'Health checks' });
    expect(optionNames(checks)).toEqual([
      'api',
      'api-dns',
      'api-latency',
      'api-tls',
      'legacy-api-ping',
    ]);
    expect(checks).toHaveTextContent('2 more');
    const api = within(checks).getAllByRole('option')[0] as HTMLElement;
    expect(api).toHaveTextContent('Health check · http');
    expect(api).toHaveTextContent('unhealthy');
    expect(api).toHaveTextContent('prod');
    expect(optionNames(within(dialog).getByRole('group', { name: 'Pages' }))).toEqual([
      'Settings › API Tokens',
    ]);
    expect(within(dialog).getByRole('status')).toHaveTextContent('10 results');

    // One MISC-03 request for its kinds (lenient: a key one kind lacks finds nothing of it),
    // and one each for incidents, rules, views and teams.
    const search = backend.received.filter((r) => r.what === 'search' && r.text === 'api');
    expect(search).toHaveLength(1);
    expect(search[0]?.kinds.sort()).toEqual([
      'canaries',
      'checks',
      'components',
      'config_changes',
      'configs',
      'connections',
      'playbooks',
    ]);
    expect(search[0]?.limit).toBe(8);
    expect(search[0]?.lenient).toBe(true);
    expect(
      backend.received
        .filter((r) => r.text === 'api')
        .map((r) => r.what)
        .sort(),
    ).toEqual(['incidents', 'rules', 'search', 'teams', 'views']);
  });

  it('says when nothing matches', async () => {
    const { user, backend } = renderShell();
    const { dialog, input } = await openPalette(user);
    await typeAndWait(user, input, 'zzz');
    expect(within(dialog).getByRole('status')).toHaveTextContent('No results for “zzz”');
    expect(backend.received.some((r) => r.text === 'zzz')).toBe(true);
  });

  it('shows a kind that failed in its group, and the other kinds', async () => {
    const { user } = renderShell();
    server.use(
      http.get('*/api/db/views', () =>
        HttpResponse.json({ message: 'views are down' }, { status: 500 }),
      ),
    );
    const { dialog, input } = await openPalette(user);
    await typeAndWait(user, input, 'api');
    expect(within(dialog).getByRole('group', { name: 'Views' })).toHaveTextContent(
      'views are down',
    );
    expect(optionNames(within(dialog).getByRole('group', { name: 'Catalog' }))).toEqual([
      'api-gateway',
    ]);
  });

  it('escapes PostgREST special characters in the typed text', async () => {
    const { user, backend } = renderShell();
    const { input } = await openPalette(user);
    await typeAndWait(user, input, 'a,b%');
    // On a busy machine the debounce may pass between keystrokes, so earlier prefixes of the text
    // can be searched too: the search that answered is the last one.
    const rules = backend.received.findLast((r) => r.what === 'rules');
    // `%` matches itself, and the comma cannot break the `or=(…)` list.
    expect(new URL(rules?.url ?? 'http://x').searchParams.get('or')).toBe(
      String.raw`(name.ilike."*a,b\\%*",namespace.ilike."*a,b\\%*",title.ilike."*a,b\\%*")`,
    );
  });

  it('aborts the search of stale input and never shows its results', async () => {
    const data: PaletteData = {
      resources: {
        checks: [
          { id: 'c-ab', name: 'ab-stale' },
          { id: 'c-abc', name: 'abc-fresh' },
        ],
      },
    };
    const { user, backend } = renderShell({ data });
    const { dialog, input } = await openPalette(user);
    backend.hold('ab');
    await user.type(input, 'ab');
    await waitFor(() =>
      expect(backend.received.filter((r) => r.text === 'ab')).not.toHaveLength(0),
    );
    const stale = backend.received.filter((r) => r.text === 'ab');

    await user.type(input, 'c');
    await waitFor(() => expect(backend.received.some((r) => r.text === 'abc')).toBe(true));
    for (const request of stale) expect(request.signal.aborted).toBe(true);
    expect(await within(dialog).findByText('abc-fresh')).toBeInTheDocument();
    backend.release('ab');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('1 result'));
    expect(within(dialog).queryByText('ab-stale')).toBeNull();
  });
});

describe('command palette: keyboard', () => {
  it('moves with the arrows (wrapping) and jumps between groups with Tab', async () => {
    const { user } = renderShell();
    const { dialog, input } = await openPalette(user);
    await typeAndWait(user, input, 'api');
    expect(selected(dialog)).toBe('api');
    // Each key sequence, and the item selected after it.
    const steps: Array<[string, string]> = [
      ['{ArrowDown}', 'api-dns'],
      ['{ArrowUp}{ArrowUp}', 'slack-api'],
      ['{ArrowDown}', 'api'],
      ['{Tab}', 'api-gateway'],
      ['{Tab}', 'API outage'],
      ['{Shift>}{Tab}{/Shift}{Shift>}{Tab}{/Shift}', 'api'],
      ['{Shift>}{Tab}{/Shift}', 'slack-api'],
    ];
    for (const [keys, item] of steps) {
      await user.keyboard(keys);
      expect(selected(dialog)).toBe(item);
    }
    expect(input).toHaveFocus();
    const active = within(dialog)
      .getAllByRole('option')
      .find((option) => option.getAttribute('aria-selected') === 'true');
    expect(input).toHaveAttribute('aria-activedescendant', active?.id);
  });

  it('opens the item with Enter: a check opens its dialog on the health page', async () => {
    const { user, currentUrl } = renderShell();
    const { input } = await openPalette(user);
    await typeAndWait(user, input, 'api');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentUrl()).toBe('/health?checkId=c-2&timeRange=1h'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the item in a new tab with Ctrl+Enter', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    try {
      const { user, currentUrl } = renderShell();
      const { input } = await openPalette(user);
      await typeAndWait(user, input, 'gateway');
      await user.keyboard('{Control>}{Enter}{/Control}');
      expect(open).toHaveBeenCalledWith('/catalog/cfg-1', '_blank', 'noopener');
      expect(currentUrl()).toBe('/topology');
    } finally {
      open.mockRestore();
    }
  });

  it('opens an option on click', async () => {
    const { user, currentUrl } = renderShell();
    const { dialog, input } = await openPalette(user);
    await typeAndWait(user, input, 'outage');
    await user.click(within(dialog).getByRole('option', { name: /API outage/ }));
    await waitFor(() => expect(currentUrl()).toBe('/incidents/inc-1'));
  });
});

describe('command palette: actions', () => {
  it('"Create incident" opens the incidents with their Create dialog', async () => {
    const { user, currentUrl } = renderShell();
    const { input } = await openPalette(user);
    await user.type(input, 'create inc');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentUrl()).toBe('/incidents?create=1'));
  });

  it('"Run playbook…" picks a playbook and opens its run dialog; Escape goes back first', async () => {
    const { user, currentUrl } = renderShell();
    const { dialog, input } = await openPalette(user);
    await user.type(input, 'run play');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Esc to go back')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('placeholder', 'Choose a playbook to run');
    await typeAndWait(user, input, 'scale');
    expect(groupTitles(dialog)).toEqual(['Playbooks']);
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByText('Esc to go back')).toBeNull();
    expect(groupTitles(dialog)).toEqual(['Try', 'Actions', 'Pages']);

    await user.type(input, 'run play');
    await user.keyboard('{Enter}');
    await typeAndWait(user, input, 'restart');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentUrl()).toBe('/playbooks?run=pb-1'));
  });

  it('"Silence notifications for…" opens the silence form prefilled with the chosen config', async () => {
    const { user, currentUrl, backend } = renderShell();
    const { input } = await openPalette(user);
    await user.type(input, 'silence');
    await user.keyboard('{Enter}');
    await typeAndWait(user, input, 'gateway');
    const search = backend.received.filter((r) => r.text === 'gateway');
    expect(search.map((r) => r.kinds.sort())).toEqual([['checks', 'components', 'configs']]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentUrl()).toBe('/notifications/silences/add?config_id=cfg-1'));
  });

  it('"Run check now" opens the chosen check asking it to run', async () => {
    const { user, currentUrl } = renderShell();
    const { input } = await openPalette(user);
    await user.type(input, 'run check');
    await user.keyboard('{Enter}');
    await typeAndWait(user, input, 'payments');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentUrl()).toBe('/health?checkId=c-3&timeRange=1h&run=1'));
  });

  it('switches the time zone, toggles the theme, opens the built-in inspector and signs out', async () => {
    const inspectorLoader = jest.fn(async () => ({ inspect: () => undefined }));
    const { user, store, onSignOut } = renderShell({ inspectorLoader });
    let { input } = await openPalette(user);
    await user.type(input, 'time zone');
    await user.keyboard('{Enter}');
    await user.type(input, 'Europe/Berl');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(store.getState().preferences.timezone).toBe('Europe/Berlin'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    ({ input } = await openPalette(user));
    await user.type(input, 'dark');
    await user.keyboard('{Enter}');
    expect(store.getState().preferences.theme).toBe('dark');

    ({ input } = await openPalette(user));
    await user.type(input, 'inspector');
    await user.keyboard('{Enter}');
    expect(store.getState().preferences).toMatchObject({ inspect: true, inspectMode: 'local' });
    // The built-in inspector opens and lists the flows that were already running, the
    // palette's own among them; the hosted inspector is not loaded.
    const panel = await screen.findByRole('region', { name: 'Flow inspector' });
    const actors = within(panel).getByRole('navigation', { name: 'Actors' });
    expect(
      await within(actors).findByRole('button', { name: /^Command palette/ }),
    ).toBeInTheDocument();
    expect(inspectorLoader).not.toHaveBeenCalled();

    ({ input } = await openPalette(user));
    await user.type(input, 'sign out');
    await user.keyboard('{Enter}');
    expect(onSignOut).toHaveBeenCalledWith('/topology');
  });
});

describe('command palette: permissions', () => {
  it('offers a viewer no write action and no page they cannot open', async () => {
    const { user, backend } = renderShell({ user: { roles: ['viewer'] } });
    const { dialog, input } = await openPalette(user);
    expect(optionNames(within(dialog).getByRole('group', { name: 'Actions' }))).toEqual([
      'Switch time zone',
      'Toggle dark theme',
      'Sign out',
      'Open flow inspector',
    ]);
    const pages = optionNames(within(dialog).getByRole('group', { name: 'Pages' }));
    expect(pages).toContain('Health');
    expect(pages).toContain('Settings › API Tokens');
    expect(pages).not.toContain('Settings › Users');
    expect(pages).not.toContain('Settings › Connections');

    await typeAndWait(user, input, 'api');
    expect(groupTitles(dialog)).not.toContain('Connections');
    const search = backend.received.find((r) => r.what === 'search');
    expect(search?.kinds).not.toContain('connections');
  });

  it('leaves out the pages, kinds and actions of a disabled feature', async () => {
    const { user, backend } = renderShell({
      properties: [{ name: 'incidents.disable', value: 'true' }],
    });
    let { dialog, input } = await openPalette(user);
    await waitFor(() =>
      expect(optionNames(within(dialog).getByRole('group', { name: 'Actions' }))).not.toContain(
        'Create incident',
      ),
    );
    expect(optionNames(within(dialog).getByRole('group', { name: 'Pages' }))).not.toContain(
      'Incidents',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    ({ dialog, input } = await openPalette(user));
    await typeAndWait(user, input, 'api');
    expect(groupTitles(dialog)).toContain('Catalog');
    expect(groupTitles(dialog)).not.toContain('Incidents');
    expect(backend.received.some((r) => r.what === 'incidents')).toBe(false);
  });
});

describe('command palette: recent items', () => {
  it('records opened items and lists them, most recent first, when the input is empty', async () => {
    const { user, store } = renderShell();
    let { dialog, input } = await openPalette(user);
    await typeAndWait(user, input, 'gateway');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    ({ dialog, input } = await openPalette(user));
    await user.type(input, 'Catalog › Ch');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    ({ dialog } = await openPalette(user));
    expect(groupTitles(dialog)[0]).toBe('Recent');
    expect(optionNames(within(dialog).getByRole('group', { name: 'Recent' }))).toEqual([
      'Catalog › Changes',
      'api-gateway',
    ]);
    expect(store.getState().preferences.recentItems[1]).toEqual({
      kind: 'config',
      id: 'cfg-1',
      name: 'api-gateway',
      href: '/catalog/cfg-1',
      type: 'Kubernetes::Deployment',
      parent: 'edge',
    });
  });

  it('keeps the last 10 and ranks recent items up within their match', async () => {
    const recentItems: RecentItem[] = Array.from({ length: 10 }, (_, i) => ({
      kind: 'check' as const,
      id: `old-${i}`,
      name: `old check ${i}`,
      href: `/health?checkId=old-${i}`,
    }));
    recentItems[9] = { kind: 'check', id: 'c-6', name: 'api-tls', href: '/health?checkId=c-6' };
    const { user, store } = renderShell({
      preloadedState: { preferences: { ...defaultPreferences, recentItems } },
    });
    let { dialog, input } = await openPalette(user);
    await typeAndWait(user, input, 'api');
    // api-tls was opened lately: first among the prefixes, after the exact name.
    expect(optionNames(within(dialog).getByRole('group', { name: 'Health checks' }))).toEqual([
      'api',
      'api-tls',
      'api-dns',
      'api-latency',
      'legacy-api-ping',
    ]);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    ({ dialog, input } = await openPalette(user));
    const recent = optionNames(within(dialog).getByRole('group', { name: 'Recent' }));
    expect(recent).toHaveLength(10);
    expect(recent[0]).toBe('api-dns');
    expect(recent).not.toContain('old check 9');
    expect(store.getState().preferences.recentItems).toHaveLength(10);
  });
});

describe('command palette: pages by visits', () => {
  it("lists the pages the user has visited most first, from the user's own visits", async () => {
    const asked: URL[] = [];
    server.use(
      http.get('*/api/db/person_analytics', ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json([
          { key: 'page:/settings/plugins', count: 2, updated_at: '2026-01-02T00:00:00Z' },
          { key: 'health.view', count: 7, updated_at: '2026-01-01T00:00:00Z' },
          { key: 'page:/nowhere', count: 9, updated_at: '2026-01-01T00:00:00Z' },
        ]);
      }),
    );
    const { user } = renderShell();
    const { dialog } = await openPalette(user);
    await waitFor(() =>
      expect(optionNames(within(dialog).getByRole('group', { name: 'Pages' })).slice(0, 3)).toEqual(
        ['Health', 'Settings › Plugins', 'Dashboard'],
      ),
    );
    expect(asked[0]?.searchParams.get('person_id')).toBe('eq.0190d1a2-7c4e-7000-8000-000000000001');
  });

  it('keeps the route table order when the visits cannot be read', async () => {
    server.use(
      http.get('*/api/db/person_analytics', () =>
        HttpResponse.json({ message: 'permission denied' }, { status: 403 }),
      ),
    );
    const { user } = renderShell();
    const { dialog } = await openPalette(user);
    expect(optionNames(within(dialog).getByRole('group', { name: 'Pages' }))[0]).toBe('Dashboard');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
