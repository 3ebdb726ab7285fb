/**
 * Playbooks the console's end-to-end tests and walkthroughs rely on, each showing one behaviour
 * of the executor: an approval gate, a long action that can be cancelled, an action that fails,
 * a form with every parameter type, several configs compared, a release whose first attempt
 * fails at its third action (retried from there), and one result of each rich kind (a SQL query
 * over the catalog, a Prometheus range query, an AI summary with its cost). They are inserted after the generated playbooks and run
 * history, with ids derived from their names and without drawing from the seed's random source,
 * so the rest of the estate stays exactly as it was.
 *
 * "Restart Deployment" (`restart-deployment`) is not repeated here: the generated catalogue
 * already has it, and its `kubectl rollout restart deployment/{{.config.name}}` action records a
 * `RestartDeployment` change on the config when run.
 */
import { createHash } from 'node:crypto';
import { bulkInsert } from './bulk';
import { PLAYBOOK_COLUMNS } from './columns';
import type { SeedContext } from './context';
import { DAY, before } from './sampling';

/** The demo sign-in accounts that approve runs of the approval-gated playbook. */
export const SCENARIO_APPROVERS = ['commander@demo.local', 'admin@demo.local'] as const;

/** Namespace of the scenario playbooks, next to the generated Kubernetes-sourced ones. */
export const SCENARIO_NAMESPACE = 'mission-control';

/** One scenario playbook as stored in `playbooks`. */
export interface ScenarioPlaybook {
  name: string;
  title: string;
  icon: string;
  category: string;
  description: string;
  spec: Record<string, unknown>;
}

/**
 * A stable uuid (version 5 layout) from a text: the same text always gives the same id, so
 * links and tests can name a scenario playbook without looking it up.
 */
export function stableUuid(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `5${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}

/** The id of a scenario playbook, from its name. */
export function scenarioPlaybookId(name: string): string {
  return stableUuid(`playbook/${SCENARIO_NAMESPACE}/${name}`);
}

const DEPLOYMENTS = [{ types: ['Kubernetes::Deployment'] }];

const YAML_DEFAULT = [
  'resources:',
  '  requests:',
  '    cpu: 250m',
  '    memory: 256Mi',
  '  limits:',
  '    memory: 512Mi',
  '',
].join('\n');

const SCALE: ScenarioPlaybook = {
  name: 'scale-deployment-approval',
  title: 'Scale Deployment (approval)',
  icon: 'k8s-deployment',
  category: 'Kubernetes',
  description: 'Changes the replica count of a deployment once a commander or admin approves it',
  spec: {
    configs: DEPLOYMENTS,
    parameters: [
      {
        name: 'replicas',
        label: 'Replicas',
        type: 'number',
        required: true,
        default: '3',
        properties: { min: 0, max: 20 },
      },
    ],
    actions: [
      {
        name: 'scale',
        exec: {
          script: 'kubectl scale deployment/{{.config.name}} --replicas={{.params.replicas}}',
        },
      },
    ],
    approval: {
      type: 'any',
      approvers: { people: [...SCENARIO_APPROVERS], teams: [] },
    },
    timeout: '30m',
  },
};

const DRAIN: ScenarioPlaybook = {
  name: 'drain-node-long',
  title: 'Drain Node (long)',
  icon: 'k8s-node',
  category: 'Kubernetes',
  description: 'Cordons a node and drains it; the drain takes two minutes, long enough to cancel',
  spec: {
    configs: [{ types: ['Kubernetes::Node'] }],
    parameters: [],
    actions: [
      { name: 'cordon', exec: { script: 'kubectl cordon {{.config.name}}' } },
      {
        name: 'drain',
        exec: {
          script: 'kubectl drain {{.config.name}} --ignore-daemonsets && sleep 120',
        },
      },
      { name: 'report', exec: { script: 'echo "node {{.config.name}} drained"' } },
    ],
    timeout: '30m',
  },
};

const ROTATE: ScenarioPlaybook = {
  name: 'rotate-credentials-fails',
  title: 'Rotate Credentials (fails)',
  icon: 'k8s-secret',
  category: 'Security',
  description: 'Backs up a secret, then fails to rotate it; the failure is announced',
  spec: {
    configs: [{ types: ['Kubernetes::Secret'] }],
    parameters: [],
    actions: [
      { name: 'backup', exec: { script: 'echo "backed up {{.config.name}}"' } },
      {
        name: 'rotate',
        exec: {
          script:
            'kubectl create secret generic {{.config.name}} --from-literal=password=rotated --dry-run=server; exit 1',
        },
      },
      {
        name: 'announce-failure',
        if: 'failure()',
        notification: {
          title: 'Rotation of {{.config.name}} failed',
          message: 'The credentials were not rotated; the backup is kept.',
        },
      },
    ],
    timeout: '30m',
  },
};

const SHOWCASE: ScenarioPlaybook = {
  name: 'parameter-showcase',
  title: 'Parameter showcase',
  icon: 'playbook',
  category: 'Demo',
  description: 'Asks for one parameter of every type and echoes a summary; changes nothing',
  spec: {
    parameters: [
      {
        name: 'service',
        label: 'Service name',
        type: 'text',
        required: true,
        description: '3 to 40 lowercase letters, digits and hyphens, starting with a letter',
        properties: { minLength: 3, maxLength: 40, regex: '[a-z][a-z0-9-]*' },
      },
      {
        name: 'priority',
        label: 'Priority (1 to 5)',
        type: 'text',
        default: '3',
        properties: { min: 1, max: 5 },
      },
      {
        name: 'notes',
        label: 'Notes',
        type: 'text',
        properties: { multiline: true },
      },
      { name: 'api_key', label: 'API key', type: 'password' },
      { name: 'contact', label: 'Contact email', type: 'email', default: 'sre@demo.local' },
      { name: 'runbook', label: 'Runbook URL', type: 'url' },
      {
        name: 'replicas',
        label: 'Replicas',
        type: 'number',
        default: '2',
        properties: { min: 1, max: 10 },
      },
      { name: 'memory', label: 'Memory', type: 'bytes', default: '512Mi' },
      { name: 'cpu', label: 'CPU', type: 'millicores', default: '250m' },
      { name: 'release', label: 'Release name', type: 'dns1123', default: 'checkout-canary' },
      {
        name: 'overrides',
        label: 'Value overrides',
        type: 'code',
        default: YAML_DEFAULT,
        properties: { language: 'yaml', size: 'small' },
      },
      { name: 'dry_run', label: 'Dry run', type: 'checkbox', default: 'true' },
      {
        name: 'environment',
        label: 'Environment',
        type: 'list',
        default: 'staging',
        properties: {
          options: ['development', 'staging', 'production'].map((value) => ({
            label: value,
            value,
          })),
        },
      },
      { name: 'component', label: 'Component', type: 'component' },
      { name: 'config', label: 'Config item', type: 'config' },
      { name: 'check', label: 'Health check', type: 'check' },
      { name: 'owner', label: 'Owner', type: 'people' },
      { name: 'team', label: 'Team', type: 'team' },
      { name: 'window', label: 'Maintenance window', type: 'duration', default: '30m' },
      { name: 'related', label: 'Related configs', type: 'configs' },
    ],
    actions: [
      {
        name: 'summary',
        exec: {
          script:
            'echo "{{.params.service}} in {{.params.environment}}: {{.params.replicas}} replicas, {{.params.cpu}} CPU, {{.params.memory}}, dry run {{.params.dry_run}}"',
        },
      },
    ],
    timeout: '10m',
  },
};

/**
 * A run that fails at its third action the first time: the migrations wait on a schema lock an
 * earlier deploy still holds (`{{.run.attempt}}` is 1 for a fresh run). "Retry from here" on
 * that action starts attempt 2, which carries the first two results over and completes.
 */
const DEPLOY: ScenarioPlaybook = {
  name: 'deploy-release',
  title: 'Deploy Release',
  icon: 'k8s-deployment',
  category: 'Release',
  description:
    'Fetches a release, checks the deployment, applies the migrations and rolls it out; the first attempt fails at the migrations while the schema lock is held',
  spec: {
    configs: DEPLOYMENTS,
    parameters: [
      {
        name: 'version',
        label: 'Version',
        type: 'text',
        required: true,
        default: 'v2.14.0',
      },
    ],
    actions: [
      {
        name: 'fetch-release',
        exec: { script: 'echo "release {{.params.version}} fetched: 3 images, 2 migrations"' },
      },
      {
        name: 'preflight',
        exec: { script: 'echo "{{.config.name}}: replicas ready, no rollout in progress"' },
      },
      {
        name: 'apply-migrations',
        exec: {
          script:
            'test {{.run.attempt}} -gt 1 || exit 75; echo "migrations of {{.params.version}} applied"',
        },
      },
      {
        name: 'rollout',
        exec: { script: 'kubectl rollout restart deployment/{{.config.name}}' },
      },
      {
        name: 'verify',
        exec: { script: 'kubectl rollout status deployment/{{.config.name}}' },
      },
    ],
    timeout: '30m',
  },
};

/**
 * Several configs picked in the run form (a `configs` parameter, sent as a selector of their ids)
 * and a duration; the action names them through a template. Runs on nothing and changes nothing.
 */
const COMPARE: ScenarioPlaybook = {
  name: 'compare-configs',
  title: 'Compare Configs',
  icon: 'diff',
  category: 'Catalog',
  description: 'Compares several config items and their changes over a time window',
  spec: {
    parameters: [
      {
        name: 'configs',
        label: 'Configs to compare',
        type: 'configs',
        required: true,
        description: 'Two or more config items, searched by name',
      },
      {
        name: 'since',
        label: 'Changes within',
        type: 'duration',
        default: '24h',
        properties: { min: '1m', max: '30d', options: ['1h', '6h', '24h', '7d', '30d'] },
      },
    ],
    actions: [
      {
        name: 'compare',
        exec: {
          script:
            'echo "Compared{{range .params.configs}} {{.name}} ({{.type}});{{end}} changes within {{.params.since}}"',
        },
      },
    ],
    timeout: '10m',
  },
};

/** A query over the catalog: the sql action runs it read-only against the demo's database. */
export const CATALOG_HEALTH_QUERY = [
  'SELECT type,',
  '       count(*) AS total,',
  "       count(*) FILTER (WHERE health = 'healthy') AS healthy,",
  "       count(*) FILTER (WHERE health = 'unhealthy') AS unhealthy,",
  "       count(*) FILTER (WHERE health = 'warning') AS warning,",
  '       max(updated_at) AS last_updated',
  '  FROM config_items',
  ' WHERE deleted_at IS NULL',
  ' GROUP BY type',
  ' ORDER BY unhealthy DESC, total DESC, type',
  ' LIMIT 15',
].join('\n');

const CATALOG_HEALTH: ScenarioPlaybook = {
  name: 'catalog-health-by-type',
  title: 'Catalog Health by Type',
  icon: 'postgres',
  category: 'Reports',
  description: 'Counts the catalog by type and health with a SQL query over the config items',
  spec: {
    parameters: [],
    actions: [{ name: 'health-by-type', sql: { query: CATALOG_HEALTH_QUERY } }],
    timeout: '5m',
  },
};

const ERROR_RATE: ScenarioPlaybook = {
  name: 'check-error-rate',
  title: 'Check Error Rate',
  icon: 'prometheus',
  category: 'Observability',
  description: "Charts a health check's passed and failed results over the last hour",
  spec: {
    checks: [{ search: '*' }],
    parameters: [],
    actions: [
      {
        name: 'error-rate',
        prometheus: {
          connection: 'connection://mission-control/prometheus-prod',
          query: 'sum by (status) (increase(canary_check_count{check="{{.check.name}}"}[5m]))',
          range: { start: 'now-1h', end: 'now', step: '5m' },
        },
      },
    ],
    timeout: '5m',
  },
};

const SUMMARISE: ScenarioPlaybook = {
  name: 'summarise-config-changes',
  title: 'Summarise Changes with AI',
  icon: 'ai',
  category: 'AI',
  description: "Asks the AI assistant to summarise a config item's changes of the last day",
  spec: {
    configs: [{ search: '*' }],
    parameters: [],
    actions: [
      {
        name: 'summarise',
        ai: {
          connection: 'connection://mission-control/openai',
          model: 'gpt-4o-mini',
          prompt: 'Summarise the changes of the last day and explain the current health.',
          changes: { since: '24h' },
          formats: ['markdown'],
        },
      },
    ],
    timeout: '5m',
  },
};

/** The scenario playbooks, in the order they are inserted. */
export const SCENARIO_PLAYBOOKS: readonly ScenarioPlaybook[] = [
  SCALE,
  DRAIN,
  ROTATE,
  SHOWCASE,
  DEPLOY,
  COMPARE,
  CATALOG_HEALTH,
  ERROR_RATE,
  SUMMARISE,
];

/** The spec as stored: the playbook's own fields first, like the generated playbooks. */
function storedSpec(playbook: ScenarioPlaybook): Record<string, unknown> {
  return {
    title: playbook.title,
    icon: playbook.icon,
    category: playbook.category,
    description: playbook.description,
    ...playbook.spec,
  };
}

/** Inserts the scenario playbooks; answers how many. Reads nothing from the random source. */
export async function insertScenarioPlaybooks(ctx: SeedContext): Promise<number> {
  const created = before(ctx.now, 7 * DAY);
  const rows = SCENARIO_PLAYBOOKS.map((playbook) => ({
    id: scenarioPlaybookId(playbook.name),
    namespace: SCENARIO_NAMESPACE,
    name: playbook.name,
    title: playbook.title,
    icon: playbook.icon,
    description: playbook.description,
    spec: storedSpec(playbook),
    created_by: null,
    source: 'KubernetesCRD',
    category: playbook.category,
    created_at: created,
    updated_at: created,
  }));
  await bulkInsert(ctx.db, 'playbooks', PLAYBOOK_COLUMNS, rows);
  return rows.length;
}
