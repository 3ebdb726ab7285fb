/**
 * The editor's tabs (spec 002 §2.8): Spec always, Members, Permissions (the permissions that
 * name it, spec 000 §9) and Owned (what its owner label marks, issue 38) for an existing team, Job History for an existing record. The tab is kept in the address as `?tab=` (none for Spec).
 */
import { defineUrlState, oneOf } from '../../../lib/urlState';

export const EDITOR_TABS = {
  spec: 'spec',
  members: 'members',
  permissions: 'permissions',
  owned: 'owned',
  jobs: 'jobs',
} as const;
export type EditorTab = (typeof EDITOR_TABS)[keyof typeof EDITOR_TABS];

/** The tab in the address (`?tab=`, none for Spec); choosing one replaces the entry. */
export const EDITOR_TAB_STATE = defineUrlState({
  tab: oneOf(Object.values(EDITOR_TABS), { default: EDITOR_TABS.spec }),
});

/**
 * The tabs of a record of `table`; a new record, or one without a job history, has only Spec.
 */
export function editorTabs(table: string, isNew: boolean, withJobHistory = true): EditorTab[] {
  if (isNew || !withJobHistory) return [EDITOR_TABS.spec];
  return table === 'teams'
    ? [
        EDITOR_TABS.spec,
        EDITOR_TABS.members,
        EDITOR_TABS.permissions,
        EDITOR_TABS.owned,
        EDITOR_TABS.jobs,
      ]
    : [EDITOR_TABS.spec, EDITOR_TABS.jobs];
}

/** The tab the address names when the record has it, else Spec. */
export function selectedTab(
  param: string | null | undefined,
  tabs: readonly EditorTab[],
): EditorTab {
  return tabs.find((tab) => tab === param) ?? EDITOR_TABS.spec;
}
