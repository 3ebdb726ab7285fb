import type { IconName } from '@blueprintjs/core';
import { Button, NonIdealState } from '@blueprintjs/core';

/** The label of the action that clears a list's filters. */
export const CLEAR_FILTERS_TEXT = 'Clear filters';

export interface ListEmptyStateProps {
  /** Whether filters are narrowing the list. */
  filtered: boolean;
  /** Shown when the list is empty with no filter. */
  emptyTitle: string;
  /** Shown when the filters match nothing. */
  filteredTitle: string;
  /** The icon of the unfiltered empty state. */
  icon: IconName;
  /** Clears the filters; offered as "Clear filters" when the list is filtered. */
  onClear: () => void;
}

/**
 * What an empty list says: that there is nothing yet, or, when filters are set, that they match
 * nothing, with a button that clears them.
 */
export function ListEmptyState({
  filtered,
  emptyTitle,
  filteredTitle,
  icon,
  onClear,
}: ListEmptyStateProps) {
  if (!filtered) return <NonIdealState icon={icon} title={emptyTitle} />;
  return (
    <NonIdealState
      icon="filter-remove"
      title={filteredTitle}
      action={<Button text={CLEAR_FILTERS_TEXT} icon="filter-remove" onClick={onClear} />}
    />
  );
}
