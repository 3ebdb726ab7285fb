import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { memo, useId } from 'react';
import type { GroupBy } from './model/groupChecks';
import { GROUP_BY_FIELDS, groupLabelKey } from './model/groupChecks';
import type { LabelCatalog } from './model/labels';
import { keysWithCurrent } from './model/labels';
import type { TabBy } from './model/tabs';
import { tabLabelKey } from './model/tabs';
import { SearchBox } from '../../ui/SearchBox';

/** What the health search looks through (spec 001 §5). */
export const SEARCH_PLACEHOLDER = 'Search by name, description, or endpoint';

export interface HealthControlsProps {
  query: string;
  onSearch: (query: string) => void;
  groupBy: GroupBy;
  onGroupByChange: (groupBy: GroupBy) => void;
  tabBy: TabBy;
  onTabByChange: (tabBy: TabBy) => void;
  /** The labels of the listed checks: one more choice per key. */
  catalog: LabelCatalog;
  /** More controls at the end of the row (the pivot's). */
  children?: ReactNode;
}

/** Search, Group By and Tab By (and the children), above the list. */
export const HealthControls = memo(function HealthControls({
  query,
  onSearch,
  groupBy,
  onGroupByChange,
  tabBy,
  onTabByChange,
  catalog,
  children,
}: HealthControlsProps) {
  const groupId = useId();
  const tabId = useId();
  const groupKeys = keysWithCurrent(catalog.keys, groupLabelKey(groupBy));
  const tabKeys = keysWithCurrent(
    catalog.keys.filter((key) => !catalog.flagKeys.has(key)),
    tabLabelKey(tabBy),
  );
  return (
    <div className="mc-health-controls">
      <SearchBox
        value={query}
        onSearch={onSearch}
        placeholder={SEARCH_PLACEHOLDER}
        className="mc-health-search"
      />
      <FormGroup inline label="Group By" labelFor={groupId} className="mc-health-select">
        <HTMLSelect
          id={groupId}
          value={groupBy}
          onChange={(event) => onGroupByChange(event.currentTarget.value as GroupBy)}
        >
          {GROUP_BY_FIELDS.map((field) => (
            <option key={field.value} value={field.value}>
              {field.label}
            </option>
          ))}
          {groupKeys.map((key) => (
            <option key={key} value={`label:${key}`}>
              {key}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup inline label="Tab By" labelFor={tabId} className="mc-health-select">
        <HTMLSelect
          id={tabId}
          value={tabBy}
          onChange={(event) => onTabByChange(event.currentTarget.value as TabBy)}
        >
          <option value="namespace">Namespace</option>
          <option value="agent">Agent</option>
          {tabKeys.map((key) => (
            <option key={key} value={`label:${key}`}>
              {key}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {children}
    </div>
  );
});
