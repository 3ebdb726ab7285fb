import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactElement } from 'react';
import { appPages, createNavigation } from '../../../src/app/routes';
import type { CommandPaletteProps } from '../../../src/features/palette/CommandPalette';
import {
  CommandPalette,
  KEY_HINTS,
  PALETTE_LABELS,
} from '../../../src/features/palette/CommandPalette';
import { Layout } from '../../../src/shell/Layout';
import { ShellProvider } from '../../../src/shell/ShellContext';
import { server } from '../../support/msw';
import type { RenderAppOptions } from '../../support/renderApp';
import { renderApp } from '../../support/renderApp';
import type { PaletteData } from './paletteBackend';
import { paletteBackend } from './paletteBackend';

const EU_AGENT = '7d3c6a52-1f00-4c55-9a7e-0000000000e1';

const DATA: PaletteData = {
  resources: {
    configs: [
      {
        id: 'cfg-1',
        name: 'api-gateway',
        type: 'Kubernetes::Deployment',
        health: 'unhealthy',
        namespace: 'edge',
        tags: { cluster: 'prod', team: 'payments' },
        agent: EU_AGENT,
      },
      {
        id: 'cfg-2',
        name: 'api-worker',
        type: 'Kubernetes::Deployment',
        health: 'healthy',
        namespace: 'edge',
      },
      {
        id: 'cfg-3',
        name: 'api-db',
        type: 'AWS::RDS::DBInstance',
        health: 'unhealthy',
      },
    ],
    checks: [{ id: 'c-1', name: 'api-latency', type: 'http', health: 'healthy' }],
    canaries: [{ id: 'can-1', name: 'api-probes', type: 'Canary' }],
    config_changes: [
      {
        id: 'ch-1',
        config_id: 'cfg-1',
        name: 'api-gateway',
        type: 'Kubernetes::Deployment',
        summary: 'scaled to 4 replicas',
        severity: 'high',
      },
      {
        id: 'ch-2',
        config_id: 'cfg-1',
        name: 'api-gateway',
        type: 'Kubernetes::Deployment',
        summary: 'image bumped',
      },
      { id: 'ch-3', config_id: 'cfg-2', name: 'api-worker', summary: 'restarted' },
    ],
  },
  incidents: [{ id: 'inc-1', title: 'API outage' }],
  teams: [
    { id: 'team-1', name: 'Payments' },
    { id: 'team-2', name: 'Platform' },
  ],
};

function QuickPalette(props: CommandPaletteProps): ReactElement {
  return <CommandPalette {...props} debounceMs={20} />;
}

const navigation = createNavigation(appPages);

function renderShell(options: RenderAppOptions = {}) {
  const backend = paletteBackend(DATA);
  server.use(
    http.get('*/api/db/agents', () =>
      HttpResponse.json([{ id: EU_AGENT, name: 'eu-cluster', description: null }]),
    ),
  );
  const view = renderApp(
    [
      {
        element: (
          <ShellProvider commandPalette={QuickPalette}>
            <Layout navigation={navigation} />
          </ShellProvider>
        ),
        children: [{ path: '*', element: <p>Page</p> }],
      },
    ],
    { url: '/topology', ...options },
  );
  return { ...view, backend };
}

type User = ReturnType<typeof renderShell>['user'];

async function openPalette(user: User) {
  await screen.findByText('Page');
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: PALETTE_LABELS.dialog });
  const input = within(dialog).getByRole('combobox', { name: PALETTE_LABELS.input });
  await waitFor(() => expect(input).toHaveFocus());
  return { dialog, input };
}

/** Waits for the palette to rest after a search: its results, or its quiet reason. */
async function settled(input: HTMLElement, state: 'results' | 'invalid' = 'results') {
  await waitFor(() =>
    expect(input.closest('[data-search-state]')).toHaveAttribute('data-search-state', state),
  );
}

const groupTitles = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('group')
    .map((group) => group.getAttribute('aria-label'));

const optionNames = (group: HTMLElement) =>
  within(group)
    .queryAllByRole('option')
    .map((option) => option.querySelector('.mc-palette-option-name')?.textContent);

describe('command palette: typed filters', () => {
  it('#config with a selector searches only config items, with the selector as the text', async () => {
    const { user, backend } = renderShell();
    const { dialog, input } = await openPalette(user);
    await user.type(input, '#config type=Kubernetes::Deployment health=unhealthy');
    await settled(input);
    const catalog = within(dialog).getByRole('group', { name: 'Catalog' });
    expect(optionNames(catalog)).toEqual(['api-gateway']);
    // Only the configs, strictly (a key configs lack would be a reason, not nothing found).
    const searches = backend.received.filter((r) => r.what === 'search');
    expect(searches.at(-1)).toMatchObject({
      kinds: ['configs'],
      text: 'type=Kubernetes::Deployment health=unhealthy',
    });
    expect(searches.at(-1)?.lenient).toBeUndefined();
    expect(backend.received.filter((r) => r.what !== 'search')).toEqual([]);
    // A filtered search lists found items only: no actions or pages.
    expect(groupTitles(dialog)).toEqual(['Catalog']);
  });

  it('a bare #kind says what to type, and a #word naming no kind says so', async () => {
    const { user, backend } = renderShell();
    const { dialog, input } = await openPalette(user);
    await user.type(input, '#canary');
    expect(within(dialog).getByText('Type a name or a selector to search Canaries')).toBeVisible();
    await user.clear(input);
    await user.type(input, '#conf api');
    await settled(input, 'invalid');
    expect(within(dialog).getByText(/“#conf” is not a kind to search/)).toBeVisible();
    expect(backend.received).toEqual([]);
  });

  it('keeps its results and says the reason quietly while a selector is half typed', async () => {
    const { user } = renderShell();
    const { dialog, input } = await openPalette(user);
    await user.type(input, 'api');
    await settled(input);
    expect(optionNames(within(dialog).getByRole('group', { name: 'Catalog' }))).toEqual([
      'api-db',
      'api-gateway',
      'api-worker',
    ]);
    // Pasted at once: typed letter by letter, `api type` would be searched on the way.
    await user.paste(' type=');
    await settled(input, 'invalid');
    expect(
      within(dialog).getByText(
        `${PALETTE_LABELS.notSearched} checks[0].search: "type" needs a value`,
      ),
    ).toBeVisible();
    // The last results stay, and no group shows an error.
    expect(optionNames(within(dialog).getByRole('group', { name: 'Catalog' }))).toHaveLength(3);
    expect(dialog.querySelector('.mc-palette-error')).toBeNull();
    await user.paste('AWS::RDS::DBInstance');
    await settled(input);
    expect(optionNames(within(dialog).getByRole('group', { name: 'Catalog' }))).toEqual(['api-db']);
    expect(within(dialog).queryByText(/Not searched/)).toBeNull();
  });

  it('shows tags as pills and a remote agent as a badge named after the agent', async () => {
    const { user } = renderShell();
    const { dialog, input } = await openPalette(user);
    await user.type(input, '#config api-gateway');
    await settled(input);
    const option = within(within(dialog).getByRole('group', { name: 'Catalog' })).getByRole(
      'option',
    );
    // The cluster is shown as where it lives; the other tags as pills.
    expect(option).toHaveTextContent('prod / edge');
    expect(
      within(option).getByText('team=payments').closest('.mc-palette-option-tag'),
    ).not.toBeNull();
    const agent = await within(option).findByText('eu-cluster');
    expect(agent.closest('.mc-palette-option-agent')).not.toBeNull();
  });
});

describe('command palette: kinds', () => {
  it('lists config changes grouped by config, opening its Changes tab, and canaries', async () => {
    const { user, currentUrl } = renderShell();
    const { dialog, input } = await openPalette(user);
    await user.type(input, 'api');
    await settled(input);
    const changes = within(dialog).getByRole('group', { name: 'Changes' });
    expect(optionNames(changes)).toEqual(['api-gateway', 'api-worker']);
    expect(within(changes).getAllByRole('option')[0]).toHaveTextContent(
      '2 changes, latest: scaled to 4 replicas',
    );
    expect(optionNames(within(dialog).getByRole('group', { name: 'Canaries' }))).toEqual([
      'api-probes',
    ]);
    await user.click(within(changes).getAllByRole('option')[0]!);
    await waitFor(() => expect(currentUrl()).toBe('/catalog/cfg-1/changes'));
  });

  it('finds a team by its bare name and opens its page', async () => {
    const { user, currentUrl } = renderShell();
    const { dialog, input } = await openPalette(user);
    await user.type(input, 'pay');
    await settled(input);
    const teams = within(dialog).getByRole('group', { name: 'Teams' });
    expect(optionNames(teams)).toEqual(['Payments']);
    await user.click(within(teams).getByRole('option'));
    await waitFor(() => expect(currentUrl()).toBe('/settings/teams/team-1'));
  });

  it('searches only the kinds left on, and keeps the choice for the next visit', async () => {
    const { user, backend, store } = renderShell();
    let { dialog, input } = await openPalette(user);
    const kinds = within(dialog).getByRole('toolbar', { name: PALETTE_LABELS.kinds });
    const incidents = within(kinds).getByRole('button', { name: 'Incidents' });
    expect(incidents).toHaveAttribute('aria-pressed', 'true');
    await user.click(incidents);
    expect(incidents).toHaveAttribute('aria-pressed', 'false');
    await user.click(within(kinds).getByRole('button', { name: 'Catalog' }));
    await user.type(input, 'api');
    await settled(input);
    expect(backend.received.some((r) => r.what === 'incidents')).toBe(false);
    expect(backend.received.find((r) => r.what === 'search')?.kinds).not.toContain('configs');
    expect(within(dialog).queryByRole('group', { name: 'Catalog' })).toBeNull();
    expect(store.getState().preferences.paletteKindsOff).toEqual(['incidents', 'configs']);
    expect(JSON.parse(window.localStorage.getItem('mc.preferences.v1') ?? '{}')).toMatchObject({
      paletteKindsOff: ['incidents', 'configs'],
    });

    // Switched on again while the text is there: searched again at once.
    await user.click(within(kinds).getByRole('button', { name: 'Catalog' }));
    await waitFor(() =>
      expect(optionNames(within(dialog).getByRole('group', { name: 'Catalog' }))).toHaveLength(3),
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    ({ dialog, input } = await openPalette(user));
    expect(
      within(within(dialog).getByRole('toolbar')).getByRole('button', { name: 'Incidents' }),
    ).toHaveAttribute('aria-pressed', 'false');
  });

  it('a #kind directive searches its kind even when switched off', async () => {
    const { user, backend } = renderShell();
    const { dialog, input } = await openPalette(user);
    await user.click(within(dialog).getByRole('button', { name: 'Catalog' }));
    await user.type(input, '#config api-db');
    await settled(input);
    expect(optionNames(within(dialog).getByRole('group', { name: 'Catalog' }))).toEqual(['api-db']);
    expect(backend.received.at(-1)?.kinds).toEqual(['configs']);
  });
});

describe('command palette: suggestions, history and hints', () => {
  it('suggests searches when empty; choosing one types it and searches', async () => {
    const { user, backend } = renderShell();
    const { dialog, input } = await openPalette(user);
    const starters = within(dialog).getByRole('group', { name: 'Try' });
    expect(optionNames(starters)).toEqual([
      '#config health=unhealthy',
      '#config type=Kubernetes::Deployment',
      '#check health=unhealthy',
      '#change created_at>now-24h',
    ]);
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('#config health=unhealthy');
    await settled(input);
    expect(optionNames(within(dialog).getByRole('group', { name: 'Catalog' }))).toEqual([
      'api-db',
      'api-gateway',
    ]);
    expect(backend.received.at(-1)).toMatchObject({ kinds: ['configs'], text: 'health=unhealthy' });
  });

  it('remembers a search that led to an item, offers it again, and clears the history', async () => {
    const { user, store } = renderShell();
    let { dialog, input } = await openPalette(user);
    expect(within(dialog).queryByRole('group', { name: 'Recent searches' })).toBeNull();
    await user.type(input, '#config api-worker');
    await settled(input);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.getState().preferences.recentSearches).toEqual(['#config api-worker']);

    ({ dialog, input } = await openPalette(user));
    const history = within(dialog).getByRole('group', { name: 'Recent searches' });
    expect(optionNames(history)).toEqual(['#config api-worker']);
    await user.click(within(history).getByRole('option'));
    expect(input).toHaveValue('#config api-worker');
    await settled(input);
    expect(optionNames(within(dialog).getByRole('group', { name: 'Catalog' }))).toEqual([
      'api-worker',
    ]);

    await user.clear(input);
    await user.click(
      within(within(dialog).getByRole('group', { name: 'Recent searches' })).getByRole('button', {
        name: PALETTE_LABELS.clearHistory,
      }),
    );
    await waitFor(() =>
      expect(within(dialog).queryByRole('group', { name: 'Recent searches' })).toBeNull(),
    );
    expect(store.getState().preferences.recentSearches).toEqual([]);
    expect(input).toHaveFocus();
  });

  it('shows the keys in its footer', async () => {
    const { user } = renderShell();
    const { dialog } = await openPalette(user);
    const footer = dialog.querySelector('.mc-palette-keys') as HTMLElement;
    for (const hint of KEY_HINTS) expect(footer).toHaveTextContent(hint.does);
    expect(footer).toHaveTextContent(PALETTE_LABELS.syntax);
    expect(within(footer).getAllByText('Enter')).toHaveLength(2);
  });
});
