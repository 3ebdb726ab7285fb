import type { CheckSummary } from '../../../api/schemas/healthSummary';

/** A check as the health page lists it (one entry of HEALTH-01's `checks_summary`). */
export type HealthCheck = CheckSummary;

/** The sortable columns of the checks table, by the ids the URL's `sortBy` uses. */
export const SORT_COLUMNS = [
  'name',
  'status',
  'uptime',
  'latency',
  'last_transition_time',
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

/** Single-column sort. */
export interface SortState {
  column: SortColumn;
  desc: boolean;
}

/** A check in the table: as a row of its own or as a member of a group. */
export interface CheckRow {
  kind: 'check';
  /** The check's id. */
  id: string;
  check: HealthCheck;
  /** The name shown: the check's name, or its part after the group when grouped by name. */
  title: string;
  /** `title` in lower case, for sorting. */
  sortName: string;
}

/** The aggregate of two or more checks that share the grouped value. */
export interface GroupRow {
  kind: 'group';
  /** `group:{name}`, never equal to a check id. */
  id: string;
  /** The grouped value, e.g. the canary name. */
  name: string;
  /** `name` in lower case, for sorting. */
  sortName: string;
  /** The members, in the order the checks came (`flattenRows` sorts them for display). */
  checks: readonly CheckRow[];
  /** The members' icon when they all share one, `multiple` when they differ, else null. */
  icon: string | null;
  /** The members' type when they all share one, `multiple` when they differ, else null. */
  type: string | null;
  /** Average of the members' `latency.rolling1h` (those that have one), in ms. */
  latency: number | undefined;
  /** Sums of the members' runs. */
  uptime: { passed: number; failed: number };
  /** good: every member healthy; mixed: neither all healthy nor all unhealthy. */
  status: { good: boolean; mixed: boolean };
  /** Members whose uptime is 100% ("fully passing"). */
  passing: number;
  namespaces: readonly string[];
  /** The latest `last_transition_time` of the members, if any. */
  lastTransition: string | undefined;
  /** That time in epoch milliseconds; -1 when there is none. */
  lastTransitionMs: number;
}

export type HealthRow = CheckRow | GroupRow;
