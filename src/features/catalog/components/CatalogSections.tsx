import { Classes } from '@blueprintjs/core';
import { NavLink } from 'react-router-dom';
import { paths } from '../../../shell/paths';
import { PageExtras } from '../../../ui/pageHeader';

/** The catalog's sections, in the order of the top bar. */
export const CATALOG_SECTIONS = [
  { label: 'Catalog', href: paths.catalog.getHref(), end: true },
  { label: 'Changes', href: paths.catalogChanges.getHref(), end: false },
  { label: 'Insights', href: paths.catalogInsights.getHref(), end: false },
  { label: 'Scrapers', href: paths.catalogScrapers.getHref(), end: false },
] as const;

/**
 * Links between the catalog's sections (the items, the changes across the estate, the
 * insights, the scrapers that fill it), shown in the top bar next to the title; the current one is marked.
 */
export function CatalogSections() {
  return (
    <PageExtras>
      <nav aria-label="Catalog sections" className="mc-catalog-sections">
        {CATALOG_SECTIONS.map((section) => (
          <NavLink
            key={section.href}
            to={section.href}
            end={section.end}
            className={({ isActive }) =>
              `${Classes.BUTTON} ${Classes.MINIMAL} mc-catalog-section${
                isActive ? ` ${Classes.ACTIVE}` : ''
              }`
            }
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
    </PageExtras>
  );
}
