/**
 * The run page's state in the address: the tab (`?tab=`, Configs by default), the Configs
 * tab's segment (`?configs=`, Created by default; a change goes back to the first page) and the
 * HTTP tab's selected entry (`?entry=`, its index). Pure.
 */
import type { ConfigSegment } from '../../../api/endpoints/scrapeRuns';
import { CONFIG_SEGMENTS } from '../../../api/endpoints/scrapeRuns';
import { defineUrlState, number, oneOf } from '../../../lib/urlState';

/** The page's tabs, in order, with their labels. */
export const RUN_TABS = [
  { id: 'configs', label: 'Configs' },
  { id: 'logs', label: 'Logs' },
  { id: 'http', label: 'HTTP' },
  { id: 'users', label: 'Users' },
  { id: 'groups', label: 'Groups' },
  { id: 'roles', label: 'Roles' },
  { id: 'access', label: 'Access' },
  { id: 'access-logs', label: 'Access logs' },
  { id: 'snapshot', label: 'Snapshot diff' },
  { id: 'spec', label: 'Spec' },
] as const;
export type RunTab = (typeof RUN_TABS)[number]['id'];

const TAB_IDS: readonly RunTab[] = RUN_TABS.map((tab) => tab.id);

/** The Configs tab's segments, in order, with their labels. */
export const SEGMENT_LABELS: Record<ConfigSegment, string> = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  deleted: 'Deleted',
};

export const RUN_PAGE_STATE = defineUrlState({
  tab: oneOf(TAB_IDS, { default: 'configs', history: 'push' }),
  configs: oneOf(CONFIG_SEGMENTS, { default: 'created', filter: true }),
  entry: number({ integer: true, history: 'push' }),
});
