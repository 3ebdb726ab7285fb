/**
 * The Kubernetes resources of the playbooks that come from one (`source` = KubernetesCRD). A
 * Playbook custom resource is scraped into the catalog like any other Kubernetes object, as a
 * config of type `MissionControl::Playbook` (class `Playbook`) under its namespace, and Mission
 * Control saves the playbook under the resource's UID: the config item and the playbook share
 * their id. That is how the console finds the resource a playbook is managed by.
 */
import type { SeedContext } from './context';

/** The catalog type of a Playbook custom resource. */
export const PLAYBOOK_CONFIG_TYPE = 'MissionControl::Playbook';

/**
 * Adds a `MissionControl::Playbook` config item for each CRD playbook, with the playbook's id,
 * name and namespace, its manifest as the config, under the namespace of that name in the first
 * cluster that has one. Reads nothing from the random source; answers how many it added.
 */
export async function insertPlaybookResources(ctx: SeedContext): Promise<number> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `INSERT INTO config_items
       (id, agent_id, scraper_id, config_class, type, name, config, source, tags, parent_id, path,
        status, health, ready, external_id, created_at, updated_at, inserted_at, last_scraped_time)
     SELECT p.id, COALESCE(ns.agent_id, '00000000-0000-0000-0000-000000000000'), ns.scraper_id,
            'Playbook', '${PLAYBOOK_CONFIG_TYPE}', p.name,
            jsonb_build_object(
              'apiVersion', 'mission-control.flanksource.com/v1',
              'kind', 'Playbook',
              'metadata', jsonb_build_object('name', p.name, 'namespace', p.namespace,
                                             'uid', p.id::text),
              'spec', p.spec),
            'Kubernetes',
            jsonb_strip_nulls(jsonb_build_object('cluster', ns.tags ->> 'cluster',
                                                 'namespace', p.namespace)),
            ns.id,
            CASE WHEN ns.id IS NULL THEN ''
                 WHEN COALESCE(ns.path, '') = '' THEN ns.id::text
                 ELSE ns.path || '.' || ns.id::text END,
            'Active', 'healthy', true,
            ARRAY[p.id::text,
                  'kubernetes/' || COALESCE(ns.tags ->> 'cluster', 'local') || '/playbooks/'
                    || p.namespace || '/' || p.name],
            p.created_at, p.updated_at, $1::timestamptz, $1::timestamptz
       FROM playbooks p
       LEFT JOIN LATERAL (
         SELECT c.id, c.agent_id, c.scraper_id, c.tags, c.path FROM config_items c
          WHERE c.type = 'Kubernetes::Namespace' AND c.name = p.namespace AND c.deleted_at IS NULL
          ORDER BY c.tags ->> 'cluster', c.id LIMIT 1
       ) ns ON true
      WHERE p.source = 'KubernetesCRD' AND p.deleted_at IS NULL
     ON CONFLICT (id) DO NOTHING
     RETURNING id`,
    [ctx.now.toISOString()],
  );
  return rows.length;
}
