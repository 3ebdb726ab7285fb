import { Tag } from '@blueprintjs/core';
import type { TriStateMap } from '../../../lib/triState';
import { toggleIncluded } from './model/changesFilters';

/** The counts of a summary, most changes first (then by name). */
export function summaryEntries(summary: Readonly<Record<string, number>>): Array<[string, number]> {
  return Object.entries(summary)
    .filter(([type]) => type !== '')
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b));
}

export interface ChangeSummaryChipsProps {
  /** Changes per change type (CAT-19's `summary`), over every page. */
  summary: Readonly<Record<string, number>>;
  /** The change-type filter. */
  value: TriStateMap;
  /** Called with the filter after a chip is used. */
  onChange: (next: TriStateMap) => void;
}

/**
 * The number of changes of each type, as chips: using one shows only that type (with the
 * types already included), using it again stops filtering by it.
 */
export function ChangeSummaryChips({ summary, value, onChange }: ChangeSummaryChipsProps) {
  const entries = summaryEntries(summary);
  return (
    <div className="mc-changes-summary" role="group" aria-label="Changes by type">
      {entries.map(([type, count]) => {
        const included = value[type] === 1;
        return (
          <Tag
            key={type}
            interactive
            round
            minimal={!included}
            intent={included ? 'primary' : 'none'}
            aria-pressed={included}
            htmlTitle={included ? `Stop filtering by ${type}` : `Filter by ${type}`}
            onClick={() => onChange(toggleIncluded(value, type))}
          >
            {type} {count}
          </Tag>
        );
      })}
    </div>
  );
}
