import { ROLES } from '../../../contracts/access';
import { jsonSchemasApi } from '../../../src/api/endpoints/jsonSchemas';
import { agentsApi } from '../../../src/api/endpoints/agents';
import { applicationsApi } from '../../../src/api/endpoints/applications';
import { artifactsApi } from '../../../src/api/endpoints/artifacts';
import { assistantApi } from '../../../src/api/endpoints/assistant';
import { llmConnectionApi } from '../../../src/api/endpoints/llmConnection';
import { catalogApi } from '../../../src/api/endpoints/catalog';
import { catalogChangesApi } from '../../../src/api/endpoints/catalogChanges';
import { catalogInsightsApi } from '../../../src/api/endpoints/catalogInsights';
import { chartEventsApi } from '../../../src/api/endpoints/chartEvents';
import { scrapersApi } from '../../../src/api/endpoints/scrapers';
import { checksApi } from '../../../src/api/endpoints/checks';
import { configAccessApi } from '../../../src/api/endpoints/configAccess';
import { configItemApi } from '../../../src/api/endpoints/configItem';
import { connectionsApi } from '../../../src/api/endpoints/connections';
import { eventQueueApi } from '../../../src/api/endpoints/eventQueue';
import { healthSummaryApi } from '../../../src/api/endpoints/healthSummary';
import { identityApi } from '../../../src/api/endpoints/identity';
import { incidentsApi } from '../../../src/api/endpoints/incidents';
import { integrationsApi } from '../../../src/api/endpoints/integrations';
import { jobHistoryApi } from '../../../src/api/endpoints/jobHistory';
import { logBackendsApi } from '../../../src/api/endpoints/logBackends';
import { logsApi } from '../../../src/api/endpoints/logs';
import { lookupsApi } from '../../../src/api/endpoints/lookups';
import { notificationHistoryApi } from '../../../src/api/endpoints/notificationHistory';
import { notificationRulesApi } from '../../../src/api/endpoints/notificationRules';
import { notificationSilencesApi } from '../../../src/api/endpoints/notificationSilences';
import type {
  SilencePreviewRow,
  SilenceWindows,
} from '../../../src/api/schemas/notificationSilences';
import { RECURRENCE_PROBE } from '../../../src/features/notifications/silences/useRecurringSilences';
import { ownershipApi } from '../../../src/api/endpoints/ownership';
import { paletteApi } from '../../../src/api/endpoints/palette';
import { permissionsApi } from '../../../src/api/endpoints/permissions';
import { personAnalyticsApi } from '../../../src/api/endpoints/personAnalytics';
import { playbooksApi } from '../../../src/api/endpoints/playbooks';
import { pluginsApi } from '../../../src/api/endpoints/plugins';
import { propertiesApi } from '../../../src/api/endpoints/properties';
import { resourcesApi } from '../../../src/api/endpoints/resources';
import { savedQueriesApi } from '../../../src/api/endpoints/savedQueries';
import { scopesApi } from '../../../src/api/endpoints/scopes';
import { scrapePluginsApi } from '../../../src/api/endpoints/scrapePlugins';
import { CONFIG_SEGMENTS, scrapeRunsApi } from '../../../src/api/endpoints/scrapeRuns';
import { settingsResourcesApi } from '../../../src/api/endpoints/settingsResources';
import { sidebarViewsApi } from '../../../src/api/endpoints/sidebarViews';
import { systemApi } from '../../../src/api/endpoints/system';
import { teamsApi } from '../../../src/api/endpoints/teams';
import { tokensApi } from '../../../src/api/endpoints/tokens';
import { topologyApi } from '../../../src/api/endpoints/topology';
import { usersApi } from '../../../src/api/endpoints/users';
import { viewsApi } from '../../../src/api/endpoints/views';
import { viewSearchApi } from '../../../src/api/endpoints/viewSearch';
import { accessSearchApi } from '../../../src/api/endpoints/accessSearch';
import { chartFiles } from '../../../server/demo/charts';
import { builtQuery, countQuery } from '../../../src/features/catalog/queries/model/queryText';
import { toRunParams } from '../../../src/features/playbooks/model/parameters';
import type { Fixtures } from './support/fixtures';
import { TEAMS } from '../../../server/demo/seed/peopleCatalog';
import { scenarioPlaybookId } from '../../../server/demo/seed/playbookScenarios';

/** What the scripted model the suite connects answers every chat with. */
export const CONTRACT_MODEL_ANSWER = 'No deployment is unhealthy.';

/** The seeded teams' names, as owner labels hold them. */
const TEAM_NAMES = TEAMS.map((team) => team.name);

/** What an endpoint's thunk resolves to: the data, or the console's `ApiError`. */
export interface Outcome {
  data?: unknown;
  error?: unknown;
}

/** A step that can be dispatched: RTK Query's `initiate(arg)` of one endpoint. */
interface Endpoint<A> {
  name: string;
  initiate(arg: A): unknown;
}

export interface ContractCase {
  endpoint: string;
  /** What this case varies (an option, a filter); the endpoint name alone for the plain case. */
  label: string;
  args(fx: Fixtures): unknown;
  /** Further checks on the data, and ids kept for later cases. */
  then?(data: unknown, fx: Fixtures): void;
}

/** `is(endpoint)(label, args, then)`: the endpoint first, so its argument type checks `args`. */
function is<A>(endpoint: Endpoint<A>) {
  return (
    label: string,
    args: (fx: Fixtures) => A,
    then?: (data: unknown, fx: Fixtures) => void,
  ): ContractCase => ({ endpoint: endpoint.name, label, args, ...(then ? { then } : {}) });
}

/** The data as a non-empty list (the seeded estate has rows for every list with a case). */
function rows(data: unknown): Array<Record<string, unknown>> {
  const list = Array.isArray(data)
    ? data
    : Object.values((data ?? {}) as Record<string, unknown>).find(Array.isArray);
  if (!Array.isArray(list) || list.length === 0) {
    throw new Error(`expected rows, got ${JSON.stringify(data)?.slice(0, 200)}`);
  }
  return list as Array<Record<string, unknown>>;
}

function keep(name: string) {
  return (data: unknown, fx: Fixtures) => {
    const value = Array.isArray(data) ? (data[0] as { id?: unknown } | undefined)?.id : data;
    const id =
      typeof value === 'string'
        ? value
        : ((value as { id?: unknown; run_id?: unknown } | null | undefined)?.id ??
          (value as { run_id?: unknown } | null | undefined)?.run_id);
    if (typeof id !== 'string') throw new Error(`no id in ${JSON.stringify(data)?.slice(0, 200)}`);
    fx.created[name] = id;
  };
}

function created(fx: Fixtures, name: string): string {
  const id = fx.created[name];
  if (!id) throw new Error(`the case creating ${name} did not run or failed`);
  return id;
}

const nonEmpty = (data: unknown) => void rows(data);

/** A window of the last `days` days, as a chart asks for its events. */
const lastDays = (days: number) => ({
  from: new Date(Date.now() - days * 86_400_000).toISOString(),
  to: new Date().toISOString(),
});

/**
 * Keeps the first value of each access filter option (a config type, item, user, group, role
 * and user type) for the access cases after it; the seeded estate has access of each kind.
 */
function keepAccessValues(data: unknown, fx: Fixtures) {
  const options = data as Record<string, Array<Record<string, unknown>> | undefined>;
  const first = (facet: string, column: string, name: string) => {
    const value = options[facet]?.[0]?.[column];
    if (typeof value !== 'string') throw new Error(`no ${facet} in the access filter options`);
    fx.created[name] = value;
  };
  first('catalogs', 'config_type', 'accessConfigType');
  first('catalogs', 'config_id', 'accessConfigId');
  first('users', 'external_user_id', 'accessUserId');
  first('groups', 'external_group_id', 'accessGroupId');
  first('roles', 'role', 'accessRole');
  first('user_types', 'user_type', 'accessUserType');
}

/**
 * Keeps two by-user rows of one email (`mergePrimary`, the one with more access, and
 * `mergeDuplicate`): one person known under two identities, which the merge case merges. The
 * seeded estate has such a person.
 */
function keepTwoIdentities(data: unknown, fx: Fixtures) {
  const users = rows(data) as Array<{
    external_user_id: string;
    email?: string | null;
    access_count?: number | string | null;
  }>;
  const byEmail = new Map<string, typeof users>();
  for (const user of users) {
    const email = user.email?.trim().toLowerCase();
    if (email) byEmail.set(email, [...(byEmail.get(email) ?? []), user]);
  }
  const pair = [...byEmail.values()].find((same) => same.length >= 2);
  if (!pair) throw new Error('no two external users of one email in the by-user view');
  const [primary, duplicate] = [...pair].sort(
    (a, b) => Number(b.access_count ?? 0) - Number(a.access_count ?? 0),
  );
  fx.created.mergePrimary = primary!.external_user_id;
  fx.created.mergeDuplicate = duplicate!.external_user_id;
}

/** The alias the alias case adds (the function keeps aliases lower-cased and trimmed). */
const CONTRACT_ALIAS = 'contract.alias@example.test';

/** A paged list's first page of 50. */
const firstPage = () => ({ pageIndex: 0, pageSize: 50 });

/** A paged list's newest row alone, to find a record a case has just created. */
const NEWEST_FIRST = {
  pageIndex: 0,
  pageSize: 1,
  sortBy: 'created_at',
  sortOrder: 'desc',
} as const;

/** Keeps the id of the first row as the record `name` later cases change and delete. */
const keepNewest = (name: string) => (data: unknown, fx: Fixtures) => {
  fx.created[name] = String(rows(data)[0]?.id);
};
const found = (data: unknown) => {
  if (data === null || data === undefined) throw new Error('expected the record, got none');
};

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

/** The inhibitions a rule is updated with, read back as written. */
const CONTRACT_INHIBITIONS = [
  {
    direction: 'outgoing' as const,
    from: 'Kubernetes::Node',
    to: ['Kubernetes::Pod'],
    depth: 2,
    soft: true,
  },
];

/** The suite's permission: the other person may run the fixture playbook (or is denied it). */
const permissionOf = (fx: Fixtures, done: 'created' | 'changed', deny: boolean) => ({
  subject: fx.personId,
  subject_type: 'person' as const,
  action: 'playbook:run',
  deny,
  object: null,
  object_selector: null,
  config_id: null,
  component_id: null,
  connection_id: null,
  playbook_id: fx.playbookId,
  canary_id: null,
  description: `${done} by the contract suite`,
});

/** The suite's silence of the fixture config item, from now. */
const silenceOf = (fx: Fixtures, done: 'created' | 'changed', name: string) => ({
  name,
  description: `${done} by the contract suite`,
  from: new Date().toISOString(),
  config_id: fx.configId,
});

const firstChart = () => {
  const file = Object.keys(chartFiles()).find((name) => name.endsWith('.values.json'));
  if (!file) throw new Error('no chart values file');
  return file.slice(0, -'.values.json'.length);
};

/**
 * One case per endpoint, and more where an option changes the request (filters, sort, embeds,
 * paging). Run in this order: reads of the seeded estate first, then writes that create records
 * which later cases read, change and delete; signing out last.
 */

/** A duration and a configs parameter, as the run form sends them (`toRunParams`). */
const TYPED_PARAMETERS = [
  { name: 'window', label: 'Window', type: 'duration', default: '1h', properties: { min: '5m' } },
  { name: 'peers', label: 'Peers', type: 'configs', required: true },
];

export const CONTRACT_CASES: ContractCase[] = [
  // ------------------------------------------------------------------ system and lookups
  is(systemApi.endpoints.getAbout)('plain', () => undefined),
  is(systemApi.endpoints.getProperties)('plain', () => undefined),
  is(systemApi.endpoints.getWhoami)('plain', () => undefined),
  is(sidebarViewsApi.endpoints.getSidebarViews)('plain', () => undefined),
  is(lookupsApi.endpoints.searchPeople)('empty search', () => ({ search: '' }), nonEmpty),
  is(lookupsApi.endpoints.searchPeople)('by name', () => ({ search: 'a' })),
  is(lookupsApi.endpoints.searchPeopleWithRoles)(
    'admins, empty search',
    () => ({ search: '', roles: ['admin'] }),
    (data) => {
      const people = rows(data) as Array<{ roles?: string[] }>;
      if (!people.every((person) => person.roles?.includes('admin')))
        throw new Error('a person without the admin role was offered');
    },
  ),
  is(lookupsApi.endpoints.searchTeams)('empty search', () => ({ search: '' }), nonEmpty),
  is(ownershipApi.endpoints.getTeamByName)('a seeded team', (fx) => fx.teamName, found),
  is(ownershipApi.endpoints.getMyTeams)('the signed-in user', (fx) => fx.userId),
  is(ownershipApi.endpoints.getChecksOfOwnedComponents)(
    'seeded teams',
    () => ({ label: 'owner', teams: TEAM_NAMES }),
    nonEmpty,
  ),
  is(ownershipApi.endpoints.getTeamComponents)(
    'a seeded team',
    (fx) => ({ label: 'owner', team: fx.teamName }),
    nonEmpty,
  ),
  is(ownershipApi.endpoints.getChecksOfOwnedConfigs)('seeded teams', () => ({
    label: 'owner',
    teams: TEAM_NAMES,
  })),
  is(lookupsApi.endpoints.searchNotifications)('empty search', () => ({ search: '' })),
  is(lookupsApi.endpoints.searchScopes)('empty search', () => ({ search: '' })),
  is(eventQueueApi.endpoints.getEventQueueStatus)('plain', () => undefined),
  is(resourcesApi.endpoints.searchResources)(
    'configs',
    () => ({ kind: 'configs', search: '' }),
    nonEmpty,
  ),
  is(resourcesApi.endpoints.searchResources)('checks by name', () => ({
    kind: 'checks',
    search: '',
    selector: { name: '*' },
  })),
  is(resourcesApi.endpoints.searchResources)('components with types', (fx) => ({
    kind: 'components',
    search: '',
    selector: { types: [], includeDeleted: false, id: fx.componentId },
  })),
  is(resourcesApi.endpoints.searchResourceKinds)('several kinds', () => ({
    kinds: ['configs', 'components', 'checks'],
    search: 'a',
    limit: 5,
  })),
  is(resourcesApi.endpoints.searchResourceKinds)(
    'a selector over every kind, changes and canaries included, leniently',
    () => ({
      kinds: [
        'configs',
        'components',
        'checks',
        'canaries',
        'playbooks',
        'connections',
        'config_changes',
      ],
      search: 'health=unhealthy',
      limit: 8,
      limits: { config_changes: 32 },
      lenient: true,
    }),
    nonEmpty,
  ),
  is(resourcesApi.endpoints.searchResourceKinds)('unhealthy deployments', () => ({
    kinds: ['configs'],
    search: 'type=Kubernetes::Deployment health=unhealthy',
    limit: 8,
  })),
  is(resourcesApi.endpoints.searchResourceKinds)(
    'config changes by config type',
    () => ({ kinds: ['config_changes'], search: 'type=Kubernetes::*', limit: 32 }),
    nonEmpty,
  ),
  is(paletteApi.endpoints.searchPaletteTeams)(
    'by part of a name',
    () => ({ search: TEAM_NAMES[0]!.slice(0, 3).toLowerCase(), limit: 5 }),
    nonEmpty,
  ),
  is(paletteApi.endpoints.searchPaletteIncidents)('plain', () => ({ search: 'a', limit: 5 })),
  is(paletteApi.endpoints.searchPaletteRules)('plain', () => ({ search: 'a', limit: 5 })),
  is(paletteApi.endpoints.searchPaletteViews)('plain', () => ({ search: 'a', limit: 5 })),
  is(paletteApi.endpoints.searchPaletteOwned)(
    'configs by owner',
    () => ({ table: 'configs', label: 'owner', team: 'pay', limit: 8 }),
    nonEmpty,
  ),
  is(paletteApi.endpoints.searchPaletteOwned)(
    'components by owner',
    () => ({ table: 'components', label: 'owner', team: 'plat', limit: 8 }),
    nonEmpty,
  ),

  // ------------------------------------------------------------------ health
  is(healthSummaryApi.endpoints.getHealthSummary)('1h', () => ({ timeRange: '1h' })),
  is(checksApi.endpoints.getCheckDetail)('plain', (fx) => fx.checkId, found),
  is(checksApi.endpoints.getCheckStatuses)('first page', (fx) => ({
    checkId: fx.checkId,
    timeRange: '1d',
    pageIndex: 0,
    pageSize: 50,
  })),
  is(checksApi.endpoints.getCheckStatuses)('failed, slow', (fx) => ({
    checkId: fx.checkId,
    timeRange: '7d',
    status: 0,
    minDurationMs: 10,
    pageIndex: 1,
  })),
  is(checksApi.endpoints.getCheckGraph)('1h', (fx) => ({ checkId: fx.checkId, timeRange: '1h' })),
  is(checksApi.endpoints.getCheckGraph)('30d', (fx) => ({ checkId: fx.checkId, timeRange: '30d' })),
  is(checksApi.endpoints.getCanarySpec)('plain', (fx) => fx.canaryId),

  // ------------------------------------------------------------------ catalog
  is(catalogApi.endpoints.getConfigList)(
    'first page',
    () => ({
      sortBy: 'name',
      sortOrder: 'asc',
      showDeleted: false,
      pageIndex: 0,
      pageSize: 50,
    }),
    nonEmpty,
  ),
  is(catalogApi.endpoints.getConfigList)('type, filters, search, deleted', (fx) => ({
    configType: fx.configType,
    status: { Running: 1 },
    health: { unhealthy: -1 },
    labels: { 'env=production': 1 },
    search: 'a',
    sortBy: 'updated_at',
    sortOrder: 'desc',
    showDeleted: true,
    pageIndex: 1,
    pageSize: 25,
  })),
  is(catalogApi.endpoints.getConfigList)('by a tag and a quoted label', () => ({
    labels: { '#namespace:default': 1, 'app:a,b "c"': -1 },
    sortBy: 'name',
    sortOrder: 'asc',
    showDeleted: false,
    pageIndex: 0,
    pageSize: 50,
  })),
  is(catalogApi.endpoints.getConfigList)(
    'owned by teams',
    () => ({
      owners: { label: 'owner', teams: ['Payments', 'Platform'] },
      sortBy: 'name',
      sortOrder: 'asc',
      showDeleted: false,
      pageIndex: 0,
      pageSize: 50,
    }),
    nonEmpty,
  ),
  is(catalogApi.endpoints.getConfigList)('owned by no team, under a quoted label key', () => ({
    owners: { label: 'acme.io/team', teams: [] },
    sortBy: 'name',
    sortOrder: 'asc',
    showDeleted: false,
    pageIndex: 0,
    pageSize: 50,
  })),
  is(catalogApi.endpoints.getConfigSummary)(
    'by type',
    () => ({ groupBy: ['type'], deleted: false }),
    nonEmpty,
  ),
  is(catalogApi.endpoints.getConfigSummary)(
    "a team's items by type (owner label)",
    (fx) => ({ groupBy: ['type'], deleted: false, filter: { owner: fx.teamName } }),
    nonEmpty,
  ),
  is(catalogApi.endpoints.getConfigSummary)('by type and a tag, filtered', () => ({
    groupBy: ['type', 'namespace'],
    deleted: true,
    health: { healthy: 1 },
    status: { Running: -1 },
  })),
  is(catalogApi.endpoints.getConfigTagKeys)('plain', () => undefined),
  is(catalogApi.endpoints.getConfigTypes)('plain', () => undefined, nonEmpty),
  is(catalogApi.endpoints.getConfigStatuses)('plain', () => undefined),
  is(catalogApi.endpoints.getConfigLabels)('plain', () => undefined),
  is(catalogChangesApi.endpoints.getCatalogChanges)(
    'all',
    () => ({ includeDeletedConfigs: false, pageIndex: 0, pageSize: 50 }),
    nonEmpty,
  ),
  is(catalogChangesApi.endpoints.getCatalogChanges)('filtered and sorted', (fx) => ({
    configType: fx.configType,
    changeTypes: { diff: 1 },
    severity: 'info',
    from: 'now-30d',
    to: 'now',
    sortBy: 'created_at',
    sortOrder: 'asc',
    tags: { 'env=production': -1 },
    includeDeletedConfigs: true,
    pageIndex: 1,
    pageSize: 20,
  })),
  is(catalogChangesApi.endpoints.getConfigChange)(
    'plain',
    (fx) => ({
      configId: fx.configChangeConfigId,
      id: fx.configChangeId,
    }),
    found,
  ),
  is(catalogChangesApi.endpoints.getChangeArtifacts)(
    'plain',
    (fx) => fx.artifactChangeId,
    nonEmpty,
  ),
  is(catalogChangesApi.endpoints.getConfigTagValues)('plain', () => undefined),
  is(catalogChangesApi.endpoints.getChangePeople)('plain', () => undefined),
  // The access review: the filter options first, whose values the filtered cases use.
  is(configAccessApi.endpoints.getAccessFilterOptions)('no filter', () => ({}), keepAccessValues),
  is(configAccessApi.endpoints.getAccessFilterOptions)('every filter', (fx) => ({
    configType: created(fx, 'accessConfigType'),
    userId: created(fx, 'accessUserId'),
    role: created(fx, 'accessRole'),
    userType: created(fx, 'accessUserType'),
  })),
  is(configAccessApi.endpoints.getAccessSummary)('first page', firstPage, nonEmpty),
  is(configAccessApi.endpoints.getAccessSummary)('every filter, by last sign-in', (fx) => ({
    ...firstPage(),
    configType: created(fx, 'accessConfigType'),
    userId: created(fx, 'accessUserId'),
    role: created(fx, 'accessRole'),
    userType: created(fx, 'accessUserType'),
    sortBy: 'last_signed_in_at',
    sortOrder: 'desc',
  })),
  is(configAccessApi.endpoints.getAccessSummary)(
    "an item's rows",
    (fx) => ({ ...firstPage(), configId: created(fx, 'accessConfigId') }),
    nonEmpty,
  ),
  is(configAccessApi.endpoints.getAccessSummary)("a group's rows", (fx) => ({
    ...firstPage(),
    groupId: created(fx, 'accessGroupId'),
  })),
  is(configAccessApi.endpoints.getAccessByUser)('first page', firstPage, nonEmpty),
  is(configAccessApi.endpoints.getAccessByUser)('config type, user and ids, by access', (fx) => ({
    ...firstPage(),
    configType: created(fx, 'accessConfigType'),
    userId: created(fx, 'accessUserId'),
    ids: [created(fx, 'accessUserId')],
    sortBy: 'access_count',
    sortOrder: 'desc',
  })),
  is(configAccessApi.endpoints.getAccessByUser)(
    'by email, to find one person under two identities',
    () => ({ pageIndex: 0, pageSize: 500, sortBy: 'email', sortOrder: 'asc' }),
    keepTwoIdentities,
  ),
  is(configAccessApi.endpoints.getExternalUser)(
    'a user with access',
    (fx) => created(fx, 'accessUserId'),
    found,
  ),
  is(configAccessApi.endpoints.searchExternalUsers)('by name', () => ({ search: 'a' })),
  is(configAccessApi.endpoints.searchExternalUsers)(
    'by name, but one user',
    (fx) => ({ search: 'a', exceptId: created(fx, 'accessUserId') }),
    (data, fx) => {
      if ((data as Array<{ id: string }>).some((user) => user.id === fx.created.accessUserId))
        throw new Error('the user left out was found');
    },
  ),
  is(configAccessApi.endpoints.getAccessByGroup)('first page', firstPage, nonEmpty),
  is(configAccessApi.endpoints.getAccessByGroup)('config type and ids, by users', (fx) => ({
    ...firstPage(),
    configType: created(fx, 'accessConfigType'),
    ids: [created(fx, 'accessGroupId')],
    sortBy: 'distinct_users',
    sortOrder: 'desc',
  })),
  is(configAccessApi.endpoints.getAccessByConfig)('first page', firstPage, nonEmpty),
  is(configAccessApi.endpoints.getAccessByConfig)('config type and ids, by sign-in', (fx) => ({
    ...firstPage(),
    configType: created(fx, 'accessConfigType'),
    ids: [created(fx, 'accessConfigId')],
    sortBy: 'last_signed_in_at',
    sortOrder: 'asc',
  })),
  is(configAccessApi.endpoints.getConfigAccessLogs)('an item with access', (fx) => ({
    configId: created(fx, 'accessConfigId'),
    pageIndex: 0,
    pageSize: 50,
  })),
  is(configAccessApi.endpoints.getConfigAccessCount)('an item with access', (fx) =>
    created(fx, 'accessConfigId'),
  ),
  is(configAccessApi.endpoints.getConfigAccessLogCount)('plain', (fx) => fx.configId),
  is(catalogInsightsApi.endpoints.getCatalogInsights)('first page', firstPage, nonEmpty),
  is(catalogInsightsApi.endpoints.getCatalogInsights)('sorted, second page', () => ({
    sortBy: 'severity',
    sortOrder: 'asc',
    pageIndex: 1,
    pageSize: 10,
  })),
  is(catalogInsightsApi.endpoints.getInsightFilterOptions)('plain', () => undefined),
  is(catalogInsightsApi.endpoints.getCatalogInsights)(
    'owned by teams, open',
    () => ({
      owners: { label: 'owner', teams: ['Payments', 'Platform', 'SRE'] },
      status: 'open',
      ...firstPage(),
    }),
    (data) => {
      const names = rows(data).map((row) => (row.config as { name?: unknown } | null)?.name);
      if (names.some((name) => typeof name !== 'string')) {
        throw new Error('an owned insight came without its config');
      }
    },
  ),
  is(catalogInsightsApi.endpoints.getComponentAnalysis)('plain', (fx) => fx.componentId),
  is(catalogInsightsApi.endpoints.getConfigsByIds)(
    'two ids',
    (fx) => [fx.configId, fx.analysisConfigId],
    nonEmpty,
  ),
  is(catalogInsightsApi.endpoints.getConfigById)('plain', (fx) => fx.configId, found),
  is(configItemApi.endpoints.getConfigItem)('plain', (fx) => fx.configId, found),
  is(configItemApi.endpoints.getConfigItemParents)('plain', (fx) => fx.configId),
  is(configItemApi.endpoints.getConfigItemComponents)('plain', (fx) => fx.configId),
  is(configItemApi.endpoints.getConfigItemChangeTypes)('plain', () => undefined),
  is(configItemApi.endpoints.getConfigItemChanges)(
    'plain',
    (fx) => ({
      id: fx.configChangeConfigId,
      recursive: 'none',
      includeDeletedConfigs: false,
      pageIndex: 0,
      pageSize: 50,
    }),
    nonEmpty,
  ),
  is(configItemApi.endpoints.getConfigItemChanges)('all related, filtered', (fx) => ({
    id: fx.configId,
    recursive: 'all',
    includeDeletedConfigs: true,
    from: 'now-30d',
    type: 'diff',
    severity: 'info',
    sortBy: 'created_at',
    pageIndex: 1,
    pageSize: 10,
  })),
  is(configItemApi.endpoints.getConfigItemChanges)('soft, by tag', (fx) => ({
    id: fx.configId,
    recursive: 'none',
    soft: true,
    tags: 'cluster!=nowhere',
    includeDeletedConfigs: false,
    pageIndex: 0,
    pageSize: 50,
  })),
  is(configItemApi.endpoints.getConfigItemInsights)(
    'plain',
    (fx) => ({ configId: fx.analysisConfigId, pageIndex: 0, pageSize: 50 }),
    nonEmpty,
  ),
  is(configItemApi.endpoints.getConfigItemInsight)('plain', (fx) => fx.analysisId, found),
  is(configItemApi.endpoints.getConfigItemRelationships)('both ways, hard', (fx) => ({
    configId: fx.configId,
    incoming: true,
    outgoing: true,
    soft: false,
    includeDeletedConfigs: false,
  })),
  is(configItemApi.endpoints.getConfigItemRelationships)('outgoing, soft, filtered', (fx) => ({
    configId: fx.configId,
    incoming: false,
    outgoing: true,
    soft: true,
    includeDeletedConfigs: true,
    type: fx.configType,
    status: 'Running',
    health: 'healthy',
  })),
  is(configItemApi.endpoints.getConfigItemManualComponents)('plain', (fx) => fx.configId),
  is(configItemApi.endpoints.getConfigItemPlaybookRuns)('plain', (fx) => ({
    configId: fx.configId,
    pageIndex: 0,
    pageSize: 50,
  })),
  is(configItemApi.endpoints.getConfigItemChecks)('plain', (fx) => fx.configId),
  is(configItemApi.endpoints.getConfigItemIncidents)(
    'an item with incidents',
    (fx) => fx.incidentConfigId,
    (data, fx) => {
      for (const row of rows(data)) expect(row.config_id).toBe(fx.incidentConfigId);
    },
  ),
  is(configItemApi.endpoints.linkConfigItemComponent)('plain', (fx) => ({
    configId: fx.configId,
    componentId: fx.componentId,
  })),
  is(configItemApi.endpoints.unlinkConfigItemComponent)('plain', (fx) => ({
    configId: fx.configId,
    componentId: fx.componentId,
  })),
  is(viewsApi.endpoints.getConfigViews)('plain', (fx) => fx.configId),
  is(viewsApi.endpoints.getDisplayPluginVariables)('plain', (fx) => ({
    viewId: fx.viewId,
    configId: fx.configId,
  })),

  // ------------------------------------------------------------------ topology
  is(topologyApi.endpoints.getTopology)('roots', () => ({})),
  is(topologyApi.endpoints.getTopology)('one, filtered and sorted', (fx) => ({
    id: fx.topologyId,
    status: 'healthy',
    type: 'Application',
    team: fx.teamName,
    labels: 'env=production',
    sortBy: 'name',
    sortOrder: 'desc',
    showHidden: true,
  })),
  is(topologyApi.endpoints.getComponentName)('plain', (fx) => fx.componentId, found),
  is(topologyApi.endpoints.getComponentById)('plain', (fx) => fx.componentId, found),
  is(topologyApi.endpoints.getComponentTeams)('plain', (fx) => fx.componentId),
  is(topologyApi.endpoints.getComponentChecks)('plain', (fx) => fx.componentWithChecksId, nonEmpty),
  is(topologyApi.endpoints.getComponentConfigs)('plain', (fx) => fx.componentId),
  is(topologyApi.endpoints.getComponentInsights)('plain', (fx) => fx.componentId),
  is(topologyApi.endpoints.getComponentChanges)('plain', (fx) => fx.componentId),
  is(topologyApi.endpoints.getComponentIncidents)('plain', (fx) => fx.componentId),
  is(topologyApi.endpoints.updateComponent)('hide', (fx) => ({
    id: fx.componentId,
    name: 'component',
    patch: { hidden: true },
  })),
  is(topologyApi.endpoints.updateComponent)('show again', (fx) => ({
    id: fx.componentId,
    name: 'component',
    patch: { hidden: false },
  })),
  is(topologyApi.endpoints.downloadTopologySnapshot)(
    '1h with related',
    (fx) => ({ id: fx.topologyId, start: '1h', related: true }),
    (data) => {
      const { fileName, size } = data as { fileName: string; size: number };
      if (!fileName.endsWith('.zip') || size === 0)
        throw new Error(`snapshot ${fileName}, ${size} bytes`);
    },
  ),
  is(logsApi.endpoints.getComponentsWithLogs)(
    'plain',
    () => undefined,
    (data, fx) => {
      const withLogs = rows(data).find((row) => Array.isArray(row.logs) && row.logs.length > 0);
      const selector = (withLogs?.logs as Array<{ name: string }> | undefined)?.[0]?.name;
      if (!withLogs || !selector) throw new Error('no component with a log selector');
      fx.created.logsComponent = String(withLogs.id);
      fx.created.logsSelector = selector;
    },
  ),

  // ------------------------------------------------------------------ applications and views
  is(applicationsApi.endpoints.getApplicationReport)('plain', (fx) => ({
    namespace: fx.applicationNamespace,
    name: fx.applicationName,
  })),
  is(viewsApi.endpoints.getViewId)(
    'by name',
    (fx) => ({
      namespace: fx.viewNamespace,
      name: fx.viewName,
    }),
    found,
  ),
  is(viewsApi.endpoints.evaluateView)(
    'plain',
    (fx) => ({ id: fx.viewId, variables: {} }),
    (data, fx) => {
      const fingerprint = (data as { requestFingerprint?: unknown }).requestFingerprint;
      if (typeof fingerprint !== 'string')
        throw new Error('the view answered no requestFingerprint');
      fx.created.viewFingerprint = fingerprint;
    },
  ),
  is(viewsApi.endpoints.getViewMetadata)('plain', (fx) => fx.viewId),
  is(viewsApi.endpoints.getViewId)(
    'the seeded view of sections',
    () => ({ namespace: 'mission-control', name: 'operations-overview' }),
    (data, fx) => {
      if (typeof data !== 'string') throw new Error('no view operations-overview');
      fx.created.sectionsViewId = data;
    },
  ),
  is(viewsApi.endpoints.getViewMetadata)(
    'with viewRef sections',
    (fx) => created(fx, 'sectionsViewId'),
    (data) => {
      const sections = (data as { sectionResults?: Record<string, unknown> }).sectionResults;
      if (!sections || Object.keys(sections).length === 0) {
        throw new Error('the view of sections answered no sectionResults');
      }
    },
  ),
  is(viewsApi.endpoints.getDisplayPluginVariables)('a config of the view', (fx) => ({
    viewId: fx.viewId,
    configId: fx.configId,
  })),
  is(viewsApi.endpoints.getDashboard)(
    'the seeded dashboard',
    () => undefined,
    (data) => {
      const panels = (data as { panels?: unknown[] }).panels;
      if (!Array.isArray(panels) || panels.length === 0) {
        throw new Error('the dashboard answered no panels');
      }
    },
  ),
  is(viewsApi.endpoints.getViewTable)('first page', (fx) => ({
    namespace: fx.viewNamespace,
    name: fx.viewName,
    fingerprint: created(fx, 'viewFingerprint'),
    pageIndex: 0,
    pageSize: 50,
  })),

  // ------------------------------------------------------------------ events on charts
  is(chartEventsApi.endpoints.getChartChanges)(
    'the estate over a week',
    () => lastDays(7),
    nonEmpty,
  ),
  is(chartEventsApi.endpoints.getChartChanges)(
    'of a config',
    (fx) => ({ ...lastDays(3650), scope: { configIds: [fx.configChangeConfigId] } }),
    nonEmpty,
  ),
  is(chartEventsApi.endpoints.getChartRuns)(
    'the estate over a month',
    () => lastDays(30),
    nonEmpty,
  ),
  is(chartEventsApi.endpoints.getChartRuns)('of a check, its configs and components', (fx) => ({
    ...lastDays(3650),
    scope: { checkId: fx.checkId, configIds: [fx.configId], componentIds: [fx.componentId] },
  })),
  is(chartEventsApi.endpoints.getChartIncidents)('the estate', () => lastDays(3650), nonEmpty),
  is(chartEventsApi.endpoints.getChartIncidents)(
    'with evidence of a config or a check',
    (fx) => ({
      ...lastDays(3650),
      scope: { checkId: fx.checkId, configIds: [fx.incidentConfigId] },
    }),
    nonEmpty,
  ),

  // ------------------------------------------------------------------ incidents
  is(incidentsApi.endpoints.getIncidents)('first page', firstPage, nonEmpty),
  is(incidentsApi.endpoints.getIncidents)('sorted, second page', () => ({
    pageIndex: 1,
    pageSize: 5,
    sortBy: 'severity',
    sortOrder: 'asc',
  })),
  is(incidentsApi.endpoints.getIncidents)(
    'owned by the seeded teams, every status',
    () => ({ status: 'all', owners: { label: 'owner', teams: TEAM_NAMES }, ...firstPage() }),
    nonEmpty,
  ),
  is(incidentsApi.endpoints.getIncident)('plain', (fx) => fx.incidentId, found),
  is(incidentsApi.endpoints.searchIncidents)('plain', () => 'a'),
  is(incidentsApi.endpoints.getIncidentHistory)('plain', (fx) => fx.incidentId),
  is(incidentsApi.endpoints.searchHypotheses)('all of an incident', (fx) => ({
    incidentId: fx.incidentId,
  })),
  is(incidentsApi.endpoints.searchHypotheses)('by title', (fx) => ({
    incidentId: fx.incidentId,
    q: 'a',
  })),
  is(incidentsApi.endpoints.getResponders)('plain', (fx) => fx.incidentId),
  is(incidentsApi.endpoints.getTeam)('plain', (fx) => fx.teamId, found),
  is(incidentsApi.endpoints.getPerson)('plain', (fx) => fx.personId, found),
  is(incidentsApi.endpoints.createIncident)(
    'plain',
    (fx) => ({
      title: unique('contract incident'),
      description: 'created by the contract suite',
      severity: 'Low',
      type: 'availability',
      status: 'open',
      created_by: fx.userId,
      commander_id: fx.userId,
    }),
    keep('incident'),
  ),
  is(incidentsApi.endpoints.createIncidentWithRoot)(
    'plain',
    (fx) => ({
      title: unique('contract incident with root'),
      description: 'created by the contract suite',
      severity: 'Medium',
      type: 'cost',
      status: 'open',
      created_by: fx.userId,
    }),
    keep('incidentWithRoot'),
  ),
  is(incidentsApi.endpoints.createIncident)(
    'to be removed',
    (fx) => ({
      title: unique('contract incident to remove'),
      description: 'created by the contract suite',
      severity: 'Low',
      type: 'availability',
      status: 'open',
      created_by: fx.userId,
    }),
    keep('incidentToRemove'),
  ),
  is(incidentsApi.endpoints.updateIncident)('status', (fx) => ({
    id: created(fx, 'incident'),
    changes: { status: 'mitigated' },
  })),
  is(incidentsApi.endpoints.createHypothesis)(
    'root',
    (fx) => ({
      incident_id: created(fx, 'incident'),
      type: 'root',
      title: 'root cause',
      status: 'possible',
      created_by: fx.userId,
    }),
    keep('hypothesis'),
  ),
  is(incidentsApi.endpoints.updateHypothesis)('title', (fx) => ({
    id: created(fx, 'hypothesis'),
    incidentId: created(fx, 'incident'),
    changes: { title: 'the root cause', status: 'likely' },
  })),
  is(incidentsApi.endpoints.createEvidence)(
    'config',
    (fx) => ({
      hypothesis_id: created(fx, 'hypothesis'),
      incidentId: created(fx, 'incident'),
      created_by: fx.userId,
      type: 'config',
      description: 'a config item',
      config_id: fx.configId,
    }),
    keep('evidence'),
  ),
  is(incidentsApi.endpoints.updateEvidence)('done', (fx) => ({
    id: created(fx, 'evidence'),
    incidentId: created(fx, 'incident'),
    changes: { definition_of_done: true, done: true },
  })),
  is(incidentsApi.endpoints.addComment)('plain', (fx) => ({
    created_by: fx.userId,
    incident_id: created(fx, 'incident'),
    hypothesis_id: created(fx, 'hypothesis'),
    comment: 'a comment from the contract suite',
  })),
  is(incidentsApi.endpoints.addResponder)(
    'a team',
    (fx) => ({
      type: 'person',
      incident_id: created(fx, 'incident'),
      created_by: fx.userId,
      team_id: fx.teamId,
      properties: {},
    }),
    keep('responder'),
  ),
  is(incidentsApi.endpoints.removeResponder)('plain', (fx) => ({
    id: created(fx, 'responder'),
    incidentId: created(fx, 'incident'),
  })),
  is(incidentsApi.endpoints.deleteEvidence)('plain', (fx) => ({
    id: created(fx, 'evidence'),
    incidentId: created(fx, 'incident'),
  })),
  is(incidentsApi.endpoints.deleteHypothesis)('plain', (fx) => ({
    id: created(fx, 'hypothesis'),
    incidentId: created(fx, 'incident'),
  })),
  is(incidentsApi.endpoints.deleteIncident)('plain', (fx) => created(fx, 'incidentToRemove')),

  // ------------------------------------------------------------------ playbooks
  is(playbooksApi.endpoints.getPlaybookNames)('plain', () => undefined, nonEmpty),
  is(playbooksApi.endpoints.getPlaybook)('plain', (fx) => fx.playbookId, found),
  is(playbooksApi.endpoints.getPlaybookSourceConfig)(
    'of a playbook from a Kubernetes resource',
    () => scenarioPlaybookId('scale-deployment-approval'),
    found,
  ),
  is(playbooksApi.endpoints.getPlaybookTitles)(
    'two ids',
    (fx) => [fx.playbookId, fx.configPlaybookId],
    nonEmpty,
  ),
  is(playbooksApi.endpoints.getPlaybooksToRun)('for a config item', (fx) => ({
    kind: 'config',
    id: fx.configId,
  })),
  is(playbooksApi.endpoints.getPlaybooksToRun)('for a component', (fx) => ({
    kind: 'component',
    id: fx.componentId,
  })),
  is(playbooksApi.endpoints.getPlaybooksToRun)('for a check', (fx) => ({
    kind: 'check',
    id: fx.checkId,
  })),
  is(playbooksApi.endpoints.getPlaybookParams)('without a resource', (fx) => ({
    playbookId: fx.playbookId,
  })),
  is(playbooksApi.endpoints.getPlaybookParams)('for a config item', (fx) => ({
    playbookId: fx.configPlaybookId,
    resource: { kind: 'config', id: fx.configId },
  })),
  is(playbooksApi.endpoints.getPlaybookRuns)('first page', firstPage, nonEmpty),
  is(playbooksApi.endpoints.getPlaybookRuns)('filtered', (fx) => ({
    pageIndex: 0,
    pageSize: 20,
    playbookId: fx.playbookId,
    status: 'completed',
    from: new Date(Date.now() - 7 * 86_400_000).toISOString(),
    to: new Date().toISOString(),
    configId: fx.configId,
  })),
  is(playbooksApi.endpoints.getPlaybookRuns)('of a component and a check', (fx) => ({
    pageIndex: 0,
    pageSize: 20,
    componentId: fx.componentId,
    checkId: fx.checkId,
  })),
  is(playbooksApi.endpoints.getPlaybookRun)('plain', (fx) => fx.playbookRunId, found),
  is(playbooksApi.endpoints.getPlaybookRunActions)('plain', (fx) => fx.playbookRunId, nonEmpty),
  is(playbooksApi.endpoints.getPlaybookRunAction)('plain', (fx) => fx.runActionId, found),
  is(playbooksApi.endpoints.retryPlaybookRun)('from the failed action of a failed run', (fx) => ({
    runId: fx.failedRun.runId,
    actionId: fx.failedRun.actionId,
  })),
  is(playbooksApi.endpoints.getPlaybookRunRetries)(
    'of a retried run',
    (fx) => fx.failedRun.runId,
    nonEmpty,
  ),
  is(playbooksApi.endpoints.getArtifactText)('plain', (fx) => fx.artifactId),
  is(jsonSchemasApi.endpoints.getJsonSchema)(
    'the playbook spec',
    () => 'playbook-spec.schema.json',
  ),
  is(jsonSchemasApi.endpoints.getJsonSchemaAt)(
    'a path on the console',
    () => '/api/schemas/playbook-spec.schema.json',
    found,
  ),
  is(playbooksApi.endpoints.createPlaybook)(
    'plain',
    (fx) => ({
      title: unique('contract playbook'),
      namespace: 'default',
      description: 'created by the contract suite',
      spec: {
        title: 'contract playbook',
        configs: [{ types: [fx.configType] }],
        parameters: [{ name: 'reason', label: 'Reason', type: 'text' }],
        actions: [{ name: 'say', exec: { script: 'echo {{.params.reason}}' } }],
      },
      source: 'UI',
    }),
    keep('playbook'),
  ),
  is(playbooksApi.endpoints.updatePlaybook)('description', (fx) => ({
    id: created(fx, 'playbook'),
    description: 'changed by the contract suite',
  })),
  is(playbooksApi.endpoints.runPlaybook)(
    'on a config item',
    (fx) => ({
      playbookId: created(fx, 'playbook'),
      resource: { kind: 'config', id: fx.configId },
      params: { reason: 'contract' },
    }),
    keep('run'),
  ),
  is(playbooksApi.endpoints.cancelPlaybookRun)('plain', (fx) => created(fx, 'run')),
  is(playbooksApi.endpoints.createPlaybook)(
    'with an approval',
    (fx) => ({
      title: unique('contract approval'),
      spec: {
        title: 'contract approval',
        configs: [{ types: [fx.configType] }],
        approval: { approvers: { people: ['admin@demo.local'] } },
        actions: [{ name: 'say', exec: { script: 'echo approved' } }],
      },
    }),
    keep('approvalPlaybook'),
  ),
  is(playbooksApi.endpoints.runPlaybook)(
    'waiting for an approval',
    (fx) => ({
      playbookId: created(fx, 'approvalPlaybook'),
      resource: { kind: 'config', id: fx.configId },
    }),
    keep('approvalRun'),
  ),
  is(playbooksApi.endpoints.approvePlaybookRun)('a run waiting for approval', (fx) =>
    created(fx, 'approvalRun'),
  ),
  is(playbooksApi.endpoints.createPlaybook)(
    'with duration and configs parameters',
    () => ({
      title: unique('contract parameter types'),
      spec: {
        title: 'contract parameter types',
        parameters: TYPED_PARAMETERS,
        actions: [
          {
            name: 'say',
            exec: { script: 'echo {{.params.window}}{{range .params.peers}} {{.name}}{{end}}' },
          },
        ],
      },
    }),
    keep('typedPlaybook'),
  ),
  is(playbooksApi.endpoints.getPlaybookParams)('with duration and configs parameters', (fx) => ({
    playbookId: created(fx, 'typedPlaybook'),
  })),
  is(playbooksApi.endpoints.runPlaybook)('with a duration and several configs', (fx) => ({
    playbookId: created(fx, 'typedPlaybook'),
    params: toRunParams(TYPED_PARAMETERS, {
      window: '1h30m',
      peers: `${fx.configId},${fx.analysisConfigId}`,
    }),
  })),
  is(playbooksApi.endpoints.deletePlaybook)('plain', (fx) => created(fx, 'playbook')),
  is(configItemApi.endpoints.getConfigItemPlaybookRuns)(
    'with a new run',
    (fx) => ({ configId: fx.configId, pageIndex: 0, pageSize: 50 }),
    nonEmpty,
  ),

  // ------------------------------------------------------------------ notifications
  is(notificationHistoryApi.endpoints.getNotificationSummary)('first page', firstPage, nonEmpty),
  is(notificationHistoryApi.endpoints.getNotificationSummary)('filtered', () => ({
    pageIndex: 0,
    pageSize: 20,
    search: 'a',
    includeDeletedResources: true,
    status: { sent: 1 },
    resourceType: { 'Kubernetes::Pod': 1 },
    resourceKind: { config: 1 },
    tags: { 'namespace=default': -1 },
  })),
  is(notificationHistoryApi.endpoints.getNotificationSummary)('suppressed hidden', () => ({
    pageIndex: 0,
    pageSize: 20,
    status: { skipped: -1, silenced: -1, inhibited: -1, 'repeat-interval': -1 },
  })),
  is(notificationHistoryApi.endpoints.getNotificationHistory)('all', firstPage, nonEmpty),
  is(notificationHistoryApi.endpoints.getNotificationHistory)('inhibited by a send', (fx) => ({
    parentId: fx.notificationSendId,
    pageIndex: 0,
    pageSize: 50,
  })),
  is(notificationHistoryApi.endpoints.getSendDetail)('plain', (fx) => fx.notificationSendId),
  is(notificationHistoryApi.endpoints.getSendHistoryTags)('plain', () => undefined, nonEmpty),
  is(notificationHistoryApi.endpoints.getSendHistoryTypes)('plain', () => undefined, nonEmpty),
  is(notificationHistoryApi.endpoints.getNotificationHistory)('of a resource, filtered', (fx) => ({
    resourceId: fx.configId,
    status: { error: -1 },
    resourceType: { 'Kubernetes::Pod': 1 },
    search: 'a',
  })),
  is(notificationHistoryApi.endpoints.getFailedSendCount)('plain', () => undefined),
  is(notificationHistoryApi.endpoints.getNotificationSend)(
    'plain',
    (fx) => fx.notificationSendId,
    found,
  ),
  is(notificationHistoryApi.endpoints.getSendRules)('plain', () => undefined),
  is(notificationRulesApi.endpoints.getRules)('first page', firstPage, nonEmpty),
  is(notificationRulesApi.endpoints.getRules)('sorted', () => ({
    pageIndex: 0,
    pageSize: 10,
    sortBy: 'name',
    sortOrder: 'desc',
  })),
  is(notificationRulesApi.endpoints.getRule)('plain', (fx) => fx.notificationId, found),
  is(notificationRulesApi.endpoints.createRule)('to a team', (fx) => ({
    name: unique('contract-rule'),
    namespace: 'default',
    title: 'Contract',
    events: ['check.failed'],
    filter: "check.type == 'http'",
    team_id: fx.teamId,
    repeat_interval: '4h',
  })),
  is(notificationRulesApi.endpoints.getRules)(
    'with the new rule',
    () => NEWEST_FIRST,
    keepNewest('rule'),
  ),
  is(notificationRulesApi.endpoints.updateRule)('events', (fx) => ({
    id: created(fx, 'rule'),
    body: {
      name: 'contract-rule-changed',
      events: ['check.failed', 'check.passed'],
      team_id: fx.teamId,
    },
  })),
  is(notificationRulesApi.endpoints.updateRule)('inhibitions', (fx) => ({
    id: created(fx, 'rule'),
    body: {
      name: 'contract-rule-changed',
      events: ['config.unhealthy'],
      team_id: fx.teamId,
      repeat_interval: '1h',
      inhibitions: [...CONTRACT_INHIBITIONS],
    },
  })),
  is(notificationRulesApi.endpoints.getRule)(
    'with its inhibitions',
    (fx) => created(fx, 'rule'),
    (data) => expect((data as { inhibitions?: unknown }).inhibitions).toEqual(CONTRACT_INHIBITIONS),
  ),
  is(notificationRulesApi.endpoints.deleteRule)('plain', (fx) => created(fx, 'rule')),
  is(notificationSilencesApi.endpoints.getSilences)('first page', firstPage, nonEmpty),
  is(notificationSilencesApi.endpoints.getSilences)('sorted', () => ({
    pageIndex: 0,
    pageSize: 10,
    sortBy: 'until',
    sortOrder: 'asc',
  })),
  is(notificationSilencesApi.endpoints.getSilence)('plain', (fx) => fx.silenceId, found),
  is(notificationSilencesApi.endpoints.getSilencePreview)('a config item, recursive', (fx) => ({
    id: fx.configId,
    type: 'config',
    recursive: true,
  })),
  is(notificationSilencesApi.endpoints.getSilencePreview)('a filter and selectors', () => ({
    filter: "config.type == 'Kubernetes::Pod'",
    selectors: [{ types: ['Kubernetes::Pod'] }],
  })),
  is(notificationSilencesApi.endpoints.createSilence)('a config item', (fx) => ({
    ...silenceOf(fx, 'created', unique('contract-silence')),
    until: new Date(Date.now() + 3_600_000).toISOString(),
    recursive: false,
  })),
  is(notificationSilencesApi.endpoints.getSilences)(
    'with the new silence',
    () => NEWEST_FIRST,
    keepNewest('silence'),
  ),
  is(notificationSilencesApi.endpoints.updateSilence)('description', (fx) => ({
    ...silenceOf(fx, 'changed', 'contract-silence-changed'),
    id: created(fx, 'silence'),
    filter: null,
    updated_at: 'now()',
    source: 'UI',
    canary_id: null,
    check_id: null,
    component_id: null,
    until: null,
    recursive: true,
    namespace: 'default',
  })),
  is(notificationSilencesApi.endpoints.deleteSilence)('plain', (fx) => created(fx, 'silence')),
  // Maintenance windows (the demo backend; Mission Control answers the windows with 404).
  is(notificationSilencesApi.endpoints.getSilenceWindows)(
    'the probe of the console',
    () => RECURRENCE_PROBE,
    (data) => {
      const { next } = data as SilenceWindows;
      if (!next || Date.parse(next.end) - Date.parse(next.start) !== 3_600_000) {
        throw new Error(`expected an hour-long next window, got ${JSON.stringify(next)}`);
      }
    },
  ),
  is(notificationSilencesApi.endpoints.getSilenceWindows)(
    'a filter, weekday evenings in Europe/Paris',
    () => ({
      filter: "config.type == 'Kubernetes::Pod'",
      schedule: '0 22 * * 1-5',
      duration: '2h',
      timezone: 'Europe/Paris',
      limit: 10,
    }),
    (data) => {
      const { last, next } = data as SilenceWindows;
      if (!last || !Array.isArray(last.muted) || !next || next.muted !== null) {
        throw new Error(
          `expected the last window's sends and the next window, got ${JSON.stringify(data)}`,
        );
      }
    },
  ),
  is(notificationSilencesApi.endpoints.getSilencePreview)(
    'windows of a filter, oldest first',
    () => ({
      filter: "config.type == 'Kubernetes::Pod'",
      schedule: '*/30 * * * *',
      duration: '10m',
      timezone: 'UTC',
      limit: 10,
      sort: 'asc',
    }),
    (data) => {
      const times = (data as SilencePreviewRow[]).map((row) => row.created_at ?? '');
      if (times.some((time, i) => i > 0 && time < times[i - 1]!)) {
        throw new Error(`expected the oldest first, got ${times.join(', ')}`);
      }
    },
  ),
  is(notificationSilencesApi.endpoints.createSilence)('a maintenance window', (fx) => ({
    ...silenceOf(fx, 'created', unique('contract-window')),
    until: null,
    recursive: false,
    schedule: '0 22 * * 1-5',
    timezone: 'Europe/Paris',
    duration: '2h',
  })),
  is(notificationSilencesApi.endpoints.getSilences)(
    'with the new maintenance window',
    () => NEWEST_FIRST,
    (data, fx) => {
      const [row] = rows(data);
      if (row?.schedule !== '0 22 * * 1-5' || row.duration !== '2h') {
        throw new Error(`expected the schedule, got ${JSON.stringify(row)}`);
      }
      keepNewest('window')(data, fx);
    },
  ),
  is(notificationSilencesApi.endpoints.updateSilence)('no longer recurring', (fx) => ({
    ...silenceOf(fx, 'changed', 'contract-window-changed'),
    id: created(fx, 'window'),
    filter: null,
    updated_at: 'now()',
    source: 'UI',
    canary_id: null,
    check_id: null,
    component_id: null,
    until: null,
    recursive: false,
    namespace: 'default',
    schedule: null,
    timezone: null,
    duration: null,
  })),
  is(notificationSilencesApi.endpoints.deleteSilence)('the maintenance window', (fx) =>
    created(fx, 'window'),
  ),

  // ------------------------------------------------------------------ scrape plugins
  is(scrapePluginsApi.endpoints.getScrapePlugins)('plain', () => undefined, nonEmpty),
  is(scrapePluginsApi.endpoints.createScrapePlugin)(
    'new',
    () => ({
      name: unique('contract-plugin'),
      namespace: 'default',
      spec: { changes: { exclude: ['change_type == "Pulled"'] } },
    }),
    keep('scrapePlugin'),
  ),
  is(scrapePluginsApi.endpoints.getScrapePlugin)(
    'the one created',
    (fx) => created(fx, 'scrapePlugin'),
    found,
  ),
  is(scrapePluginsApi.endpoints.updateScrapePlugin)('spec', (fx) => ({
    id: created(fx, 'scrapePlugin'),
    values: {
      name: 'contract-plugin-renamed',
      namespace: null,
      spec: { retention: { staleItemAge: '7d' } },
    },
  })),
  is(scrapePluginsApi.endpoints.deleteScrapePlugin)('plain', (fx) => created(fx, 'scrapePlugin')),
  // ------------------------------------------------------------------ artifacts
  is(artifactsApi.endpoints.getArtifactSummary)('plain', () => undefined, nonEmpty),
  is(artifactsApi.endpoints.getArtifacts)(
    'newest first',
    () => ({ pageIndex: 0, pageSize: 50 }),
    nonEmpty,
  ),
  is(artifactsApi.endpoints.getArtifacts)(
    'one content type',
    () => ({ pageIndex: 1, pageSize: 5, contentType: 'text/plain' }),
    (data) => {
      const page = data as { rows: Array<{ content_type?: string | null }>; totalEntries: number };
      if (page.totalEntries <= 5) throw new Error('expected more than one page of text artifacts');
      if (page.rows.some((row) => row.content_type !== 'text/plain')) {
        throw new Error('an artifact of another content type');
      }
    },
  ),
  is(jsonSchemasApi.endpoints.getJsonSchema)(
    'the scrape plugin spec',
    () => 'scrape_plugin.schema.json',
  ),

  // ------------------------------------------------------------------ plugins and analytics
  is(pluginsApi.endpoints.getPlugins)(
    'none installed',
    () => undefined,
    (data) => {
      if (!Array.isArray(data) || data.length !== 0) throw new Error('the seed installs no plugin');
    },
  ),
  is(personAnalyticsApi.endpoints.recordPersonAnalytics)('a page visit', (fx) => ({
    person_id: fx.userId,
    key: 'page:/settings/plugins',
  })),
  is(personAnalyticsApi.endpoints.getPersonAnalytics)(
    'the signed-in person',
    (fx) => fx.userId,
    (data) => {
      const visit = rows(data).find((row) => row.key === 'page:/settings/plugins');
      if (!visit || typeof visit.count !== 'number' || visit.count < 1)
        throw new Error('the recorded visit is not read back');
    },
  ),

  // ------------------------------------------------------------------ access
  is(permissionsApi.endpoints.getPermissions)('first page', firstPage, nonEmpty),
  is(permissionsApi.endpoints.getPermissions)('of a person', (fx) => ({
    pageIndex: 0,
    pageSize: 50,
    filter: { person_id: fx.personId },
  })),
  is(permissionsApi.endpoints.getPermissions)('of a team', (fx) => ({
    pageIndex: 0,
    pageSize: 50,
    filter: { team_id: fx.teamId },
  })),
  is(permissionsApi.endpoints.getPermissions)('of a playbook', (fx) => ({
    pageIndex: 0,
    pageSize: 50,
    filter: { playbook_id: fx.playbookId },
  })),
  is(permissionsApi.endpoints.getPermissions)('of a connection', (fx) => ({
    pageIndex: 0,
    pageSize: 50,
    filter: { connection_id: fx.connectionId },
  })),
  is(permissionsApi.endpoints.getPermissions)(
    'filtered by subject, resource kind, action, effect',
    () => ({
      pageIndex: 0,
      pageSize: 50,
      filters: {
        subjectType: 'group',
        resourceKind: 'playbook',
        action: 'playbook:run',
        effect: 'allow',
      },
    }),
  ),
  is(permissionsApi.endpoints.getPermissions)(
    'filtered by one playbook and a denied action',
    (fx) => ({
      pageIndex: 0,
      pageSize: 50,
      filters: {
        resourceKind: 'playbook',
        resource: fx.playbookId,
        action: 'read',
        effect: 'deny',
      },
    }),
  ),
  is(permissionsApi.endpoints.getPermissions)(
    'filtered by one config, with the permissions whose selectors name it',
    (fx) => ({
      pageIndex: 0,
      pageSize: 50,
      filters: { resourceKind: 'config', resource: fx.configId },
    }),
  ),
  is(permissionsApi.endpoints.getPermissions)(
    'filtered by one component, with the permissions whose selectors name it',
    (fx) => ({
      pageIndex: 0,
      pageSize: 50,
      filters: { resourceKind: 'component', resource: fx.componentId },
    }),
  ),
  is(permissionsApi.endpoints.getPermissions)('filtered by one connection', (fx) => ({
    pageIndex: 0,
    pageSize: 50,
    filters: { resourceKind: 'connection', resource: fx.connectionId },
  })),
  is(permissionsApi.endpoints.resolveSelector)(
    'a playbook selector by name',
    () => ({ field: 'playbooks', selector: { name: 'restart-*' } }),
    nonEmpty,
  ),
  is(permissionsApi.endpoints.resolveSelector)('a config selector with a tag selector', () => ({
    field: 'configs',
    selector: { name: '*', tagSelector: 'cluster=prod-eu-west-1' },
  })),
  is(permissionsApi.endpoints.resolveSelector)('a component selector', () => ({
    field: 'components',
    selector: { name: '*' },
  })),
  is(permissionsApi.endpoints.resolveSelector)('a connection selector', () => ({
    field: 'connections',
    selector: { name: '*' },
  })),
  is(permissionsApi.endpoints.resolveSelector)('a view selector with a wildcard', () => ({
    field: 'views',
    selector: { name: '*' },
  })),
  is(permissionsApi.endpoints.resolveSelector)(
    'a scope selector by namespace and name',
    () => ({
      field: 'scopes',
      selector: { namespace: 'mission-control', name: 'production-catalog' },
    }),
    nonEmpty,
  ),
  is(permissionsApi.endpoints.getPermissions)('filtered by a person and a global object', (fx) => ({
    pageIndex: 0,
    pageSize: 50,
    filters: {
      subjectType: 'person',
      subject: fx.personId,
      resourceKind: 'global',
      resource: 'catalog',
    },
  })),
  is(permissionsApi.endpoints.getPermissions)('filtered by connections', () => ({
    pageIndex: 0,
    pageSize: 50,
    filters: { resourceKind: 'connection' },
  })),
  is(viewSearchApi.endpoints.searchViews)('by name or title', () => 'a'),
  is(viewSearchApi.endpoints.searchViews)('with PostgREST syntax in the text', () => 'a,b(c)*'),
  is(permissionsApi.endpoints.getPermission)('plain', (fx) => fx.permissionId, found),
  is(permissionsApi.endpoints.getPlaybookInboundPermissions)(
    'of a config playbook',
    (fx) => fx.configPlaybookId,
    nonEmpty,
  ),
  is(permissionsApi.endpoints.getPlaybookOutboundPermissions)(
    'of a config playbook',
    (fx) => fx.configPlaybookId,
    (data, fx) => {
      const found = rows(data) as Array<{ subject?: string | null; subject_type?: string | null }>;
      if (
        found.some((row) => row.subject !== fx.configPlaybookId || row.subject_type !== 'playbook')
      ) {
        throw new Error('an outbound permission whose subject is not the playbook');
      }
    },
  ),
  is(permissionsApi.endpoints.reviewSubjectAccess)(
    'run by a person and a role, on a config',
    (fx) => ({
      resource: { playbook: fx.configPlaybookId, config: fx.configId },
      action: 'playbook:run',
      subjects: [fx.personId, 'viewer'],
    }),
    (data) => {
      const { results } = data as { results: Array<{ rules?: unknown[] }> };
      if (results.length !== 2 || results.some((result) => !Array.isArray(result.rules))) {
        throw new Error('expected a result with its rules for each subject');
      }
    },
  ),
  is(permissionsApi.endpoints.reviewSubjectAccess)(
    'run by a role, on a playbook alone (the access check dialog)',
    (fx) => ({
      resource: { playbook: fx.configPlaybookId },
      action: 'playbook:run',
      subjects: ['editor'],
    }),
    (data) => {
      const { results } = data as { results: Array<{ subject: string; allowed: boolean }> };
      if (results.length !== 1 || results[0]?.subject !== 'editor') {
        throw new Error('expected the one result of the role asked about');
      }
    },
  ),
  is(permissionsApi.endpoints.getAccessReview)(
    'mcp:use by every role (the MCP settings page)',
    () => ({ resource: { global: 'mcp' }, action: 'mcp:use', subjects: [...ROLES] }),
    (data) => {
      const { results } = data as { results: Array<{ subject: string; allowed: boolean }> };
      const allowed = new Map(results.map((result) => [result.subject, result.allowed]));
      if (results.length !== ROLES.length || allowed.get('admin') !== true) {
        throw new Error('expected a result for each role, admin allowed');
      }
    },
  ),
  is(accessSearchApi.endpoints.getPermissionSubjects)(
    'plain',
    () => ({}),
    (data) => {
      const kinds = new Set((rows(data) as Array<{ type: string }>).map((row) => row.type));
      for (const kind of ['role', 'team', 'person', 'playbook']) {
        if (!kinds.has(kind)) throw new Error(`expected subjects of type ${kind}`);
      }
    },
  ),
  is(accessSearchApi.endpoints.getPermissionSubjects)('by name', () => ({ search: 'edit' })),
  is(accessSearchApi.endpoints.getPermissionSubjects)(
    'a role by its id (the workbench names the subject of its address)',
    () => ({ id: 'editor' }),
    (data) => {
      const found = rows(data) as Array<{ id: string; type: string }>;
      if (found.length !== 1 || found[0]?.type !== 'role') throw new Error('expected the role');
    },
  ),
  is(accessSearchApi.endpoints.searchSubjectAccess)(
    'a role, every resource type, denied entries too (the subject workbench)',
    () => ({
      subject: 'editor',
      actions: ['read', 'update', 'delete', 'playbook:run', 'playbook:approve'],
      resource_types: ['playbook', 'view', 'connection', 'config', 'component', 'canary'],
      include_denied: true,
      limit: 50,
      offset: 0,
    }),
    (data) => {
      const page = data as { results: Array<{ rules: unknown[] }>; resource_total: number };
      if (page.results.length === 0 || page.resource_total === 0) {
        throw new Error('expected entries for the role');
      }
    },
  ),
  is(accessSearchApi.endpoints.searchSubjectAccess)(
    'a person, allowed entries only, a later page',
    (fx) => ({
      subject: fx.personId,
      actions: ['read', 'playbook:run'],
      resource_types: ['playbook', 'config'],
      limit: 5,
      offset: 5,
    }),
  ),
  is(permissionsApi.endpoints.createPermission)(
    'a person',
    (fx) => permissionOf(fx, 'created', false),
    keep('permission'),
  ),
  is(permissionsApi.endpoints.updatePermission)('deny', (fx) => ({
    id: created(fx, 'permission'),
    changes: permissionOf(fx, 'changed', true),
  })),
  is(permissionsApi.endpoints.deletePermission)('plain', (fx) => created(fx, 'permission')),
  is(scopesApi.endpoints.getScopes)('plain', () => undefined, nonEmpty),
  is(scopesApi.endpoints.probeScopes)('the catalog count as a seeded scope', (fx) => [fx.scopeId]),
  is(scopesApi.endpoints.createScope)(
    'a config target',
    () => ({
      name: unique('contract-scope'),
      namespace: 'default',
      description: null,
      targets: [{ config: { name: 'web-*' } }],
      source: 'UI',
    }),
    keep('scope'),
  ),
  is(scopesApi.endpoints.updateScope)('description', (fx) => ({
    id: created(fx, 'scope'),
    name: 'contract-scope',
    changes: {
      name: unique('contract-scope'),
      namespace: 'default',
      description: 'changed',
      targets: [{ config: { name: 'web-*' } }],
      source: 'UI',
    },
  })),
  is(scopesApi.endpoints.deleteScope)('plain', (fx) => ({
    id: created(fx, 'scope'),
    name: 'contract-scope',
  })),
  is(usersApi.endpoints.getIdentities)('plain', () => undefined, nonEmpty),
  is(usersApi.endpoints.getPeopleRoles)('two people', (fx) => [fx.userId, fx.personId], nonEmpty),
  is(usersApi.endpoints.getPeopleActivity)(
    'two people, with their teams',
    (fx) => [fx.userId, fx.personId],
    nonEmpty,
  ),
  is(usersApi.endpoints.inviteUser)('an editor', () => ({
    firstName: 'Contract',
    lastName: 'Person',
    email: `${unique('contract')}@example.org`,
    role: 'editor',
  })),
  is(usersApi.endpoints.getIdentities)(
    'with the invited person',
    () => undefined,
    (data, fx) => {
      const invited = rows(data).find((row) => JSON.stringify(row).includes('Contract'));
      if (!invited) throw new Error('the invited person is not listed');
      fx.created.invited = String(invited.id);
    },
  ),
  is(usersApi.endpoints.updateUser)('role and name', (fx) => ({
    id: created(fx, 'invited'),
    firstName: 'Contract',
    lastName: 'Changed',
    email: `${unique('contract-changed')}@example.org`,
    role: 'viewer',
    active: true,
  })),
  is(usersApi.endpoints.deleteUser)('plain', (fx) => created(fx, 'invited')),
  is(teamsApi.endpoints.getTeamMembers)('plain', (fx) => fx.teamId),
  is(teamsApi.endpoints.addTeamMembers)('one person', (fx) => ({
    teamId: fx.teamId,
    people: [{ id: fx.userId, name: 'me' }],
  })),
  is(teamsApi.endpoints.removeTeamMember)('plain', (fx) => ({
    id: fx.userId,
    name: 'me',
    teamId: fx.teamId,
  })),
  is(tokensApi.endpoints.getTokens)('plain', () => undefined),
  is(tokensApi.endpoints.createToken)('read on configs', () => ({
    name: unique('contract-token'),
    expiry: '24h',
    autoRenew: false,
    auto_renew: false,
    scope: [{ subject: '', object: 'catalog', action: 'read' }],
  })),
  is(tokensApi.endpoints.getTokens)(
    'with the new token',
    () => undefined,
    (data, fx) => {
      const token = rows(data).find((row) => String(row.name).startsWith('contract-token'));
      if (!token) throw new Error('the new token is not listed');
      fx.created.token = String(token.id);
    },
  ),
  is(tokensApi.endpoints.getTokenPermissions)(
    'the created token',
    (fx) => created(fx, 'token'),
    (data) => {
      const allowed = rows(data)
        .filter((row) => row.deny !== true)
        .map((row) => `${String(row.object)}:${String(row.action)}`);
      if (allowed.join() !== 'catalog:read') {
        throw new Error(`expected only catalog:read, got ${allowed.join()}`);
      }
    },
  ),
  is(tokensApi.endpoints.deleteToken)('plain', (fx) => created(fx, 'token')),

  // ------------------------------------------------------------------ settings
  is(propertiesApi.endpoints.createProperty)('plain', () => ({
    name: 'contract.property',
    value: 'on',
  })),
  is(propertiesApi.endpoints.updateProperty)('value', () => ({
    name: 'contract.property',
    changes: { name: 'contract.property', value: 'off' },
  })),
  is(propertiesApi.endpoints.deleteProperty)('plain', () => 'contract.property'),
  is(propertiesApi.endpoints.setProperties)('a job overridden', () => [
    { name: 'jobs.ContractJob.schedule', value: '@every 2h' },
    { name: 'jobs.ContractJob.disable', value: 'true' },
  ]),
  is(jobHistoryApi.endpoints.getJobProperties)('overridden', () => 'ContractJob', nonEmpty),
  is(propertiesApi.endpoints.setProperties)('changed and removed', () => [
    { name: 'jobs.ContractJob.schedule', value: '@hourly' },
    { name: 'jobs.ContractJob.disable', value: null },
  ]),
  // The seeded dashboard named by the property: `/` shows the same view as before.
  is(propertiesApi.endpoints.setDashboardView)(
    'the seeded dashboard',
    () => ({ namespace: 'mission-control', name: 'mission-control-dashboard' }),
    (data) => {
      const [row] = rows(data);
      if (row?.value !== 'mission-control/mission-control-dashboard') {
        throw new Error(`expected the dashboard property, got ${JSON.stringify(row)}`);
      }
    },
  ),
  is(agentsApi.endpoints.getAgentNames)('plain', () => undefined, nonEmpty),
  is(agentsApi.endpoints.getAgentsPage)('first page', firstPage, nonEmpty),
  is(agentsApi.endpoints.getAgentsPage)('sorted', () => ({
    pageIndex: 0,
    pageSize: 10,
    sortBy: 'name',
    sortOrder: 'desc',
  })),
  is(agentsApi.endpoints.getAgentSummary)('plain', (fx) => fx.agentId, found),
  is(agentsApi.endpoints.registerAgent)(
    'plain',
    () => ({
      name: unique('contract-agent'),
      properties: { region: 'eu' },
    }),
    (data, fx) => {
      const id =
        (data as { id?: unknown; agent_id?: unknown }).id ??
        (data as { agent_id?: unknown }).agent_id;
      if (typeof id === 'string') fx.created.agent = id;
    },
  ),
  is(agentsApi.endpoints.updateAgent)('properties', (fx) => ({
    id: fx.created.agent ?? fx.agentId,
    properties: { region: 'us' },
  })),
  is(agentsApi.endpoints.deleteAgent)('with cleanup', (fx) => ({
    id: fx.created.agent ?? fx.agentId,
    cleanup: true,
  })),
  is(connectionsApi.endpoints.getConnections)('default order', () => ({}), nonEmpty),
  is(connectionsApi.endpoints.getConnections)('sorted', () => ({
    sortBy: 'name',
    sortOrder: 'asc',
  })),
  is(connectionsApi.endpoints.getConnection)('plain', (fx) => fx.connectionId, found),
  is(connectionsApi.endpoints.getConnectionSummary)('plain', (fx) => fx.connectionId, found),
  is(connectionsApi.endpoints.testConnection)(
    'the embedded database',
    (fx) => fx.testableConnectionId,
  ),
  is(connectionsApi.endpoints.createConnection)(
    'http',
    () => ({
      body: {
        name: unique('contract-connection'),
        namespace: 'default',
        type: 'http',
        url: 'https://example.org',
      },
    }),
    keep('connection'),
  ),
  is(connectionsApi.endpoints.updateConnection)('url', (fx) => ({
    id: created(fx, 'connection'),
    body: { url: 'https://example.com' },
  })),
  is(connectionsApi.endpoints.deleteConnection)('plain', (fx) => created(fx, 'connection')),
  is(logBackendsApi.endpoints.getLogBackends)('plain', () => undefined, nonEmpty),
  is(logBackendsApi.endpoints.getLogBackend)('plain', (fx) => fx.logBackendId, found),
  is(logBackendsApi.endpoints.saveLogBackend)(
    'new',
    () => ({
      values: { name: unique('contract-logs'), spec: { loki: { url: 'http://loki:3100' } } },
    }),
    keep('logBackend'),
  ),
  is(logBackendsApi.endpoints.saveLogBackend)('existing', (fx) => ({
    id: created(fx, 'logBackend'),
    values: { spec: { loki: { url: 'http://loki:3101' } } },
  })),
  is(logBackendsApi.endpoints.deleteLogBackend)('plain', (fx) => created(fx, 'logBackend')),
  // ------------------------------------------------------------------ saved queries
  is(savedQueriesApi.endpoints.getConfigsByQuery)(
    'a built query',
    (fx) =>
      builtQuery({
        type: fx.configType,
        health: ['healthy', 'unhealthy'],
        labels: [],
        tags: [],
        properties: [],
      }),
    nonEmpty,
  ),
  is(savedQueriesApi.endpoints.getConfigsByQuery)(
    'columns, a tag, LIKE and LIMIT',
    () =>
      "SELECT id, name, tags FROM config_items WHERE tags->>'cluster' IS NOT NULL " +
      "AND name LIKE '%a%' ORDER BY name DESC LIMIT 20",
  ),
  is(savedQueriesApi.endpoints.getConfigsByQuery)(
    'a selector search',
    () => 'type=Kubernetes::Pod',
  ),
  is(savedQueriesApi.endpoints.getConfigQueryCount)('count', (fx) =>
    countQuery({ type: fx.configType, health: [], labels: [], tags: [], properties: [] }),
  ),
  is(savedQueriesApi.endpoints.getSavedQueries)('plain', () => undefined, nonEmpty),
  is(savedQueriesApi.endpoints.createSavedQuery)(
    'new',
    () => ({
      query: "SELECT * FROM config_items WHERE health = 'unhealthy'",
      description: unique('contract query'),
    }),
    keep('savedQuery'),
  ),
  is(savedQueriesApi.endpoints.updateSavedQuery)('rename', (fx) => ({
    id: created(fx, 'savedQuery'),
    description: unique('contract query renamed'),
  })),
  is(savedQueriesApi.endpoints.deleteSavedQuery)('plain', (fx) => created(fx, 'savedQuery')),
  is(logsApi.endpoints.searchLogs)('a component', (fx) => ({
    id: created(fx, 'logsComponent'),
    name: created(fx, 'logsSelector'),
    start: 'now-1h',
  })),
  is(integrationsApi.endpoints.getIntegrations)('first page', () => ({
    pageIndex: 0,
    pageSize: 50,
  })),
  is(integrationsApi.endpoints.getIntegrations)('sorted', () => ({
    pageIndex: 0,
    pageSize: 10,
    sortBy: 'name',
    sortOrder: 'asc',
  })),
  is(integrationsApi.endpoints.getChartValues)('a chart', () => firstChart()),
  is(jobHistoryApi.endpoints.getJobHistory)('first page', firstPage, nonEmpty),
  is(jobHistoryApi.endpoints.getJobHistory)('filtered', () => ({
    pageIndex: 0,
    pageSize: 20,
    name: { SyncCanaryJobs: -1 },
    status: { SUCCESS: 1 },
    sortBy: 'duration_millis',
    sortOrder: 'desc',
    timeRange: { type: 'relative', range: 'now-7d' },
    minDurationMs: 1,
  })),
  is(jobHistoryApi.endpoints.getJobNames)('plain', () => undefined, nonEmpty),
  is(jobHistoryApi.endpoints.getJobSummaries)('every job', () => undefined, nonEmpty),
  is(jobHistoryApi.endpoints.getJobSummaries)('one job', () => 'CleanupEventQueue', nonEmpty),
  // ------------------------------------------------------------------ a scraper's run
  is(jobHistoryApi.endpoints.getJobHistory)(
    "a scraper's runs",
    () => ({
      pageIndex: 0,
      pageSize: 1,
      resourceType: 'config_scraper',
      name: { Scraper: 1 },
      status: {},
    }),
    (data, fx) => {
      const [run] = rows(data);
      if (typeof run?.id !== 'string' || typeof run.resource_id !== 'string') {
        throw new Error('a Scraper run without its id or its scraper');
      }
      fx.created.scrapeRun = run.id;
      fx.created.scrapeRunScraper = run.resource_id;
      fx.created.scrapeRunStart = String(run.time_start);
      if (typeof run.time_end === 'string') fx.created.scrapeRunEnd = run.time_end;
    },
  ),
  is(scrapeRunsApi.endpoints.getScrapeRun)('a seeded run', (fx) => created(fx, 'scrapeRun'), found),
  is(scrapeRunsApi.endpoints.getRunArtifacts)('a seeded run', (fx) => created(fx, 'scrapeRun')),
  ...CONFIG_SEGMENTS.map((segment) =>
    is(scrapeRunsApi.endpoints.getRunConfigs)(`${segment}, first page`, (fx) => ({
      scraperId: created(fx, 'scrapeRunScraper'),
      start: created(fx, 'scrapeRunStart'),
      end: fx.created.scrapeRunEnd,
      segment,
      pageIndex: 0,
      pageSize: 20,
    })),
  ),
  is(scrapeRunsApi.endpoints.getRunConfigCount)('unchanged, the window still open', (fx) => ({
    scraperId: created(fx, 'scrapeRunScraper'),
    start: created(fx, 'scrapeRunStart'),
    segment: 'unchanged',
  })),
  is(artifactsApi.endpoints.getArtifacts)(
    'JSON documents',
    () => ({ pageIndex: 0, pageSize: 1, contentType: 'application/json' }),
    (data, fx) => {
      const [artifact] = rows(data);
      if (typeof artifact?.id !== 'string') throw new Error('no JSON artifact');
      fx.created.jsonArtifact = artifact.id;
    },
  ),
  // A run's payload is a JSON document like any other (gzipped when a scraper stores it).
  is(scrapeRunsApi.endpoints.getRunPayload)('a JSON artifact', (fx) => created(fx, 'jsonArtifact')),
  is(settingsResourcesApi.endpoints.getSettingsResources)(
    'canaries',
    () => ({ table: 'canaries' }),
    nonEmpty,
  ),
  is(settingsResourcesApi.endpoints.getSettingsResources)('scrapers, sorted', () => ({
    table: 'config_scrapers',
    sortBy: 'name',
    sortOrder: 'asc',
  })),
  is(settingsResourcesApi.endpoints.getPagedSettingsResources)('topologies, first page', () => ({
    table: 'topologies',
    pageIndex: 0,
    pageSize: 20,
  })),
  is(settingsResourcesApi.endpoints.getSettingsResource)(
    'a canary',
    (fx) => ({ table: 'canaries', id: fx.canaryId }),
    found,
  ),
  is(settingsResourcesApi.endpoints.createSettingsResource)(
    'a topology',
    () => ({
      table: 'topologies',
      displayName: 'Topology',
      values: {
        name: unique('contract-topology'),
        namespace: 'default',
        spec: { components: [{ name: 'a', type: 'Application' }] },
      },
    }),
    keep('topology'),
  ),
  is(settingsResourcesApi.endpoints.updateSettingsResource)('a topology', (fx) => ({
    table: 'topologies',
    displayName: 'Topology',
    id: created(fx, 'topology'),
    resource: { spec: { components: [{ name: 'b', type: 'Application' }] } },
  })),
  is(settingsResourcesApi.endpoints.deleteSettingsResource)('a topology', (fx) => ({
    table: 'topologies',
    displayName: 'Topology',
    id: created(fx, 'topology'),
  })),
  // A health check saved to run on a registered agent, moved back to the local one, removed.
  is(settingsResourcesApi.endpoints.createSettingsResource)(
    'a canary on a registered agent',
    (fx) => ({
      table: 'canaries',
      displayName: 'Health Check',
      values: {
        name: unique('contract-canary'),
        namespace: 'default',
        agent_id: fx.agentId,
        spec: { http: [{ name: 'contract', url: 'https://example.com' }] },
      },
    }),
    (data, fx) => {
      const agent = (rows(data)[0] as { agent_id?: unknown } | undefined)?.agent_id;
      if (agent !== fx.agentId) throw new Error(`saved on agent ${String(agent)}`);
      keep('agentCanary')(data, fx);
    },
  ),
  is(settingsResourcesApi.endpoints.updateSettingsResource)(
    'a canary moved to the local agent',
    (fx) => ({
      table: 'canaries',
      displayName: 'Health Check',
      id: created(fx, 'agentCanary'),
      resource: { agent_id: '00000000-0000-0000-0000-000000000000' },
    }),
    (data) => {
      const agent = (rows(data)[0] as { agent_id?: unknown } | undefined)?.agent_id;
      if (agent !== '00000000-0000-0000-0000-000000000000') {
        throw new Error(`moved to agent ${String(agent)}`);
      }
    },
  ),
  is(settingsResourcesApi.endpoints.deleteSettingsResource)('a canary', (fx) => ({
    table: 'canaries',
    displayName: 'Health Check',
    id: created(fx, 'agentCanary'),
  })),
  is(checksApi.endpoints.runCheck)('plain', (fx) => fx.checkId),
  is(checksApi.endpoints.runCheckInBulk)('one of many', (fx) => fx.checkId),
  is(llmConnectionApi.endpoints.getLlmConnection)(
    'the connection the suite adds',
    () => undefined,
    (data) => {
      expect(data).toMatchObject({ name: 'contract-model', type: 'openai' });
      expect(JSON.stringify(data)).not.toContain('contract-key');
    },
  ),
  is(assistantApi.endpoints.streamChat)(
    'a question, answered by the scripted model',
    () => ({
      request: {
        messages: [{ role: 'user', content: 'which deployments are unhealthy?' }],
        tools: [],
      },
      onText: () => undefined,
    }),
    (data) => {
      expect(data).toEqual({ text: CONTRACT_MODEL_ANSWER, toolCalls: [], stop: 'end' });
    },
  ),
  is(assistantApi.endpoints.getConfigContext)(
    'a config item with changes',
    (fx) => fx.configId,
    (data, fx) => {
      const { configs } = data as { configs: Array<{ id: string }> };
      expect(configs[0]?.id).toBe(fx.configId);
    },
  ),
  is(assistantApi.endpoints.listAssistantTools)(
    'the tools of /api/mcp, in the session',
    () => undefined,
    (data) => {
      expect((data as Array<{ name: string }>).map((tool) => tool.name)).toContain(
        'search_catalog',
      );
    },
  ),
  is(assistantApi.endpoints.callAssistantTool)(
    'search_catalog',
    () => ({ name: 'search_catalog', arguments: { query: 'type=Kubernetes::Deployment' } }),
    (data) => {
      const result = data as { content: string; isError: boolean };
      expect(result.isError).toBe(false);
      expect(JSON.parse(result.content)).toEqual(expect.anything());
    },
  ),
  // A seeded kubernetes scraper run now, in the background, capturing everything.
  is(scrapersApi.endpoints.runScraper)(
    'every capture, debug',
    (fx) => ({
      scraperId: fx.scraperId,
      captureHAR: true,
      captureLogs: true,
      captureSnapshots: true,
      logLevel: 'debug',
    }),
    (data, fx) => {
      const answer = data as { job_history_id?: unknown; status?: unknown };
      if (typeof answer.job_history_id !== 'string' || answer.status !== 'RUNNING') {
        throw new Error(`unexpected run ${JSON.stringify(data)}`);
      }
      fx.created.scrapeRun = answer.job_history_id;
    },
  ),
  // Run again, answered once the run ended: its row, its artifact and the payload in it.
  is(scrapersApi.endpoints.runScraper)(
    'every capture, waiting for the end',
    (fx) => ({
      scraperId: fx.scraperId,
      captureHAR: true,
      captureLogs: true,
      captureSnapshots: true,
      logLevel: 'info',
      async: false,
    }),
    (data, fx) => {
      const answer = data as { job_history_id?: unknown; status?: unknown };
      if (typeof answer.job_history_id !== 'string' || answer.status !== 'SUCCESS') {
        throw new Error(`unexpected run ${JSON.stringify(data)}`);
      }
      fx.created.endedScrapeRun = answer.job_history_id;
    },
  ),
  is(scrapeRunsApi.endpoints.getScrapeRun)(
    'a run now that ended',
    (fx) => created(fx, 'endedScrapeRun'),
    (data) => {
      const run = data as { status?: unknown; name?: unknown } | null;
      if (run?.status !== 'SUCCESS' || run.name !== 'Scraper') {
        throw new Error(`unexpected run ${JSON.stringify(data)?.slice(0, 200)}`);
      }
    },
  ),
  is(scrapeRunsApi.endpoints.getRunArtifacts)(
    'of a run now',
    (fx) => created(fx, 'endedScrapeRun'),
    (data, fx) => {
      const [artifact] = rows(data);
      if (artifact?.filename !== 'summary.json.gz' || typeof artifact.id !== 'string') {
        throw new Error(`unexpected artifacts ${JSON.stringify(data)?.slice(0, 200)}`);
      }
      fx.created.runArtifact = artifact.id;
    },
  ),
  is(scrapeRunsApi.endpoints.getRunPayload)(
    'a run now’s gzip payload',
    (fx) => created(fx, 'runArtifact'),
    (data, fx) => {
      const payload = data as { scraper_id?: unknown; har?: unknown[]; logs?: unknown };
      if (payload.scraper_id !== fx.scraperId || !payload.har?.length || !payload.logs) {
        throw new Error('the payload lacks its scraper, HAR or logs');
      }
    },
  ),
  // Identities: an alias added to, then a duplicate merged into, the person of two identities
  // the by-user case found (the merge removes the seeded duplicate).
  is(configAccessApi.endpoints.addExternalUserAlias)(
    'a new alias, trimmed',
    (fx) => ({ externalUserId: created(fx, 'mergePrimary'), alias: `  ${CONTRACT_ALIAS} ` }),
    (data, fx) => {
      const row = data as { alias?: unknown; external_user_id?: unknown };
      if (row.alias !== CONTRACT_ALIAS || row.external_user_id !== fx.created.mergePrimary)
        throw new Error(`unexpected alias row ${JSON.stringify(data)}`);
    },
  ),
  is(configAccessApi.endpoints.mergeExternalUsers)(
    "one person's two identities",
    (fx) => ({
      primaryId: created(fx, 'mergePrimary'),
      duplicateId: created(fx, 'mergeDuplicate'),
    }),
    (data, fx) => {
      if (data !== fx.created.mergePrimary) throw new Error(`kept ${JSON.stringify(data)}`);
    },
  ),

  // ------------------------------------------------------------------ identity, signing out last
  is(identityApi.endpoints.whoamiSession)('plain', () => undefined),
  is(identityApi.endpoints.getFlowError)('plain', (fx) => fx.flowErrorId),
  is(identityApi.endpoints.createFlow)(
    'settings',
    () => ({ kind: 'settings' }),
    keep('settingsFlow'),
  ),
  is(identityApi.endpoints.getFlow)(
    'settings',
    (fx) => ({ kind: 'settings', flowId: created(fx, 'settingsFlow') }),
    (data, fx) => {
      const nodes = (
        data as { ui: { nodes: Array<{ attributes: { name?: string; value?: unknown } }> } }
      ).ui.nodes;
      const csrf = nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes.value;
      if (typeof csrf !== 'string') throw new Error('the flow has no csrf_token');
      fx.created.csrf = csrf;
    },
  ),
  is(identityApi.endpoints.updateFlow)('settings: profile', (fx) => ({
    kind: 'settings',
    flowId: created(fx, 'settingsFlow'),
    body: {
      csrf_token: created(fx, 'csrf'),
      method: 'profile',
      traits: { email: 'admin@demo.local', name: { first: 'Ada', last: 'Admin' } },
    },
  })),
  is(identityApi.endpoints.createLogoutFlow)(
    'plain',
    () => undefined,
    (data, fx) => {
      const token = (data as { logout_token?: unknown }).logout_token;
      if (typeof token !== 'string') throw new Error('no logout_token');
      fx.created.logoutToken = token;
    },
  ),
  is(identityApi.endpoints.performLogout)('plain', (fx) => ({ token: created(fx, 'logoutToken') })),
];
