import type { TypeEntry, TypeForms } from '../typeCatalogue';
import { editorTypes } from '../typeCatalogue';
import type { EditorType } from '../types';
import { CUSTOM_TYPE } from '../types';
import { SCRAPER_FORMS } from './forms';

/** The scrapers' documentation (a link only, never fetched). */
const DOCS = 'https://flanksource.com/docs/guide/config-db/scrapers';

/** The file of the scraper spec's JSON schema (MISC-06). */
export const SCRAPER_SCHEMA = 'scrape_config.schema.json';

/** The types with a form (spec 002 §2.11), with config-db's spec keys (`ScraperSpec`). */
const FORM_TYPES: readonly TypeEntry[] = [
  { id: 'kubernetes', label: 'Kubernetes', icon: 'cube', docs: 'kubernetes' },
  { id: 'azure', label: 'Azure', icon: 'cloud', docs: 'azure' },
  { id: 'kubernetesFile', label: 'Kubernetes File', icon: 'document', docs: 'kubernetes-file' },
  { id: 'sql', label: 'SQL', icon: 'database', docs: 'sql' },
  { id: 'trivy', label: 'Trivy', icon: 'shield', docs: 'trivy' },
  { id: 'aws', label: 'AWS', icon: 'cloud-server', docs: 'aws' },
  { id: 'file', label: 'File', icon: 'document-open', docs: 'file' },
  { id: 'githubActions', label: 'Github Actions', icon: 'git-branch', docs: 'github-actions' },
  { id: 'http', label: 'HTTP', icon: 'globe-network', docs: 'http' },
  { id: 'azureDevops', label: 'Azure DevOps', icon: 'git-repo', docs: 'azure-devops' },
];

/** Free YAML (code only). */
const CUSTOM: TypeEntry = { id: CUSTOM_TYPE, label: 'Custom', icon: 'code' };

/**
 * Every scraper type of the picker, sorted by label: the form types (with their Form and
 * defaults once `SCRAPER_FORMS` has them) and Custom.
 */
export function scraperTypes(forms: TypeForms = SCRAPER_FORMS): EditorType[] {
  return editorTypes({ docs: DOCS, entries: [...FORM_TYPES, CUSTOM], blank: () => ({}) }, forms);
}

/** The ids of the types spec 002 §2.11 gives a form. */
export const SCRAPER_FORM_TYPE_IDS: readonly string[] = FORM_TYPES.map((entry) => entry.id);
