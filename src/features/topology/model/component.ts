import type { IconName } from '@blueprintjs/core';
import type { ComponentSummary, TopologyComponent } from '../../../api/schemas/topology';
import type { StatusColor } from '../../../lib/status';
import { statusColor } from '../../../lib/status';

/** What a component is called: its title, else its name. */
export function componentName(component: Pick<TopologyComponent, 'title' | 'name'>): string {
  return component.title || component.name || '';
}

/** The health a card is coloured by: `health`, else the status word. */
export function componentHealth(component: TopologyComponent): string {
  return component.health || component.status || 'unknown';
}

/** The colour of a health word: green, orange, red or grey. */
export function healthColor(health: string | null | undefined): StatusColor {
  return statusColor({ status: health || 'unknown' }) ?? 'grey';
}

/** The health states of a summary, in the order they are shown, with their colours. */
export const HEALTH_STATES = [
  { key: 'healthy', color: 'green' },
  { key: 'unhealthy', color: 'red' },
  { key: 'warning', color: 'orange' },
  { key: 'unknown', color: 'grey' },
] as const;

export type HealthState = (typeof HEALTH_STATES)[number]['key'];

/** Children by health, from a summary: only the states that have any. */
export function healthCounts(
  summary: ComponentSummary | null | undefined,
): Array<{ key: HealthState; color: StatusColor; count: number }> {
  return HEALTH_STATES.map(({ key, color }) => ({ key, color, count: summary?.[key] ?? 0 })).filter(
    (entry) => entry.count > 0,
  );
}

/** Checks by status from a summary: passing, warning and failing counts. */
export function checkCounts(summary: ComponentSummary | null | undefined): {
  healthy: number;
  warning: number;
  unhealthy: number;
} {
  const checks = summary?.checks ?? {};
  return {
    healthy: checks.healthy ?? 0,
    warning: checks.warning ?? 0,
    unhealthy: checks.unhealthy ?? 0,
  };
}

function sumNested(map: Record<string, Record<string, number>> | null | undefined): number {
  let total = 0;
  for (const inner of Object.values(map ?? {})) {
    for (const n of Object.values(inner)) total += n;
  }
  return total;
}

/** How many open incidents a summary counts, across types and severities. */
export function incidentCount(summary: ComponentSummary | null | undefined): number {
  return sumNested(summary?.incidents);
}

/** How many insights a summary counts, across types and severities. */
export function insightCount(summary: ComponentSummary | null | undefined): number {
  return sumNested(summary?.insights);
}

const ICONS: Array<[RegExp, IconName]> = [
  [/namespace/i, 'folder-close'],
  [/database|rds|postgres|mysql|statefulset|sql/i, 'database'],
  [/kubernetes|cluster|k8s|deployment|pod/i, 'cube'],
  [/aws|cloud|region|azure|gcp/i, 'cloud'],
  [/s3|bucket|storage/i, 'box'],
  [/ec2|server|vm|node|instance/i, 'server'],
  [/endpoint|http|url|api/i, 'globe-network'],
  [/external|saas/i, 'globe'],
  [/application|app|platform/i, 'application'],
  [/queue|kafka|rabbit/i, 'exchange'],
  [/group/i, 'group-objects'],
];

/** The Blueprint icon of a component, from its icon name and else its type. */
export function componentIconName(component: Pick<TopologyComponent, 'icon' | 'type'>): IconName {
  for (const text of [component.icon, component.type]) {
    if (!text) continue;
    for (const [pattern, icon] of ICONS) if (pattern.test(text)) return icon;
  }
  return 'cube';
}
