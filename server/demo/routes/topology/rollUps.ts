/**
 * The roll-ups of a component's `summary`: the checks, open incidents and open insights linked
 * to it or to any of its descendants (the components whose dot-joined `path` of ancestor ids
 * names it), each counted once however many of those components it is linked to. Pure.
 */

/** A check linked to a component. */
export interface CheckLink {
  componentId: string;
  id: string;
  status: string | null;
}

/** An open incident whose evidence names a component, or an open insight of a linked config. */
export interface TypedLink {
  componentId: string;
  id: string;
  type: string | null;
  severity: string | null;
}

export interface Links {
  checks: CheckLink[];
  incidents: TypedLink[];
  insights: TypedLink[];
}

export interface CheckCounts {
  healthy: number;
  warning: number;
  unhealthy: number;
}

/** Incident severities as the console groups them. */
export type IncidentLevel = 'High' | 'Medium' | 'Low';

/** Type → level (or severity) → count. */
export type CountsByType = Record<string, Record<string, number>>;

/** What each component rolls up from itself and its descendants, by component id. */
export interface RollUps {
  checks: Map<string, CheckCounts>;
  incidents: Map<string, CountsByType>;
  insights: Map<string, CountsByType>;
}

/** Ids of a component's ancestors, root first, from its dot-joined `path`. */
export function parentsOf(path: string | null): string[] {
  if (!path) return [];
  return path.split('.').filter((id) => id !== '');
}

/** The console's incident groups: critical, blocker and high are High; low, info and others Low. */
export function incidentLevel(severity: string | null): IncidentLevel {
  const value = (severity ?? '').toLowerCase();
  if (value === 'critical' || value === 'blocker' || value === 'high') return 'High';
  if (value === 'medium') return 'Medium';
  return 'Low';
}

/** For each component of the scope: the distinct linked items of it and its descendants. */
function distinctPerComponent<L extends { componentId: string; id: string }>(
  links: readonly L[],
  pathOf: ReadonlyMap<string, string | null>,
): Map<string, Map<string, L>> {
  const result = new Map<string, Map<string, L>>();
  for (const link of links) {
    const path = pathOf.get(link.componentId);
    if (path === undefined) continue;
    for (const id of [...parentsOf(path), link.componentId]) {
      if (!pathOf.has(id)) continue;
      let items = result.get(id);
      if (!items) result.set(id, (items = new Map()));
      items.set(link.id, link);
    }
  }
  return result;
}

function countByType(items: Iterable<TypedLink>, keyOf: (link: TypedLink) => string): CountsByType {
  const counts: CountsByType = {};
  for (const item of items) {
    const byKey = (counts[item.type ?? 'other'] ??= {});
    const key = keyOf(item);
    byKey[key] = (byKey[key] ?? 0) + 1;
  }
  return counts;
}

/**
 * Counts the links for every component of the scope (`pathOf`: id → path) and each of its
 * ancestors within the scope. Checks count by status (`healthy`, `warning`, `unhealthy`; other
 * statuses are left out); incidents by type and level (`High`, `Medium`, `Low`); insights by
 * analysis type and severity.
 */
export function rollUp(links: Links, pathOf: ReadonlyMap<string, string | null>): RollUps {
  const checks = new Map<string, CheckCounts>();
  for (const [id, items] of distinctPerComponent(links.checks, pathOf)) {
    const counts: CheckCounts = { healthy: 0, warning: 0, unhealthy: 0 };
    for (const { status } of items.values()) {
      if (status === 'healthy' || status === 'warning' || status === 'unhealthy') counts[status]++;
    }
    checks.set(id, counts);
  }
  const incidents = new Map<string, CountsByType>();
  for (const [id, items] of distinctPerComponent(links.incidents, pathOf)) {
    incidents.set(
      id,
      countByType(items.values(), (link) => incidentLevel(link.severity)),
    );
  }
  const insights = new Map<string, CountsByType>();
  for (const [id, items] of distinctPerComponent(links.insights, pathOf)) {
    insights.set(
      id,
      countByType(items.values(), (link) => link.severity ?? 'info'),
    );
  }
  return { checks, incidents, insights };
}
