import { JsonTreePruner, pruneJsonTree } from '../../../src/api/pruneJson';

interface Node {
  id: string;
  components?: Node[] | null;
  [field: string]: unknown;
}

/** A node with `children` levels of `width` children below it, and awkward text in it. */
function tree(id: string, children: number, width = 2): Node {
  return {
    id,
    name: `"${id}" {[,]} \\ "components": [1]`,
    properties: [{ name: 'components', text: '\\"', value: 3 }],
    summary: { components: [{ id: 'not-a-node', components: [{ id: 'deeper' }] }] },
    ...(children > 0
      ? {
          components: Array.from({ length: width }, (_, i) => tree(`${id}.${i}`, children - 1)),
        }
      : {}),
    tags: ['ü', '\u2028', '𝄞'],
  };
}

/** The tree with the children of every node at level `levels - 1` written null. */
function cut(node: Node, level: number, levels: number): Node {
  if (!node.components) return node;
  if (level + 1 >= levels) return { ...node, components: null };
  return { ...node, components: node.components.map((child) => cut(child, level + 1, levels)) };
}

describe('pruneJsonTree', () => {
  const body = {
    components: [tree('a', 3), tree('b', 0), tree('c', 2)],
    healthStatuses: ['healthy'],
    tags: { components: ['x'] },
  };
  const expected = (levels: number) => ({
    ...body,
    components: body.components.map((node) => cut(node, 0, levels)),
  });

  it.each([1, 2, 3])('keeps %i levels of the tree and everything beside it', (levels) => {
    for (const text of [JSON.stringify(body), JSON.stringify(body, null, 2)]) {
      expect(JSON.parse(pruneJsonTree(text, 'components', levels))).toEqual(expected(levels));
    }
  });

  it('keeps a shallow tree as it is', () => {
    const text = JSON.stringify(body);
    expect(pruneJsonTree(text, 'components', 9)).toBe(text);
  });

  it('keeps a body that is no object as it is', () => {
    expect(pruneJsonTree('null', 'components', 1)).toBe('null');
    expect(pruneJsonTree('[{"components":[1]}]', 'components', 1)).toBe('[{"components":[1]}]');
  });

  it('cuts a null or empty list of children the same way', () => {
    const text = '{"components":[{"id":"a","components":null},{"id":"b","components":[]}]}';
    expect(JSON.parse(pruneJsonTree(text, 'components', 1))).toEqual({
      components: [
        { id: 'a', components: null },
        { id: 'b', components: null },
      ],
    });
  });
});

describe('JsonTreePruner', () => {
  const body = {
    components: [tree('a', 3), tree('b', 0), tree('c', 2)],
    healthStatuses: ['healthy'],
    flags: [true, false, null, -1.5e3, 'x'],
    tags: { components: ['x'] },
  };
  /** The text pushed in parts of `size` characters. */
  function pushedInParts(text: string, size: number, levels: number): string {
    const pruner = new JsonTreePruner('components', levels);
    for (let at = 0; at < text.length; at += size) pruner.push(text.slice(at, at + size));
    return pruner.end();
  }

  it.each([1, 2, 3, 5, 8, 13, 64, 1000])(
    'keeps the same text when it arrives in parts of %i characters, wherever they split it',
    (size) => {
      for (const text of [JSON.stringify(body), JSON.stringify(body, null, 2)]) {
        for (const levels of [1, 2, 3]) {
          expect(pushedInParts(text, size, levels)).toBe(pruneJsonTree(text, 'components', levels));
        }
      }
    },
  );

  it('leaves out children that are a string or a number, split anywhere', () => {
    const text = '{"components":[{"id":"a","components":"x\\"y"},{"id":"b","components": 12}]}';
    for (const size of [1, 2, 3, 4, 100]) {
      expect(JSON.parse(pushedInParts(text, size, 1))).toEqual({
        components: [
          { id: 'a', components: null },
          { id: 'b', components: null },
        ],
      });
    }
  });

  it('keeps a text that ends inside a string, for its reader to fail on', () => {
    const pruner = new JsonTreePruner('components', 1);
    pruner.push('{"healthStatuses":["heal');
    expect(pruner.end()).toBe('{"healthStatuses":["heal');
  });
});
