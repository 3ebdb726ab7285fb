/**
 * The component tree of TOPO-01 from the rows of one scope (the whole estate, or one component
 * and its descendants) and the roll-ups computed for them.
 *
 * - The cards are the root components (no `id`), or the children of `id`; with `flatten` they are
 *   every component of the scope (but `id` itself). The `status`, `type`, `labels` and `owner`
 *   filters apply to the cards only.
 * - Each card carries `depth` levels of children in `components` (depth 1: its children, without
 *   their own `components`); a component without children, or below the depth, has no
 *   `components`. With `id` the answer is `[that component]`, whose `components` are the cards.
 * - Cards and every list of children are sorted by `sortBy` in `sortOrder`, ties by name (asc):
 *   `status` ranks unhealthy > warning > unknown (any other status) > healthy, so `desc` lists the
 *   unhealthy first; `name`, `type`, `created_at`, `updated_at`; any other `sortBy` is a property
 *   name (its numeric `value`, else its `text`; components without it last).
 * - `summary` counts the live direct children by health; `checks`, `incidents` and `insights`
 *   come from `rollUps.ts`. `healthStatuses`, `teams`, `tags` and `types` describe the whole
 *   scope, before the card filters.
 * - Hidden components are listed like any other; deleted ones are not in the scope.
 *
 * The answer is written as JSON text directly: each component's `properties` are embedded as the
 * database returned them, and its own fields are serialised once per row object (`load.ts` keeps
 * rows while they are unchanged), which keeps the whole estate (thousands of components) fast.
 * Otherwise pure: the SQL lives in `load.ts`.
 */
import { type CheckCounts, type CountsByType, type RollUps, parentsOf } from './rollUps';
import type { LabelPair, SortOrder, TopologyQuery } from './query';

/** One `properties[]` entry as stored. */
export interface ComponentProperty {
  name?: string;
  text?: string;
  value?: number | string | null;
  [key: string]: unknown;
}

/** A live component of the scope, as `load.ts` reads it. */
export interface ComponentRow {
  id: string;
  name: string;
  namespace: string | null;
  icon: string | null;
  type: string | null;
  text: string | null;
  description: string | null;
  path: string | null;
  parent_id: string | null;
  topology_id: string | null;
  agent_id: string | null;
  external_id: string | null;
  hidden: boolean;
  status: string | null;
  health: string | null;
  status_reason: string | null;
  labels: Record<string, string> | null;
  /** From `log_selectors`: their names. */
  logs: Array<{ name: string }>;
  is_leaf: boolean | null;
  owner: string | null;
  cost_per_minute: number | null;
  cost_total_1d: number | null;
  cost_total_7d: number | null;
  cost_total_30d: number | null;
  created_at: string | null;
  updated_at: string | null;
  deleted_at: string | null;
  /** `properties` as JSON text (an array), embedded in the answer as it is. */
  propertiesJson: string;
}

export interface ComponentSummary {
  healthy: number;
  unhealthy: number;
  warning: number;
  unknown: number;
  checks: CheckCounts;
  incidents?: CountsByType;
  insights?: CountsByType;
}

/** Ranks of `status` for sorting: desc lists the unhealthy first. Anything else ranks as unknown. */
const STATUS_RANK: Record<string, number> = { healthy: 0, unknown: 1, warning: 2, unhealthy: 3 };
const UNKNOWN_RANK = 1;

export function statusRank(status: string | null): number {
  return STATUS_RANK[status ?? ''] ?? UNKNOWN_RANK;
}

type SortKey = number | string | null;

function timeOf(value: string | null): number | null {
  if (value === null) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

function propertiesOf(row: ComponentRow): ComponentProperty[] {
  try {
    const parsed: unknown = JSON.parse(row.propertiesJson);
    return Array.isArray(parsed) ? (parsed as ComponentProperty[]) : [];
  } catch {
    return [];
  }
}

/** A property's sort key: its `value` as a number, else its `text`; null when absent. */
export function propertyKey(properties: readonly ComponentProperty[], name: string): SortKey {
  const property = properties.find((p) => p?.name === name);
  if (!property) return null;
  const { value } = property;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  if (typeof property.text === 'string' && property.text !== '') return property.text;
  return typeof value === 'string' && value !== '' ? value : null;
}

function sortKeyOf(sortBy: string): (row: ComponentRow) => SortKey {
  switch (sortBy) {
    case 'status':
      return (row) => statusRank(row.status);
    case 'name':
      return (row) => row.name;
    case 'type':
      return (row) => row.type;
    case 'created_at':
      return (row) => timeOf(row.created_at);
    case 'updated_at':
      return (row) => timeOf(row.updated_at);
    default: {
      const keys = new Map<string, SortKey>();
      return (row) => {
        if (!keys.has(row.id)) keys.set(row.id, propertyKey(propertiesOf(row), sortBy));
        return keys.get(row.id) ?? null;
      };
    }
  }
}

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** Numbers before texts; neither is null here. */
function compareKeys(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return compareText(a, b);
}

/**
 * The order of cards and children: by `sortBy` (`status`, `name`, `type`, `created_at`,
 * `updated_at`, or a property name, compared by its numeric `value`, else its `text`) in
 * `sortOrder`; components without a key come last; ties by name ascending, then id. A `sortBy`
 * that is neither a column nor any component's property leaves the order by name.
 */
export function comparatorOf(
  sortBy: string,
  sortOrder: SortOrder,
): (a: ComponentRow, b: ComponentRow) => number {
  const keyOf = sortKeyOf(sortBy);
  const sign = sortOrder === 'desc' ? -1 : 1;
  return (a, b) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    if (ka !== null || kb !== null) {
      if (ka === null) return 1;
      if (kb === null) return -1;
      const byKey = compareKeys(ka, kb);
      if (byKey !== 0) return sign * byKey;
    }
    return compareText(a.name, b.name) || compareText(a.id, b.id);
  };
}

function labelsMatch(labels: Record<string, string> | null, pairs: readonly LabelPair[]): boolean {
  return pairs.every((pair) => labels?.[pair.key] === pair.value);
}

/** Whether a component passes the card filters of the query. */
export function matchesCardFilters(row: ComponentRow, query: TopologyQuery): boolean {
  if (query.statuses.length > 0 && !query.statuses.includes(row.status ?? '')) return false;
  if (query.types.length > 0 && !query.types.includes(row.type ?? '')) return false;
  if (query.owner !== null && row.owner !== query.owner) return false;
  return labelsMatch(row.labels, query.labels);
}

/** The filter options of TOPO-01 besides `teams`. */
export interface ScopeFacets {
  healthStatuses: string[];
  tags: Record<string, string[]>;
  types: string[];
}

/** Distinct statuses, types and label values of a scope, sorted: the console's filter options. */
export function scopeFacets(rows: readonly ComponentRow[]): ScopeFacets {
  const statuses = new Set<string>();
  const types = new Set<string>();
  const tags = new Map<string, Set<string>>();
  for (const row of rows) {
    if (row.status) statuses.add(row.status);
    if (row.type) types.add(row.type);
    for (const [key, value] of Object.entries(row.labels ?? {})) {
      if (typeof value !== 'string') continue;
      let values = tags.get(key);
      if (!values) tags.set(key, (values = new Set()));
      values.add(value);
    }
  }
  const sorted = (set: Set<string>) => [...set].sort(compareText);
  return {
    healthStatuses: sorted(statuses),
    types: sorted(types),
    tags: Object.fromEntries(
      [...tags.keys()].sort(compareText).map((key) => [key, sorted(tags.get(key) as Set<string>)]),
    ),
  };
}

/** The rows of a scope by id and by parent, children sorted once on first use. */
export class ScopeIndex {
  readonly byId = new Map<string, ComponentRow>();
  /** id → path, for the roll-ups. */
  readonly pathOf = new Map<string, string | null>();
  private readonly byParent = new Map<string, ComponentRow[]>();
  private readonly sorted = new Set<string>();

  constructor(
    readonly rows: readonly ComponentRow[],
    private readonly compare: (a: ComponentRow, b: ComponentRow) => number,
  ) {
    for (const row of rows) {
      this.byId.set(row.id, row);
      this.pathOf.set(row.id, row.path);
      if (row.parent_id === null) continue;
      const siblings = this.byParent.get(row.parent_id);
      if (siblings) siblings.push(row);
      else this.byParent.set(row.parent_id, [row]);
    }
  }

  childrenOf(id: string): ComponentRow[] {
    const children = this.byParent.get(id);
    if (!children) return [];
    if (!this.sorted.has(id)) {
      children.sort(this.compare);
      this.sorted.add(id);
    }
    return children;
  }
}

const NO_CHECKS: CheckCounts = { healthy: 0, warning: 0, unhealthy: 0 };

/** A component's summary: its live children by health, and its roll-ups. */
export function summaryOf(
  row: ComponentRow,
  children: readonly ComponentRow[],
  rollUps: RollUps,
): ComponentSummary {
  const summary: ComponentSummary = {
    healthy: 0,
    unhealthy: 0,
    warning: 0,
    unknown: 0,
    checks: rollUps.checks.get(row.id) ?? NO_CHECKS,
  };
  for (const child of children) {
    const health = child.health;
    if (health === 'healthy' || health === 'unhealthy' || health === 'warning') summary[health]++;
    else summary.unknown++;
  }
  const incidents = rollUps.incidents.get(row.id);
  if (incidents && Object.keys(incidents).length > 0) summary.incidents = incidents;
  const insights = rollUps.insights.get(row.id);
  if (insights && Object.keys(insights).length > 0) summary.insights = insights;
  return summary;
}

/** The JSON text of a row's own fields, made once per row object (rows are cached by version). */
const ownFields = new WeakMap<ComponentRow, string>();

/**
 * A component's own fields as JSON text without the braces: its columns, `properties` (embedded
 * as stored), `logs` and `parents` (ancestor ids, root first, from its `path`).
 */
export function ownFieldsJson(row: ComponentRow): string {
  const known = ownFields.get(row);
  if (known !== undefined) return known;
  const head = JSON.stringify({
    id: row.id,
    name: row.name,
    namespace: row.namespace,
    icon: row.icon,
    type: row.type,
    text: row.text,
    description: row.description,
    path: row.path,
    parent_id: row.parent_id,
    topology_id: row.topology_id,
    agent_id: row.agent_id,
    external_id: row.external_id,
    hidden: row.hidden,
    status: row.status,
    health: row.health,
    status_reason: row.status_reason,
    labels: row.labels ?? {},
  });
  const tail = JSON.stringify({
    logs: row.logs,
    owner: row.owner,
    cost_per_minute: row.cost_per_minute,
    cost_total_1d: row.cost_total_1d,
    cost_total_7d: row.cost_total_7d,
    cost_total_30d: row.cost_total_30d,
    created_at: row.created_at,
    updated_at: row.updated_at,
    deleted_at: row.deleted_at,
    parents: parentsOf(row.path),
  });
  const text = `${head.slice(1, -1)},"properties":${row.propertiesJson},${tail.slice(1, -1)}`;
  ownFields.set(row, text);
  return text;
}

/**
 * Appends one component as JSON text to `out`: its own fields (`ownFieldsJson`), `is_leaf`,
 * `summary`, `children` (ids of its live children) and, when `nest` is given, `components`,
 * whose items `nest` appends (separated by commas).
 */
export function writeComponent(
  out: string[],
  row: ComponentRow,
  children: readonly ComponentRow[],
  rollUps: RollUps,
  nest: ((out: string[]) => void) | null,
): void {
  const isLeaf = row.is_leaf ?? children.length === 0;
  const summary = JSON.stringify(summaryOf(row, children, rollUps));
  const childIds = JSON.stringify(children.map((child) => child.id));
  const text = `{${ownFieldsJson(row)},"is_leaf":${isLeaf},"summary":${summary},"children":${childIds}`;
  if (nest) {
    out.push(`${text},"components":[`);
    nest(out);
    out.push(']}');
  } else {
    out.push(`${text}}`);
  }
}

/** The top-level fields of the answer besides `components`. */
export interface TopologyFacets extends ScopeFacets {
  teams: string[];
}

/**
 * TOPO-01's answer as JSON text, over the index of one scope; null when the query names an `id`
 * that is not in it. `teams` (from `team_components`) comes from the caller; the other filter
 * options are taken from the whole scope, before any filter, so that the console's options stay.
 */
export function topologyJson(
  index: ScopeIndex,
  query: TopologyQuery,
  rollUps: RollUps,
  teams: string[],
  /**
   * Parents left out of a narrowed estate (scope impersonation): their children among the rows
   * are cards too.
   */
  hiddenParents: ReadonlySet<string> = new Set(),
): string | null {
  const top = query.id === null ? null : (index.byId.get(query.id) ?? null);
  if (query.id !== null && top === null) return null;

  const write = (out: string[], row: ComponentRow, levels: number): void => {
    const children = index.childrenOf(row.id);
    const nest =
      levels > 0 && children.length > 0
        ? (into: string[]) => writeList(into, children, levels - 1)
        : null;
    writeComponent(out, row, children, rollUps, nest);
  };
  const writeList = (out: string[], rows: readonly ComponentRow[], levels: number): void => {
    rows.forEach((row, i) => {
      if (i > 0) out.push(',');
      write(out, row, levels);
    });
  };

  let candidates: ComponentRow[];
  if (query.flatten) candidates = index.rows.filter((row) => row !== top);
  else if (top) candidates = [...index.childrenOf(top.id)];
  else {
    candidates = index.rows.filter(
      (row) => row.parent_id === null || hiddenParents.has(row.parent_id),
    );
  }
  const cards = candidates
    .filter((row) => matchesCardFilters(row, query))
    .sort(comparatorOf(query.sortBy, query.sortOrder));

  const out: string[] = ['{"components":['];
  if (top) {
    writeComponent(out, top, index.childrenOf(top.id), rollUps, (into) =>
      writeList(into, cards, query.depth),
    );
  } else {
    writeList(out, cards, query.depth);
  }
  const facets: TopologyFacets = { ...scopeFacets(index.rows), teams };
  out.push('],', JSON.stringify(facets).slice(1));
  return out.join('');
}
