/**
 * How a job run reads in the list (spec 002 §2.1, §3.4): where its resource links to by type,
 * the colour of its status, and its run time in words. Pure.
 */
import { formatLatency } from '../../../lib/durations';
import { paths } from '../../../shell/paths';

const RESOURCE_PAGES = new Map<string, { getHref: (id: string) => string }>([
  ['canary', paths.settingsCanary],
  ['config_scraper', paths.catalogScraper],
  ['catalog_scraper', paths.catalogScraper],
  ['topology', paths.settingsTopology],
  ['config', paths.catalogItem],
  ['playbook', paths.playbook],
]);

/**
 * The page of the resource a job ran for (spec 002 §2.1): a health check definition, a
 * scraper, a topology definition, a catalog item or a playbook; undefined for other types or
 * without an id.
 */
export function jobResourceHref(
  resourceType: string | null | undefined,
  resourceId: string | null | undefined,
): string | undefined {
  if (!resourceId || !resourceType) return undefined;
  return RESOURCE_PAGES.get(resourceType)?.getHref(resourceId);
}

/** How long a run took (`850ms`, `1.2s`, `2.5m`); empty when unknown. */
export function jobDuration(ms: number | null | undefined): string {
  return formatLatency(ms);
}

/** A resource type as read: `config_scraper` → `config scraper`. */
export function resourceTypeLabel(resourceType: string | null | undefined): string {
  return (resourceType ?? '').replaceAll('_', ' ');
}

/** A run of a job as `jobRunHref` reads it. */
export interface JobRunRef {
  id: string;
  name?: string | null;
  resource_type?: string | null;
  resource_id?: string | null;
}

/**
 * The page of one run, where a job's runs have one: a `Scraper` run of a config scraper opens
 * the run viewer. Undefined for every other run.
 */
export function jobRunHref(job: JobRunRef): string | undefined {
  if (job.name !== 'Scraper' || job.resource_type !== 'config_scraper' || !job.resource_id) {
    return undefined;
  }
  return paths.catalogScrapeRun.getHref(job.resource_id, job.id);
}
