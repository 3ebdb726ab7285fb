import { memo } from 'react';
import { Classes, Tab, Tabs } from '@blueprintjs/core';
import { PlainTag } from '../../ui/PlainTag';
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
      {tabs.map((tab) => {
        const id = tab.value ?? ALL_ID;
        // The count as the tab's own tag would draw it, without measuring it: a search redraws
        // every count.
        return (
          <Tab
            key={id}
            id={id}
            title={
              <>
                {tab.label}
                <PlainTag
                  minimal
                  round
                  intent={id === (selected ?? ALL_ID) ? 'primary' : 'none'}
                  className={Classes.TAB_TAG}
                >
                  {tab.count}
                </PlainTag>
              </>
            }
          />
        );
      })}
    </Tabs>
  );
});
