import type { Hypothesis } from '../../../../api/schemas/incidents';

/** One hypothesis of the tree and the hypotheses under it. */
export interface HypothesisTreeNode {
  hypothesis: Hypothesis;
  children: HypothesisTreeNode[];
}

/** A row with the time it was created (hypotheses, evidence, comments). */
interface Created {
  created_at?: string | null;
}

/** `created_at` as milliseconds; rows without a readable time sort last. */
function timeOf(row: Created): number {
  const time = row.created_at ? Date.parse(row.created_at) : NaN;
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
}

/** Oldest first; ties (and rows without a time) keep the order the server sent. */
export function byCreatedAt(a: Created, b: Created): number {
  const [x, y] = [timeOf(a), timeOf(b)];
  if (x === y) return 0;
  return x < y ? -1 : 1;
}

/**
 * The hypotheses tree of an incident from INC-02's flat rows (each names its `parent_id`):
 * the roots, their factors, their solutions, siblings oldest first.
 *
 * Nothing is lost: a row whose parent is not among the rows (an orphan) is shown at the top
 * level after the real roots, and rows caught in a parent cycle are shown at the top level too,
 * each once.
 */
export function buildHypothesisTree(
  hypotheses: readonly Hypothesis[] | null | undefined,
): HypothesisTreeNode[] {
  const rows = [...(hypotheses ?? [])].sort(byCreatedAt);
  const ids = new Set(rows.map((row) => row.id));
  const childrenOf = new Map<string, Hypothesis[]>();
  const roots: Hypothesis[] = [];
  const orphans: Hypothesis[] = [];
  for (const row of rows) {
    const parent = row.parent_id;
    if (!parent || parent === row.id) {
      (parent ? orphans : roots).push(row);
    } else if (!ids.has(parent)) {
      orphans.push(row);
    } else {
      const siblings = childrenOf.get(parent) ?? [];
      siblings.push(row);
      childrenOf.set(parent, siblings);
    }
  }

  const placed = new Set<string>();
  const grow = (hypothesis: Hypothesis): HypothesisTreeNode => {
    placed.add(hypothesis.id);
    const children = (childrenOf.get(hypothesis.id) ?? [])
      .filter((child) => !placed.has(child.id))
      .map(grow);
    return { hypothesis, children };
  };
  const tree = [...roots, ...orphans].map(grow);
  // Rows whose parents lead round in a circle are reached from no root.
  for (const row of rows) {
    if (!placed.has(row.id)) tree.push(grow(row));
  }
  return tree;
}

/** How many hypotheses the tree holds, at every depth. */
export function countHypotheses(nodes: readonly HypothesisTreeNode[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countHypotheses(node.children), 0);
}

/**
 * Whether a hypothesis may be deleted: not while it has children, whose `parent_id` would
 * block the delete of its row (INC-13's last request).
 */
export function canDeleteHypothesis(node: HypothesisTreeNode): boolean {
  return node.children.length === 0;
}

/** Why the delete button of a hypothesis with children is disabled. */
export const DELETE_BLOCKED_REASON = 'Delete its factors or solutions first';

/** The question of the delete confirmation. */
export const DELETE_HYPOTHESIS_QUESTION =
  'Delete this hypothesis? Its evidence and comments are deleted with it.';
