import { edgeDrawing } from '../../../src/features/catalog/item/relationships/edgeLayer';
import {
  NODE_HEIGHT,
  NODE_WIDTH,
} from '../../../src/features/catalog/item/relationships/graphModel';

const edge = (source: string, target: string) => ({ id: `${source}->${target}`, source, target });
const positions = new Map([
  ['a', { x: 0, y: 0 }],
  ['b', { x: 400, y: 200 }],
]);
/** The subpaths of a path's data, each from its `M`. */
const subpaths = (d: string) => d.split('M').filter(Boolean);

describe('edge drawing of a large graph', () => {
  it('runs left to right from the middle of the right side to 4 px before the left side, arrow pointing right', () => {
    const drawing = edgeDrawing([edge('a', 'b')], positions, 'LR');
    expect(drawing.count).toBe(1);
    const [line] = subpaths(drawing.lines);
    // React Flow's handles end the edge 4 px outside the node.
    expect(line).toMatch(new RegExp(`^${NODE_WIDTH + 4},${NODE_HEIGHT / 2} C`));
    expect(line).toMatch(new RegExp(`396,${200 + NODE_HEIGHT / 2}$`));
    // The tip at the end, the base 4 px to its left, 6.4 px high.
    expect(drawing.arrows).toBe('M396,232L392,228.8L392,235.2Z');
  });

  it('runs top to bottom from the middle of the bottom side to above the top side, arrow pointing down', () => {
    const drawing = edgeDrawing([edge('a', 'b')], positions, 'TB');
    const [line] = subpaths(drawing.lines);
    expect(line).toMatch(new RegExp(`^${NODE_WIDTH / 2},${NODE_HEIGHT + 4} C`));
    expect(line).toMatch(new RegExp(`${400 + NODE_WIDTH / 2},196$`));
    expect(drawing.arrows).toBe('M520,196L516.8,192L523.2,192Z');
  });

  it('draws one curve and one arrowhead per edge whose nodes are placed, and leaves out the others', () => {
    const drawing = edgeDrawing(
      [edge('a', 'b'), edge('b', 'a'), edge('a', 'gone'), edge('gone', 'b')],
      positions,
      'LR',
    );
    expect(drawing.count).toBe(2);
    expect(subpaths(drawing.lines)).toHaveLength(2);
    expect(drawing.arrows.match(/Z/g)).toHaveLength(2);
  });

  it('draws nothing for a graph without edges', () => {
    expect(edgeDrawing([], positions, 'LR')).toEqual({ lines: '', arrows: '', count: 0 });
  });
});
