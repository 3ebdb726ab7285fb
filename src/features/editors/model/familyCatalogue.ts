import type { LoadOnce } from '../../../lib/loadOnce';
import { loadOnce } from '../../../lib/loadOnce';
import type { EditorFamily, EditorType } from '../types';

/** A family's types (with their forms' loaders) and the file of its spec's JSON schema. */
export interface FamilyCatalogue {
  types: EditorType[];
  schema: string;
}

/**
 * Each family's catalogue, loaded once when its editor first opens: a scraper's editor never
 * downloads the health checks' types and forms, nor a check's the scrapers'.
 */
export const loadFamilyCatalogue: Record<EditorFamily, LoadOnce<FamilyCatalogue>> = {
  check: loadOnce(async () => {
    const { checkTypes, CHECK_SCHEMA } = await import('../checks/checkTypes');
    return { types: checkTypes(), schema: CHECK_SCHEMA };
  }),
  scraper: loadOnce(async () => {
    const { scraperTypes, SCRAPER_SCHEMA } = await import('../scrapers/scraperTypes');
    return { types: scraperTypes(), schema: SCRAPER_SCHEMA };
  }),
};
