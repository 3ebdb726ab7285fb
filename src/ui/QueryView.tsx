import type { IconName } from '@blueprintjs/core';
import { Classes, NonIdealState, Spinner } from '@blueprintjs/core';
import type { ReactElement, ReactNode } from 'react';
import { LoadErrorCallout } from './LoadErrorCallout';
import type { QueryViewState } from './queryState';
import './ui.css';

/** What is said when the query answered nothing: the record does not exist (any more). */
export interface QueryViewNotFound {
  /** E.g. "Incident not found". */
  title: string;
  /** Why, e.g. "It may have been removed, or the address is wrong." */
  description?: string | ReactElement;
  /** The way back, e.g. a link to the list. */
  action?: ReactElement;
}

/** What is said when the answer holds nothing to show. */
export interface QueryViewEmpty {
  /** E.g. "Nothing has happened yet." */
  text: string;
  /** With an icon, a title above the text (e.g. "No relationships"). */
  title?: string;
  /** With an icon, the text is a centred empty state; without one, a muted line. */
  icon?: IconName;
}

export interface QueryViewProps<T> extends QueryViewState<T> {
  /** The spinner's accessible name while loading, e.g. "Loading incident". */
  loadingLabel: string;
  /** What could not be loaded, the error callout's title, e.g. "Error loading the incident". */
  errorTitle: string;
  /** Shown when the query answered no record (`null` or nothing). Default: nothing is shown. */
  notFound?: QueryViewNotFound;
  /** Whether a record holds nothing to show. Default: never. */
  isEmpty?: (data: T) => boolean;
  /** Shown when `isEmpty` holds. */
  empty?: QueryViewEmpty;
  /** `panel`: a small spinner and a compact callout, for a section of a page. Default `page`. */
  size?: 'page' | 'panel';
  /** The content, given the loaded record. */
  children: (data: T) => ReactNode;
}

/**
 * One view of a query, for anything that loads one record or a panel: a spinner while it
 * loads, the server's reason with Retry when it failed, "not found" with a way back, the empty
 * text, then the content. The state comes from `queryViewState(query)` (`src/widgets`).
 */
export function QueryView<T>({
  loading,
  error,
  onRetry,
  retrying,
  data,
  loadingLabel,
  errorTitle,
  notFound,
  isEmpty,
  empty,
  size = 'page',
  children,
}: QueryViewProps<T>) {
  const panel = size === 'panel';
  if (loading) return <Spinner size={panel ? 20 : undefined} aria-label={loadingLabel} />;
  if (error !== undefined) {
    return (
      <LoadErrorCallout
        title={errorTitle}
        message={error}
        onRetry={onRetry}
        retrying={retrying}
        compact={panel}
      />
    );
  }
  if (data === undefined || data === null) {
    if (!notFound) return null;
    return (
      <NonIdealState
        icon="search"
        title={notFound.title}
        description={notFound.description}
        action={notFound.action}
      />
    );
  }
  if (empty && isEmpty?.(data)) {
    return empty.icon ? (
      <NonIdealState icon={empty.icon} title={empty.title} description={empty.text} />
    ) : (
      <p className={`${Classes.TEXT_MUTED} mc-query-empty`}>{empty.text}</p>
    );
  }
  return <>{children(data)}</>;
}
