/**
 * The route table as the weight bench loads it: every path pattern of `appPages` and
 * `standalonePages` (src/app/routes.tsx) with how to make an address of it. A unit test keeps
 * this list and the route table the same. Parameters come from the first row of a demo table
 * (`sample`); a pattern whose row is missing is loaded with a made-up id, which still downloads
 * the page's code.
 */

/** A row to fill a pattern's parameters from: `/api/db/{table}?select={select}&limit=1`. */
export interface RouteSample {
  table: string;
  select: string;
  /** The address, from the row. */
  href: (row: Record<string, unknown>) => string;
}

export interface WeightRoute {
  /** The route table's path pattern. */
  pattern: string;
  /** Where to fetch the parameters from; none for a pattern without parameters. */
  sample?: RouteSample;
  /** The address when the sample row is missing (or the pattern has no parameters). */
  fallback: string;
}

const NO_ID = '00000000-0000-0000-0000-000000000000';
const text = (value: unknown) => encodeURIComponent(String(value));

/** A pattern `/x/:id` whose id is that of the first row of `table`. */
function byId(pattern: string, table: string): WeightRoute {
  const prefix = pattern.replace(/\/:id(\/\*)?$/, '');
  return {
    pattern,
    sample: { table, select: 'id', href: (row) => `${prefix}/${text(row.id)}` },
    fallback: `${prefix}/${NO_ID}`,
  };
}

const plain = (pattern: string): WeightRoute => ({ pattern, fallback: pattern });

const SETTINGS_TABLES = ['teams', 'incident_rules', 'canaries', 'topologies', 'views'] as const;

export const WEIGHT_ROUTES: readonly WeightRoute[] = [
  plain('/'),
  plain('/topology'),
  byId('/topology/:id', 'components'),
  plain('/health'),
  plain('/incidents'),
  byId('/incidents/:id', 'incidents'),
  plain('/catalog'),
  plain('/catalog/changes'),
  plain('/catalog/insights'),
  plain('/catalog/access'),
  plain('/catalog/queries'),
  plain('/catalog/plugins'),
  byId('/catalog/:id/*', 'configs'),
  plain('/logs'),
  plain('/playbooks'),
  byId('/playbooks/:id', 'playbooks'),
  plain('/playbooks/runs'),
  byId('/playbooks/runs/:id', 'playbook_runs'),
  plain('/applications'),
  {
    pattern: '/applications/:namespace/:name',
    sample: {
      table: 'applications',
      select: 'namespace,name',
      href: (row) => `/applications/${text(row.namespace)}/${text(row.name)}`,
    },
    fallback: '/applications/default/none',
  },
  byId('/views/:id', 'views'),
  {
    pattern: '/view/:namespace/:name',
    sample: {
      table: 'views',
      select: 'namespace,name',
      href: (row) => `/view/${text(row.namespace)}/${text(row.name)}`,
    },
    fallback: '/view/default/none',
  },
  {
    pattern: '/view/:name',
    sample: { table: 'views', select: 'name', href: (row) => `/view/${text(row.name)}` },
    fallback: '/view/none',
  },
  plain('/notifications/rules'),
  plain('/notifications/silences'),
  plain('/notifications/silences/add'),
  plain('/notifications'),
  {
    pattern: '/notifications/resource/:resourceId',
    sample: {
      table: 'configs',
      select: 'id',
      href: (row) => `/notifications/resource/${text(row.id)}`,
    },
    fallback: `/notifications/resource/${NO_ID}`,
  },
  plain('/configs'),
  plain('/config-db'),
  plain('/settings/feature-flags'),
  plain('/settings/users'),
  plain('/settings/tokens'),
  plain('/settings/scopes'),
  plain('/settings/permissions'),
  plain('/settings/permissions/subjects'),
  plain('/settings/mcp'),
  plain('/settings/connections'),
  plain('/settings/integrations'),
  {
    pattern: '/settings/integrations/:type/:id',
    sample: {
      table: 'config_scrapers',
      select: 'id',
      href: (row) => `/settings/integrations/scrapers/${text(row.id)}`,
    },
    fallback: `/settings/integrations/scrapers/${NO_ID}`,
  },
  plain('/settings/agents'),
  plain('/settings/log-backends'),
  plain('/settings/event-queue-status'),
  plain('/settings/jobs'),
  {
    pattern: '/settings/jobs/:name',
    sample: {
      table: 'job_history_names',
      select: 'name',
      href: (row) => `/settings/jobs/${encodeURIComponent(text(row.name))}`,
    },
    fallback: '/settings/jobs/CleanupEventQueue',
  },
  plain('/settings/artifacts'),
  plain('/settings/plugins'),
  plain('/settings/flows'),
  ...SETTINGS_TABLES.flatMap((table) => [
    plain(`/settings/${table}`),
    byId(`/settings/${table}/:id`, table),
  ]),
  plain('/catalog/scrapers'),
  byId('/catalog/scrapers/:id', 'config_scrapers'),
  {
    // A scraper's run: the newest `Scraper` run of the job history (any job fills the pattern
    // well enough to download the page's code).
    pattern: '/catalog/scrapers/:id/runs/:runId',
    sample: {
      table: 'job_history',
      select: 'id,resource_id',
      href: (row) =>
        row.resource_id
          ? `/catalog/scrapers/${text(row.resource_id)}/runs/${text(row.id)}`
          : `/catalog/scrapers/${NO_ID}/runs/${text(row.id)}`,
    },
    fallback: `/catalog/scrapers/${NO_ID}/runs/${NO_ID}`,
  },
  byId('/view/topology/:id', 'components'),
  plain('/view/health'),
];
