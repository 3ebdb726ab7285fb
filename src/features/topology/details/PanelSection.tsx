import { Section, SectionCard } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { LoadErrorCallout } from '../../../ui/LoadErrorCallout';
import { QueryView } from '../../../ui/QueryView';
import type { TableQueryResult } from '../../../widgets/tableQueryState';
import { tableQueryState } from '../../../widgets/tableQueryState';
import { sectionTitle } from './model';

export interface PanelSectionProps {
  /** What the section holds, e.g. `Checks`. */
  title: string;
  /** How many items it holds; shown in the title (`Checks (3)`) when known. */
  count?: number;
  /** The icon before the title. */
  icon?: IconName;
  children: ReactNode;
}

/**
 * A titled, collapsible section of the details panel (open at first). Its header toggles it
 * on a click, and its caret on Enter or Space; it is a region named by its title.
 */
export function PanelSection({ title, count, icon, children }: PanelSectionProps) {
  return (
    <Section
      role="region"
      className="mc-component-section"
      title={sectionTitle(title, count)}
      icon={icon}
      collapsible
      compact
    >
      <SectionCard className="mc-component-section-body">{children}</SectionCard>
    </Section>
  );
}

export interface SectionQueryViewProps {
  query: TableQueryResult;
  /** What is loaded, plural and lower case: `checks` ("Loading checks"). */
  what: string;
  /** Whether the answer holds nothing. */
  empty: boolean;
  /** The text shown when it holds nothing, e.g. `No checks`. */
  emptyText: string;
  children: ReactNode;
}

/** The title of a section's load error: `The checks could not be loaded`. */
export const sectionLoadError = (what: string) => `The ${what} could not be loaded`;

/** The server's reason a load failed, and a Retry that asks again. */
export function SectionLoadError({ query, what }: { query: TableQueryResult; what: string }) {
  const { error, onRetry, retrying } = tableQueryState(query);
  return (
    <LoadErrorCallout
      title={sectionLoadError(what)}
      message={error ?? ''}
      onRetry={onRetry}
      retrying={retrying}
      compact
    />
  );
}

/**
 * A section's content by the state of its query (the kit's `QueryView`): a spinner while
 * loading, the error with a Retry, the empty text, or the children.
 */
export function SectionQueryView({
  query,
  what,
  empty,
  emptyText,
  children,
}: SectionQueryViewProps) {
  return (
    <QueryView
      {...tableQueryState(query)}
      data={query}
      size="panel"
      loadingLabel={`Loading ${what}`}
      errorTitle={sectionLoadError(what)}
      isEmpty={() => empty}
      empty={{ text: emptyText }}
    >
      {() => children}
    </QueryView>
  );
}
