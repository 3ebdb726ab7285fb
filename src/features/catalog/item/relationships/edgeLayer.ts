import { Position, getBezierPath } from '@xyflow/react';
import type { LayoutDirection, NodePosition } from './graphLayout';
import type { GraphEdge } from './graphModel';
import { NODE_HEIGHT, NODE_WIDTH } from './graphModel';

/**
 * How far outside its node an edge starts and ends: where React Flow's handles (8 px wide,
 * centred 4 px outside the node's side) would end it.
 */
export const HANDLE_OUTSET = 4;
/** The arrowhead at an edge's end: as long and as wide as React Flow's closed arrow marker. */
export const ARROW_LENGTH = 4;
export const ARROW_HALF_WIDTH = 3.2;

/** Every edge of a graph as two SVG path data strings: the curves, and the arrowheads. */
export interface EdgeDrawing {
  /** One bezier curve per edge, as React Flow's default edge draws it. */
  lines: string;
  /** One closed triangle per edge, its tip at the edge's end, pointing into the target. */
  arrows: string;
  /** How many edges are drawn (those whose two nodes are placed). */
  count: number;
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The edges of a laid out graph as one drawing: from the middle of the source's outgoing side
 * (right when left to right, bottom when top to bottom) to the middle of the target's incoming
 * side, with an arrowhead at the target. Edges whose nodes have no position are left out.
 */
export function edgeDrawing(
  edges: readonly GraphEdge[],
  positions: ReadonlyMap<string, NodePosition>,
  direction: LayoutDirection,
): EdgeDrawing {
  const across = direction === 'LR';
  const sourcePosition = across ? Position.Right : Position.Bottom;
  const targetPosition = across ? Position.Left : Position.Top;
  const lines: string[] = [];
  const arrows: string[] = [];
  for (const edge of edges) {
    const source = positions.get(edge.source);
    const target = positions.get(edge.target);
    if (!source || !target) continue;
    const sourceX = across ? source.x + NODE_WIDTH + HANDLE_OUTSET : source.x + NODE_WIDTH / 2;
    const sourceY = across ? source.y + NODE_HEIGHT / 2 : source.y + NODE_HEIGHT + HANDLE_OUTSET;
    const targetX = across ? target.x - HANDLE_OUTSET : target.x + NODE_WIDTH / 2;
    const targetY = across ? target.y + NODE_HEIGHT / 2 : target.y - HANDLE_OUTSET;
    const [path] = getBezierPath({
      sourceX,
      sourceY,
      sourcePosition,
      targetX,
      targetY,
      targetPosition,
    });
    lines.push(path);
    // The curve arrives along the layout's direction, so the arrowhead points along it.
    const [tipX, tipY] = [round(targetX), round(targetY)];
    arrows.push(
      across
        ? `M${tipX},${tipY}L${round(tipX - ARROW_LENGTH)},${round(tipY - ARROW_HALF_WIDTH)}L${round(tipX - ARROW_LENGTH)},${round(tipY + ARROW_HALF_WIDTH)}Z`
        : `M${tipX},${tipY}L${round(tipX - ARROW_HALF_WIDTH)},${round(tipY - ARROW_LENGTH)}L${round(tipX + ARROW_HALF_WIDTH)},${round(tipY - ARROW_LENGTH)}Z`,
    );
  }
  return { lines: lines.join(''), arrows: arrows.join(''), count: lines.length };
}
