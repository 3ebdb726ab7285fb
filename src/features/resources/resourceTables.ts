/**
 * The generic settings resources as data (api.md §21, spec 002 §2.8, §3.5): for each table its
 * display name, where it is listed from, which fields its editor has and their defaults, the
 * JSON schema its spec is checked against (MISC-06), its job history's resource type, the
 * access resource that guards writing it, and the console's addresses of its list and records.
 */
import { listEmbedsAgent, listRelationOf } from '../../api/endpoints/settingsResources';
import type { Resource } from '../../auth/authorizer';
import { paths } from '../../shell/paths';
import type { ScheduleKind } from '../../ui/form/ScheduleField';
import type { TypedFamily } from '../../widgets/slots/slotTypes';

/** The tables the generic editor serves. */
export const RESOURCE_TABLE_NAMES = [
  'teams',
  'incident_rules',
  'canaries',
  'topologies',
  'config_scrapers',
  'views',
] as const;
export type ResourceTableName = (typeof RESOURCE_TABLE_NAMES)[number];

/** The MISC-06 schema file of each table's spec: one constant per table, easy to change. */
export const TEAM_SCHEMA = 'team.schema.json';
export const INCIDENT_RULES_SCHEMA = 'incident-rules.schema.json';
export const CANARY_SCHEMA = 'canary.schema.json';
export const TOPOLOGY_SCHEMA = 'topology.schema.json';
export const SCRAPE_CONFIG_SCHEMA = 'scrape_config.schema.json';
export const VIEW_SCHEMA = 'view.schema.json';

/** Columns some tables' lists add: a view's title (from its spec), last run and error. */
export type ExtraListColumn = 'title' | 'lastRan' | 'error';

/** Which of the editor's own fields (and list columns) a table has (name and spec always). */
export interface ResourceFields {
  namespace: boolean;
  icon: boolean;
  labels: boolean;
  /** A `schedule` column of its own, offering the presets of its kind (`true`: the default). */
  schedule: boolean | ScheduleKind;
}

/** A new record's values. */
export interface ResourceDefaults {
  namespace?: string;
  icon?: string;
  spec: Record<string, unknown>;
}

export interface ResourceTable {
  table: ResourceTableName;
  /** The name in titles and toasts ("Topology updated successfully"). */
  displayName: string;
  /** What its list reads (`{table}_with_status`, or the table). */
  listRelation: string;
  /** Its list embeds the agent (topologies). */
  withAgent: boolean;
  /** Its list carries the `job_*` columns of its last job. */
  withJobStatus: boolean;
  /**
   * How the list reads: `all` is §21's `getAll` (up to 100 rows, creators embedded); `paged` a
   * page at a time from the table itself with the total, the page in the address (VIEW-01).
   */
  listMode: 'all' | 'paged';
  /** Columns the list adds to the common ones. */
  extraColumns: readonly ExtraListColumn[];
  /** Its records have a job history (a Job History tab). */
  withJobHistory: boolean;
  /** Delete removes the row (VIEW-03) instead of marking it deleted (§21). */
  hardDelete: boolean;
  /**
   * Its records can be the dashboard `/` shows (views): the list marks the current one, and an
   * admin's "Use as dashboard" row action names another.
   */
  dashboardChoice: boolean;
  fields: ResourceFields;
  defaults: ResourceDefaults;
  /** MISC-06 file name of the spec's JSON schema. */
  schemaFile: string;
  /**
   * Save stays disabled while the spec breaks its schema (topologies and views: a spec the
   * backend cannot run is worth nothing); other tables save and show the problems.
   */
  saveNeedsValidSpec: boolean;
  /** JOB-01's `resource_type` of its jobs. */
  jobResourceType: string;
  /** The access resource whose write allows Add, Save, Update and Delete (spec 002 §6.1). */
  accessResource: Resource;
  /** Edited by the typed editor of this family (type picker and forms), else by the generic form. */
  typedFamily?: TypedFamily;
  /** The list's address. */
  listPath: () => string;
  /** A record's address; `new` for a new one. */
  itemPath: (id: string) => string;
}

const NO_FIELDS: ResourceFields = { namespace: false, icon: false, labels: false, schedule: false };

function settingsTable(
  table: ResourceTableName,
  rest: Omit<
    ResourceTable,
    | 'table'
    | 'listRelation'
    | 'withAgent'
    | 'withJobStatus'
    | 'listMode'
    | 'extraColumns'
    | 'withJobHistory'
    | 'hardDelete'
    | 'dashboardChoice'
    | 'saveNeedsValidSpec'
    | 'listPath'
    | 'itemPath'
  >,
): ResourceTable {
  const listRelation = listRelationOf(table);
  return {
    table,
    listRelation,
    withAgent: listEmbedsAgent(table),
    withJobStatus: listRelation !== table,
    listMode: 'all',
    extraColumns: [],
    withJobHistory: true,
    hardDelete: false,
    dashboardChoice: false,
    saveNeedsValidSpec: false,
    listPath: () => paths.settingsResources.getHref(table),
    itemPath: (id) => paths.settingsResource.getHref(table, id),
    ...rest,
  };
}

export const RESOURCE_TABLES: Readonly<Record<ResourceTableName, ResourceTable>> = {
  teams: settingsTable('teams', {
    displayName: 'Teams',
    fields: { ...NO_FIELDS, icon: true },
    defaults: { icon: 'group', spec: {} },
    schemaFile: TEAM_SCHEMA,
    jobResourceType: 'team',
    accessResource: 'teams',
  }),
  incident_rules: settingsTable('incident_rules', {
    displayName: 'Rules',
    fields: NO_FIELDS,
    defaults: { spec: {} },
    schemaFile: INCIDENT_RULES_SCHEMA,
    jobResourceType: 'incident_rule',
    accessResource: 'incident',
  }),
  canaries: settingsTable('canaries', {
    displayName: 'Health Check',
    fields: { ...NO_FIELDS, namespace: true, labels: true },
    defaults: { namespace: 'default', spec: {} },
    schemaFile: CANARY_SCHEMA,
    jobResourceType: 'canary',
    accessResource: 'canaries',
    typedFamily: 'check',
  }),
  topologies: {
    ...settingsTable('topologies', {
      displayName: 'Topology',
      fields: { ...NO_FIELDS, namespace: true, labels: true, schedule: 'medium' },
      defaults: { namespace: 'default', spec: {} },
      schemaFile: TOPOLOGY_SCHEMA,
      jobResourceType: 'topology',
      accessResource: 'topologies',
    }),
    saveNeedsValidSpec: true,
  },
  config_scrapers: {
    ...settingsTable('config_scrapers', {
      displayName: 'Catalog Scraper',
      fields: { ...NO_FIELDS, namespace: true },
      defaults: { spec: {} },
      schemaFile: SCRAPE_CONFIG_SCHEMA,
      jobResourceType: 'config_scraper',
      accessResource: 'config_scrapers',
      typedFamily: 'scraper',
    }),
    listPath: () => paths.catalogScrapers.getHref(),
    itemPath: (id) => paths.catalogScraper.getHref(id),
  },
  // Views have services of their own (api.md §17): VIEW-01 lists them a page at a time from
  // the table, VIEW-03 writes them like §21 but deletes them for good.
  views: {
    ...settingsTable('views', {
      displayName: 'Views',
      fields: { ...NO_FIELDS, namespace: true },
      defaults: { namespace: 'default', spec: {} },
      schemaFile: VIEW_SCHEMA,
      jobResourceType: 'view',
      accessResource: 'views',
    }),
    listRelation: 'views',
    withJobStatus: false,
    listMode: 'paged',
    extraColumns: ['title', 'lastRan', 'error'],
    withJobHistory: false,
    hardDelete: true,
    dashboardChoice: true,
    saveNeedsValidSpec: true,
  },
};

/** The table's configuration, or undefined for a table the editor does not serve. */
export function resourceTable(table: string | undefined): ResourceTable | undefined {
  return table !== undefined && Object.hasOwn(RESOURCE_TABLES, table)
    ? RESOURCE_TABLES[table as ResourceTableName]
    : undefined;
}

/** The id in a record's address that opens an empty editor. */
export const NEW_RECORD_ID = 'new';
