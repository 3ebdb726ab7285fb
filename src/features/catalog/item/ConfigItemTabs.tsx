import { Tab, Tabs } from '@blueprintjs/core';
import type { ConfigSummary } from '../../../api/schemas/configItem';
import type { ConfigView } from '../../../api/schemas/views';
import type { ConfigItemTabId, ListedCounts } from './model/tabs';
import { CONFIG_ITEM_TABS, tabCount, viewTabId } from './model/tabs';

/** The id Blueprint builds the tab and panel ids from. */
export const CONFIG_ITEM_TABS_ID = 'config-item-tabs';

export interface ConfigItemTabsProps {
  /** The tab of the address. */
  selected: ConfigItemTabId;
  /** Counts of the item (CAT-03's `summary`), shown on the tabs. */
  summary: ConfigSummary | null | undefined;
  /** Goes to a tab's address. */
  onSelect: (tab: ConfigItemTabId) => void;
  /** Counts of the tabs the summary does not count (the incidents), from their lists. */
  listed?: ListedCounts;
  /** Tabs the user may not see (a feature off, no permission). */
  hidden?: readonly ConfigItemTabId[];
  /** The views that apply to the item (VIEW-06), one tab each after the others. */
  views?: readonly ConfigView[];
}

/** The item's sub-pages as tabs (arrow keys move between them), each with its count. */
export function ConfigItemTabs({
  selected,
  summary,
  onSelect,
  listed,
  hidden = [],
  views = [],
}: ConfigItemTabsProps) {
  return (
    <Tabs
      id={CONFIG_ITEM_TABS_ID}
      className="mc-config-item-tabs"
      selectedTabId={selected}
      onChange={(next) => onSelect(next as ConfigItemTabId)}
    >
      {CONFIG_ITEM_TABS.filter((tab) => !hidden.includes(tab.id)).map((tab) => {
        const count = tabCount(tab.id, summary, listed);
        return (
          <Tab
            key={tab.id}
            id={tab.id}
            title={tab.label}
            aria-label={count === undefined ? tab.label : `${tab.label} ${count}`}
            tagContent={count}
            tagProps={{ minimal: true, round: true }}
          />
        );
      })}
      {views.map((view) => (
        <Tab key={view.id} id={viewTabId(view.id)} title={view.title || view.name} />
      ))}
    </Tabs>
  );
}
