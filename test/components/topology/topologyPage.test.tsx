import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setSaveFile } from '../../../src/api/endpoints/topology';
import type { AppPage } from '../../../src/app/routes';
import { appPages, createRoutes, standalonePages } from '../../../src/app/routes';
import { PREFERENCES_STORAGE_KEY, defaultPreferences } from '../../../src/shell/preferencesSlice';
import { deferred } from '../../support/deferred';
import { server } from '../../support/msw';
import type { RenderAppOptions } from '../../support/renderApp';
import { renderApp } from '../../support/renderApp';
import { disabledFeatures } from '../../support/shellHandlers';
import { CLUSTER_ID, DATABASE, DB_ID, HIDDEN_ID, topologyBackend } from './topologyBackend';

jest.setTimeout(60_000);

const SLOW = { timeout: 10_000 };
const PAGES: AppPage[] = appPages.filter((page) => page.path.startsWith('/topology'));
const STANDALONE: AppPage[] = standalonePages.filter((page) =>
  page.path.startsWith('/view/topology'),
);

const ui = {
  card: (name: string) => screen.findByRole('article', { name }, SLOW),
  queryCard: (name: string) => screen.queryByRole('article', { name }),
  select: (label: string) => screen.getByLabelText(label) as HTMLSelectElement,
};

function renderTopology(
  url: string,
  options: {
    roles?: string[];
    preferences?: Partial<typeof defaultPreferences>;
    fail?: string;
    hold?: NonNullable<Parameters<typeof topologyBackend>[0]>['hold'];
    roots?: readonly unknown[];
    properties?: RenderAppOptions['properties'];
  } = {},
) {
  if (options.preferences) {
    window.localStorage.setItem(
      PREFERENCES_STORAGE_KEY,
      JSON.stringify({ ...defaultPreferences, ...options.preferences }),
    );
  }
  const backend = topologyBackend({
    ...(options.fail ? { fail: options.fail } : {}),
    ...(options.hold ? { hold: options.hold } : {}),
    ...(options.roots ? { roots: options.roots } : {}),
  });
  const rendered = renderApp(
    createRoutes({ pages: PAGES, publicRoutes: [], standalone: STANDALONE }),
    {
      url,
      userOptions: { delay: null },
      ...(options.roles ? { user: { roles: options.roles } } : {}),
      ...(options.properties ? { properties: options.properties } : {}),
    },
  );
  return { ...rendered, backend };
}

const lastRead = (reads: URLSearchParams[]) => reads[reads.length - 1]!;

describe('topology dashboard', () => {
  it('has a sidebar entry of its own, Topology', async () => {
    renderTopology('/topology');
    await ui.card('prod-eu-1');
    const nav = screen.getByRole('navigation', { name: /main/i });
    const entry = within(nav).getByRole('link', { name: 'Topology' });
    expect(entry).toHaveAttribute('href', '/topology');
    expect(entry).toHaveAttribute('aria-current', 'page');
  });

  it('renders each property type, the health colour and the children roll-up on a card', async () => {
    const { backend } = renderTopology('/topology');
    const card = await ui.card('prod-eu-1');
    expect(lastRead(backend.reads).toString()).toBe('sortBy=status&sortOrder=desc');
    expect(card).toHaveClass('mc-topology-card--orange');
    expect(within(card).getByText('1 of 2 children unhealthy')).toBeInTheDocument();
    // value with max → a bar, red above 90 %
    const bar = within(card).getByRole('progressbar', { name: '9.5 cores / 10 cores' });
    expect(bar).toHaveClass(Classes.INTENT_DANGER);
    expect(within(card).getByText('8 GB')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'https://k8s.example.com' })).toHaveAttribute(
      'href',
      'https://k8s.example.com',
    );
    expect(within(card).getByText('gold').closest(`.${Classes.TAG}`)).not.toBeNull();
    expect(within(card).getByText('$2,500')).toBeInTheDocument();
    expect(within(card).queryByText('token')).toBeNull();
    expect(within(card).queryByText('s3cret')).toBeNull();
    const rollUp = within(card).getByRole('list', { name: 'Children by health' });
    const chips = within(rollUp).getAllByRole('listitem');
    expect(chips.map((chip) => [chip.textContent, chip.dataset.color])).toEqual([
      ['3 healthy', 'green'],
      ['1 unhealthy', 'red'],
      ['2 unknown', 'grey'],
    ]);
    expect(within(card).getByText('1 incident')).toBeInTheDocument();
    expect(within(card).getByText('2 insights')).toBeInTheDocument();
    expect(within(card).getByText('$1,521 / 30d')).toBeInTheDocument();
    // the database's bar stays green
    const db = await ui.card('orders-db');
    expect(within(db).getByRole('progressbar', { name: '40 / 500' })).toHaveClass(
      Classes.INTENT_SUCCESS,
    );
  });

  it("draws a status's cards from the answer for every status while its own answer comes", async () => {
    const answer = deferred();
    const { user, backend } = renderTopology('/topology', {
      hold: (params) => (params.has('status') ? answer.promise : undefined),
    });
    await ui.card('orders-db');
    await user.selectOptions(ui.select('Health'), 'warning');
    await waitFor(() => expect(lastRead(backend.reads).get('status')).toBe('warning'));
    // The warning cluster stays, the healthy database goes, before the answer is in.
    await waitFor(() => expect(ui.queryCard('orders-db')).toBeNull());
    expect(ui.queryCard('prod-eu-1')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Components' })).toHaveAttribute('aria-busy', 'false');
    answer.resolve();
    await waitFor(() => expect(backend.requests).toHaveLength(2));
    expect(await ui.card('prod-eu-1')).toBeInTheDocument();
    expect(ui.queryCard('orders-db')).toBeNull();
  });

  it('cancels the request of a status chosen again before its answer came', async () => {
    const never = deferred();
    const { user, backend } = renderTopology('/topology', {
      hold: (params) => (params.get('status') === 'warning' ? never.promise : undefined),
    });
    await ui.card('orders-db');
    await user.selectOptions(ui.select('Health'), 'warning');
    await waitFor(() => expect(lastRead(backend.reads).get('status')).toBe('warning'));
    await user.selectOptions(ui.select('Health'), 'healthy');
    await waitFor(() => expect(lastRead(backend.reads).get('status')).toBe('healthy'));
    const warning = backend.requests.find(
      (request) => new URL(request.url).searchParams.get('status') === 'warning',
    );
    await waitFor(() => expect(warning?.signal.aborted).toBe(true));
    expect(await ui.card('orders-db')).toBeInTheDocument();
    expect(ui.queryCard('prod-eu-1')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    never.resolve();
  });

  it('keeps filters in the address and sends them as TOPO-01 takes them', async () => {
    const { user, backend, currentUrl } = renderTopology('/topology');
    await ui.card('prod-eu-1');
    await user.selectOptions(ui.select('Health'), 'warning');
    await waitFor(() => expect(currentUrl()).toBe('/topology?status=warning'));
    await waitFor(() => expect(lastRead(backend.reads).get('status')).toBe('warning'));
    await waitFor(() => expect(ui.queryCard('orders-db')).toBeNull());
    await user.selectOptions(ui.select('Type'), 'RDSInstance');
    await waitFor(() =>
      expect(lastRead(backend.reads).toString()).toBe(
        'status=warning&type=RDSInstance&sortBy=status&sortOrder=desc&flatten=true',
      ),
    );
    await user.selectOptions(ui.select('Labels'), 'env=prod');
    await user.selectOptions(ui.select('Sort by'), 'name');
    await user.click(screen.getByRole('button', { name: 'Descending' }));
    await waitFor(() =>
      expect(currentUrl()).toBe(
        '/topology?status=warning&type=RDSInstance&labels=env%3Dprod&sortBy=name&sortOrder=asc',
      ),
    );
    expect(lastRead(backend.reads).get('labels')).toBe('env=prod');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentUrl()).toBe('/topology?sortBy=name&sortOrder=asc'));
  });

  it('reads the filters back from the address', async () => {
    const { backend } = renderTopology('/topology?status=healthy&team=Payments');
    await ui.card('orders-db');
    expect(ui.select('Health').value).toBe('healthy');
    expect(ui.select('Team').value).toBe('Payments');
    expect(lastRead(backend.reads).get('team')).toBe('Payments');
  });

  it('lays cards out at the preferred width', async () => {
    renderTopology('/topology', { preferences: { topologyCardWidth: 300 } });
    expect(await ui.card('prod-eu-1')).toHaveStyle({ width: '300px' });
  });

  it('leaves hidden components out when the preference says no, and the switch brings them back', async () => {
    const { user, backend, currentUrl } = renderTopology('/topology', {
      preferences: { showHiddenComponents: false },
    });
    await ui.card('prod-eu-1');
    expect(lastRead(backend.reads).get('hidden')).toBe('false');
    expect(ui.queryCard('old-cluster')).toBeNull();
    // a hidden child is not listed either
    expect(within(await ui.card('prod-eu-1')).queryByText('legacy')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Show hidden' }));
    await waitFor(() => expect(currentUrl()).toBe('/topology?showHiddenComponents=yes'));
    const hidden = await ui.card('old-cluster');
    expect(within(hidden).getByText('Hidden')).toBeInTheDocument();
    expect(lastRead(backend.reads).has('hidden')).toBe(false);
  });

  it('hides a component as an editor: it goes once hidden components are not shown', async () => {
    const { user, backend } = renderTopology('/topology?showHiddenComponents=no', {
      roles: ['editor'],
    });
    await ui.card('orders-db');
    await user.click(screen.getByRole('button', { name: 'Actions for orders-db' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hide' }));
    await waitFor(() => expect(backend.patches).toHaveLength(1));
    const patch = backend.patches[0]!;
    expect(patch.url.searchParams.get('id')).toBe(`eq.${DB_ID}`);
    expect(patch.body).toEqual({ hidden: true });
    await waitFor(() => expect(ui.queryCard('orders-db')).toBeNull(), SLOW);
  });

  it('unhides a hidden component', async () => {
    const { user, backend } = renderTopology('/topology');
    await ui.card('old-cluster');
    await user.click(screen.getByRole('button', { name: 'Actions for old-cluster' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unhide' }));
    await waitFor(() => expect(backend.patches[0]?.body).toEqual({ hidden: false }));
    expect(backend.patches[0]?.url.searchParams.get('id')).toBe(`eq.${HIDDEN_ID}`);
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'old-cluster' })).queryByText('Hidden'),
      ).toBeNull(),
    );
  });

  it('offers a viewer no hide action', async () => {
    const { user } = renderTopology('/topology', { roles: ['viewer'] });
    await ui.card('orders-db');
    await user.click(screen.getByRole('button', { name: 'Actions for orders-db' }));
    await screen.findByRole('menuitem', { name: 'Download snapshot' });
    expect(screen.queryByRole('menuitem', { name: 'Hide' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('downloads a snapshot of the chosen window', async () => {
    const saved: Array<{ name: string; size: number }> = [];
    const previous = setSaveFile((blob, name) => saved.push({ name, size: blob.size }));
    const requests: URL[] = [];
    server.use(
      http.get('/api/snapshot/topology/:id', ({ request }) => {
        requests.push(new URL(request.url));
        return new HttpResponse(new Uint8Array([80, 75, 3, 4, 1, 2]), {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="snapshot-orders-db.zip"',
          },
        });
      }),
    );
    try {
      const { user } = renderTopology('/topology');
      await ui.card('orders-db');
      await user.click(screen.getByRole('button', { name: 'Actions for orders-db' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Download snapshot' }));
      const dialog = await screen.findByRole('dialog', { name: 'Download snapshot of orders-db' });
      await user.click(within(dialog).getByRole('radio', { name: 'Last hour' }));
      await user.click(within(dialog).getByRole('button', { name: 'Download' }));
      await waitFor(() => expect(saved).toEqual([{ name: 'snapshot-orders-db.zip', size: 6 }]));
      expect(requests[0]!.pathname).toBe(`/api/snapshot/topology/${DB_ID}`);
      expect(requests[0]!.search).toBe('?start=1h&related=true');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    } finally {
      setSaveFile(previous);
    }
  });

  it('keeps the snapshot dialog open with the server reason when the download fails', async () => {
    server.use(
      http.get('/api/snapshot/topology/:id', () =>
        HttpResponse.json({ error: 'snapshot store unavailable' }, { status: 503 }),
      ),
    );
    const { user } = renderTopology('/topology');
    await ui.card('orders-db');
    await user.click(screen.getByRole('button', { name: 'Actions for orders-db' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download snapshot' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'snapshot store unavailable',
    );
  });

  it('shows the server reason and retries', async () => {
    const { user, backend } = renderTopology('/topology', { fail: 'topology cache warming up' });
    const title = await screen.findByText('Error loading the topology', {}, SLOW);
    const alert = title.closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('topology cache warming up');
    const before = backend.reads.length;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(backend.reads.length).toBeGreaterThan(before));
  });
});

describe('topology answer of the wrong shape', () => {
  /** Valid roots named `card-0`, `card-1`…, each a copy of the database. */
  const roots = (count: number): Array<Record<string, unknown>> =>
    Array.from({ length: count }, (_, index) => ({
      ...DATABASE,
      id: `018f4b8e-cccc-7000-8000-${String(index).padStart(12, '0')}`,
      name: `card-${index}`,
    }));
  const errorAlert = async () => {
    const title = await screen.findByText('Error loading the topology', {}, SLOW);
    return title.closest('[role="alert"]') as HTMLElement;
  };

  it('shows what is wrong with a card drawn at first, and draws no cards', async () => {
    const answer = roots(3);
    answer[1] = { ...answer[1]!, summary: { healthy: 'many' } };
    renderTopology('/topology', { roots: answer });
    expect(await errorAlert()).toHaveTextContent(
      'Unexpected response from GET /api/canary/api/topology: cards[1].summary.healthy Expected a number',
    );
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows at once a card lacking what every card is read for', async () => {
    const answer = roots(3);
    answer[2] = { ...answer[2]!, hidden: 'yes' };
    renderTopology('/topology', { roots: answer });
    expect(await errorAlert()).toHaveTextContent(
      'Unexpected response from GET /api/canary/api/topology: cards[2].hidden Expected a value of type `boolean`',
    );
  });

  it('draws the first cards before checking the others, then shows what is wrong with one', async () => {
    // More cards than are drawn at first: the last one is checked once the first are drawn.
    const answer = roots(60);
    answer[59] = { ...answer[59]!, properties: [{ name: 'cpu', links: 'none' }] };
    renderTopology('/topology', { roots: answer });
    expect(await ui.card('card-0')).toBeInTheDocument();
    expect(ui.queryCard('card-59')).toBeNull();
    expect(await errorAlert()).toHaveTextContent(
      'Unexpected response from GET /api/canary/api/topology: cards[59].properties[0].links',
    );
    expect(ui.queryCard('card-0')).toBeNull();
  });
});

describe('topology component page', () => {
  it('shows the children as cards, a breadcrumb and the details, and a card leads further down', async () => {
    const { user, backend, currentUrl } = renderTopology(`/topology/${CLUSTER_ID}?status=healthy`);
    const child = await ui.card('payments');
    expect(lastRead(backend.reads).get('id')).toBe(CLUSTER_ID);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Topology' })).toHaveAttribute(
      'href',
      '/topology?status=healthy',
    );
    expect(within(crumbs).getByText('prod-eu-1')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('complementary', { name: 'Component details' })).toBeInTheDocument();
    // the hidden child shows as a card marked hidden (the preference shows hidden components)
    expect(within(await ui.card('legacy')).getByText('Hidden')).toBeInTheDocument();
    await user.click(within(child).getByText('KubernetesNamespace'));
    await waitFor(() =>
      expect(currentUrl()).toMatch(/^\/topology\/018f4b8e-aaaa-7000-8000-000000000011\?/),
    );
    const crumbsBelow = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(
      await within(crumbsBelow).findByRole('link', { name: 'prod-eu-1' }, SLOW),
    ).toHaveAttribute('href', `/topology/${CLUSTER_ID}?status=healthy`);
  });

  it('opens a card with the keyboard', async () => {
    const { user, currentUrl } = renderTopology('/topology');
    const card = await ui.card('orders-db');
    card.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentUrl()).toBe(`/topology/${DB_ID}`));
  });
});

describe('topology feature flag and standalone view', () => {
  it('is absent from the sidebar and unauthorized when the topology feature is disabled', async () => {
    renderTopology('/topology', { properties: disabledFeatures('topology') });
    await screen.findByText('Unauthorized', {}, SLOW);
    const nav = screen.getByRole('navigation', { name: /main/i });
    expect(within(nav).queryByRole('link', { name: /Dashboard/ })).toBeNull();
  });

  it('renders /view/topology/:id without the shell and without waiting for the feature flags', async () => {
    // The properties never answer: the standalone view does not wait for them.
    renderTopology(`/view/topology/${CLUSTER_ID}`, { properties: () => new Promise(() => {}) });
    await ui.card('payments');
    expect(screen.queryByRole('navigation', { name: /main/i })).toBeNull();
    expect(screen.getByRole('complementary', { name: 'Component details' })).toBeInTheDocument();
    expect(
      within(await ui.card('payments')).getByRole('link', { name: 'payments' }),
    ).toHaveAttribute('href', `/view/topology/018f4b8e-aaaa-7000-8000-000000000011`);
  });
});
