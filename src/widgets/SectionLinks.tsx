import { Classes } from '@blueprintjs/core';
import { NavLink } from 'react-router-dom';
import { PageExtras } from '../ui/pageHeader';

/** One page of an area: its link's text and address; `end` marks it only at that very address. */
export interface SectionLink {
  label: string;
  href: string;
  end: boolean;
}

export interface SectionLinksProps {
  /** The accessible name of the links ("Catalog sections"). */
  label: string;
  /** The class of the links' `<nav>`. */
  className: string;
  /** A class given to every link besides the minimal button's. */
  linkClassName?: string;
  /** The pages, in the order shown. */
  sections: readonly SectionLink[];
}

/**
 * Links between the pages of one area, shown in the top bar next to the title as minimal
 * buttons; the current one is marked active.
 */
export function SectionLinks({ label, className, linkClassName, sections }: SectionLinksProps) {
  return (
    <PageExtras>
      <nav aria-label={label} className={className}>
        {sections.map((section) => (
          <NavLink
            key={section.href}
            to={section.href}
            end={section.end}
            className={({ isActive }) =>
              [Classes.BUTTON, Classes.MINIMAL, linkClassName, isActive ? Classes.ACTIVE : '']
                .filter(Boolean)
                .join(' ')
            }
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
    </PageExtras>
  );
}
