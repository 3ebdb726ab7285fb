import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { systemApi } from '../../../src/api/endpoints/system';
import { navigation as appNavigation } from '../../../src/app/routes';
import type { AppStore } from '../../../src/app/store';
import type { ShellNavigation } from '../../../src/shell/navigation';
import { PREFERENCES_STORAGE_KEY } from '../../../src/shell/preferencesSlice';
import { Sidebar } from '../../../src/shell/Sidebar';
import { server } from '../../support/msw';
import { renderApp } from '../../support/renderApp';
import type { RenderAppOptions } from '../../support/renderApp';
import { disabledFeatures, serverFails } from '../../support/shellHandlers';

const links = { home: '/', notifications: '/notifications', profile: '/profile-settings' };

/** A sidebar with the entries the spec lists, as if every page existed. */
const fullNavigation: ShellNavigation = {
  main: [
    { label: 'Dashboard', icon: 'dashboard', href: '/', feature: 'views', resource: 'views' },
    {
      label: 'Topology',
      icon: 'layout-hierarchy',
      href: '/topology',
      feature: 'topology',
      resource: 'topologies',
    },
    { label: 'Health', icon: 'pulse', href: '/health', feature: 'health', resource: 'canaries' },
    {
      label: 'Incidents',
      icon: 'error',
      href: '/incidents',
      feature: 'incidents',
      resource: 'incident',
    },
    {
      label: 'Catalog',
      icon: 'database',
      href: '/catalog',
      feature: 'config',
      resource: 'database',
    },
    { label: 'Logs', icon: 'align-left', href: '/logs', feature: 'logs', resource: 'database' },
    {
      label: 'Playbooks',
      icon: 'play',
      href: '/playbooks',
      feature: 'playbooks',
      resource: 'playbooks',
    },
    {
      label: 'Applications',
      icon: 'applications',
      href: '/applications',
      feature: 'applications',
      resource: 'database',
    },
  ],
  settings: [
    { label: 'Scopes', icon: 'layers', href: '/settings/scopes', resource: 'scopes' },
    {
      label: 'Connections',
      icon: 'link',
      href: '/settings/connections',
      feature: 'settings.connections',
      resource: 'connections',
    },
    {
      label: 'Health Checks',
      icon: 'pulse',
      href: '/settings/canaries',
      feature: 'settings.health',
      resource: 'canaries',
    },
    {
      label: 'Feature Flags',
      icon: 'flag',
      href: '/settings/feature-flags',
      feature: 'settings.feature_flags',
      resource: 'feature_flags',
    },
  ],
  viewHref: (view) => `/views/${view.id}`,
  links,
};

const ui = {
  nav: () => screen.getByRole('navigation', { name: 'Main' }),
  entries: () =>
    within(screen.getByRole('navigation', { name: 'Main' }))
      .getAllByRole('link')
      .map((link) => link.getAttribute('aria-label') ?? link.textContent),
  settingsButton: () => screen.queryByRole('button', { name: 'Settings' }),
  collapse: () => screen.getByRole('button', { name: 'Collapse sidebar' }),
  expand: () => screen.getByRole('button', { name: 'Expand sidebar' }),
};

function renderSidebar(
  navigation: ShellNavigation = fullNavigation,
  options: RenderAppOptions = {},
) {
  return renderApp(<Sidebar navigation={navigation} />, { url: '/health', ...options });
}

/** Resolves once `GET /api/properties` has answered. */
async function flagsLoaded(store: AppStore) {
  await waitFor(() =>
    expect(systemApi.endpoints.getProperties.select()(store.getState()).isSuccess).toBe(true),
  );
}

function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

const originalWidth = window.innerWidth;
afterEach(() => setWindowWidth(originalWidth));

/** The main entries, in the sidebar's order. */
const MAIN_ENTRIES = [
  'Home',
  'Dashboard',
  'Topology',
  'Health',
  'Incidents',
  'Catalog',
  'Logs',
  'Playbooks',
  'Applications',
];

describe('entries', () => {
  it('lists the main entries in order, the views, then Settings sorted by name', async () => {
    const { user } = renderSidebar(fullNavigation, {
      sidebarViews: [{ id: 'v1', name: 'pods', title: 'Pods', icon: 'cube', ordinal: 1 }],
    });
    await screen.findByRole('link', { name: 'Pods' });
    await user.click(ui.settingsButton()!);
    expect(ui.entries()).toEqual([
      ...MAIN_ENTRIES,
      'Pods',
      'Connections',
      'Feature Flags',
      'Health Checks',
      'Scopes',
    ]);
    await user.click(ui.settingsButton()!);
    expect(screen.queryByRole('link', { name: 'Scopes' })).toBeNull();
    await user.click(ui.settingsButton()!);
    expect(screen.getByRole('link', { name: 'Scopes' })).toHaveAttribute(
      'href',
      '/settings/scopes',
    );
  });

  it('derives the entries from the route table: only pages that exist appear', async () => {
    const requests: string[] = [];
    server.events.on('request:start', ({ request }) => void requests.push(request.url));
    const { user } = renderSidebar(appNavigation);
    const settings = await screen.findByRole('button', { name: 'Settings' });
    await user.click(settings);
    expect(ui.entries()).toEqual([
      ...MAIN_ENTRIES,
      'Agents',
      'API Tokens',
      'Artifacts',
      'Connections',
      'Event Queue',
      'Feature Flags',
      'Health Checks',
      'Integrations',
      'Job History',
      'Log Backends',
      'MCP',
      'Permissions',
      'Permissions by Subject',
      'Plugins',
      'Rules',
      'Scopes',
      'Teams',
      'Topologies',
      'Users',
      'Views',
    ]);
    expect(screen.getByRole('link', { name: 'Feature Flags' })).toHaveAttribute(
      'href',
      '/settings/feature-flags',
    );
    // The view page exists, so the sidebar asks for the views flagged for it (VIEW-04).
    await waitFor(() => expect(requests.some((url) => url.includes('views_summary'))).toBe(true));
    server.events.removeAllListeners();
  });
});

describe('views flagged for the sidebar', () => {
  it('asks for them once and links each by title, else name, with a default icon', async () => {
    const requests: URL[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('views_summary')) requests.push(new URL(request.url));
    });
    renderSidebar(fullNavigation, {
      sidebarViews: [
        { id: 'v1', name: 'pods', namespace: 'default', title: 'Pods', icon: 'cube', ordinal: 1 },
        {
          id: 'v2',
          name: 'nodes',
          namespace: 'default',
          title: null,
          icon: 'kubernetes',
          ordinal: 2,
        },
        { id: 'v3', name: 'jobs', title: '  ', icon: null },
      ],
    });
    const pods = await screen.findByRole('link', { name: 'Pods' });
    expect(pods).toHaveAttribute('href', '/views/v1');
    expect(pods.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'cube');
    const nodes = screen.getByRole('link', { name: 'nodes' });
    expect(nodes).toHaveAttribute('href', '/views/v2');
    expect(nodes.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'flows');
    expect(screen.getByRole('link', { name: 'jobs' }).querySelector('[data-icon]')).toHaveAttribute(
      'data-icon',
      'flows',
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]?.pathname).toBe('/api/db/views_summary');
    expect(requests[0]?.search).toBe(
      '?sidebar=eq.true&select=id%2Cname%2Cnamespace%2Ctitle%2Cicon%2Cordinal&order=ordinal.asc%2Ctitle.asc',
    );
    server.events.removeAllListeners();
  });

  it('lists no views when the views feature is disabled', async () => {
    const requests: string[] = [];
    server.events.on('request:start', ({ request }) => void requests.push(request.url));
    const { store } = renderSidebar(fullNavigation, {
      properties: disabledFeatures('views'),
      sidebarViews: [{ id: 'v1', name: 'pods', title: 'Pods' }],
    });
    await flagsLoaded(store);
    expect(screen.getByRole('link', { name: 'Health' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pods' })).toBeNull();
    expect(requests.some((url) => url.includes('views_summary'))).toBe(false);
    server.events.removeAllListeners();
  });

  it('keeps the other entries when the views cannot be read', async () => {
    serverFails('sidebarViews');
    renderSidebar();
    expect(await screen.findByRole('link', { name: 'Health' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pods' })).toBeNull();
  });
});

describe('Settings', () => {
  it.each(['viewer', 'guest'])('is hidden from a %s', async (role) => {
    renderSidebar(fullNavigation, { user: { roles: [role] } });
    expect(await screen.findByRole('link', { name: 'Health' })).toBeInTheDocument();
    expect(ui.settingsButton()).toBeNull();
    expect(screen.queryByRole('link', { name: 'Feature Flags' })).toBeNull();
  });

  it.each(['editor', 'commander', 'responder', 'admin'])('is shown to a %s', async (role) => {
    renderSidebar(fullNavigation, { user: { roles: [role] } });
    expect(await screen.findByRole('button', { name: 'Settings' })).toBeInTheDocument();
  });

  it('is open when the current page is one of its entries', async () => {
    renderSidebar(fullNavigation, { url: '/settings/feature-flags' });
    expect(await screen.findByRole('link', { name: 'Feature Flags' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(ui.settingsButton()).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('hiding by feature flag and permission', () => {
  it('drops the entries of disabled features, settings pages following their section', async () => {
    const { user, store } = renderSidebar(fullNavigation, {
      properties: disabledFeatures('health', 'logs'),
    });
    await flagsLoaded(store);
    await user.click(ui.settingsButton()!);
    const entries = ui.entries();
    expect(entries).not.toContain('Health');
    expect(entries).not.toContain('Logs');
    expect(entries).not.toContain('Health Checks');
    expect(entries).toContain('Incidents');
    expect(entries).toContain('Feature Flags');
  });

  it('drops the entries whose resource the user may not read', async () => {
    const { user } = renderSidebar(fullNavigation, { user: { roles: ['responder'] } });
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const entries = ui.entries();
    expect(entries).not.toContain('Connections');
    expect(entries).toContain('Scopes');
    expect(entries).toContain('Health');
  });

  it('shows nothing but the logo to a user without roles', async () => {
    renderSidebar(fullNavigation, { user: { roles: [] } });
    await waitFor(() => expect(ui.entries()).toEqual(['Home']));
    expect(ui.settingsButton()).toBeNull();
  });
});

describe('collapsing', () => {
  it('toggles between 56 and 14 units and remembers it', async () => {
    const { user } = renderSidebar();
    await screen.findByRole('link', { name: 'Health' });
    expect(ui.nav()).toHaveStyle({ width: '14rem' });
    expect(screen.getByText('Health')).toBeInTheDocument();

    await user.click(ui.collapse());
    expect(ui.nav()).toHaveStyle({ width: '3.5rem' });
    expect(screen.queryByText('Health')).toBeNull();
    expect(screen.getByRole('link', { name: 'Health' })).toHaveAttribute('href', '/health');
    expect(JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? '{}')).toMatchObject({
      sidebarCollapsed: true,
    });

    await user.click(ui.expand());
    expect(ui.nav()).toHaveStyle({ width: '14rem' });
  });

  it('starts collapsed when it was left collapsed', async () => {
    localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ sidebarCollapsed: true }));
    renderSidebar();
    expect(await screen.findByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    expect(ui.nav()).toHaveStyle({ width: '3.5rem' });
  });

  it('expands to open Settings from the collapsed sidebar', async () => {
    localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ sidebarCollapsed: true }));
    const { user } = renderSidebar();
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    expect(ui.nav()).toHaveStyle({ width: '14rem' });
    expect(screen.getByRole('link', { name: 'Scopes' })).toBeInTheDocument();
  });

  it('collapses on a click outside when the window is narrower than 1024', async () => {
    setWindowWidth(1000);
    renderSidebar();
    await screen.findByRole('link', { name: 'Health' });
    fireEvent.mouseDown(screen.getByRole('link', { name: 'Health' }));
    expect(ui.nav()).toHaveStyle({ width: '14rem' });
    fireEvent.mouseDown(document.body);
    expect(ui.nav()).toHaveStyle({ width: '3.5rem' });
  });

  it('stays open on a click outside in a window of 1024 or wider', async () => {
    setWindowWidth(1024);
    renderSidebar();
    await screen.findByRole('link', { name: 'Health' });
    fireEvent.mouseDown(document.body);
    expect(ui.nav()).toHaveStyle({ width: '14rem' });
  });
});
