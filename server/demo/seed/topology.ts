import { bulkInsert } from './bulk';
import type { SeedContext, Seeder } from './context';
import { NAMESPACE_SERVICES, isStateful, planEstate } from './estatePlan';
import { DAY_MS, MINUTE_MS, NIL_UUID, ago, money } from './helpers';
import { weighted } from './sampling';
import { TEAMS, teamOfNamespace } from './peopleCatalog';
import { type Rng, createRng } from './random';
import { definitionColumns } from './columns';

type Health = 'healthy' | 'warning' | 'unhealthy' | 'unknown';

interface LinkedCheck {
  id: string;
  canaryId: string;
  name: string;
  status: string;
}

interface ComponentDraft {
  id: string;
  topologyId: string;
  parent: ComponentDraft | null;
  path: string;
  name: string;
  type: string;
  icon: string;
  namespace: string | null;
  externalId: string;
  labels: Record<string, string>;
  properties: Array<Record<string, unknown>> | null;
  selectors: Array<Record<string, unknown>> | null;
  logSelectors: Array<Record<string, unknown>> | null;
  team: string | null;
  children: ComponentDraft[];
  checks: LinkedCheck[];
  health: Health;
  statusReason: string | null;
  hidden: boolean;
  deletedAt: Date | null;
  costPerMinute: number | null;
  /** Default: `<type> <name>`. */
  description?: string;
}

interface TopologyDraft {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string>;
  schedule: string;
  source: string;
  spec: Record<string, unknown>;
}

const COMPONENT_COLUMNS = {
  id: 'uuid',
  agent_id: 'uuid',
  topology_id: 'uuid',
  external_id: 'text',
  parent_id: 'uuid',
  name: 'text',
  namespace: 'text',
  labels: 'jsonb',
  hidden: 'boolean',
  status: 'text',
  health: 'text',
  description: 'text',
  status_reason: 'text',
  schedule: 'text',
  icon: 'text',
  type: 'text',
  owner: 'text',
  selectors: 'jsonb',
  log_selectors: 'jsonb',
  properties: 'jsonb',
  path: 'text',
  summary: 'jsonb',
  is_leaf: 'boolean',
  cost_per_minute: 'numeric',
  cost_total_1d: 'numeric',
  cost_total_7d: 'numeric',
  cost_total_30d: 'numeric',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  deleted_at: 'timestamptz',
} as const;

const SEVERITY_OF_HEALTH: Record<Health, number> = {
  healthy: 0,
  unknown: 1,
  warning: 2,
  unhealthy: 3,
};

class TopologyBuilder {
  readonly components: ComponentDraft[] = [];
  readonly topologies: TopologyDraft[] = [];

  constructor(private readonly ctx: SeedContext) {}

  topology(name: string, namespace: string, spec: Record<string, unknown>): TopologyDraft {
    const { rng } = this.ctx;
    const draft: TopologyDraft = {
      id: rng.uuid(),
      name,
      namespace,
      labels: { owner: teamOfNamespace(namespace).toLowerCase() },
      schedule: rng.pick(['@every 5m', '@every 10m', '@every 15m']),
      source: rng.chance(0.7) ? 'KubernetesCRD' : 'UI',
      spec,
    };
    this.topologies.push(draft);
    return draft;
  }

  add(
    topology: TopologyDraft,
    parent: ComponentDraft | null,
    fields: Pick<ComponentDraft, 'name' | 'type' | 'icon'> & Partial<ComponentDraft>,
  ): ComponentDraft {
    const { rng } = this.ctx;
    const id = rng.uuid();
    const draft: ComponentDraft = {
      id,
      topologyId: topology.id,
      parent,
      path: parent ? (parent.path ? `${parent.path}.${parent.id}` : parent.id) : '',
      namespace: parent?.namespace ?? null,
      externalId: `${parent ? parent.externalId : topology.name}/${fields.name}`,
      labels: {},
      properties: null,
      selectors: null,
      logSelectors: null,
      team: parent?.team ?? null,
      children: [],
      checks: [],
      health: 'healthy',
      statusReason: null,
      hidden: rng.chance(0.02),
      deletedAt: rng.chance(0.01) ? ago(this.ctx.now, rng.int(1, 10) * DAY_MS) : null,
      costPerMinute: null,
      ...fields,
    };
    parent?.children.push(draft);
    this.components.push(draft);
    return draft;
  }
}

function kubernetesTopology(builder: TopologyBuilder, ctx: SeedContext): void {
  const { rng } = ctx;
  const plan = planEstate(ctx.scale);
  const topology = builder.topology('kubernetes-clusters', 'platform', {
    schedule: '@every 5m',
    components: [
      { name: 'clusters', type: 'KubernetesCluster', lookup: { kubernetes: [{ kind: 'Node' }] } },
    ],
  });
  plan.clusters.forEach((cluster, index) => {
    const nodes = rng.int(4, 12);
    const root = builder.add(topology, null, {
      name: cluster.name,
      type: 'KubernetesCluster',
      icon: 'kubernetes',
      labels: { env: cluster.env, region: cluster.region },
      properties: [
        {
          name: 'version',
          label: 'Version',
          type: 'badge',
          color: 'blue',
          text: rng.pick(['v1.28.9', 'v1.29.4', 'v1.30.2']),
        },
        { name: 'nodes', label: 'Nodes', value: nodes, headline: true },
        {
          name: 'cpu',
          value: nodes * rng.int(1200, 3400),
          max: nodes * 4000,
          unit: 'millicores',
          headline: true,
        },
        {
          name: 'memory',
          value: nodes * rng.int(6, 14) * 1024 ** 3,
          max: nodes * 16 * 1024 ** 3,
          unit: 'bytes',
          headline: true,
        },
      ],
      hidden: false,
      deletedAt: null,
      costPerMinute: nodes * 0.0032,
    });
    for (const namespace of cluster.namespaces) {
      const team = teamOfNamespace(namespace);
      const ns = builder.add(topology, root, {
        name: namespace,
        type: 'KubernetesNamespace',
        icon: 'namespace',
        namespace,
        team,
        labels: { team: team.toLowerCase(), env: cluster.env },
      });
      if (index >= 3 && cluster.env !== 'prod') continue;
      for (const service of NAMESPACE_SERVICES[namespace] ?? []) {
        const replicas = isStateful(service) ? rng.int(1, 3) : rng.int(1, 5);
        builder.add(topology, ns, {
          name: service,
          type: isStateful(service) ? 'StatefulSet' : 'Deployment',
          icon: isStateful(service) ? 'database' : 'kubernetes',
          labels: { app: service, team: team.toLowerCase(), env: cluster.env },
          selectors: [{ labelSelector: `app=${service}`, namespace }],
          logSelectors: rng.chance(0.25)
            ? [{ name: `${service}-logs`, type: 'loki', labels: { app: service, namespace } }]
            : null,
          properties: [
            { name: 'replicas', label: 'Replicas', value: replicas, headline: true },
            {
              name: 'version',
              label: 'Version',
              type: 'badge',
              color: 'gray',
              text: `${rng.int(1, 4)}.${rng.int(0, 20)}.${rng.int(0, 9)}`,
            },
            { name: 'cpu', value: replicas * rng.int(50, 800), unit: 'millicores', headline: true },
            {
              name: 'memory',
              value: replicas * rng.int(128, 2048) * 1024 ** 2,
              unit: 'bytes',
              headline: true,
            },
          ],
          costPerMinute: replicas * 0.0004,
        });
      }
    }
  });
}

function endpointPath(service: string, i: number): string {
  const base = service.replace(/-(api|service|web)$/, '');
  return ['/healthz', `/api/v1/${base}`, `/api/v2/${base}`, '/metrics'][i % 4] as string;
}

function applicationTopologies(builder: TopologyBuilder, ctx: SeedContext): void {
  const { rng } = ctx;
  for (const team of TEAMS) {
    const namespace = team.namespaces[0];
    const topology = builder.topology(`${team.name.toLowerCase()}-platform`, namespace, {
      schedule: '@every 5m',
      components: [{ name: `${team.name} Platform`, type: 'Application', icon: team.icon }],
    });
    const root = builder.add(topology, null, {
      name: `${team.name} Platform`,
      type: 'Application',
      icon: team.icon,
      namespace,
      team: team.name,
      labels: { team: team.name.toLowerCase(), tier: 'business' },
      hidden: false,
      deletedAt: null,
    });
    for (const ns of team.namespaces) {
      for (const service of NAMESPACE_SERVICES[ns] ?? []) {
        const stateful = isStateful(service);
        const node = builder.add(topology, root, {
          name: service,
          type: stateful ? 'Database' : 'Service',
          icon: stateful ? 'database' : 'server',
          namespace: ns,
          labels: { app: service, team: team.name.toLowerCase() },
          properties: [
            { name: 'uptime', value: 99 + rng.next(), unit: 'percent', headline: true },
            { name: 'owner', text: `${team.name.toLowerCase()}@demo.local` },
            {
              name: 'runbook',
              text: 'Runbook',
              type: 'url',
              links: [{ label: 'Runbook', url: `https://wiki.demo.local/runbooks/${service}` }],
            },
          ],
        });
        if (stateful) continue;
        for (let i = 0; i < rng.int(1, 3); i++) {
          builder.add(topology, node, {
            name: endpointPath(service, i),
            type: 'Endpoint',
            icon: 'http',
            labels: { app: service },
            properties: [
              { name: 'p99', value: rng.int(40, 900), unit: 'ms', headline: true },
              { name: 'rps', value: rng.int(1, 400), headline: true },
            ],
          });
        }
      }
    }
  }
}

function awsTopology(builder: TopologyBuilder, ctx: SeedContext): void {
  const { rng } = ctx;
  const plan = planEstate(ctx.scale);
  const topology = builder.topology('aws-infrastructure', 'platform', {
    schedule: '@every 15m',
    components: [
      { name: 'accounts', type: 'AWSAccount', lookup: { configDB: [{ type: 'AWS::::Account' }] } },
    ],
  });
  for (const account of plan.accounts) {
    const root = builder.add(topology, null, {
      name: account.name,
      type: 'AWSAccount',
      icon: 'aws',
      labels: { account: account.accountId, env: account.env },
      team: 'Platform',
      hidden: false,
      deletedAt: null,
    });
    for (const region of account.regions) {
      const regionNode = builder.add(topology, root, {
        name: region,
        type: 'AWSRegion',
        icon: 'aws-region',
        labels: { region },
      });
      for (let i = 0; i < rng.int(1, 3); i++) {
        builder.add(topology, regionNode, {
          name: `${account.env}-${['orders', 'users', 'ledger', 'inventory'][i]}-db`,
          type: 'RDSInstance',
          icon: 'aws-rds',
          labels: { engine: 'postgres' },
          properties: [
            { name: 'engine', text: 'postgres 15.5' },
            {
              name: 'storage',
              value: rng.int(50, 2000) * 1024 ** 3,
              unit: 'bytes',
              headline: true,
            },
            { name: 'connections', value: rng.int(5, 400), max: 500, headline: true },
          ],
          costPerMinute: rng.int(5, 80) / 1000,
        });
      }
      builder.add(topology, regionNode, {
        name: 'EC2',
        type: 'Group',
        icon: 'aws-ec2-instance',
        properties: [{ name: 'instances', value: rng.int(10, 120), headline: true }],
      });
      builder.add(topology, regionNode, {
        name: 'S3',
        type: 'Group',
        icon: 'aws-s3-bucket',
        properties: [{ name: 'buckets', value: rng.int(3, 40), headline: true }],
      });
    }
  }
}

/** Links live checks to the components they watch, by the `app` label of the check. */
async function linkChecks(ctx: SeedContext, builder: TopologyBuilder): Promise<void> {
  const { db, rng } = ctx;
  const { rows } = await db.query<{
    id: string;
    canary_id: string;
    name: string;
    app: string | null;
    status: string;
    type: string;
  }>(
    `SELECT id, canary_id, name, labels ->> 'app' AS app, status, type
     FROM checks WHERE deleted_at IS NULL ORDER BY id`,
  );
  const byService = new Map<string, ComponentDraft[]>();
  for (const component of builder.components) {
    if (
      component.deletedAt ||
      !['Service', 'Database', 'Deployment', 'StatefulSet'].includes(component.type)
    )
      continue;
    const list = byService.get(component.name) ?? [];
    list.push(component);
    byService.set(component.name, list);
  }
  for (const check of rows) {
    if (!check.app || !rng.chance(0.75)) continue;
    const candidates = byService.get(check.app);
    if (!candidates || candidates.length === 0) continue;
    const targets = [candidates[0] as ComponentDraft];
    if (candidates.length > 1 && rng.chance(0.5)) targets.push(rng.pick(candidates.slice(1)));
    for (const target of targets) {
      target.checks.push({
        id: check.id,
        canaryId: check.canary_id,
        name: check.name,
        status: check.status,
      });
    }
  }
}

/** Leaf health from linked checks (or a baseline), rolled up to parents. */
function assignHealth(ctx: SeedContext, component: ComponentDraft): Health {
  const { rng } = ctx;
  const failing = component.checks.filter((check) => check.status === 'unhealthy');
  let health: Health;
  if (failing.length > 0) {
    health = failing.length === component.checks.length ? 'unhealthy' : 'warning';
    component.statusReason = `check ${(failing[0] as LinkedCheck).name} is failing`;
  } else {
    health = weighted<Health>(rng, [
      ['healthy', 92],
      ['warning', 4],
      ['unhealthy', 2],
      ['unknown', 2],
    ]);
    if (health === 'warning')
      component.statusReason = rng.pick([
        '1 of 3 replicas not ready',
        'high memory usage (87%)',
        'certificate expires in 9 days',
      ]);
    if (health === 'unhealthy')
      component.statusReason = rng.pick([
        '0 of 2 replicas available',
        'CrashLoopBackOff',
        'endpoint returned 503',
      ]);
  }
  const childHealths = component.children
    .filter((child) => !child.deletedAt)
    .map((child) => assignHealth(ctx, child));
  if (childHealths.length > 0) {
    const unhealthy = childHealths.filter((h) => h === 'unhealthy').length;
    const worst = childHealths.reduce<Health>(
      (a, b) => (SEVERITY_OF_HEALTH[b] > SEVERITY_OF_HEALTH[a] ? b : a),
      'healthy',
    );
    let rolled: Health = 'healthy';
    if (unhealthy > childHealths.length * 0.3) rolled = 'unhealthy';
    else if (worst === 'unhealthy' || worst === 'warning') rolled = 'warning';
    if (SEVERITY_OF_HEALTH[rolled] > SEVERITY_OF_HEALTH[health]) {
      health = rolled;
      component.statusReason = `${unhealthy} of ${childHealths.length} children unhealthy`;
    }
  }
  component.health = health;
  return health;
}

function statusOf(health: Health): string {
  return { healthy: 'healthy', warning: 'warning', unhealthy: 'unhealthy', unknown: 'info' }[
    health
  ];
}

function summaryOf(component: ComponentDraft): Record<string, unknown> {
  const counts = { healthy: 0, unhealthy: 0, warning: 0, unknown: 0 };
  for (const child of component.children) if (!child.deletedAt) counts[child.health]++;
  const checks = { healthy: 0, unhealthy: 0 };
  for (const check of component.checks) {
    if (check.status === 'healthy') checks.healthy++;
    else checks.unhealthy++;
  }
  return { ...counts, checks };
}

const TOPOLOGY_COLUMNS = definitionColumns({
  name: 'text',
  namespace: 'text',
  labels: 'jsonb',
  source: 'source',
  spec: 'jsonb',
  schedule: 'text',
});

/** A `topologies` row; draws its times from `rng`. */
function topologyRow(
  topology: TopologyDraft,
  rng: Rng,
  now: Date,
  adminId: string | null,
): Record<string, unknown> {
  return {
    ...topology,
    created_by: topology.source === 'UI' ? adminId : null,
    created_at: ago(now, rng.int(60, 400) * DAY_MS),
    updated_at: ago(now, rng.int(0, 30) * DAY_MS),
  };
}

/** A `components` row; draws its times and cost totals from `rng`. */
function componentRow(component: ComponentDraft, rng: Rng, now: Date): Record<string, unknown> {
  const created = ago(now, rng.int(20, 300) * DAY_MS);
  const cost = component.costPerMinute;
  return {
    id: component.id,
    agent_id: NIL_UUID,
    topology_id: component.topologyId,
    external_id: component.externalId,
    parent_id: component.parent?.id ?? null,
    name: component.name,
    namespace: component.namespace,
    labels: component.labels,
    hidden: component.hidden,
    status: statusOf(component.health),
    health: component.health,
    description: component.description ?? `${component.type} ${component.name}`,
    status_reason: component.statusReason,
    schedule: '@every 5m',
    icon: component.icon,
    type: component.type,
    owner: component.team,
    selectors: component.selectors,
    log_selectors: component.logSelectors,
    properties: component.properties,
    path: component.path,
    summary: summaryOf(component),
    is_leaf: component.children.length === 0,
    cost_per_minute: cost === null ? null : money(cost),
    cost_total_1d: cost === null ? null : money(cost * 1440 * (0.9 + rng.next() * 0.2)),
    cost_total_7d: cost === null ? null : money(cost * 1440 * 7 * (0.9 + rng.next() * 0.2)),
    cost_total_30d: cost === null ? null : money(cost * 1440 * 30 * (0.9 + rng.next() * 0.2)),
    created_at: created,
    updated_at: ago(now, rng.int(0, 20 * 24 * 60) * MINUTE_MS),
    deleted_at: component.deletedAt,
  };
}

export const seedTopology: Seeder = async (ctx) => {
  const { db, rng, now, refs } = ctx;
  const builder = new TopologyBuilder(ctx);
  kubernetesTopology(builder, ctx);
  applicationTopologies(builder, ctx);
  awsTopology(builder, ctx);
  await linkChecks(ctx, builder);
  for (const root of builder.components.filter((c) => c.parent === null)) assignHealth(ctx, root);
  // Everything below that is new draws from its own source: the shared one must be called
  // exactly as before, or every area seeded after this one would change.
  const extra = createRng(EXTRA_SEED);
  enrichProperties(builder.components, extra, now);

  const admin = refs.people.find((person) => person.role === 'admin');
  await bulkInsert(
    db,
    'topologies',
    TOPOLOGY_COLUMNS,
    builder.topologies.map((topology) => topologyRow(topology, rng, now, admin?.id ?? null)),
  );

  const componentRows = builder.components.map((component) => componentRow(component, rng, now));
  await bulkInsert(db, 'components', COMPONENT_COLUMNS, componentRows);

  const checkLinks = builder.components.flatMap((component) =>
    component.checks.map((check) => ({
      component_id: component.id,
      check_id: check.id,
      canary_id: check.canaryId,
      selector_id: `app=${component.name}`,
      created_at: ago(now, rng.int(1, 60) * DAY_MS),
      deleted_at: component.deletedAt,
    })),
  );
  await bulkInsert(
    db,
    'check_component_relationships',
    {
      component_id: 'uuid',
      check_id: 'uuid',
      canary_id: 'uuid',
      selector_id: 'text',
      created_at: 'timestamptz',
      deleted_at: 'timestamptz',
    },
    checkLinks,
  );

  await seedComponentRelationships(ctx, builder);
  await seedTeamComponents(ctx, builder);
  const external = await seedExternalServices(ctx, extra, admin?.id ?? null);

  refs.topologies.push(
    ...builder.topologies.map((topology) => ({ id: topology.id, name: topology.name })),
  );
  for (const component of builder.components) {
    if (!component.deletedAt)
      refs.components.push({ id: component.id, name: component.name, type: component.type });
  }
  ctx.log(
    `topology: ${builder.topologies.length + 1} topologies, ${builder.components.length + external} components, ${checkLinks.length} check links`,
  );
};

/** Application services are parents of the Kubernetes workloads that run them. */
async function seedComponentRelationships(
  ctx: SeedContext,
  builder: TopologyBuilder,
): Promise<void> {
  const { db, rng, now } = ctx;
  const workloads = new Map<string, ComponentDraft[]>();
  for (const component of builder.components) {
    if (component.type !== 'Deployment' && component.type !== 'StatefulSet') continue;
    const list = workloads.get(component.name) ?? [];
    if (list.length < 3) list.push(component);
    workloads.set(component.name, list);
  }
  const rows: Array<Record<string, unknown>> = [];
  for (const component of builder.components) {
    if (component.type !== 'Service' && component.type !== 'Database') continue;
    for (const workload of workloads.get(component.name) ?? []) {
      rows.push({
        component_id: workload.id,
        relationship_id: component.id,
        selector_id: `app=${component.name}`,
        relationship_path: `${component.path}.${component.id}`,
        created_at: ago(now, rng.int(1, 90) * DAY_MS),
      });
    }
  }
  await bulkInsert(
    db,
    'component_relationships',
    {
      component_id: 'uuid',
      relationship_id: 'uuid',
      selector_id: 'text',
      relationship_path: 'text',
      created_at: 'timestamptz',
    },
    rows,
  );
}

async function seedTeamComponents(ctx: SeedContext, builder: TopologyBuilder): Promise<void> {
  const { db, refs } = ctx;
  const teamIds = new Map(refs.teams.map((team) => [team.name, team.id]));
  const rows: Array<Record<string, unknown>> = [];
  for (const component of builder.components) {
    if (component.deletedAt || !component.team) continue;
    if (
      !['Application', 'Service', 'Database', 'KubernetesNamespace', 'AWSAccount'].includes(
        component.type,
      )
    )
      continue;
    const teamId = teamIds.get(component.team);
    if (!teamId) continue;
    rows.push({
      team_id: teamId,
      component_id: component.id,
      role: component.type === 'KubernetesNamespace' ? 'maintainer' : 'owner',
      selector_id: `team=${component.team.toLowerCase()}`,
    });
  }
  await bulkInsert(
    db,
    'team_components',
    { team_id: 'uuid', component_id: 'uuid', role: 'text', selector_id: 'text' },
    rows,
  );
}

/** Seed of the random source of what was added to this area after its first version. */
const EXTRA_SEED = 0x70b0_2024;

const MINUTES_PER_MONTH = 30 * 24 * 60;
const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

type Property = Record<string, unknown>;

function iso(date: Date): string {
  return date.toISOString();
}

function inDays(now: Date, days: number): string {
  return iso(new Date(now.getTime() + days * DAY_MS));
}

function daysAgo(now: Date, days: number): string {
  return iso(ago(now, days * DAY_MS));
}

/** A monthly cost in dollars, from a cost per minute. */
function monthly(costPerMinute: number | null): number | null {
  return costPerMinute === null ? null : Math.round(costPerMinute * MINUTES_PER_MONTH * 100) / 100;
}

function currency(name: string, label: string, value: number | null): Property[] {
  return value === null ? [] : [{ name, label, type: 'currency', value, unit: 'USD' }];
}

function numberProperty(properties: Property[], name: string): number | null {
  const value = properties.find((p) => p.name === name)?.value;
  return typeof value === 'number' ? value : null;
}

/** Gives a usage property (`cpu`, `memory`, ...) its label and a limit `factor` times its value. */
function withLimit(properties: Property[], name: string, label: string, factor: number): void {
  const property = properties.find((p) => p.name === name);
  if (!property || typeof property.value !== 'number') return;
  property.label = label;
  if (property.max === undefined) property.max = Math.round(property.value * factor);
}

const TIER_COLORS: Record<string, string> = {
  'tier-1': 'red',
  'tier-2': 'orange',
  'tier-3': 'gray',
};

function tierBadge(tier: string): Property {
  return { name: 'tier', label: 'Tier', type: 'badge', text: tier, color: TIER_COLORS[tier] };
}

/**
 * Properties of every kind the console renders, with units and limits: usage with `max` (drawn
 * as progress bars), versions and tiers as badges, links, monthly costs, ages (ISO timestamps in
 * `text`) and hidden entries. Values come from `rng`, never from the shared source.
 */
function enrichProperties(components: readonly ComponentDraft[], rng: Rng, now: Date): void {
  for (const component of components) {
    const properties: Property[] = component.properties ?? [];
    const cost = currency('cost', 'Monthly cost', monthly(component.costPerMinute));
    switch (component.type) {
      case 'KubernetesCluster': {
        const nodes = numberProperty(properties, 'nodes') ?? 4;
        withLimit(properties, 'cpu', 'CPU', 1);
        withLimit(properties, 'memory', 'Memory', 1);
        properties.push(
          {
            name: 'pods',
            label: 'Pods',
            value: nodes * rng.int(20, 80),
            max: nodes * 110,
            headline: true,
          },
          {
            name: 'api-server',
            label: 'API server',
            type: 'url',
            text: `https://api.${component.name}.k8s.demo.local:6443`,
          },
          ...cost,
          { name: 'created', label: 'Created', type: 'age', text: daysAgo(now, rng.int(120, 900)) },
          {
            name: 'cert-expiry',
            label: 'Certificate expiry',
            type: 'age',
            text: inDays(now, rng.int(9, 360)),
          },
          {
            name: 'kubeconfig',
            type: 'hidden',
            text: `vault://platform/kubeconfig/${component.name}`,
          },
        );
        break;
      }
      case 'KubernetesNamespace': {
        const cpuQuota = rng.pick([4000, 8000, 16000, 32000]);
        const memoryQuota = rng.pick([8, 16, 32, 64]) * GIB;
        properties.push(
          {
            name: 'cpu',
            label: 'CPU',
            value: Math.round(cpuQuota * (0.15 + rng.next() * 0.8)),
            max: cpuQuota,
            unit: 'millicores',
            headline: true,
          },
          {
            name: 'memory',
            label: 'Memory',
            value: Math.round(memoryQuota * (0.15 + rng.next() * 0.8)),
            max: memoryQuota,
            unit: 'bytes',
            headline: true,
          },
        );
        break;
      }
      case 'Deployment':
      case 'StatefulSet': {
        const replicas = numberProperty(properties, 'replicas') ?? 1;
        const replicasProperty = properties.find((p) => p.name === 'replicas');
        if (replicasProperty && component.type === 'Deployment') {
          replicasProperty.max = replicas + rng.int(0, 6);
        }
        withLimit(properties, 'cpu', 'CPU', 1.5 + rng.next() * 2);
        withLimit(properties, 'memory', 'Memory', 1.2 + rng.next());
        properties.push(...cost);
        break;
      }
      case 'Service': {
        const serviceReplicas = rng.int(2, 8);
        properties.push(
          {
            name: 'cpu',
            label: 'CPU',
            value: serviceReplicas * rng.int(100, 700),
            max: serviceReplicas * 1000,
            unit: 'millicores',
            headline: true,
          },
          {
            name: 'memory',
            label: 'Memory',
            value: serviceReplicas * rng.int(200, 900) * MIB,
            max: serviceReplicas * 1024 * MIB,
            unit: 'bytes',
            headline: true,
          },
          { name: 'replicas', label: 'Replicas', value: serviceReplicas, max: serviceReplicas + 4 },
          {
            name: 'version',
            label: 'Version',
            type: 'badge',
            color: 'blue',
            text: `v${rng.int(1, 5)}.${rng.int(0, 30)}.${rng.int(0, 12)}`,
          },
          tierBadge(rng.pick(['tier-1', 'tier-1', 'tier-2', 'tier-3'])),
          {
            name: 'api',
            label: 'API',
            type: 'url',
            text: `https://${component.name}.demo.local/docs`,
          },
          ...currency('cost', 'Monthly cost', rng.int(40, 2400)),
          {
            name: 'deployed',
            label: 'Last deployed',
            type: 'age',
            text: iso(ago(now, rng.int(10, 60 * 24 * 20) * MINUTE_MS)),
          },
          { name: 'pagerduty-service', type: 'hidden', text: `P${rng.int(100000, 999999)}` },
        );
        break;
      }
      case 'Database': {
        const storageMax = rng.pick([100, 250, 500, 1000]) * GIB;
        const connectionsMax = rng.pick([100, 200, 500]);
        properties.push(
          {
            name: 'storage',
            label: 'Storage',
            value: Math.round(storageMax * (0.2 + rng.next() * 0.75)),
            max: storageMax,
            unit: 'bytes',
            headline: true,
          },
          {
            name: 'connections',
            label: 'Connections',
            value: rng.int(5, connectionsMax),
            max: connectionsMax,
            headline: true,
          },
          tierBadge('tier-1'),
          ...currency('cost', 'Monthly cost', rng.int(150, 4000)),
          {
            name: 'last-backup',
            label: 'Last backup',
            type: 'age',
            text: iso(ago(now, rng.int(5, 24 * 60) * MINUTE_MS)),
          },
          { name: 'credentials', type: 'hidden', text: `vault://databases/${component.name}` },
        );
        break;
      }
      case 'Endpoint': {
        const service = component.parent?.name ?? 'api';
        properties.push({
          name: 'url',
          label: 'URL',
          type: 'url',
          text: `https://${service}.demo.local${component.name}`,
        });
        const p99 = properties.find((p) => p.name === 'p99');
        if (p99) {
          p99.label = 'p99 latency';
          p99.max = 1000;
        }
        break;
      }
      case 'Application':
        properties.push(
          tierBadge('tier-1'),
          {
            name: 'docs',
            label: 'Documentation',
            type: 'url',
            links: [
              {
                label: 'Runbooks',
                url: `https://wiki.demo.local/teams/${component.name.toLowerCase().replace(/\s+/g, '-')}`,
              },
            ],
          },
          ...currency('cost', 'Monthly cost', rng.int(2000, 40000)),
          {
            name: 'created',
            label: 'Created',
            type: 'age',
            text: daysAgo(now, rng.int(200, 1500)),
          },
        );
        break;
      case 'RDSInstance':
        withLimit(properties, 'storage', 'Storage', 1.25 + rng.next());
        properties.push(
          {
            name: 'class',
            label: 'Instance class',
            type: 'badge',
            color: 'gray',
            text: rng.pick(['db.t4g.large', 'db.r6g.large', 'db.r6g.xlarge', 'db.m6g.2xlarge']),
          },
          {
            name: 'console',
            label: 'Console',
            type: 'url',
            links: [
              {
                label: 'AWS console',
                url: `https://console.aws.amazon.com/rds/home#database:id=${component.name}`,
              },
            ],
          },
          ...cost,
          {
            name: 'cert-expiry',
            label: 'CA certificate expiry',
            type: 'age',
            text: inDays(now, rng.int(30, 700)),
          },
        );
        break;
      case 'AWSAccount':
        properties.push(
          {
            name: 'console',
            label: 'Console',
            type: 'url',
            text: 'https://console.aws.amazon.com',
          },
          ...currency('cost', 'Monthly cost', rng.int(8000, 120000)),
          {
            name: 'created',
            label: 'Created',
            type: 'age',
            text: daysAgo(now, rng.int(700, 2500)),
          },
        );
        break;
      default:
        break;
    }
    if (properties.length > 0) component.properties = properties;
  }
}

interface ExternalServiceSpec {
  name: string;
  icon: string;
  vendor: string;
  team: string;
  description: string;
  plan: string;
  planColor: string;
  dashboard: string;
  statusPage: string;
  monthlyCost: readonly [number, number];
  health?: Health;
  statusReason?: string;
}

/** Software-as-a-service the estate depends on; PagerDuty is having a bad day. */
const EXTERNAL_SERVICES: readonly ExternalServiceSpec[] = [
  {
    name: 'Stripe API',
    icon: 'stripe',
    vendor: 'stripe',
    team: 'Payments',
    description: 'Card payments, payouts and refunds',
    plan: 'Custom pricing',
    planColor: 'purple',
    dashboard: 'https://dashboard.stripe.com',
    statusPage: 'https://status.stripe.com',
    monthlyCost: [6000, 14000],
  },
  {
    name: 'GitHub',
    icon: 'github',
    vendor: 'github',
    team: 'Platform',
    description: 'Source code, pull requests and Actions runners',
    plan: 'Enterprise',
    planColor: 'blue',
    dashboard: 'https://github.com/acme',
    statusPage: 'https://www.githubstatus.com',
    monthlyCost: [2000, 5000],
  },
  {
    name: 'PagerDuty',
    icon: 'pagerduty',
    vendor: 'pagerduty',
    team: 'SRE',
    description: 'On-call schedules and incident paging',
    plan: 'Business',
    planColor: 'green',
    dashboard: 'https://acme.pagerduty.com',
    statusPage: 'https://status.pagerduty.com',
    monthlyCost: [1500, 3500],
    health: 'warning',
    statusReason: 'Degraded: elevated API error rate (4.2%) and delayed notifications',
  },
  {
    name: 'Slack',
    icon: 'slack',
    vendor: 'slack',
    team: 'Messaging',
    description: 'Chat, alert channels and incident rooms',
    plan: 'Business+',
    planColor: 'green',
    dashboard: 'https://acme.slack.com',
    statusPage: 'https://slack-status.com',
    monthlyCost: [2500, 6000],
  },
  {
    name: 'Auth0',
    icon: 'auth0',
    vendor: 'auth0',
    team: 'Identity',
    description: 'Customer sign-in, social login and MFA',
    plan: 'Enterprise',
    planColor: 'blue',
    dashboard: 'https://manage.auth0.com',
    statusPage: 'https://status.auth0.com',
    monthlyCost: [3000, 9000],
  },
];

function externalServiceProperties(spec: ExternalServiceSpec, rng: Rng, now: Date): Property[] {
  const degraded = spec.health === 'warning' || spec.health === 'unhealthy';
  return [
    { name: 'plan', label: 'Plan', type: 'badge', text: spec.plan, color: spec.planColor },
    {
      name: 'latency',
      label: 'p99 latency',
      value: degraded ? rng.int(1200, 1900) : rng.int(80, 600),
      max: 2000,
      unit: 'ms',
      headline: true,
    },
    {
      name: 'error-rate',
      label: 'Error rate',
      value: degraded ? 4.2 : Math.round(rng.next() * 30) / 100,
      max: 5,
      unit: 'percent',
      headline: true,
    },
    {
      name: 'uptime',
      label: 'Uptime (30d)',
      value: degraded ? 99.71 : Math.round((99.95 + rng.next() * 0.05) * 1000) / 1000,
      unit: 'percent',
    },
    {
      name: 'dashboard',
      label: 'Dashboard',
      type: 'url',
      links: [{ label: 'Dashboard', url: spec.dashboard }],
    },
    { name: 'status-page', label: 'Status page', type: 'url', text: spec.statusPage },
    ...currency('cost', 'Monthly cost', rng.int(spec.monthlyCost[0], spec.monthlyCost[1])),
    { name: 'account', label: 'Account', type: 'text', text: `acme-${spec.vendor}` },
    {
      name: 'contract-renewal',
      label: 'Contract renewal',
      type: 'age',
      text: inDays(now, rng.int(20, 400)),
    },
    {
      name: 'api-key-rotated',
      label: 'API key rotated',
      type: 'age',
      text: daysAgo(now, rng.int(3, 170)),
    },
    { name: 'api-key', type: 'hidden', text: `vault://external/${spec.vendor}/api-key` },
  ];
}

/**
 * The External Services topology: one group and a component per vendor, owned by the team that
 * depends on it most. Drawn entirely from `rng`, and left out of the refs, so that no later area
 * changes. Answers how many components it added.
 */
async function seedExternalServices(
  ctx: SeedContext,
  rng: Rng,
  adminId: string | null,
): Promise<number> {
  const { db, now, refs } = ctx;
  const builder = new TopologyBuilder({ ...ctx, rng });
  const topology = builder.topology('external-services', 'platform', {
    schedule: '@every 10m',
    components: [
      { name: 'External Services', type: 'Group', icon: 'globe' },
      ...EXTERNAL_SERVICES.map((spec) => ({
        name: spec.name,
        type: 'ExternalService',
        icon: spec.icon,
        lookup: { http: [{ url: spec.statusPage }] },
      })),
    ],
  });
  const root = builder.add(topology, null, {
    name: 'External Services',
    type: 'Group',
    icon: 'globe',
    namespace: 'platform',
    team: 'Platform',
    labels: { tier: 'external' },
    description: 'Third-party services the estate depends on',
    hidden: false,
    deletedAt: null,
  });
  for (const spec of EXTERNAL_SERVICES) {
    const properties = externalServiceProperties(spec, rng, now);
    const cost = properties.find((p) => p.name === 'cost')?.value;
    builder.add(topology, root, {
      name: spec.name,
      type: 'ExternalService',
      icon: spec.icon,
      team: spec.team,
      labels: { tier: 'external', vendor: spec.vendor, team: spec.team.toLowerCase() },
      description: spec.description,
      properties,
      health: spec.health ?? 'healthy',
      statusReason: spec.statusReason ?? null,
      hidden: false,
      deletedAt: null,
      costPerMinute: typeof cost === 'number' ? cost / MINUTES_PER_MONTH : null,
    });
  }
  const degraded = root.children.filter((child) => child.health !== 'healthy');
  if (degraded.length > 0) {
    root.health = 'warning';
    root.statusReason = `${degraded.length} of ${root.children.length} services degraded`;
  }
  const total = root.children.reduce((sum, child) => sum + (monthly(child.costPerMinute) ?? 0), 0);
  root.properties = [
    { name: 'vendors', label: 'Vendors', value: root.children.length, headline: true },
    ...currency('cost', 'Monthly cost', Math.round(total * 100) / 100),
  ];

  await bulkInsert(db, 'topologies', TOPOLOGY_COLUMNS, [topologyRow(topology, rng, now, adminId)]);
  await bulkInsert(
    db,
    'components',
    COMPONENT_COLUMNS,
    builder.components.map((component) => componentRow(component, rng, now)),
  );
  const teamIds = new Map(refs.teams.map((team) => [team.name, team.id]));
  const owners = builder.components.flatMap((component) => {
    const teamId = component.team ? teamIds.get(component.team) : undefined;
    return teamId && component.team
      ? [
          {
            team_id: teamId,
            component_id: component.id,
            role: 'owner',
            selector_id: `team=${component.team.toLowerCase()}`,
          },
        ]
      : [];
  });
  await bulkInsert(
    db,
    'team_components',
    { team_id: 'uuid', component_id: 'uuid', role: 'text', selector_id: 'text' },
    owners,
  );
  return builder.components.length;
}
