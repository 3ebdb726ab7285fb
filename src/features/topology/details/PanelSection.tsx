import { Button, Callout, Classes, Section, SectionCard, Spinner } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { toErrorMessage } from '../../../api/errors';
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

/** What a section needs of an RTK Query hook's result. */
export interface SectionQuery {
  isLoading: boolean;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

export interface QueryStateProps {
  query: SectionQuery;
  /** What is loaded, plural and lower case: `checks` ("Loading checks"). */
  what: string;
  /** Whether the answer holds nothing. */
  empty: boolean;
  /** The text shown when it holds nothing, e.g. `No checks`. */
  emptyText: string;
  children: ReactNode;
}

/** The server's reason a load failed, and a Retry that asks again. */
export function LoadError({ query, what }: { query: SectionQuery; what: string }) {
  return (
    <Callout intent="danger" role="alert" title={`The ${what} could not be loaded`} compact>
      <p>{toErrorMessage(query.error)}</p>
      <Button
        text="Retry"
        icon="refresh"
        size="small"
        loading={query.isFetching}
        onClick={() => void query.refetch()}
      />
    </Callout>
  );
}

/**
 * A section's content by the state of its query: a spinner while loading, the error with a
 * Retry, the empty text, or the children.
 */
export function QueryState({ query, what, empty, emptyText, children }: QueryStateProps) {
  if (query.isLoading) return <Spinner size={20} aria-label={`Loading ${what}`} />;
  if (query.error) return <LoadError query={query} what={what} />;
  if (empty) return <p className={`${Classes.TEXT_MUTED} mc-component-empty`}>{emptyText}</p>;
  return <>{children}</>;
}
