import { checkName, labelValue, transitionMs } from './checkFields';
import type { CheckRow, GroupRow, HealthCheck, HealthRow } from './types';

/** The Group By choices: none, a field, the first part of the name, or one label key. */
export type GroupBy =
  'no-group' | 'canary_name' | 'name' | 'description' | 'type' | `label:${string}`;

export const DEFAULT_GROUP_BY: GroupBy = 'canary_name';

/** The fixed choices, in menu order, with their labels. */
export const GROUP_BY_FIELDS: ReadonlyArray<{ value: GroupBy; label: string }> = [
  { value: 'no-group', label: 'No Grouping' },
  { value: 'canary_name', label: 'Canary' },
  { value: 'name', label: 'Name' },
  { value: 'description', label: 'Description' },
  { value: 'type', label: 'Type' },
];

/** The group of checks that have no value for the grouped field or label. */
export const NO_VALUE_GROUP = '(none)';
/** The icon or type of a group whose members differ. */
export const MULTIPLE = 'multiple';

const LABEL_PREFIX = 'label:';

/** `label:{key}` → `key`; undefined for the other choices. */
export function groupLabelKey(groupBy: string): string | undefined {
  return groupBy.startsWith(LABEL_PREFIX) ? groupBy.slice(LABEL_PREFIX.length) : undefined;
}

/** Whether a URL value is a Group By choice. */
export function isGroupBy(value: string): value is GroupBy {
  return (
    GROUP_BY_FIELDS.some((field) => field.value === value) || (groupLabelKey(value) ?? '') !== ''
  );
}

/** Folds one more value into a "shared" value: the first non-empty one, or `multiple`. */
function share(current: string | null, value: string | null | undefined): string | null {
  if (!value || current === MULTIPLE) return current;
  if (current === null) return value;
  return current === value ? current : MULTIPLE;
}

/**
 * The aggregate row of a group: icon and type when shared (else `multiple`), average latency,
 * summed runs, status good (all healthy) or mixed (neither all healthy nor all unhealthy), the
 * count of fully passing members (`isFullyPassing`), their namespaces and latest transition.
 */
export function aggregateGroup(name: string, members: readonly CheckRow[]): GroupRow {
  let latencySum = 0;
  let latencyCount = 0;
  let passed = 0;
  let failed = 0;
  let healthy = 0;
  let unhealthy = 0;
  let passing = 0;
  let lastTransition: string | undefined;
  let lastTransitionMs = -Infinity;
  let icon: string | null = null;
  let type: string | null = null;
  const namespaces = new Set<string>();
  for (const { check } of members) {
    icon = share(icon, check.icon);
    type = share(type, check.type);
    const rolling = check.latency?.rolling1h;
    if (typeof rolling === 'number' && Number.isFinite(rolling)) {
      latencySum += rolling;
      latencyCount += 1;
    }
    const runsPassed = check.uptime?.passed ?? 0;
    const runsFailed = check.uptime?.failed ?? 0;
    passed += runsPassed;
    failed += runsFailed;
    if (runsPassed > 0 && runsFailed === 0) passing += 1;
    if (check.status === 'healthy') healthy += 1;
    else if (check.status === 'unhealthy') unhealthy += 1;
    if (check.namespace) namespaces.add(check.namespace);
    const ms = transitionMs(check);
    if (ms >= 0 && ms > lastTransitionMs) {
      lastTransitionMs = ms;
      lastTransition = check.last_transition_time ?? undefined;
    }
  }
  const good = healthy === members.length;
  const bad = unhealthy === members.length;
  return {
    kind: 'group',
    id: `group:${name}`,
    name,
    sortName: name.toLowerCase(),
    checks: members,
    icon,
    type,
    latency: latencyCount > 0 ? latencySum / latencyCount : undefined,
    uptime: { passed, failed },
    status: { good, mixed: !good && !bad },
    passing,
    namespaces: [...namespaces].sort(),
    lastTransition,
    lastTransitionMs: lastTransition === undefined ? -1 : lastTransitionMs,
  };
}

/** Rows under the check's own name, made once per check object and reused by every regrouping. */
const ownRows = new WeakMap<HealthCheck, CheckRow>();

function checkRow(check: HealthCheck, title?: string): CheckRow {
  if (title === undefined) {
    let row = ownRows.get(check);
    if (!row) {
      const name = checkName(check);
      row = { kind: 'check', id: check.id, check, title: name, sortName: name.toLowerCase() };
      ownRows.set(check, row);
    }
    return row;
  }
  return { kind: 'check', id: check.id, check, title, sortName: title.toLowerCase() };
}

function groupValue(check: HealthCheck, groupBy: GroupBy): string {
  switch (groupBy) {
    case 'canary_name':
      return check.canary_name || NO_VALUE_GROUP;
    case 'description':
      return check.description || NO_VALUE_GROUP;
    case 'type':
      return check.type || NO_VALUE_GROUP;
    default:
      return labelValue(check, groupLabelKey(groupBy) ?? '') || NO_VALUE_GROUP;
  }
}

/** Name grouping: `team/api/health` is `api/health` in group `team`; a plain name is its own. */
function splitName(check: HealthCheck): { group: string; title: string } {
  const name = checkName(check);
  const at = name.indexOf('/');
  if (at === -1) return { group: name, title: name };
  return { group: name.slice(0, at), title: name.slice(at + 1) };
}

/**
 * The table's rows: with `no-group` one row per check; otherwise one group row per value,
 * in order of first appearance, holding its checks. A value shared by a single check gives
 * that check's own row (under its full name when grouped by name).
 */
export function groupChecks(checks: readonly HealthCheck[], groupBy: GroupBy): HealthRow[] {
  if (groupBy === 'no-group') return checks.map((check) => checkRow(check));
  const groups = new Map<string, CheckRow[]>();
  for (const check of checks) {
    let key: string;
    let row: CheckRow;
    if (groupBy === 'name') {
      const { group, title } = splitName(check);
      key = group;
      row = checkRow(check, title);
    } else {
      key = groupValue(check, groupBy);
      row = checkRow(check);
    }
    const members = groups.get(key);
    if (members) members.push(row);
    else groups.set(key, [row]);
  }
  const rows: HealthRow[] = [];
  for (const [name, members] of groups) {
    const only = members.length === 1 ? members[0] : undefined;
    if (only) rows.push(groupBy === 'name' ? checkRow(only.check) : only);
    else rows.push(aggregateGroup(name, members));
  }
  return rows;
}
