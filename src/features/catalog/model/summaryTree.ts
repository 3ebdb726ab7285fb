import type { ConfigSummaryRow } from '../../../api/schemas/catalog';
import { summaryCost } from '../../../api/endpoints/catalog';
import { configClassOf } from '../../../lib/configType';

/** The health words of the summary, in the order their counts are shown. */
export const HEALTH_STATES = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

/** One row of the summary table: a class, a type, or a tag value under a type. */
export interface SummaryNode {
  /** Unique in the tree: the path of group values. */
  id: string;
  level: 'class' | 'type' | 'tag';
  /** What the row is called: the class, the type, or `{tag key}: {value}`. */
  label: string;
  /** The type the row opens (type and tag rows). */
  configType?: string;
  /** The class of the row's items (for the icon). */
  configClass: string;
  count: number;
  health: Record<string, number>;
  changes: number;
  analysis: Record<string, number>;
  cost: number;
  /** Latest update of an item of the group (ISO text), if any. */
  updatedAt?: string;
  children?: SummaryNode[];
}

function addCounts(into: Record<string, number>, from: Record<string, number> | null | undefined) {
  for (const [key, value] of Object.entries(from ?? {})) into[key] = (into[key] ?? 0) + value;
}

function later(a: string | undefined, b: string | null | undefined): string | undefined {
  if (!b) return a;
  if (!a) return b;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

function emptyNode(
  id: string,
  level: SummaryNode['level'],
  label: string,
  configClass: string,
): SummaryNode {
  return { id, level, label, configClass, count: 0, health: {}, changes: 0, analysis: {}, cost: 0 };
}

function absorb(node: SummaryNode, row: ConfigSummaryRow): void {
  node.count += row.count ?? 0;
  addCounts(node.health, row.health);
  node.changes += row.changes ?? 0;
  addCounts(node.analysis, row.analysis);
  node.cost += summaryCost(row);
  node.updatedAt = later(node.updatedAt, row.updated_at);
}

function child(
  parent: SummaryNode,
  id: string,
  make: () => SummaryNode,
  index: Map<string, SummaryNode>,
): SummaryNode {
  let node = index.get(id);
  if (!node) {
    node = make();
    index.set(id, node);
    (parent.children ??= []).push(node);
  }
  return node;
}

/**
 * The summary rows (one per type, or per type and tag value) as a tree: classes (the part of
 * the type before `::`) holding their types, which hold one row per value of `tagKey` when the
 * summary was grouped by a tag as well. Every level adds up the rows under it; classes and
 * types are sorted by name, tag values by count (largest first).
 */
export function buildSummaryTree(
  rows: readonly ConfigSummaryRow[],
  tagKey?: string,
): SummaryNode[] {
  const index = new Map<string, SummaryNode>();
  const root = emptyNode('', 'class', '', '');
  for (const row of rows) {
    const type = row.type ?? '';
    const configClass = configClassOf(type) || 'Other';
    const classNode = child(
      root,
      `class:${configClass}`,
      () => emptyNode(`class:${configClass}`, 'class', configClass, configClass),
      index,
    );
    absorb(classNode, row);
    const typeId = `type:${type}`;
    const typeNode = child(
      classNode,
      typeId,
      () => ({
        ...emptyNode(typeId, 'type', type, configClass),
        configType: type,
      }),
      index,
    );
    absorb(typeNode, row);
    if (tagKey) {
      const raw = row[tagKey];
      const value = typeof raw === 'string' && raw !== '' ? raw : '(none)';
      const tagId = `${typeId}|${tagKey}:${value}`;
      const tagNode = child(
        typeNode,
        tagId,
        () => ({
          ...emptyNode(tagId, 'tag', `${tagKey}: ${value}`, configClass),
          configType: type,
        }),
        index,
      );
      absorb(tagNode, row);
    }
  }
  const byLabel = (a: SummaryNode, b: SummaryNode) => a.label.localeCompare(b.label);
  const classes = root.children ?? [];
  classes.sort(byLabel);
  for (const classNode of classes) {
    classNode.children?.sort(byLabel);
    for (const typeNode of classNode.children ?? []) {
      typeNode.children?.sort((a, b) => b.count - a.count || byLabel(a, b));
    }
  }
  return classes;
}
