import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { AppPage } from '../../../src/app/routes';
import { appPages } from '../../../src/app/routes';
import type { WhoamiPermission } from '../../../src/api/schemas/system';
import type { ViewResult } from '../../../src/api/schemas/views';
import { NO_ACCESS_TEXT, NO_ACCESS_TITLE } from '../../../src/app/pages/OnboardingPage';
import { DASHBOARD_LOAD_ERROR } from '../../../src/features/views/DashboardPage';
import { UNAUTHORIZED_TITLE } from '../../../src/ui/Unauthorized';
import { server } from '../../support/msw';
import { pagesAt, renderPages } from '../../support/renderPages';
import { disabledFeatures } from '../../support/shellHandlers';
import { SLOW } from '../../support/tables';
import { catalogBackend } from '../catalog/catalogBackend';
import { changesBackend } from '../catalog/changes/changesBackend';
import type { ViewsBackendOptions } from './viewsBackend';
import { PODS_ID, viewsBackend } from './viewsBackend';

jest.setTimeout(60_000);

/** A stand-in for a page `/` may send the user to: its path and access as the route table has them. */
function landing(path: string, title: string): AppPage {
  const page = appPages.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`No page at ${path}`);
  return {
    path,
    access: page.access,
    load: async () =>
      function Landing() {
        return <h2>{title}</h2>;
      },
  };
}

const FALLBACKS: AppPage[] = [
  landing('/health', 'Health page'),
  landing('/incidents', 'Incidents page'),
  landing('/catalog', 'Catalog page'),
  landing('/playbooks', 'Playbooks page'),
  landing('/applications', 'Applications page'),
];

const SECTIONS_ID = '018f4b8e-7777-7000-8000-000000000020';

/** A dashboard of sections only: the pods view, the catalog's list and the changes table. */
const SECTIONS_VIEW: ViewResult = {
  namespace: 'mission-control',
  name: 'mission-control-dashboard',
  title: 'Home',
  icon: 'dashboard',
  lastRefreshedAt: '2024-05-02T08:30:00Z',
  requestFingerprint: 'fp-home',
  sections: [
    { title: 'Pod health', viewRef: { namespace: 'mission-control', name: 'pods' } },
    { title: 'Unhealthy configs', uiRef: { configs: { health: '-healthy' } } },
    { title: 'Recent changes', uiRef: { changes: { from: '24h' } } },
  ],
};

/** An unconditional rule that refuses reading a resource group. */
const deny = (object: string): WhoamiPermission => ({ object, action: 'read', deny: true });

interface RenderOptions extends ViewsBackendOptions {
  roles?: string[];
  permissions?: WhoamiPermission[];
}

/** `/` with its sidebar entry, as the route table has it. */
const HOME: AppPage = { ...pagesAt('/')[0]!, nav: appPages[0]!.nav! };

function render({ roles = ['admin'], permissions = [], ...backend }: RenderOptions = {}) {
  const views = viewsBackend(backend);
  const rendered = renderPages([HOME, ...FALLBACKS], '/', {
    properties: disabledFeatures(),
    // The views sections name, as `views_summary` answers VIEW-07's lookup.
    sidebarViews: [{ id: PODS_ID, namespace: 'mission-control', name: 'pods', ordinal: 1 }],
    user: { roles, permissions },
  });
  return { ...rendered, views };
}

describe('the home page (/)', () => {
  it('draws the dashboard view with its panels, its title in the top bar', async () => {
    const { views, user, currentUrl } = render({ dashboard: PODS_ID });
    expect(
      await screen.findByRole('heading', { name: 'Pods', level: 1 }, SLOW),
    ).toBeInTheDocument();
    const count = await screen.findByRole('region', { name: 'Pods' }, SLOW);
    expect(within(count).getByText('42 pods')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Memory used' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh view' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/');
    // The dashboard's answer is the evaluation without variables: not asked again.
    expect(views.evaluations).toEqual([]);
    expect(views.metadataReads).toEqual([]);

    // Its variables work as on the view page: a change is in the address and evaluates again.
    const cluster = await screen.findByRole('combobox', { name: 'Cluster' }, SLOW);
    await user.selectOptions(cluster, 'staging');
    await waitFor(() => expect(currentUrl()).toBe('/?var-cluster=staging'));
    expect(await screen.findByText('7 pods', {}, SLOW)).toBeInTheDocument();
    expect(views.evaluations).toEqual([
      { id: PODS_ID, body: { variables: { cluster: 'staging' } }, cacheControl: null },
    ]);

    // The sidebar's first entry is the dashboard.
    const nav = screen.getByRole('navigation', { name: /main/i });
    const entries = within(nav)
      .getAllByRole('link')
      .filter((link) => !link.classList.contains('mc-sidebar-logo'));
    expect(entries[0]).toHaveTextContent('Dashboard');
    expect(entries[0]).toHaveAttribute('href', '/');
  });

  it("draws the dashboard's sections: another view, the catalog list and the changes table", async () => {
    catalogBackend();
    changesBackend();
    const { views } = render({
      dashboard: SECTIONS_ID,
      views: { [SECTIONS_ID]: () => SECTIONS_VIEW },
    });
    expect(
      await screen.findByRole('heading', { name: 'Home', level: 1 }, SLOW),
    ).toBeInTheDocument();
    const section = (title: string) => screen.findByRole('region', { name: title }, SLOW);
    const pods = await section('Pod health');
    expect(await within(pods).findByRole('region', { name: 'Pods by health' }, SLOW)).toBeVisible();
    const catalog = await section('Unhealthy configs');
    expect(await within(catalog).findByRole('table', { name: 'Config items' }, SLOW)).toBeVisible();
    const changes = await section('Recent changes');
    expect(await within(changes).findByRole('table', { name: 'Changes' }, SLOW)).toBeVisible();
    // The sections' variables come from the dashboard's answer, not a second metadata read.
    expect(views.metadataReads).toEqual([]);
  });

  it('sends the user to the health page when there is no dashboard view (404)', async () => {
    const { currentUrl } = render({
      dashboard: HttpResponse.json(
        { error: 'dashboard view mission-control-dashboard not found' },
        { status: 404 },
      ),
    });
    expect(await screen.findByRole('heading', { name: 'Health page' }, SLOW)).toBeInTheDocument();
    expect(currentUrl()).toBe('/health');
  });

  it('sends a user who may not read views to the first page they may read, in order', async () => {
    const cases: Array<[string[], string, string]> = [
      [['views'], '/health', 'Health page'],
      [['views', 'canaries'], '/incidents', 'Incidents page'],
      [['views', 'canaries', 'incident'], '/catalog', 'Catalog page'],
      [['views', 'canaries', 'incident', 'database'], '/playbooks', 'Playbooks page'],
      [
        ['views', 'canaries', 'incident', 'database', 'playbooks'],
        '/applications',
        'Applications page',
      ],
    ];
    for (const [denied, path, title] of cases) {
      // No dashboard handler: a user who may not read views never asks for it.
      const { currentUrl, unmount } = render({ roles: ['viewer'], permissions: denied.map(deny) });
      expect(await screen.findByRole('heading', { name: title }, SLOW)).toBeInTheDocument();
      expect(currentUrl()).toBe(path);
      unmount();
    }
  });

  it('shows the onboarding page to a user who may read no page', async () => {
    const { currentUrl } = render({ roles: [] });
    expect(await screen.findByText(NO_ACCESS_TITLE, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(NO_ACCESS_TEXT)).toBeInTheDocument();
    expect(screen.getByText('Signed in as Ada Admin (ada@example.com).')).toBeInTheDocument();
    expect(screen.queryByText(UNAUTHORIZED_TITLE)).not.toBeInTheDocument();
    expect(currentUrl()).toBe('/');
  });

  it("shows the server's reason with Retry when the dashboard cannot be loaded", async () => {
    let failing = true;
    const { user } = render({ dashboard: PODS_ID });
    // The dashboard's answer fails until Retry.
    server.use(
      http.get('*/api/dashboard', () =>
        failing
          ? HttpResponse.json({ error: 'database is starting up' }, { status: 503 })
          : undefined,
      ),
    );
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent(DASHBOARD_LOAD_ERROR);
    expect(alert).toHaveTextContent('database is starting up');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { name: 'Pods', level: 1 }, SLOW),
    ).toBeInTheDocument();
  });
});
