import type {
  ComponentChange,
  ComponentCheck,
  ComponentConfig,
  ComponentIncident,
  ComponentInsight,
  ComponentTeam,
  TopologyComponent,
} from '../../../api/schemas/topology';
import { statusColor } from '../../../lib/status';
import { paths } from '../../../shell/paths';

/**
 * The pure logic of a component's details panel: section titles, the order of checks and
 * configs, what a change or an insight points at, and the costs worth showing.
 */

/** A section's title with its count when known: `Checks (3)`, else `Checks`. */
export function sectionTitle(name: string, count?: number): string {
  return count === undefined ? name : `${name} (${count})`;
}

/** A status or severity word for people: `unhealthy` → `Unhealthy`, `in_progress` → `In progress`. */
export function word(value: string | number | null | undefined): string {
  const text = String(value ?? '')
    .trim()
    .replace(/_/g, ' ');
  return text === '' ? '' : text.charAt(0).toUpperCase() + text.slice(1);
}

/** The name a component goes by: its title, else its name, else its id. */
export function componentTitle(component: TopologyComponent): string {
  return component.title || component.name || component.id;
}

const STATUS_RANK = { red: 0, orange: 1, grey: 2, green: 3 } as const;

function statusRank(status: string | null | undefined): number {
  const color = statusColor({ status });
  return color === null ? STATUS_RANK.grey : STATUS_RANK[color];
}

function byName(a: string, b: string): number {
  return a.localeCompare(b, 'en', { sensitivity: 'base' });
}

/**
 * Checks with the unhealthy ones first, then warnings, unknown and healthy ones (as the
 * status dot colours them); by name within each.
 */
export function sortChecks(checks: readonly ComponentCheck[]): ComponentCheck[] {
  return [...checks].sort(
    (a, b) => statusRank(a.status) - statusRank(b.status) || byName(a.name ?? a.id, b.name ?? b.id),
  );
}

/** A config as the panel lists it. */
export interface ConfigRef {
  id: string;
  name?: string | null;
  type?: string | null;
  configClass?: string | null;
}

/** CAT-32's rows as configs, by name; rows without a config id are left out. */
export function linkedConfigs(rows: readonly ComponentConfig[]): ConfigRef[] {
  const configs: ConfigRef[] = [];
  for (const row of rows) {
    const id = row.configs?.id ?? row.config_id;
    if (!id) continue;
    configs.push({
      id,
      name: row.configs?.name,
      type: row.configs?.type,
      configClass: row.configs?.config_class,
    });
  }
  return configs.sort((a, b) => byName(a.name ?? a.id, b.name ?? b.id));
}

/**
 * The config a change (CAT-22) is about: the object under the `created_at` alias when the
 * server embedded one, else the row's own `config_id` and `name`. Undefined without an id.
 */
export function changeConfig(change: ComponentChange): ConfigRef | undefined {
  const embedded =
    change.created_at !== null && typeof change.created_at === 'object'
      ? change.created_at
      : undefined;
  const id = embedded?.id ?? change.config_id;
  if (!id) return undefined;
  return {
    id,
    name: embedded?.name ?? change.name,
    type: embedded?.type ?? change.type,
    configClass: change.config_class,
  };
}

/** How many changes the panel lists before "Show all". */
export const CHANGES_SHOWN = 20;

/** The changes listed: the first `CHANGES_SHOWN`, or all of them once expanded. */
export function shownChanges<T>(changes: readonly T[], expanded: boolean): readonly T[] {
  return expanded ? changes : changes.slice(0, CHANGES_SHOWN);
}

/** An insight opened in its dialog, on its config item's insights tab. */
export function insightHref(insight: Pick<ComponentInsight, 'id' | 'config'>): string {
  return paths.catalogItemInsight.getHref(insight.config.id, insight.id);
}

/** A team of a component as the panel lists it: its name and its role, if any. */
export interface TeamView {
  id: string;
  name: string;
  role?: string;
}

/** TOPO-09's rows as teams, by name. */
export function teamViews(rows: readonly ComponentTeam[]): TeamView[] {
  return rows
    .map((row, index) => ({
      id: row.team?.id ?? row.team_id ?? String(index),
      name: row.team?.name || row.team_id || 'Unnamed team',
      ...(row.role ? { role: row.role } : {}),
    }))
    .sort((a, b) => byName(a.name, b.name));
}

/** An incident's severity as a word; numbers (older incidents) as they are. */
export function incidentSeverity(incident: ComponentIncident): string {
  return word(incident.severity);
}
