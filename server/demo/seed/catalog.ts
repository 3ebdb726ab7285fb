import { bulkInsert } from './bulk';
import { withBulkLoad } from './bulkLoad';
import { buildAws } from './catalogAws';
import { ANALYSIS_COLUMNS, analysesOf } from './catalogAnalysis';
import { seedChangeArtifacts } from './catalogArtifacts';
import { SCRAPE_PLUGINS, seedScrapePlugins } from './scrapePlugins';
import { CHANGE_COLUMNS, changesOf } from './catalogChanges';
import { buildKubernetes } from './catalogKubernetes';
import { CONFIG_COLUMNS, type ConfigDraft, ConfigSet, configRow } from './catalogModel';
import type { SeedContext, Seeder } from './context';
import { type AccountPlan, type ClusterPlan, planEstate } from './estatePlan';
import { DAY_MS, NIL_UUID, ago } from './helpers';
import { definitionColumns } from './columns';

/** Tables the catalog loads in bulk (their foreign keys and plain indexes are rebuilt after). */
const CATALOG_TABLES = [
  'config_items',
  'config_relationships',
  'config_locations',
  'config_changes',
  'config_analysis',
  'config_component_relationships',
  'check_config_relationships',
];

/** Adds the hard relationship of each new config item that has a parent. */
const PARENT_TRIGGER = 'config_items_parent_relationships';

type ScraperRow = Record<string, unknown> & {
  id: string;
  name: string;
  namespace: string;
  description: string;
  spec: Record<string, unknown>;
  source: string;
  agent_id: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
};

export const seedCatalog: Seeder = async (ctx) => {
  const { db, rng, now, refs } = ctx;
  const plan = planEstate(ctx.scale);
  const agentIds = new Map(refs.agents.map((agent) => [agent.name, agent.id]));
  const admin = refs.people.find((person) => person.role === 'admin');

  const scrapers: ScraperRow[] = [];
  const scraper = (
    name: string,
    description: string,
    spec: Record<string, unknown>,
    agentId: string,
  ): string => {
    const id = rng.uuid();
    const source = rng.chance(0.6) ? 'KubernetesCRD' : 'UI';
    scrapers.push({
      id,
      name,
      namespace: 'mission-control',
      description,
      spec,
      source,
      agent_id: agentId,
      created_by: source === 'UI' ? (admin?.id ?? null) : null,
      created_at: ago(now, rng.int(100, 600) * DAY_MS),
      updated_at: ago(now, rng.int(1, 60) * DAY_MS),
    });
    return id;
  };
  const clusterOwners = new Map<string, { scraperId: string; agentId: string }>();
  for (const cluster of plan.clusters) {
    const agentId = (cluster.agent && agentIds.get(cluster.agent)) || NIL_UUID;
    clusterOwners.set(cluster.name, {
      agentId,
      scraperId: scraper(
        `kubernetes-${cluster.name}`,
        `Kubernetes resources of ${cluster.name}`,
        {
          schedule: '@every 15m',
          kubernetes: [
            {
              clusterName: cluster.name,
              exclusions: { namespaces: ['kube-node-lease'] },
              event: {
                severityKeywords: {
                  error: ['failed', 'error'],
                  warn: ['backoff', 'nodeoutofmemory'],
                },
              },
            },
          ],
        },
        agentId,
      ),
    });
  }
  const accountOwners = new Map<string, { scraperId: string; agentId: string }>();
  for (const account of plan.accounts) {
    accountOwners.set(account.name, {
      agentId: NIL_UUID,
      scraperId: scraper(
        `aws-${account.name}`,
        `AWS resources of account ${account.accountId}`,
        {
          schedule: '@every 30m',
          aws: [
            {
              region: account.regions,
              connection: `connection://mission-control/aws-${account.env}`,
              compliance: true,
              trustedAdvisorCheck: true,
              cloudtrail: { maxAge: '7d' },
            },
          ],
        },
        NIL_UUID,
      ),
    });
  }
  await bulkInsert(
    db,
    'config_scrapers',
    definitionColumns({
      name: 'text',
      namespace: 'text',
      description: 'text',
      spec: 'jsonb',
      source: 'source',
      agent_id: 'uuid',
    }),
    scrapers,
  );

  const set = new ConfigSet(ctx);
  const kubernetes = buildKubernetes(
    ctx,
    set,
    plan.clusters,
    (cluster: ClusterPlan) =>
      clusterOwners.get(cluster.name) as { scraperId: string; agentId: string },
  );
  buildAws(
    ctx,
    set,
    plan,
    kubernetes,
    (account: AccountPlan) =>
      accountOwners.get(account.name) as { scraperId: string; agentId: string },
  );

  const people = refs.people.map((person) => person.id);
  const changes = set.items.flatMap((item) => changesOf(ctx, item, people));
  const analyses = set.items.flatMap((item) => analysesOf(ctx, item));
  const [componentLinks, checkLinks] = await withBulkLoad(db, CATALOG_TABLES, async () => {
    // The parent -> child relationships are added in one statement below rather than by the
    // insert trigger, which would check each of them for conflicts.
    await db.exec(`ALTER TABLE config_items DISABLE TRIGGER ${PARENT_TRIGGER}`);
    await bulkInsert(
      db,
      'config_items',
      CONFIG_COLUMNS,
      set.items.map((item) => configRow(item, now, rng.next())),
    );
    await db.exec(`ALTER TABLE config_items ENABLE TRIGGER ${PARENT_TRIGGER}`);
    await db.exec(
      `INSERT INTO config_relationships (config_id, related_id, relation, created_at, updated_at)
       SELECT parent_id, id, 'hard', created_at, created_at FROM config_items WHERE parent_id IS NOT NULL`,
    );
    await bulkInsert(
      db,
      'config_relationships',
      {
        config_id: 'uuid',
        related_id: 'uuid',
        relation: 'text',
        scraper_id: 'uuid',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
        deleted_at: 'timestamptz',
      },
      set.relationships.map(({ from, to, relation }) => {
        const created = new Date(Math.max(from.createdAt.getTime(), to.createdAt.getTime()));
        return {
          config_id: from.id,
          related_id: to.id,
          relation,
          scraper_id: from.scraperId,
          created_at: created,
          updated_at: created,
          deleted_at: from.deletedAt ?? to.deletedAt,
        };
      }),
    );
    await bulkInsert(
      db,
      'config_locations',
      { id: 'uuid', location: 'text' },
      set.items.flatMap((item) => item.locations.map((location) => ({ id: item.id, location }))),
    );

    await bulkInsert(db, 'config_changes', CHANGE_COLUMNS, changes);
    await bulkInsert(db, 'config_analysis', ANALYSIS_COLUMNS, analyses);
    return [await linkComponents(ctx, set.items), await linkChecks(ctx, set.items)];
  });
  const artifacts = await seedChangeArtifacts(db, changes);
  await seedScrapePlugins(ctx);

  for (const item of set.items) {
    if (!item.deletedAt) refs.configs.push({ id: item.id, name: item.name, type: item.type });
  }
  for (const change of changes)
    refs.configChanges.push({ id: change.id as string, configId: change.config_id as string });
  for (const analysis of analyses) {
    refs.configAnalyses.push({ id: analysis.id as string, configId: analysis.config_id as string });
  }
  ctx.log(
    `catalog: ${scrapers.length} scrapers, ${set.size} configs, ${set.relationships.length} soft relationships, ` +
      `${changes.length} changes (${artifacts} artifacts), ${analyses.length} analyses, ${componentLinks} component links, ${checkLinks} check links, ` +
      `${SCRAPE_PLUGINS.length} scrape plugins`,
  );
};

/** Key of a Kubernetes item: cluster/namespace/name. */
function kubernetesKey(item: ConfigDraft): string {
  return `${item.tags.cluster ?? ''}/${item.tags.namespace ?? ''}/${item.name}`;
}

/** Links topology components to the config items they stand for, by name and place. */
async function linkComponents(ctx: SeedContext, items: readonly ConfigDraft[]): Promise<number> {
  const { db, rng, now } = ctx;
  const { rows } = await db.query<{
    id: string;
    name: string;
    type: string;
    parent: string | null;
    grandparent: string | null;
  }>(
    `SELECT c.id, c.name, c.type, p.name AS parent, gp.name AS grandparent
     FROM components c
     LEFT JOIN components p ON p.id = c.parent_id
     LEFT JOIN components gp ON gp.id = p.parent_id
     WHERE c.deleted_at IS NULL
     ORDER BY c.id`,
  );
  const byKey = new Map<string, ConfigDraft[]>();
  const index = (key: string, item: ConfigDraft) => {
    const list = byKey.get(key) ?? [];
    list.push(item);
    byKey.set(key, list);
  };
  const workloadsByName = new Map<string, ConfigDraft[]>();
  for (const item of items) {
    if (item.deletedAt) continue;
    switch (item.type) {
      case 'Kubernetes::Cluster':
        index(`cluster/${item.name}`, item);
        break;
      case 'Kubernetes::Namespace':
        index(`namespace/${kubernetesKey(item)}`, item);
        break;
      case 'Kubernetes::Deployment':
      case 'Kubernetes::StatefulSet':
      case 'Kubernetes::Service':
        index(`workload/${kubernetesKey(item)}`, item);
        if (item.type !== 'Kubernetes::Service') {
          const list = workloadsByName.get(item.name) ?? [];
          if (list.length < 3) list.push(item);
          workloadsByName.set(item.name, list);
        }
        break;
      case 'AWS::::Account':
        index(`account/${item.name}`, item);
        break;
      case 'AWS::RDS::DBInstance':
        index(`rds/${item.name}`, item);
        break;
      default:
        break;
    }
  }
  const links: Array<Record<string, unknown>> = [];
  const primary: Array<[string, string]> = [];
  for (const component of rows) {
    let matches: ConfigDraft[] = [];
    if (component.type === 'KubernetesCluster')
      matches = byKey.get(`cluster/${component.name}`) ?? [];
    else if (component.type === 'KubernetesNamespace')
      matches =
        byKey.get(`namespace/${component.parent}/${component.name}/${component.name}`) ?? [];
    else if (component.type === 'Deployment' || component.type === 'StatefulSet') {
      matches =
        byKey.get(`workload/${component.grandparent}/${component.parent}/${component.name}`) ?? [];
    } else if (component.type === 'Service' || component.type === 'Database')
      matches = workloadsByName.get(component.name) ?? [];
    else if (component.type === 'AWSAccount')
      matches = byKey.get(`account/${component.name}`) ?? [];
    else if (component.type === 'RDSInstance') matches = byKey.get(`rds/${component.name}`) ?? [];
    for (const item of matches) {
      links.push({
        component_id: component.id,
        config_id: item.id,
        selector_id: `${item.type}/${item.name}`,
        created_at: ago(now, rng.int(1, 60) * DAY_MS),
      });
    }
    const first = matches[0];
    if (first && component.type !== 'Service' && component.type !== 'Database')
      primary.push([component.id, first.id]);
  }
  await bulkInsert(
    db,
    'config_component_relationships',
    { component_id: 'uuid', config_id: 'uuid', selector_id: 'text', created_at: 'timestamptz' },
    links,
  );
  await db.query(
    `UPDATE components SET config_id = link.config_id
     FROM unnest($1::uuid[], $2::uuid[]) AS link(component_id, config_id)
     WHERE components.id = link.component_id`,
    [primary.map(([component]) => component), primary.map(([, config]) => config)],
  );
  return links.length;
}

/** Links live checks to the config items they probe. */
async function linkChecks(ctx: SeedContext, items: readonly ConfigDraft[]): Promise<number> {
  const { db, rng, now } = ctx;
  const { rows } = await db.query<{
    id: string;
    canary_id: string;
    type: string;
    namespace: string | null;
    app: string | null;
  }>(
    `SELECT id, canary_id, type, namespace, labels ->> 'app' AS app
     FROM checks WHERE deleted_at IS NULL ORDER BY id`,
  );
  const services = new Map<string, ConfigDraft[]>();
  const namespaces = new Map<string, ConfigDraft[]>();
  const databases: ConfigDraft[] = [];
  const buckets: ConfigDraft[] = [];
  for (const item of items) {
    if (item.deletedAt) continue;
    if (
      item.type === 'Kubernetes::Service' ||
      item.type === 'Kubernetes::Deployment' ||
      item.type === 'Kubernetes::StatefulSet'
    ) {
      const list = services.get(item.name) ?? [];
      if (list.length < 4) list.push(item);
      services.set(item.name, list);
    } else if (item.type === 'Kubernetes::Namespace') {
      const list = namespaces.get(item.name) ?? [];
      if (list.length < 2) list.push(item);
      namespaces.set(item.name, list);
    } else if (item.type === 'AWS::RDS::DBInstance') databases.push(item);
    else if (item.type === 'AWS::S3::Bucket') buckets.push(item);
  }
  const links: Array<Record<string, unknown>> = [];
  for (const check of rows) {
    if (!rng.chance(0.7)) continue;
    let targets: ConfigDraft[] = [];
    if (check.type === 'kubernetes')
      targets = [
        ...(namespaces.get(check.namespace ?? '') ?? []).slice(0, 1),
        ...(services.get(check.app ?? '') ?? []).slice(0, 1),
      ];
    else if (['postgres', 'mysql'].includes(check.type) && databases.length > 0)
      targets = [rng.pick(databases)];
    else if (check.type === 's3' && buckets.length > 0) targets = [rng.pick(buckets)];
    else targets = (services.get(check.app ?? '') ?? []).slice(0, 2);
    for (const item of targets) {
      links.push({
        config_id: item.id,
        check_id: check.id,
        canary_id: check.canary_id,
        selector_id: `${item.type}/${item.name}`,
        created_at: ago(now, rng.int(1, 30) * DAY_MS),
      });
    }
  }
  await bulkInsert(
    db,
    'check_config_relationships',
    {
      config_id: 'uuid',
      check_id: 'uuid',
      canary_id: 'uuid',
      selector_id: 'text',
      created_at: 'timestamptz',
    },
    links,
  );
  return links.length;
}
