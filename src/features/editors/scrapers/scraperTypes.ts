import { typeCatalogue } from '../typeCatalogue';
import type { TypeForms } from '../typeCatalogue';
import type { EditorType } from '../types';
import { SCRAPER_FORMS } from './forms';
import CATALOGUE from './scraperTypes.json';

/**
 * The catalog scrapers' types (spec 002 §2.11), by config-db's spec keys (`ScraperSpec`), in
 * the data file: ten with a form (their Form and defaults come from `SCRAPER_FORMS`), and
 * Custom.
 */
const SCRAPERS = typeCatalogue(CATALOGUE, () => ({}));

/** The file of the scraper spec's JSON schema (MISC-06). */
export const SCRAPER_SCHEMA = SCRAPERS.schema;

/** Every scraper type of the picker, sorted by label, with the forms of `forms`. */
export function scraperTypes(forms: TypeForms = SCRAPER_FORMS): EditorType[] {
  return SCRAPERS.types(forms);
}

/** The ids of the types spec 002 §2.11 gives a form. */
export const SCRAPER_FORM_TYPE_IDS = SCRAPERS.formTypeIds;
