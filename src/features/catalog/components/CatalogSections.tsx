import { paths } from '../../../shell/paths';
import { SectionLinks } from '../../../widgets/SectionLinks';

/** The catalog's sections, in the order of the top bar. */
export const CATALOG_SECTIONS = [
  { label: 'Catalog', href: paths.catalog.getHref(), end: true },
  { label: 'Changes', href: paths.catalogChanges.getHref(), end: false },
  { label: 'Insights', href: paths.catalogInsights.getHref(), end: false },
  { label: 'Access', href: paths.catalogAccess.getHref(), end: false },
  { label: 'Queries', href: paths.catalogQueries.getHref(), end: false },
  { label: 'Scrapers', href: paths.catalogScrapers.getHref(), end: false },
  { label: 'Plugins', href: paths.catalogPlugins.getHref(), end: false },
] as const;

/**
 * Links between the catalog's sections (the items, the changes across the estate, the
 * insights, who has access, saved queries, the scrapers that fill it and the plugins every scraper applies), shown in the top bar next to the
 * title; the current one is marked.
 */
export function CatalogSections() {
  return (
    <SectionLinks
      label="Catalog sections"
      className="mc-catalog-sections"
      linkClassName="mc-catalog-section"
      sections={CATALOG_SECTIONS}
    />
  );
}
