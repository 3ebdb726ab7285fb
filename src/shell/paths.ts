import { RECORD_DIALOG_STATE, dialogFlag, recordDialogState } from '../lib/dialogState';
import { CHECK_TIME_RANGES } from '../lib/checkTimeRanges';
import type { UrlFields, UrlStateOf, UrlStateSpec } from '../lib/urlState';
import {
  boolean,
  defineUrlState,
  dialogId,
  list,
  number,
  oneOf,
  text,
  timeRange,
} from '../lib/urlState';
import { SEARCH_RESOURCE_TYPES } from '../../contracts/accessSearch';
import { REVIEW_ACTIONS } from '../../contracts/playbookAccess';

/**
 * `path` with `state` in its query, written by `spec`: the spec of the page that reads it, so
 * the link and the page agree. No `?` when nothing is written (every value its default).
 */
export function withState<F extends UrlFields>(
  path: string,
  spec: UrlStateSpec<F>,
  state: Partial<UrlStateOf<F>>,
): string {
  const query = spec.write(new URLSearchParams(), state).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The change open in the changes page's dialog (and the Changes tab's), in the address: its id
 * and its config's id (CAT-21 needs both). Links from other areas open it through
 * `paths.catalogChange`.
 */
export const CHANGE_DIALOG_STATE = defineUrlState({
  changeId: dialogId(),
  configId: dialogId({ param: 'changeConfigId' }),
});

/**
 * A playbook's run dialog on `/playbooks` (`?run={id}`), with the resource it runs on
 * (`config_id`, `component_id` or `check_id`) when given. Other areas (the command palette)
 * open it through `paths.playbookRunDialog`.
 */
export const RUN_DIALOG_STATE = defineUrlState({
  run: dialogId(),
  config_id: text({ trim: true }),
  component_id: text({ trim: true }),
  check_id: text({ trim: true }),
});

/** The kinds of resource a silence made in the console targets, and their prefill parameter. */
export const SILENCE_PREFILL_KEYS = {
  config: 'config_id',
  component: 'component_id',
  check: 'check_id',
} as const;
export type SilenceTargetKind = keyof typeof SILENCE_PREFILL_KEYS;

/**
 * What the add-silence page's address may prefill: one resource by its kind's parameter
 * (`config_id`, `component_id`, `check_id`), or a CEL filter (`filter`).
 */
export const SILENCE_PREFILL_STATE = defineUrlState({
  config_id: text({ trim: true }),
  component_id: text({ trim: true }),
  check_id: text({ trim: true }),
  filter: text(),
});

/** The time range a link to a check opens it over (spec 001). */
export const CHECK_LINK_TIME_RANGE = '1h';

/**
 * The fields of /health that links from elsewhere write: the check open in the detail dialog
 * (`checkId`), its time range (a check time-range key) and the hint to start Run Now once
 * (`run=1`). The health page reads its address with these same fields.
 */
export const HEALTH_LINK_STATE = defineUrlState({
  checkId: dialogId(),
  timeRange: oneOf(CHECK_TIME_RANGES, { filter: true }),
  run: oneOf(['1']),
});

/** `/health`, with the check open (`checkId`), its time range and a Run Now to start once. */
function healthHref({
  checkId,
  timeRange,
  run = false,
}: Partial<Omit<UrlStateOf<typeof HEALTH_LINK_STATE.fields>, 'run'>> & { run?: boolean } = {}) {
  return withState('/health', HEALTH_LINK_STATE, {
    checkId,
    timeRange,
    run: checkId && run ? '1' : undefined,
  });
}

/** The sign-in page's address: where to go once signed in (`return_to`). */
export const LOGIN_STATE = defineUrlState({ return_to: text() });

/** The error page's address: the error's code (`error_code`). */
export const ERROR_PAGE_STATE = defineUrlState({ error_code: text() });

/** One resource's notification history: the send whose detail is open (`send`). */
export const RESOURCE_SEND_STATE = defineUrlState({ send: dialogId() });

/** The insight open in its dialog (`insightId`), on a config item's insights tab: Back closes it. */
export const INSIGHT_DIALOG_STATE = defineUrlState({ insightId: dialogId() });

/** The playbook runs list's filter by playbook (`playbook`, its id). */
export const RUNS_PLAYBOOK_STATE = defineUrlState(
  { playbook: text({ trim: true, filter: true }) },
  { history: 'push' },
);

/**
 * A list's time window as the changes and playbook runs pages read it (their `timeRange` field,
 * in the kit's parameters): links to the rows of a window write it as an absolute range.
 */
export const TIME_WINDOW_STATE = defineUrlState({ timeRange: timeRange() });

/** `path` listing the rows from `from` to `to` (ISO times). */
const inWindow = (path: string, from: string, to: string) =>
  withState(path, TIME_WINDOW_STATE, { timeRange: { type: 'absolute', from, to } });

/** The machine shown on the flows page (`machine`); another is a history entry. */
export const FLOWS_STATE = defineUrlState({ machine: text() }, { history: 'push' });

/** The connections page's dialog: the connection open (`id`, `new` for a new one) and its type. */
export const CONNECTION_DIALOG_STATE = defineUrlState({ id: dialogId(), type: text() });

/**
 * The playbook form on `/playbooks`: `?new=1` for a new playbook, `?edit={id}` for one's
 * (where a playbook's link leads, spec 002 §2.1).
 */
export const PLAYBOOK_FORM_STATE = recordDialogState({ editParam: 'edit' });

/**
 * A playbook's Permissions dialog on `/playbooks`: `?permissions={id}`, on its Outbound tab with
 * `&permissionsTab=outbound`.
 */
export const PLAYBOOK_PERMISSIONS_STATE = defineUrlState({
  permissions: dialogId(),
  permissionsTab: oneOf(['inbound', 'outbound'], { default: 'inbound' }),
});

/** The permissions page's filter by subject, as links to one permission write it. */
const PERMISSION_SUBJECT_FILTER = defineUrlState({
  subjectType: text(),
  subject: text(),
});

/** Only the listed words, in the order written; others are dropped. */
const onlyOf = (words: readonly string[]) => ({
  toUrl: (item: string) => item,
  fromUrl: (item: string) => (words.includes(item) ? item : undefined),
});

/**
 * The subject workbench's address: the subject (`subject`: an id, or a role's name), the
 * resource types and actions shown (`types`, `actions`: all when none), whether denied access
 * is listed (`denied=true`) and the page of resources (`page`, from 1).
 */
export const SUBJECT_ACCESS_STATE = defineUrlState(
  {
    subject: text({ trim: true, filter: true }),
    types: list({ filter: true, item: onlyOf(SEARCH_RESOURCE_TYPES) }),
    actions: list({ filter: true, item: onlyOf(REVIEW_ACTIONS) }),
    denied: boolean({ default: false, filter: true }),
    page: number({ default: 1, integer: true, min: 1 }),
  },
  { history: 'push', pageParam: 'page' },
);

/** The incidents page's "Create incident" dialog, open while the address has `create=1`. */
export const CREATE_INCIDENT_DIALOG = dialogFlag('create');

/**
 * The typed route table: every route's path pattern and how to build a link to it, so links
 * are never assembled by hand. Features import it from here. A path listed here is not a
 * route yet: pages join the route table (`app/routes.tsx`) only once they are built.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  error: {
    path: '/error',
    getHref: (errorCode?: string) =>
      withState('/error', ERROR_PAGE_STATE, { error_code: errorCode }),
  },
  login: {
    path: '/login',
    getHref: (returnTo?: string) => withState('/login', LOGIN_STATE, { return_to: returnTo }),
  },
  profile: { path: '/profile-settings', getHref: () => '/profile-settings' },
  /** The notifications list (the top bar's bell). */
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  /** One resource's notification history; with `send`, that send's detail is open. */
  notificationResource: {
    path: '/notifications/resource/:resourceId',
    getHref: (resourceId: string, send?: string) =>
      withState(`/notifications/resource/${encodeURIComponent(resourceId)}`, RESOURCE_SEND_STATE, {
        send,
      }),
  },
  /** The notification rules; with `id`, that rule's dialog is open. */
  notificationRules: {
    path: '/notifications/rules',
    getHref: (id?: string) => withState('/notifications/rules', RECORD_DIALOG_STATE, { id }),
  },
  /** The notification silences; with `id`, that silence's edit dialog is open. */
  notificationSilences: {
    path: '/notifications/silences',
    getHref: (id?: string) => withState('/notifications/silences', RECORD_DIALOG_STATE, { id }),
  },
  /**
   * The form of a new silence, prefilled by `config_id`, `component_id`, `check_id` or
   * `filter` when given.
   */
  notificationSilenceAdd: {
    path: '/notifications/silences/add',
    getHref: (target?: { kind: SilenceTargetKind; id: string }) => {
      if (!target) return '/notifications/silences/add';
      const prefill = { [SILENCE_PREFILL_KEYS[target.kind]]: target.id };
      return withState('/notifications/silences/add', SILENCE_PREFILL_STATE, prefill);
    },
  },
  /** The log search (component, selector, range and filters in the query). */
  logs: {
    path: '/logs',
    getHref: (search = '') =>
      `/logs${search === '' || search.startsWith('?') ? search : `?${search}`}`,
  },
  /** The configuration catalog. */
  catalog: { path: '/catalog', getHref: () => '/catalog' },
  /** The changes across the estate (CAT-19), with an optional `?query`. */
  catalogChanges: {
    path: '/catalog/changes',
    getHref: (search = '') =>
      `/catalog/changes${search === '' || search.startsWith('?') ? search : `?${search}`}`,
  },
  /** The changes page over a time window (ISO times): the changes of the estate in it. */
  catalogChangesInWindow: {
    path: '/catalog/changes',
    getHref: (from: string, to: string) => inWindow('/catalog/changes', from, to),
  },
  /** The changes page with one change open in its dialog. */
  catalogChange: {
    path: '/catalog/changes',
    getHref: (changeId: string, configId: string) =>
      withState('/catalog/changes', CHANGE_DIALOG_STATE, { changeId, configId }),
  },
  /** The insights across the estate (CAT-27), with an optional `?query`. */
  catalogInsights: {
    path: '/catalog/insights',
    getHref: (search = '') =>
      `/catalog/insights${search === '' || search.startsWith('?') ? search : `?${search}`}`,
  },
  /** Who has access to which config item (the access review), with an optional `?query`. */
  catalogAccess: {
    path: '/catalog/access',
    getHref: (search = '') =>
      `/catalog/access${search === '' || search.startsWith('?') ? search : `?${search}`}`,
  },
  /** The query builder and the saved queries; the query run and its rows in `?q=`. */
  catalogQueries: {
    path: '/catalog/queries',
    getHref: (search = '') =>
      `/catalog/queries${search === '' || search.startsWith('?') ? search : `?${search}`}`,
  },
  /** The catalog's old address, sent on to `/catalog` with its query. */
  configs: { path: '/configs', getHref: () => '/configs' },
  /** The catalog's older address (the Add Integration wizard's return target for scrapers). */
  configDb: { path: '/config-db', getHref: () => '/config-db' },
  /** One config item of the catalog. */
  catalogItem: {
    path: '/catalog/:id',
    getHref: (id: string) => `/catalog/${encodeURIComponent(id)}`,
  },
  /** A tab of a config item (`spec`, `changes`, `insights`, …), with an optional `?query`. */
  catalogItemTab: {
    path: '/catalog/:id/:tab',
    getHref: (id: string, tab: string, search = '') => {
      const query = search === '' || search.startsWith('?') ? search : `?${search}`;
      return `/catalog/${encodeURIComponent(id)}/${encodeURIComponent(tab)}${query}`;
    },
  },
  /** An insight of a config item, open in its dialog on the item's insights tab. */
  catalogItemInsight: {
    path: '/catalog/:id/insights',
    getHref: (id: string, insightId: string) =>
      withState(`/catalog/${encodeURIComponent(id)}/insights`, INSIGHT_DIALOG_STATE, { insightId }),
  },
  /** The topology, from its roots. */
  topology: { path: '/topology', getHref: () => '/topology' },
  /** One topology component and what lies under it. */
  topologyComponent: {
    path: '/topology/:id',
    getHref: (id: string) => `/topology/${encodeURIComponent(id)}`,
  },
  /** A topology component without the shell, for embedding. */
  viewTopology: {
    path: '/view/topology/:id',
    getHref: (id: string) => `/view/topology/${encodeURIComponent(id)}`,
  },
  /** The incidents; with `create`, the "Create incident" dialog opens (`?create=1`, kept while open). */
  incidents: {
    path: '/incidents',
    getHref: ({ create = false }: { create?: boolean } = {}) =>
      withState('/incidents', CREATE_INCIDENT_DIALOG, { open: create ? '1' : undefined }),
  },
  incident: {
    path: '/incidents/:id',
    getHref: (id: string) => `/incidents/${encodeURIComponent(id)}`,
  },
  playbooks: { path: '/playbooks', getHref: () => '/playbooks' },
  /**
   * A playbook's run dialog on `/playbooks` (`?run={id}`, in the address while open), with the resource it runs
   * on when given.
   */
  playbookRunDialog: {
    path: '/playbooks',
    getHref: (
      playbookId: string,
      resource: { config_id?: string; component_id?: string; check_id?: string } = {},
    ) => withState('/playbooks', RUN_DIALOG_STATE, { run: playbookId, ...resource }),
  },
  /** A playbook's form open on `/playbooks` (`?edit={id}`). */
  playbookForm: {
    path: '/playbooks',
    getHref: (id: string) => withState('/playbooks', PLAYBOOK_FORM_STATE, { id }),
  },
  /** A playbook's Permissions dialog on `/playbooks` (`?permissions={id}`). */
  playbookPermissions: {
    path: '/playbooks',
    getHref: (id: string, tab: 'inbound' | 'outbound' = 'inbound') =>
      withState('/playbooks', PLAYBOOK_PERMISSIONS_STATE, {
        permissions: id,
        permissionsTab: tab,
      }),
  },
  /** A playbook's link (spec 002 §2.1): leads to its form on `/playbooks`. */
  playbook: {
    path: '/playbooks/:id',
    getHref: (id: string) => `/playbooks/${encodeURIComponent(id)}`,
  },
  /** A playbook's runs. */
  playbookRuns: {
    path: '/playbooks/runs',
    getHref: (playbookId?: string) =>
      withState('/playbooks/runs', RUNS_PLAYBOOK_STATE, { playbook: playbookId }),
  },
  /** The playbook runs list over a time window (ISO times). */
  playbookRunsInWindow: {
    path: '/playbooks/runs',
    getHref: (from: string, to: string) => inWindow('/playbooks/runs', from, to),
  },
  playbookRun: {
    path: '/playbooks/runs/:id',
    getHref: (id: string) => `/playbooks/runs/${encodeURIComponent(id)}`,
  },
  /** The applications list (api.md §21, table `applications`). */
  applications: { path: '/applications', getHref: () => '/applications' },
  /** An application's audit report (MISC-05). */
  application: {
    path: '/applications/:namespace/:name',
    getHref: (namespace: string, name: string) =>
      `/applications/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}`,
  },
  /** A view flagged for the sidebar (spec 000 §2.3). */
  view: {
    path: '/views/:id',
    getHref: (id: string) => `/views/${encodeURIComponent(id)}`,
  },
  /** A view named by its namespace and name (VIEW-07 finds its id). */
  viewByNamespace: {
    path: '/view/:namespace/:name',
    getHref: (namespace: string, name: string) =>
      `/view/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}`,
  },
  /** A view named by its name alone (VIEW-08 finds its id). */
  viewByName: {
    path: '/view/:name',
    getHref: (name: string) => `/view/${encodeURIComponent(name)}`,
  },
  /** A view of a config item, in the item's tabs (VIEW-06). */
  catalogItemView: {
    path: '/catalog/:id/view/:viewId',
    getHref: (id: string, viewId: string) =>
      `/catalog/${encodeURIComponent(id)}/view/${encodeURIComponent(viewId)}`,
  },
  /**
   * The health checks list; with `checkId` the check's detail is open (spec 001 §2); with `run`
   * as well, the dialog starts Run Now once (`run=1`, taken once).
   */
  health: { path: '/health', getHref: healthHref },
  /**
   * A link to one check from anywhere else in the console: the health page with the check open
   * over the last hour (spec 001: `/health?checkId={id}&timeRange=1h`); with `run`, Run Now
   * starts once.
   */
  check: {
    path: '/health',
    getHref: (checkId: string, { run = false }: { run?: boolean } = {}) =>
      healthHref({ checkId, timeRange: CHECK_LINK_TIME_RANGE, run }),
  },
  /** The health checks list without the shell. */
  viewHealth: { path: '/view/health', getHref: () => '/view/health' },
  settingsFeatureFlags: {
    path: '/settings/feature-flags',
    getHref: () => '/settings/feature-flags',
  },
  settingsUsers: { path: '/settings/users', getHref: () => '/settings/users' },
  settingsTokens: { path: '/settings/tokens', getHref: () => '/settings/tokens' },
  settingsScopes: { path: '/settings/scopes', getHref: () => '/settings/scopes' },
  /** One Scope's dialog on the scopes list (`?id=`). */
  settingsScope: {
    path: '/settings/scopes',
    getHref: (id: string) => withState('/settings/scopes', RECORD_DIALOG_STATE, { id }),
  },
  /** A canary's own settings page (where a canary defined in the console is edited). */
  settingsCanary: {
    path: '/settings/canaries/:id',
    getHref: (id: string) => `/settings/canaries/${encodeURIComponent(id)}`,
  },
  /** A generic settings table's list (teams, incident_rules, canaries, topologies). */
  settingsResources: {
    path: '/settings/:table',
    getHref: (table: string) => `/settings/${encodeURIComponent(table)}`,
  },
  /** One record of a generic settings table; `new` opens an empty editor. */
  settingsResource: {
    path: '/settings/:table/:id',
    getHref: (table: string, id: string) =>
      `/settings/${encodeURIComponent(table)}/${encodeURIComponent(id)}`,
  },
  /** Every job's history; with `view=jobs`, each job's runs summed up. */
  settingsJobs: {
    path: '/settings/jobs',
    getHref: (view?: 'jobs') => (view ? `/settings/jobs?view=${view}` : '/settings/jobs'),
  },
  /** One job: its runs summed up and its history. */
  settingsJob: {
    path: '/settings/jobs/:name',
    getHref: (name: string) => `/settings/jobs/${encodeURIComponent(name)}`,
  },
  settingsPlugins: { path: '/settings/plugins', getHref: () => '/settings/plugins' },
  /** The artifacts summed by content type and listed; `?contentType=` filters the list. */
  settingsArtifacts: { path: '/settings/artifacts', getHref: () => '/settings/artifacts' },
  /** Every machine's statechart with its test coverage; with `machine`, that one is shown. */
  settingsFlows: {
    path: '/settings/flows',
    getHref: (machine?: string) => withState('/settings/flows', FLOWS_STATE, { machine }),
  },
  /** The agents list; with `id`, that agent is shown. */
  settingsAgents: {
    path: '/settings/agents',
    getHref: (id?: string) => withState('/settings/agents', RECORD_DIALOG_STATE, { id }),
  },
  /** The topology definitions list (a generic settings table). */
  settingsTopology: {
    path: '/settings/topologies/:id',
    getHref: (id: string) => `/settings/topologies/${encodeURIComponent(id)}`,
  },
  /** The catalog scrapers list. */
  catalogScrapers: { path: '/catalog/scrapers', getHref: () => '/catalog/scrapers' },
  /** The scrape plugins every scraper applies; `?id=` opens one, `?new=1` a new one. */
  catalogPlugins: { path: '/catalog/plugins', getHref: () => '/catalog/plugins' },
  /** One catalog scraper's editor; `new` opens an empty one. */
  catalogScraper: {
    path: '/catalog/scrapers/:id',
    getHref: (id: string) => `/catalog/scrapers/${encodeURIComponent(id)}`,
  },
  /** One run of a scraper (a `Scraper` job_history row): what it produced, by tab (`?tab=`). */
  catalogScrapeRun: {
    path: '/catalog/scrapers/:id/runs/:runId',
    getHref: (id: string, runId: string) =>
      `/catalog/scrapers/${encodeURIComponent(id)}/runs/${encodeURIComponent(runId)}`,
  },
  settingsPermissions: {
    path: '/settings/permissions',
    getHref: () => '/settings/permissions',
  },
  /**
   * One permission open in its dialog on the permissions page (`?id=`), the list filtered to
   * its subject when given (the page's `subjectType` and `subject` filters), so that the row
   * is on the page shown.
   */
  settingsPermission: {
    path: '/settings/permissions',
    getHref: (id: string, subject?: { subjectType: string; subject: string }) => {
      const filtered = PERMISSION_SUBJECT_FILTER.write(new URLSearchParams(), subject ?? {});
      return `/settings/permissions?${RECORD_DIALOG_STATE.write(filtered, { id }).toString()}`;
    },
  },
  /** What one subject may do on which resources; with `subject`, that subject is shown. */
  settingsPermissionSubjects: {
    path: '/settings/permissions/subjects',
    getHref: (subject?: string) =>
      withState('/settings/permissions/subjects', SUBJECT_ACCESS_STATE, { subject }),
  },
  /** The connections list; with `id`, that connection's dialog is open (`new` for a new one). */
  /** Who may use MCP, the playbooks and views exposed as its tools, and an access check. */
  settingsMcp: { path: '/settings/mcp', getHref: () => '/settings/mcp' },
  settingsConnections: {
    path: '/settings/connections',
    getHref: (id?: string) => withState('/settings/connections', CONNECTION_DIALOG_STATE, { id }),
  },
  /** Scrapers, topologies and log backends with their last job; Add Integration. */
  settingsIntegrations: {
    path: '/settings/integrations',
    getHref: () => '/settings/integrations',
  },
  /** One integration's editor (INT-02): type `scrapers`, `topologies` or `logging_backends`. */
  settingsIntegration: {
    path: '/settings/integrations/:type/:id',
    getHref: (type: string, id: string) =>
      `/settings/integrations/${encodeURIComponent(type)}/${encodeURIComponent(id)}`,
  },
  /** The log backends list (LOG-02); with `id`, that backend's form is open. */
  settingsLogBackends: {
    path: '/settings/log-backends',
    getHref: (id?: string) => withState('/settings/log-backends', RECORD_DIALOG_STATE, { id }),
  },
  /** The event queue's health (EVQ-01). */
  settingsEventQueue: {
    path: '/settings/event-queue-status',
    getHref: () => '/settings/event-queue-status',
  },
} as const;

export type PathName = keyof typeof paths;
