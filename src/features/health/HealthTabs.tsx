import { memo } from 'react';
import { Tab, Tabs } from '@blueprintjs/core';
import type { TabOption } from './model/tabs';

const ALL_ID = '\u0000all';

export interface HealthTabsProps {
  tabs: readonly TabOption[];
  /** null: All. */
  selected: string | null;
  onSelect: (tab: string | null) => void;
}

/** All, then one tab per namespace, agent or label value, each with its count. */
export const HealthTabs = memo(function HealthTabs({ tabs, selected, onSelect }: HealthTabsProps) {
  return (
    <Tabs
      id="health-tabs"
      className="mc-health-tabs"
      selectedTabId={selected ?? ALL_ID}
      onChange={(id) => onSelect(id === ALL_ID ? null : String(id))}
    >
      {tabs.map((tab) => (
        <Tab
          key={tab.value ?? ALL_ID}
          id={tab.value ?? ALL_ID}
          title={tab.label}
          tagContent={tab.count}
          tagProps={{ minimal: true, round: true }}
        />
      ))}
    </Tabs>
  );
});
