/**
 * The shape of the seeded company, decided from the scale alone (no randomness), so that the
 * topology, health and catalog seeders agree on cluster, namespace and service names.
 */

/** Workloads of each namespace; names matching STATEFUL run as StatefulSets. */
export const NAMESPACE_SERVICES: Readonly<Record<string, readonly string[]>> = {
  'kube-system': [
    'coredns',
    'metrics-server',
    'cluster-autoscaler',
    'aws-load-balancer-controller',
  ],
  monitoring: ['prometheus', 'alertmanager', 'grafana', 'kube-state-metrics'],
  logging: ['loki', 'fluent-bit', 'vector-aggregator'],
  'ingress-nginx': ['ingress-nginx-controller'],
  'cert-manager': ['cert-manager', 'cert-manager-webhook'],
  default: ['hello-world'],
  platform: ['mission-control', 'canary-checker', 'config-db'],
  argocd: ['argocd-server', 'argocd-repo-server', 'argocd-application-controller'],
  payments: ['payments-api', 'payment-worker', 'fraud-detector', 'refunds-api'],
  billing: ['billing-api', 'invoice-generator', 'tax-service'],
  ledger: ['ledger-api', 'ledger-postgres'],
  checkout: ['checkout-api', 'checkout-web', 'promotions'],
  cart: ['cart-api', 'cart-redis'],
  pricing: ['pricing-api', 'currency-rates'],
  identity: ['identity-api', 'session-redis', 'mfa-service'],
  auth: ['oauth-server', 'token-service'],
  data: ['etl-scheduler', 'warehouse-loader', 'dbt-runner'],
  analytics: ['events-collector', 'clickhouse', 'metabase'],
  kafka: ['kafka', 'zookeeper', 'schema-registry', 'kafka-connect'],
  security: ['falco', 'trivy-operator'],
  vault: ['vault', 'vault-agent-injector'],
  frontend: ['web', 'storefront', 'admin-portal'],
  search: ['search-api', 'elasticsearch', 'indexer'],
  messaging: ['rabbitmq', 'email-sender', 'sms-gateway'],
  notifications: ['notification-api', 'push-worker'],
  shipping: ['shipping-api', 'label-printer', 'carrier-sync'],
  inventory: ['inventory-api', 'stock-sync', 'inventory-postgres'],
  cdn: ['edge-cache'],
};

const STATEFUL =
  /postgres|redis|kafka|zookeeper|clickhouse|elasticsearch|rabbitmq|vault$|loki|prometheus|alertmanager/;

export function isStateful(service: string): boolean {
  return STATEFUL.test(service);
}

/** Namespaces every cluster runs. */
export const SYSTEM_NAMESPACES = [
  'kube-system',
  'monitoring',
  'logging',
  'ingress-nginx',
  'cert-manager',
  'default',
  'platform',
  'argocd',
];

export const APP_NAMESPACES = Object.keys(NAMESPACE_SERVICES).filter(
  (namespace) => !SYSTEM_NAMESPACES.includes(namespace),
);

export type Environment = 'prod' | 'staging' | 'dev';

export interface ClusterPlan {
  name: string;
  env: Environment;
  region: string;
  namespaces: string[];
  /** Name of the agent that scrapes it, or null for the local instance. */
  agent: string | null;
}

export interface AccountPlan {
  name: string;
  env: Environment | 'shared' | 'data';
  accountId: string;
  regions: string[];
}

export interface EstatePlan {
  clusters: ClusterPlan[];
  accounts: AccountPlan[];
  /** Target number of config items, which the catalog seeder fills. */
  configTarget: number;
  /** Target number of health checks. */
  checkTarget: number;
}

const CLUSTER_SEQUENCE: ReadonlyArray<readonly [Environment, string]> = [
  ['prod', 'eu-west-1'],
  ['prod', 'us-east-1'],
  ['staging', 'eu-west-1'],
  ['dev', 'eu-west-1'],
  ['prod', 'eu-central-1'],
  ['prod', 'ap-southeast-1'],
  ['staging', 'us-east-1'],
  ['prod', 'us-west-2'],
  ['dev', 'us-east-1'],
  ['prod', 'ap-south-1'],
  ['staging', 'eu-central-1'],
  ['prod', 'sa-east-1'],
];

/** Config items per scale unit, and checks per scale unit: scale 20 is the benchmark estate. */
export const CONFIGS_PER_SCALE = 5000;
export const CHECKS_PER_SCALE = 250;

/** Approximate size of a namespace in config items (workloads, pods, services, ...). */
function namespaceSize(namespace: string): number {
  return 1 + (NAMESPACE_SERVICES[namespace]?.length ?? 1) * 9;
}

const CLUSTER_OVERHEAD = 16;
const MAX_APP_NAMESPACES = APP_NAMESPACES.length;

function clusterAt(index: number): ClusterPlan {
  const round = Math.floor(index / CLUSTER_SEQUENCE.length);
  const [env, region] = CLUSTER_SEQUENCE[index % CLUSTER_SEQUENCE.length] as readonly [
    Environment,
    string,
  ];
  const name = `${env}-${region}${round > 0 ? `-${round + 1}` : ''}`;
  let agent: string | null = null;
  if (index === 1) agent = 'us-east-1-prod';
  else if (index === 2) agent = 'staging';
  return { name, env, region, namespaces: [...SYSTEM_NAMESPACES], agent };
}

/** Application namespaces a cluster runs, in the order they are added. */
function appNamespacesOf(cluster: ClusterPlan, index: number): string[] {
  const offset = (index * 5) % APP_NAMESPACES.length;
  const rotated = [...APP_NAMESPACES.slice(offset), ...APP_NAMESPACES.slice(0, offset)];
  return cluster.env === 'dev' ? rotated.slice(0, Math.ceil(MAX_APP_NAMESPACES / 2)) : rotated;
}

export function planEstate(scale: number): EstatePlan {
  const configTarget = Math.max(150, Math.round(CONFIGS_PER_SCALE * scale));
  const checkTarget = Math.max(20, Math.round(CHECKS_PER_SCALE * scale));
  const kubernetesBudget = Math.round(configTarget * 0.72);

  const clusters: ClusterPlan[] = [];
  let used = 0;
  for (let index = 0; used < kubernetesBudget; index++) {
    const cluster = clusterAt(index);
    used += CLUSTER_OVERHEAD + cluster.namespaces.reduce((sum, ns) => sum + namespaceSize(ns), 0);
    for (const namespace of appNamespacesOf(cluster, index)) {
      if (used >= kubernetesBudget) break;
      cluster.namespaces.push(namespace);
      used += namespaceSize(namespace);
    }
    clusters.push(cluster);
  }

  const envs = [...new Set(clusters.map((cluster) => cluster.env))];
  const accounts: AccountPlan[] = envs.map((env, i) => ({
    name: `acme-${env}`,
    env,
    accountId: String(123456789012 + i * 111111111).padStart(12, '0'),
    regions: [...new Set(clusters.filter((c) => c.env === env).map((c) => c.region))],
  }));
  accounts.push({
    name: 'acme-shared-services',
    env: 'shared',
    accountId: '987654321098',
    regions: ['eu-west-1', 'us-east-1'],
  });
  if (scale >= 0.5) {
    accounts.push({
      name: 'acme-data',
      env: 'data',
      accountId: '555666777888',
      regions: ['eu-west-1'],
    });
  }
  return { clusters, accounts, configTarget, checkTarget };
}
