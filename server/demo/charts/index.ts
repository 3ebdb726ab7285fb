/**
 * The Helm charts the Add Integration wizard offers for GitOps installs (spec 002 §2.3): one per
 * option, from Flanksource's chart repository, each with a small JSON schema of the values the
 * wizard edits and their defaults. Served under `/api/schemas/` (api.md MISC-06 style) as
 * `{chart}.values.schema.json` and `{chart}.values.json`. The schemas describe the values people
 * usually set and leave `additionalProperties` open, since the charts accept more.
 */

/** The repository every chart comes from. */
export const CHARTS_REPOSITORY = 'https://flanksource.github.io/charts';

type JsonObject = Record<string, unknown>;

export interface ChartValues {
  /** The chart name, which is also the id in the schema URLs. */
  chart: string;
  /** The wizard's option it installs. */
  title: string;
  repository: string;
  schema: JsonObject;
  defaults: JsonObject;
}

const SCHEMA_DRAFT = 'http://json-schema.org/draft-07/schema#';

function text(description: string, extra: JsonObject = {}): JsonObject {
  return { type: 'string', description, ...extra };
}

function flag(description: string): JsonObject {
  return { type: 'boolean', description };
}

/** A value given literally or read from a Secret or ConfigMap key (Mission Control's EnvVar). */
function envVar(description: string): JsonObject {
  const keyRef = {
    type: 'object',
    properties: { name: text('Name of the object'), key: text('Key in the object') },
    required: ['name', 'key'],
  };
  return {
    type: 'object',
    description,
    properties: {
      value: text('The value itself'),
      valueFrom: {
        type: 'object',
        properties: { secretKeyRef: keyRef, configMapKeyRef: keyRef },
      },
    },
  };
}

const labels: JsonObject = {
  type: 'object',
  description: 'Labels added to every resource the chart creates',
  additionalProperties: { type: 'string' },
};

function scraper(defaultName: string): JsonObject {
  return {
    type: 'object',
    description: 'The catalog scraper the chart installs',
    properties: {
      name: text('Name of the scraper', { default: defaultName }),
      schedule: text('How often it runs, a cron expression or @every <duration>', {
        default: '@every 30m',
      }),
      retention: {
        type: 'object',
        description: 'How long deleted items and changes are kept',
        properties: {
          staleItemAge: text('Age after which items no longer seen are deleted', {
            default: '7d',
          }),
        },
      },
    },
  };
}

function chartSchema(title: string, properties: JsonObject, required: string[] = []): JsonObject {
  return {
    $schema: SCHEMA_DRAFT,
    title: `${title} chart values`,
    type: 'object',
    additionalProperties: true,
    properties,
    ...(required.length > 0 ? { required } : {}),
  };
}

const aws: ChartValues = {
  chart: 'mission-control-aws',
  title: 'AWS',
  repository: CHARTS_REPOSITORY,
  schema: chartSchema('AWS', {
    labels,
    scraper: scraper('aws'),
    regions: {
      type: 'array',
      description: 'Regions to scrape',
      items: { type: 'string', pattern: '^[a-z]{2}(-[a-z]+)+-\\d$' },
      minItems: 1,
    },
    connectionDetails: {
      type: 'object',
      description: 'How the scraper authenticates to AWS',
      properties: {
        connection: text('A connection to use instead of the fields below (connection://ns/name)'),
        accessKey: envVar('Access key id'),
        secretKey: envVar('Secret access key'),
        region: text('Region of the API calls'),
        endpoint: text('A custom API endpoint'),
        assumeRole: text('ARN of a role to assume'),
        skipTLSVerify: flag('Skip TLS verification of the endpoint'),
      },
    },
    costReporting: {
      type: 'object',
      description: 'Cost and usage report in Athena, to attach costs to resources',
      properties: {
        enabled: flag('Read costs from the report'),
        s3BucketPath: text('S3 path where Athena writes query results'),
        database: text('Athena database of the report'),
        table: text('Athena table of the report'),
        region: text('Region of the Athena database'),
      },
    },
  }),
  defaults: {
    labels: {},
    scraper: { name: 'aws', schedule: '@every 30m', retention: { staleItemAge: '7d' } },
    regions: ['eu-west-1'],
    connectionDetails: {
      connection: '',
      region: 'eu-west-1',
      endpoint: '',
      assumeRole: '',
      skipTLSVerify: false,
    },
    costReporting: { enabled: false, s3BucketPath: '', database: '', table: '', region: '' },
  },
};

const azure: ChartValues = {
  chart: 'mission-control-azure',
  title: 'Azure',
  repository: CHARTS_REPOSITORY,
  schema: chartSchema(
    'Azure',
    {
      labels,
      scraper: scraper('azure'),
      subscriptionID: text('Subscription to scrape', { minLength: 1 }),
      connectionDetails: {
        type: 'object',
        description: 'How the scraper authenticates to Azure (a service principal)',
        properties: {
          connection: text('A connection to use instead of the fields below'),
          tenantID: text('Directory (tenant) id'),
          clientID: envVar('Application (client) id'),
          clientSecret: envVar('Client secret'),
        },
      },
      includeResourceTypes: {
        type: 'array',
        description: 'Resource types to scrape; all when empty',
        items: { type: 'string' },
      },
    },
    ['subscriptionID'],
  ),
  defaults: {
    labels: {},
    scraper: { name: 'azure', schedule: '@every 30m', retention: { staleItemAge: '7d' } },
    subscriptionID: '',
    connectionDetails: { connection: '', tenantID: '' },
    includeResourceTypes: [],
  },
};

const prometheus: ChartValues = {
  chart: 'mission-control-prometheus',
  title: 'Prometheus',
  repository: CHARTS_REPOSITORY,
  schema: chartSchema(
    'Prometheus',
    {
      labels,
      url: text('Address of the Prometheus server', { pattern: '^https?://' }),
      connection: text('A connection to use instead of url and auth'),
      auth: {
        type: 'object',
        description: 'Basic authentication, when Prometheus needs it',
        properties: { username: envVar('User name'), password: envVar('Password') },
      },
      alerts: {
        type: 'object',
        description: 'A health check that turns firing alerts into check results',
        properties: {
          enabled: flag('Install the alerts check'),
          schedule: text('How often the check runs', { default: '@every 5m' }),
          ignore: {
            type: 'array',
            description: 'Alert names that are not reported',
            items: { type: 'string' },
          },
        },
      },
    },
    ['url'],
  ),
  defaults: {
    labels: {},
    url: 'http://prometheus-operated.monitoring.svc:9090',
    connection: '',
    alerts: { enabled: true, schedule: '@every 5m', ignore: ['Watchdog', 'InfoInhibitor'] },
  },
};

const flux: ChartValues = {
  chart: 'mission-control-flux',
  title: 'Flux',
  repository: CHARTS_REPOSITORY,
  schema: chartSchema('Flux', {
    labels,
    scraper: scraper('flux'),
    namespaces: {
      type: 'array',
      description: 'Namespaces whose Flux resources are scraped; all when empty',
      items: { type: 'string' },
    },
    playbooks: {
      type: 'object',
      description: 'Playbooks to reconcile, suspend and resume Flux resources',
      properties: { enabled: flag('Install the playbooks') },
    },
  }),
  defaults: {
    labels: {},
    scraper: { name: 'flux', schedule: '@every 15m', retention: { staleItemAge: '7d' } },
    namespaces: [],
    playbooks: { enabled: true },
  },
};

const kubernetes: ChartValues = {
  chart: 'mission-control-kubernetes',
  title: 'Kubernetes',
  repository: CHARTS_REPOSITORY,
  schema: chartSchema(
    'Kubernetes',
    {
      labels,
      clusterName: text('Name of the cluster in the catalog', { minLength: 1 }),
      scraper: scraper('kubernetes'),
      exclusions: {
        type: 'object',
        description: 'What the scraper leaves out',
        properties: {
          namespaces: { type: 'array', items: { type: 'string' } },
          kinds: { type: 'array', items: { type: 'string' } },
        },
      },
      topology: {
        type: 'object',
        description: 'A topology of the cluster (nodes, namespaces, workloads)',
        properties: { enabled: flag('Install the topology') },
      },
      playbooks: {
        type: 'object',
        description: 'Playbooks to restart, scale and delete workloads',
        properties: { enabled: flag('Install the playbooks') },
      },
    },
    ['clusterName'],
  ),
  defaults: {
    labels: {},
    clusterName: 'kubernetes',
    scraper: { name: 'kubernetes', schedule: '@every 15m', retention: { staleItemAge: '1d' } },
    exclusions: { namespaces: ['kube-system'], kinds: ['Event'] },
    topology: { enabled: true },
    playbooks: { enabled: true },
  },
};

const missionControl: ChartValues = {
  chart: 'mission-control',
  title: 'Mission Control',
  repository: CHARTS_REPOSITORY,
  schema: chartSchema('Mission Control', {
    global: {
      type: 'object',
      properties: {
        ui: {
          type: 'object',
          properties: { host: text('Host name the console is served on') },
        },
      },
    },
    authProvider: text('How people sign in', { enum: ['kratos', 'clerk', 'basic'] }),
    db: {
      type: 'object',
      description: 'The database: embedded (in the cluster) or an external PostgreSQL',
      properties: {
        create: flag('Run a PostgreSQL server in the cluster'),
        storage: text('Size of its volume', { pattern: '^\\d+(Mi|Gi|Ti)$' }),
        secretKeyRef: {
          type: 'object',
          description: 'Secret holding DB_URL of an external database',
          properties: { name: text('Secret name'), key: text('Key of the connection string') },
        },
      },
    },
    ingress: {
      type: 'object',
      properties: {
        enabled: flag('Create an ingress for the console'),
        host: text('Host of the ingress'),
      },
    },
  }),
  defaults: {
    global: { ui: { host: 'mission-control.local' } },
    authProvider: 'kratos',
    db: {
      create: true,
      storage: '20Gi',
      secretKeyRef: { name: 'incident-commander-postgres', key: 'DB_URL' },
    },
    ingress: { enabled: false, host: 'mission-control.local' },
  },
};

/** The six charts, in the wizard's order. */
export const CHARTS: readonly ChartValues[] = [
  aws,
  azure,
  prometheus,
  flux,
  kubernetes,
  missionControl,
];

/** The served files: `{chart}.values.schema.json` (the schema) and `{chart}.values.json` (defaults). */
export function chartFiles(): Record<string, JsonObject> {
  const files: Record<string, JsonObject> = {};
  for (const chart of CHARTS) {
    files[`${chart.chart}.values.schema.json`] = chart.schema;
    files[`${chart.chart}.values.json`] = chart.defaults;
  }
  return files;
}
