import { bulkInsert } from './bulk';
import type { Seeder } from './context';
import { DAY_MS } from './helpers';

/** The columns of a scrape plugin (`scrape_plugins`). */
const SCRAPE_PLUGIN_COLUMNS = {
  id: 'uuid',
  name: 'text',
  namespace: 'text',
  spec: 'jsonb',
  source: 'source',
  created_by: 'uuid',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

/** One seeded plugin: what it is called, where it lives, its spec and how it was made. */
interface PluginDefinition {
  id: string;
  name: string;
  namespace: string;
  source: 'UI' | 'KubernetesCRD';
  /** Days before the seed's now when it was created. */
  ageDays: number;
  spec: Record<string, unknown>;
}

/**
 * The plugins every scraper of the demo applies: noisy Kubernetes changes dropped and
 * back-offs raised to warnings, shorter retention for chatty types, and the clusters' configs
 * tied to their AWS accounts by the account label.
 */
export const SCRAPE_PLUGINS: readonly PluginDefinition[] = [
  {
    id: '6a1f0c52-3d7e-4b0a-9c41-2f5e8d9b7a01',
    name: 'kubernetes-change-noise',
    namespace: 'mission-control',
    source: 'KubernetesCRD',
    ageDays: 40,
    spec: {
      changes: {
        exclude: [
          'change_type == "Pulled" || change_type == "Created" || change_type == "Scheduled"',
          'details.source.component == "kubelet" && change_type == "Started"',
        ],
        mapping: [
          { filter: 'change_type == "BackOff"', severity: 'warning' },
          { filter: 'change_type == "OOMKilled"', severity: 'high', type: 'OutOfMemory' },
        ],
      },
    },
  },
  {
    id: '6a1f0c52-3d7e-4b0a-9c41-2f5e8d9b7a02',
    name: 'retention-defaults',
    namespace: 'mission-control',
    source: 'UI',
    ageDays: 21,
    spec: {
      retention: {
        changes: [
          { name: 'Pulled', age: '3d' },
          { name: 'diff', age: '30d', count: 50 },
        ],
        types: [{ name: 'Kubernetes::Pod', deletedAge: '7d' }],
        staleItemAge: '7d',
      },
    },
  },
  {
    id: '6a1f0c52-3d7e-4b0a-9c41-2f5e8d9b7a03',
    name: 'cluster-account-links',
    namespace: 'platform',
    source: 'UI',
    ageDays: 6,
    spec: {
      relationship: [
        {
          filter: 'config_type == "Kubernetes::Cluster"',
          type: { value: 'AWS::Account' },
          external_id: { expr: 'tags["account"]' },
        },
      ],
      properties: [{ name: 'Runbook', text: 'https://wiki.example.com/runbooks/clusters' }],
    },
  },
];

/** Inserts the scrape plugins, made by the first admin of the seeded people. */
export const seedScrapePlugins: Seeder = async (ctx) => {
  const admin = ctx.refs.people.find((person) => person.role === 'admin');
  await bulkInsert(
    ctx.db,
    'scrape_plugins',
    SCRAPE_PLUGIN_COLUMNS,
    SCRAPE_PLUGINS.map((plugin) => {
      const at = new Date(ctx.now.getTime() - plugin.ageDays * DAY_MS);
      return {
        id: plugin.id,
        name: plugin.name,
        namespace: plugin.namespace,
        spec: plugin.spec,
        source: plugin.source,
        created_by: plugin.source === 'UI' ? (admin?.id ?? null) : null,
        created_at: at,
        updated_at: at,
      };
    }),
  );
};
