import type { IconName } from '@blueprintjs/core';
import type { ComponentType, ReactElement } from 'react';
import type { NonIndexRouteObject, RouteObject } from 'react-router-dom';
import { Navigate, Outlet } from 'react-router-dom';
import { AccessGate } from '../auth/AccessGate';
import type { Action, Authorizer, Resource } from '../auth/authorizer';
import { useAuthorizer, useFeatureFlags } from '../auth/hooks';
import type { Feature, FeatureFlags } from '../auth/featureFlags';
import { kratosRoutes } from '../auth/kratos/routes';
import type { SessionAuthMode } from '../auth/sessionSlice';
import { selectAuthMode } from '../auth/sessionSlice';
import type { NavEntry, ShellNavigation } from '../shell/navigation';
import { CrashPage } from './pages/CrashPage';
import { PageLoading, loadPage } from './pageLoad';
import { ErrorPage } from './pages/ErrorPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { OnboardingPage } from './pages/OnboardingPage';
import { useAppSelector } from '../shell/hooks';
import { paths } from '../shell/paths';
import type { SessionGateProps } from './SessionGate';
import { SlotsProvider } from '../widgets/slots/SlotsProvider';
import type { LogBackendFormProps } from '../widgets/slots/slotTypes';
import { lazyPart } from '../ui/LazyPart';
import type { ResourceTableName } from '../features/resources/resourceTables';

/** What a page needs: read (or write) access to a resource group, and a feature left on. */
export interface PageAccess {
  resource: Resource;
  action?: Action;
  feature?: Feature;
}

/** A page of the main area: its route, the access it needs and its sidebar entry. */
export interface AppPage {
  /** Path pattern, e.g. `/settings/feature-flags`. */
  path: string;
  /** Loads the page's chunk. */
  load: () => Promise<ComponentType>;
  access: PageAccess;
  /** The sign-in modes the page exists in (route and sidebar entry); default every mode. */
  authModes?: readonly SessionAuthMode[];
  /** Sidebar entry; none for pages reached only by links. */
  nav?: {
    section: 'main' | 'settings';
    label: string;
    icon: IconName;
    /** Where the entry links; default `path`. */
    href?: string;
  };
  /** The command palette's entry of a page without a sidebar entry (pages with one get it). */
  palette?: { label: string; icon: IconName };
}

/** The typed editor, loaded where it is first drawn. */
const lazyTypedEditor = lazyPart(
  async () => (await import('../features/editors/TypedResourceEditor')).TypedResourceEditor,
);

/** The permissions that name a resource, loaded when their dialog opens. */
const lazyResourcePermissions = lazyPart(
  async () => (await import('../features/permissions/ResourcePermissions')).ResourcePermissions,
);

/** The access check dialog, loaded when it is opened. */
const lazyAccessCheck = lazyPart(
  async () =>
    (await import('../features/permissions/accessCheck/AccessCheckDialog')).AccessCheckDialog,
);

/** A resource's job history, loaded when its tab is chosen. */
const lazyJobHistory = lazyPart(
  async () => (await import('../features/jobs/JobHistoryTable')).JobHistoryTable,
);

/** The catalog list and the changes table of a view's `uiRef` sections, loaded when drawn. */
const VIEW_SECTION_SLOTS = {
  ViewCatalogSection: lazyPart(
    async () => (await import('../features/catalog/viewSections')).ViewCatalogSection,
  ),
  ViewChangesSection: lazyPart(
    async () => (await import('../features/catalog/viewSections')).ViewChangesSection,
  ),
};

/** A view page with the catalog's tables its sections may show. */
function withViewSections(load: () => Promise<ComponentType>): () => Promise<ComponentType> {
  return async () => {
    const Page = await load();
    return function ViewWithSections() {
      return (
        <SlotsProvider slots={VIEW_SECTION_SLOTS}>
          <Page />
        </SlotsProvider>
      );
    };
  };
}

/** A generic settings table's list and editor routes (spec 000 §2.4, api.md §21). */
function resourcePages(
  table: ResourceTableName,
  where: { list: string; item: string; access: PageAccess; nav?: AppPage['nav'] },
): AppPage[] {
  return [
    {
      path: where.list,
      load: async () => {
        const { ResourcesListPage } = await import('../features/resources/ResourcesListPage');
        return function TableList() {
          return <ResourcesListPage table={table} />;
        };
      },
      access: where.access,
      ...(where.nav ? { nav: where.nav } : {}),
    },
    {
      path: where.item,
      load: async () => {
        const { ResourceEditorPage } = await import('../features/resources/ResourceEditorPage');
        // The typed editor loads where a table's spec is edited with it (health checks,
        // scrapers); the job history and a team's permissions are tabs, loaded when chosen.
        const slots = {
          TypedEditor: lazyTypedEditor,
          JobHistory: lazyJobHistory,
          ...(table === 'teams' ? { ResourcePermissions: lazyResourcePermissions } : {}),
        };
        return function TableEditor() {
          return (
            <SlotsProvider slots={slots}>
              <ResourceEditorPage table={table} />
            </SlotsProvider>
          );
        };
      },
      access: where.access,
    },
  ];
}

/** The settings route of a generic table: `/settings/{table}` and `/settings/{table}/:id`. */
function settingsTablePages(
  table: ResourceTableName,
  access: PageAccess,
  nav: AppPage['nav'],
): AppPage[] {
  return resourcePages(table, {
    list: paths.settingsResources.getHref(table),
    item: `${paths.settingsResources.getHref(table)}/:id`,
    access,
    nav,
  });
}

/**
 * The main-area pages, in sidebar order (Dashboard, Topology, Health, Incidents, Catalog, Logs,
 * Playbooks, Applications; Settings entries are sorted by name). A page joins this list, and
 * with it the route table and the sidebar, only once it is built.
 */
export const appPages: readonly AppPage[] = [
  {
    // `/`: the dashboard view (issue 37). Without one, or for a user who may not read views,
    // the first page the user may read (`homeFor`), else the onboarding page.
    path: paths.home.path,
    load: withViewSections(
      async () => (await import('../features/views/DashboardPage')).DashboardPage,
    ),
    access: { resource: 'views', feature: 'views' },
    nav: { section: 'main', label: 'Dashboard', icon: 'dashboard' },
  },
  {
    path: paths.topology.path,
    load: async () => (await import('../features/topology/TopologyPage')).TopologyPage,
    access: { resource: 'topologies', feature: 'topology' },
    nav: { section: 'main', label: 'Topology', icon: 'layout-hierarchy' },
  },
  {
    path: paths.topologyComponent.path,
    load: async () => (await import('../features/topology/TopologyPage')).TopologyPage,
    access: { resource: 'topologies', feature: 'topology' },
  },
  {
    path: paths.health.path,
    load: async () => (await import('../features/health/HealthPage')).HealthPage,
    access: { resource: 'canaries', feature: 'health' },
    nav: { section: 'main', label: 'Health', icon: 'heart' },
  },
  {
    path: paths.incidents.path,
    load: async () => (await import('../features/incidents/IncidentsPage')).IncidentsPage,
    access: { resource: 'incident', feature: 'incidents' },
    nav: { section: 'main', label: 'Incidents', icon: 'error' },
  },
  {
    path: paths.incident.path,
    load: async () => (await import('../features/incidents/IncidentPage')).IncidentPage,
    access: { resource: 'incident', feature: 'incidents' },
  },
  {
    path: paths.catalog.path,
    load: async () => (await import('../features/catalog/CatalogPage')).CatalogPage,
    access: { resource: 'database', feature: 'config' },
    nav: { section: 'main', label: 'Catalog', icon: 'database' },
  },
  {
    path: paths.catalogChanges.path,
    load: async () =>
      (await import('../features/catalog/changes/CatalogChangesPage')).CatalogChangesPage,
    access: { resource: 'database', feature: 'config' },
    palette: { label: 'Catalog › Changes', icon: 'changes' },
  },
  {
    path: paths.catalogInsights.path,
    load: async () =>
      (await import('../features/catalog/insights/CatalogInsightsPage')).CatalogInsightsPage,
    access: { resource: 'database', feature: 'config' },
    palette: { label: 'Catalog › Insights', icon: 'lightbulb' },
  },
  {
    path: paths.catalogAccess.path,
    load: async () =>
      (await import('../features/catalog/access/CatalogAccessPage')).CatalogAccessPage,
    access: { resource: 'database', feature: 'config' },
    palette: { label: 'Catalog › Access', icon: 'key' },
  },
  {
    path: paths.catalogQueries.path,
    load: async () =>
      (await import('../features/catalog/queries/CatalogQueriesPage')).CatalogQueriesPage,
    access: { resource: 'database', feature: 'config' },
    palette: { label: 'Catalog › Queries', icon: 'search-template' },
  },
  {
    // The transforms every scraper applies; guarded like the catalog, as upstream.
    path: paths.catalogPlugins.path,
    load: async () =>
      (await import('../features/catalog/plugins/ScrapePluginsPage')).ScrapePluginsPage,
    access: { resource: 'database', feature: 'config' },
    palette: { label: 'Catalog › Plugins', icon: 'filter-list' },
  },
  {
    // The item's tabs are routes of their own inside the page.
    path: `${paths.catalogItem.path}/*`,
    load: async () => (await import('../features/catalog/item/ConfigItemPage')).ConfigItemPage,
    access: { resource: 'database', feature: 'config' },
  },
  {
    path: paths.logs.path,
    load: async () => (await import('../features/logs/LogsPage')).LogsPage,
    // The logs are those of components (TOPO-06, LOG-01).
    access: { resource: 'topologies', feature: 'logs' },
    nav: { section: 'main', label: 'Logs', icon: 'console' },
  },
  {
    path: paths.playbooks.path,
    load: async () => {
      const { PlaybooksPage } = await import('../features/playbooks/PlaybooksPage');
      const slots = { ResourcePermissions: lazyResourcePermissions, AccessCheck: lazyAccessCheck };
      return function Playbooks() {
        return (
          <SlotsProvider slots={slots}>
            <PlaybooksPage />
          </SlotsProvider>
        );
      };
    },
    access: { resource: 'playbooks', feature: 'playbooks' },
    nav: { section: 'main', label: 'Playbooks', icon: 'play' },
  },
  {
    path: paths.playbook.path,
    load: async () => (await import('../features/playbooks/spec/PlaybookLink')).PlaybookLink,
    access: { resource: 'playbooks', feature: 'playbooks' },
  },
  {
    path: paths.playbookRuns.path,
    load: async () =>
      (await import('../features/playbooks/runs/PlaybookRunsPage')).PlaybookRunsPage,
    access: { resource: 'playbook_runs', feature: 'playbooks' },
    palette: { label: 'Playbooks › Runs', icon: 'history' },
  },
  {
    path: paths.playbookRun.path,
    load: async () => (await import('../features/playbooks/runs/PlaybookRunPage')).PlaybookRunPage,
    access: { resource: 'playbook_runs', feature: 'playbooks' },
  },
  {
    path: paths.applications.path,
    load: async () => (await import('../features/applications/ApplicationsPage')).ApplicationsPage,
    access: { resource: 'applications', feature: 'applications' },
    nav: { section: 'main', label: 'Applications', icon: 'applications' },
  },
  {
    path: paths.application.path,
    load: async () =>
      (await import('../features/applications/ApplicationReportPage')).ApplicationReportPage,
    access: { resource: 'applications', feature: 'applications' },
  },
  {
    // A view; the sidebar lists those flagged for it (VIEW-04) and links here.
    path: paths.view.path,
    load: withViewSections(async () => (await import('../features/views/ViewPage')).ViewPage),
    access: { resource: 'views', feature: 'views' },
  },
  {
    path: paths.viewByNamespace.path,
    load: withViewSections(async () => (await import('../features/views/ViewPage')).ViewByNamePage),
    access: { resource: 'views', feature: 'views' },
  },
  {
    path: paths.viewByName.path,
    load: withViewSections(async () => (await import('../features/views/ViewPage')).ViewByNamePage),
    access: { resource: 'views', feature: 'views' },
  },
  {
    path: paths.notificationRules.path,
    load: async () => (await import('../features/notifications/rules/RulesPage')).RulesPage,
    access: { resource: 'notifications' },
    palette: { label: 'Notifications › Rules', icon: 'notifications' },
  },
  {
    path: paths.notificationSilences.path,
    load: async () =>
      (await import('../features/notifications/silences/SilencesPage')).SilencesPage,
    access: { resource: 'notifications' },
    palette: { label: 'Notifications › Silences', icon: 'notifications-snooze' },
  },
  {
    // Adding a silence needs write access; a reader sees the Unauthorized screen.
    path: paths.notificationSilenceAdd.path,
    load: async () =>
      (await import('../features/notifications/silences/AddSilencePage')).AddSilencePage,
    access: { resource: 'notifications', action: 'write' },
  },
  {
    path: paths.notifications.path,
    load: async () =>
      (await import('../features/notifications/history/NotificationsPage')).NotificationsPage,
    access: { resource: 'notifications' },
    palette: { label: 'Notifications', icon: 'notifications' },
  },
  {
    path: paths.notificationResource.path,
    load: async () =>
      (await import('../features/notifications/history/ResourceHistoryPage')).ResourceHistoryPage,
    access: { resource: 'notifications' },
  },
  {
    path: paths.configs.path,
    load: async () => (await import('../features/catalog/ConfigsRedirect')).ConfigsRedirect,
    access: { resource: 'database', feature: 'config' },
  },
  {
    path: paths.configDb.path,
    load: async () => (await import('../features/catalog/ConfigsRedirect')).ConfigsRedirect,
    access: { resource: 'database', feature: 'config' },
  },
  {
    path: paths.settingsFeatureFlags.path,
    load: async () =>
      (await import('../features/settings/featureFlags/FeatureFlagsPage')).FeatureFlagsPage,
    access: { resource: 'feature_flags', feature: 'settings.feature_flags' },
    nav: { section: 'settings', label: 'Feature Flags', icon: 'flag' },
  },
  {
    path: paths.settingsUsers.path,
    load: async () => (await import('../features/users/UsersPage')).UsersPage,
    access: { resource: 'identities', feature: 'settings.users' },
    // Hosted sign-in manages its users itself (spec 000 §2.4, §6).
    authModes: ['kratos'],
    nav: { section: 'settings', label: 'Users', icon: 'people' },
  },
  {
    path: paths.settingsTokens.path,
    load: async () => (await import('../features/tokens/TokensPage')).TokensPage,
    access: { resource: 'auth', feature: 'settings' },
    nav: { section: 'settings', label: 'API Tokens', icon: 'key' },
  },
  {
    path: paths.settingsScopes.path,
    load: async () => (await import('../features/scopes/ScopesPage')).ScopesPage,
    access: { resource: 'scopes', feature: 'settings' },
    nav: { section: 'settings', label: 'Scopes', icon: 'layers' },
  },
  {
    path: paths.settingsPermissions.path,
    load: async () => (await import('../features/permissions/PermissionsPage')).PermissionsPage,
    access: { resource: 'permissions', feature: 'settings.permissions' },
    nav: { section: 'settings', label: 'Permissions', icon: 'shield' },
  },
  {
    // What one subject may do on which resources; reviewing needs RBAC read, which the page
    // itself explains to those without it.
    path: paths.settingsPermissionSubjects.path,
    load: async () =>
      (await import('../features/permissions/subjects/SubjectWorkbenchPage')).SubjectWorkbenchPage,
    access: { resource: 'permissions', feature: 'settings.permissions' },
    nav: { section: 'settings', label: 'Permissions by Subject', icon: 'person' },
  },
  {
    // Who may use MCP and what its tools may run: permissions (and, for those who may read
    // RBAC, the access review), so it needs what the permissions page needs.
    path: paths.settingsMcp.path,
    load: async () => (await import('../features/permissions/mcp/McpSettingsPage')).McpSettingsPage,
    access: { resource: 'permissions', feature: 'settings.permissions' },
    nav: { section: 'settings', label: 'MCP', icon: 'exchange' },
  },
  {
    path: paths.settingsConnections.path,
    load: async () => {
      const { ConnectionsPage } = await import('../features/connections/ConnectionsPage');
      const slots = { ResourcePermissions: lazyResourcePermissions, AccessCheck: lazyAccessCheck };
      return function Connections() {
        return (
          <SlotsProvider slots={slots}>
            <ConnectionsPage />
          </SlotsProvider>
        );
      };
    },
    access: { resource: 'connections', feature: 'settings.connections' },
    nav: { section: 'settings', label: 'Connections', icon: 'data-connection' },
  },
  {
    path: paths.settingsIntegrations.path,
    load: async () => {
      const { IntegrationsPage } = await import('../features/integrations/IntegrationsPage');
      // The scraper editor shows only in the add dialog, once a scraper type is picked.
      const slots = { TypedEditor: lazyTypedEditor };
      return function Integrations() {
        return (
          <SlotsProvider slots={slots}>
            <IntegrationsPage />
          </SlotsProvider>
        );
      };
    },
    access: { resource: 'integrations', feature: 'settings.integrations' },
    nav: { section: 'settings', label: 'Integrations', icon: 'applications' },
  },
  {
    // Editing an integration needs write (spec 000 §2.4).
    path: paths.settingsIntegration.path,
    load: async () => {
      const [{ IntegrationEditPage }, { TypedResourceEditor }] = await Promise.all([
        import('../features/integrations/IntegrationEditPage'),
        import('../features/editors/TypedResourceEditor'),
      ]);
      const slots = { TypedEditor: TypedResourceEditor };
      return function IntegrationEdit() {
        return (
          <SlotsProvider slots={slots}>
            <IntegrationEditPage />
          </SlotsProvider>
        );
      };
    },
    access: { resource: 'integrations', action: 'write', feature: 'settings.integrations' },
  },
  {
    path: paths.settingsAgents.path,
    load: async () => (await import('../features/agents/AgentsPage')).AgentsPage,
    access: { resource: 'agents', feature: 'agents' },
    nav: { section: 'settings', label: 'Agents', icon: 'cloud' },
  },
  {
    path: paths.settingsLogBackends.path,
    load: async () => {
      const { LogBackendsPage } = await import('../features/logBackends/LogBackendsPage');
      // The form shows only in the backend's dialog.
      const slots = {
        LogBackendForm: lazyPart<LogBackendFormProps>(
          async () => (await import('../features/integrations/LogBackendForm')).LogBackendForm,
        ),
      };
      return function LogBackends() {
        return (
          <SlotsProvider slots={slots}>
            <LogBackendsPage />
          </SlotsProvider>
        );
      };
    },
    access: { resource: 'logging_backends', feature: 'settings.logging_backends' },
    nav: { section: 'settings', label: 'Log Backends', icon: 'align-left' },
  },
  {
    path: paths.settingsEventQueue.path,
    load: async () => (await import('../features/eventQueue/EventQueuePage')).EventQueuePage,
    access: { resource: 'database', feature: 'settings.event_queue_status' },
    nav: { section: 'settings', label: 'Event Queue', icon: 'list' },
  },
  {
    path: paths.settingsJobs.path,
    load: async () => (await import('../features/jobs/JobsPage')).JobsPage,
    access: { resource: 'database', feature: 'settings.job_history' },
    nav: { section: 'settings', label: 'Job History', icon: 'history' },
  },
  {
    // One job: its runs summed up and its history.
    path: paths.settingsJob.path,
    load: async () => (await import('../features/jobs/JobPage')).JobPage,
    access: { resource: 'database', feature: 'settings.job_history' },
  },
  {
    // Artifacts are read with the runs that keep most of them (as the download route guards them);
    // no feature of their own, so they follow the settings section's.
    path: paths.settingsArtifacts.path,
    load: async () => (await import('../features/artifacts/ArtifactsPage')).ArtifactsPage,
    access: { resource: 'playbook_runs', feature: 'settings' },
    nav: { section: 'settings', label: 'Artifacts', icon: 'archive' },
  },
  {
    // The installed plugins; reading them needs read access to the catalog, as upstream.
    path: paths.settingsPlugins.path,
    load: async () => (await import('../features/plugins/PluginsPage')).PluginsPage,
    access: { resource: 'database', feature: 'settings.plugins' },
    nav: { section: 'settings', label: 'Plugins', icon: 'package' },
  },
  {
    path: paths.settingsFlows.path,
    load: async () => (await import('../features/settings/flows/FlowsPage')).FlowsPage,
    // A developer page, off unless `settings.flows.disable` is `false`; admins only.
    access: { resource: 'rbac', feature: 'settings.flows' },
    nav: { section: 'settings', label: 'Flows', icon: 'flow-linear' },
  },
  ...settingsTablePages(
    'teams',
    { resource: 'teams', feature: 'settings.teams' },
    { section: 'settings', label: 'Teams', icon: 'people' },
  ),
  ...settingsTablePages(
    'incident_rules',
    { resource: 'incident', feature: 'settings.rules' },
    // Spec 002 §2.8 names the incident rules "Rules".
    { section: 'settings', label: 'Rules', icon: 'flow-branch' },
  ),
  ...settingsTablePages(
    'canaries',
    { resource: 'canaries', feature: 'settings.health' },
    { section: 'settings', label: 'Health Checks', icon: 'heart' },
  ),
  ...settingsTablePages(
    'topologies',
    { resource: 'topologies', feature: 'settings.topology' },
    { section: 'settings', label: 'Topologies', icon: 'layout-hierarchy' },
  ),
  ...settingsTablePages(
    'views',
    { resource: 'views', feature: 'settings.views' },
    { section: 'settings', label: 'Views', icon: 'panel-table' },
  ),
  ...resourcePages('config_scrapers', {
    list: paths.catalogScrapers.path,
    item: paths.catalogScraper.path,
    access: { resource: 'config_scrapers', feature: 'settings.config_scraper' },
  }),
  {
    // What one run of a scraper produced (its Job History tab links here).
    path: paths.catalogScrapeRun.path,
    load: async () => (await import('../features/scrapeRuns/ScrapeRunPage')).ScrapeRunPage,
    access: { resource: 'config_scrapers', feature: 'settings.config_scraper' },
  },
];

/**
 * Signed-in pages shown without the shell, which do not wait for the feature flags (the
 * standalone topology view under `/view/topology`).
 */
export const standalonePages: readonly AppPage[] = [
  {
    // No feature: the standalone topology does not wait for the feature flags (spec 000 §2.1).
    path: paths.viewTopology.path,
    load: async () => (await import('../features/topology/TopologyPage')).StandaloneTopologyPage,
    access: { resource: 'topologies' },
  },
  {
    path: paths.viewHealth.path,
    load: async () => (await import('../features/health/HealthPage')).StandaloneHealthPage,
    access: { resource: 'canaries', feature: 'health' },
  },
];

/**
 * Where `/` sends a user when there is no dashboard view or they may not read views (issue 37),
 * in this order.
 */
export const HOME_FALLBACKS: readonly string[] = [
  paths.health.path,
  paths.incidents.path,
  paths.catalog.path,
  paths.playbooks.path,
  paths.applications.path,
];

/** Whether a user may open a page: its feature on and its resource allowed. */
function mayOpen(page: AppPage, flags: FeatureFlags, authorizer: Authorizer): boolean {
  return (
    (!page.access.feature || flags.isEnabled(page.access.feature)) &&
    authorizer.can(page.access.resource, page.access.action ?? 'read')
  );
}

/**
 * Where `/` sends a user it shows no dashboard: the first page of `HOME_FALLBACKS` (health,
 * incidents, catalog, playbooks, applications) they may open, else the first other sidebar
 * entry they may open (main, then settings); undefined when there is none (the onboarding
 * page).
 */
export function homeFor(
  pages: readonly AppPage[],
  flags: FeatureFlags,
  authorizer: Authorizer,
): string | undefined {
  const fallbacks = HOME_FALLBACKS.flatMap((path) => pages.filter((page) => page.path === path));
  const entries = [
    ...pages.filter((page) => page.nav?.section === 'main'),
    ...pages.filter((page) => page.nav?.section === 'settings'),
  ].filter((page) => page.path !== paths.home.path);
  const first = [...fallbacks, ...entries].find((page) => mayOpen(page, flags, authorizer));
  return first ? (first.nav?.href ?? first.path) : undefined;
}

/**
 * `/` without a dashboard: once the feature flags are known, the first page the user may open,
 * else the onboarding page (not the Unauthorized screen).
 */
function HomeFallback({ pages }: { pages: readonly AppPage[] }) {
  const { flags, isLoading } = useFeatureFlags();
  const authorizer = useAuthorizer();
  if (isLoading) return <PageLoading />;
  const next = homeFor(pages, flags, authorizer);
  return next ? <Navigate to={next} replace /> : <OnboardingPage />;
}

function toNavEntry(page: AppPage): NavEntry {
  return {
    label: page.nav?.label ?? page.path,
    icon: page.nav?.icon ?? 'document',
    href: page.nav?.href ?? page.path,
    resource: page.access.resource,
    ...(page.access.feature ? { feature: page.access.feature } : {}),
    ...(page.authModes ? { authModes: page.authModes } : {}),
  };
}

/**
 * The pages the command palette offers: the sidebar's entries (settings ones as
 * "Settings › Users") and the pages with a palette entry of their own, in route-table order.
 * Filter them with `visibleEntries` for a user.
 */
export function pageEntries(pages: readonly AppPage[]): NavEntry[] {
  return pages.flatMap((page): NavEntry[] => {
    if (page.nav) {
      const entry = toNavEntry(page);
      const label = page.nav.section === 'settings' ? `Settings › ${entry.label}` : entry.label;
      return [{ ...entry, label }];
    }
    if (page.palette) {
      return [{ ...toNavEntry(page), label: page.palette.label, icon: page.palette.icon }];
    }
    return [];
  });
}

/** The sidebar's entries and the shell's links, from the pages that exist. */
export function createNavigation(pages: readonly AppPage[]): ShellNavigation {
  const hasViewPage = pages.some((page) => page.path === paths.view.path);
  return {
    main: pages.filter((page) => page.nav?.section === 'main').map(toNavEntry),
    settings: pages.filter((page) => page.nav?.section === 'settings').map(toNavEntry),
    pages: pageEntries(pages),
    ...(hasViewPage ? { viewHref: (view: { id: string }) => paths.view.getHref(view.id) } : {}),
    links: {
      home: paths.home.getHref(),
      notifications: paths.notifications.getHref(),
      profile: paths.profile.getHref(),
    },
  };
}

/** The sidebar of the console as built. */
export const navigation: ShellNavigation = createNavigation(appPages);

/** The child routes in the listed sign-in modes; elsewhere the address does not exist. */
function AuthModeOnly({ modes }: { modes: readonly SessionAuthMode[] }) {
  const authMode = useAppSelector(selectAuthMode);
  return modes.includes(authMode) ? <Outlet /> : <NotFoundPage />;
}

/**
 * A page behind its gate: a disabled feature or a forbidden resource shows the Unauthorized
 * screen, and the page's chunk is not even loaded. In a sign-in mode the page does not exist
 * in, its address is not found.
 */
function pageRoute(page: AppPage, pages: readonly AppPage[]): RouteObject {
  const gated = page.path === paths.home.path ? homeRoute(page, pages) : accessRoute(page);
  return page.authModes
    ? { element: <AuthModeOnly modes={page.authModes} />, children: [gated] }
    : gated;
}

function accessRoute(
  page: AppPage,
  refused: ReactElement | 'unauthorized' = 'unauthorized',
): RouteObject {
  const { resource, action = 'read', feature } = page.access;
  return {
    element: (
      <AccessGate resource={resource} action={action} feature={feature} fallback={refused}>
        <Outlet />
      </AccessGate>
    ),
    children: [
      {
        path: page.path,
        HydrateFallback: PageLoading,
        lazy: async () => ({ Component: await loadPage(page.load) }),
      },
    ],
  };
}

/**
 * `/`: a user the dashboard's access refuses is sent to the first page they may open, and so
 * is one for whom there is no dashboard view (the page's `HomeFallback` slot).
 */
function homeRoute(page: AppPage, pages: readonly AppPage[]): RouteObject {
  const fallback = <HomeFallback pages={pages} />;
  const slots = {
    HomeFallback: function Fallback() {
      return fallback;
    },
  };
  const gated = accessRoute(page, fallback);
  return { ...gated, element: <SlotsProvider slots={slots}>{gated.element}</SlotsProvider> };
}

/**
 * The session check around the signed-in routes, a chunk of its own: the sign-in pages never
 * download it.
 */
function sessionGateRoute(props: SessionGateProps): NonIndexRouteObject {
  return {
    HydrateFallback: PageLoading,
    lazy: async () => {
      const { SessionGate } = await import('./SessionGate');
      return {
        Component: function SignedIn() {
          return <SessionGate {...props} />;
        },
      };
    },
  };
}

/**
 * The shell (sidebar, top bar, menus and their dialogs) around the main-area pages, a chunk of
 * its own loaded with the first of them: the sign-in pages never download it.
 */
function shellRoute(navigation: ShellNavigation): NonIndexRouteObject {
  return {
    HydrateFallback: PageLoading,
    lazy: async () => {
      const { ShellRoute } = await import(/* webpackChunkName: "shell" */ './ShellRoute');
      return {
        Component: function Shell() {
          return <ShellRoute navigation={navigation} />;
        },
      };
    },
  };
}

export interface CreateRoutesOptions {
  /** Main-area pages; default `appPages`. */
  pages?: readonly AppPage[];
  /** Signed-in pages without the shell; default `standalonePages`. */
  standalone?: readonly AppPage[];
  /** Public pages outside the session gate; default the identity service's pages. */
  publicRoutes?: readonly RouteObject[];
  /** Options of the session gate (the hosted sign-in's checks and organisation picker). */
  sessionGate?: SessionGateProps;
}

/** The route table. Feature areas are loaded lazily, one chunk each. */
export function createRoutes(options: CreateRoutesOptions = {}): RouteObject[] {
  const pages = options.pages ?? appPages;
  const standalone = options.standalone ?? standalonePages;
  const publicRoutes = options.publicRoutes ?? kratosRoutes;
  return [
    {
      path: '/',
      errorElement: <CrashPage generic />,
      children: [
        { path: paths.error.path, element: <ErrorPage /> },
        // Public pages: sign-in, registration, recovery, verification (kratos mode).
        ...publicRoutes,
        {
          ...sessionGateRoute(options.sessionGate ?? {}),
          children: [
            ...standalone.map((page) => pageRoute(page, pages)),
            {
              ...shellRoute(createNavigation(pages)),
              // A page that fails to render shows the error view inside the shell.
              children: [
                {
                  errorElement: <CrashPage />,
                  children: [
                    ...pages.map((page) => pageRoute(page, pages)),
                    // Without the dashboard page, `/` is the first page the user may open.
                    ...(pages.some((page) => page.path === paths.home.path)
                      ? []
                      : [{ path: paths.home.path, element: <HomeFallback pages={pages} /> }]),
                  ],
                },
              ],
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
