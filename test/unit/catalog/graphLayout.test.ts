import type {
  LayoutAnswer,
  LayoutFailure,
  LayoutGraph,
  LayoutRequest,
} from '../../../src/features/catalog/item/relationships/graphLayout';
import {
  computeLayout,
  fittestLayout,
  layoutGraph,
  positionsOf,
} from '../../../src/features/catalog/item/relationships/graphLayout';
import { NODE_WIDTH } from '../../../src/features/catalog/item/relationships/graphModel';
import type { LayoutWorker } from '../../../src/features/catalog/item/relationships/layoutClient';
import {
  LAYOUT_MEASURE,
  createLayoutClient,
  layoutGraphOf,
} from '../../../src/features/catalog/item/relationships/layoutClient';

/** A root with `width` children, each with one child: three layers. */
function fan(width: number): LayoutGraph {
  const nodes = [{ id: 'root' }];
  const edges: Array<{ source: string; target: string }> = [];
  for (let i = 0; i < width; i += 1) {
    nodes.push({ id: `c${i}` }, { id: `g${i}` });
    edges.push({ source: 'root', target: `c${i}` }, { source: `c${i}`, target: `g${i}` });
  }
  return { nodes, edges };
}

const chain: LayoutGraph = {
  nodes: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }],
  edges: [
    { source: 'a', target: 'b' },
    { source: 'b', target: 'c' },
    { source: 'c', target: 'd' },
  ],
};

describe('computeLayout', () => {
  it('answers the request with every node placed as layoutGraph places it', () => {
    const graph = fan(5);
    const answer = computeLayout({ id: 7, graph, direction: 'LR' });
    expect(answer.id).toBe(7);
    expect(answer.direction).toBe('LR');
    expect(answer.positions.map(([id]) => id)).toEqual(graph.nodes.map((node) => node.id));
    expect(positionsOf(answer)).toEqual(layoutGraph(graph, 'LR'));
    expect(answer.layoutMs).toBeGreaterThanOrEqual(0);
  });

  it('picks the fittest direction when none is asked for', () => {
    const answer = computeLayout({ id: 1, graph: chain });
    const fittest = fittestLayout(chain);
    expect(answer.direction).toBe(fittest.direction);
    expect(answer.direction).toBe('TB');
    expect(positionsOf(answer)).toEqual(fittest.positions);
  });

  it('keeps the asked direction even where another fits better', () => {
    const answer = computeLayout({ id: 1, graph: chain, direction: 'LR' });
    const at = positionsOf(answer);
    expect(at.get('a')!.x + NODE_WIDTH).toBeLessThan(at.get('b')!.x);
  });

  it('times the layout with the clock given', () => {
    const ticks = [10, 35];
    const answer = computeLayout({ id: 1, graph: chain }, () => ticks.shift()!);
    expect(answer.layoutMs).toBe(25);
  });

  it('answers plain data that a worker can post (no maps, no functions)', () => {
    const answer = computeLayout({ id: 3, graph: fan(2) });
    expect(structuredClone(answer)).toEqual(answer);
  });
});

describe('layoutGraphOf', () => {
  it('keeps only the ids and edge ends', () => {
    const graph = {
      nodes: [{ id: 'a', kind: 'config', config: { id: 'a', name: 'big' } }],
      edges: [{ id: 'a->a', source: 'a', target: 'a' }],
    };
    expect(layoutGraphOf(graph)).toEqual({
      nodes: [{ id: 'a' }],
      edges: [{ source: 'a', target: 'a' }],
    });
  });
});

/** A worker stand-in that answers when told, in this thread. */
class FakeWorker implements LayoutWorker {
  onmessage: LayoutWorker['onmessage'] = null;
  onerror: LayoutWorker['onerror'] = null;
  readonly received: LayoutRequest[] = [];
  terminated = false;

  postMessage(request: LayoutRequest) {
    this.received.push(request);
  }

  terminate() {
    this.terminated = true;
  }

  /** Answers a request it received, as the real worker would. */
  answer(request: LayoutRequest = this.received.at(-1)!) {
    this.onmessage?.({ data: computeLayout(request) } as MessageEvent<LayoutAnswer>);
  }

  fail(id: number, error: string) {
    this.onmessage?.({ data: { id, error } } as MessageEvent<LayoutFailure>);
  }

  /** The script did not load. */
  crash() {
    this.onerror?.({ preventDefault() {} } as ErrorEvent);
  }
}

function clientWithWorkers() {
  const workers: FakeWorker[] = [];
  const inProcess = jest.fn((request: LayoutRequest) => Promise.resolve(computeLayout(request)));
  const client = createLayoutClient({
    spawn: () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    },
    inProcess,
  });
  return { client, workers, inProcess };
}

describe('layout client', () => {
  it('posts the ids and edges to one worker and resolves with its answer', async () => {
    const { client, workers, inProcess } = clientWithWorkers();
    const graph = {
      nodes: [
        { id: 'a', config: { name: 'a' } },
        { id: 'b', config: { name: 'b' } },
      ],
      edges: [{ id: 'a->b', source: 'a', target: 'b' }],
    };
    const first = client.layout(graph, 'TB');
    expect(workers).toHaveLength(1);
    expect(workers[0]!.received).toEqual([
      {
        id: 1,
        graph: { nodes: [{ id: 'a' }, { id: 'b' }], edges: [{ source: 'a', target: 'b' }] },
        direction: 'TB',
      },
    ]);
    workers[0]!.answer();
    const answer = await first;
    expect(answer?.direction).toBe('TB');
    expect(positionsOf(answer!).get('a')!.y).toBeLessThan(positionsOf(answer!).get('b')!.y);

    // The next layout goes to the same worker, which was idle.
    const second = client.layout(chain);
    expect(workers).toHaveLength(1);
    expect(workers[0]!.received[1]).toMatchObject({ id: 2 });
    expect(workers[0]!.received[1]).not.toHaveProperty('direction');
    workers[0]!.answer();
    expect((await second)?.id).toBe(2);
    expect(inProcess).not.toHaveBeenCalled();
  });

  it('abandons a layout superseded while under way: null for it, its worker ended', async () => {
    const { client, workers } = clientWithWorkers();
    const first = client.layout(fan(3));
    const second = client.layout(chain);
    await expect(first).resolves.toBeNull();
    expect(workers).toHaveLength(2);
    expect(workers[0]!.terminated).toBe(true);
    expect(workers[1]!.received.map((request) => request.id)).toEqual([2]);
    workers[1]!.answer();
    expect((await second)?.positions.map(([id]) => id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('ignores an answer to a request it no longer waits for', async () => {
    const { client, workers } = clientWithWorkers();
    const first = client.layout(chain);
    workers[0]!.answer();
    await first;
    const second = client.layout(fan(2));
    // A late answer to request 1 again: not taken for request 2.
    workers[0]!.answer(workers[0]!.received[0]);
    workers[0]!.answer();
    expect((await second)?.id).toBe(2);
  });

  it('rejects with the reason the worker gives', async () => {
    const { client, workers } = clientWithWorkers();
    const layout = client.layout(chain);
    workers[0]!.fail(1, 'Graph has cycle');
    await expect(layout).rejects.toThrow('Graph has cycle');
  });

  it('lays out on the page when the worker cannot load, and keeps doing so', async () => {
    const { client, workers, inProcess } = clientWithWorkers();
    const first = client.layout(chain);
    workers[0]!.crash();
    expect(workers[0]!.terminated).toBe(true);
    expect((await first)?.direction).toBe('TB');
    await client.layout(fan(2));
    expect(workers).toHaveLength(1);
    expect(inProcess).toHaveBeenCalledTimes(2);
  });

  it('lays out on the page where there is no Worker', async () => {
    const inProcess = jest.fn((request: LayoutRequest) => Promise.resolve(computeLayout(request)));
    const client = createLayoutClient({ spawn: () => null, inProcess });
    const first = client.layout(fan(2));
    const second = client.layout(chain);
    // The first was superseded before its answer: only the second is taken.
    await expect(first).resolves.toBeNull();
    expect((await second)?.id).toBe(2);
  });

  it('ends the worker when disposed, resolving the layout under way with null', async () => {
    const { client, workers } = clientWithWorkers();
    const layout = client.layout(chain);
    client.dispose();
    await expect(layout).resolves.toBeNull();
    expect(workers[0]!.terminated).toBe(true);
    // Usable again: a new worker for the next layout.
    const again = client.layout(chain);
    workers[1]!.answer();
    expect((await again)?.id).toBe(2);
  });

  it('leaves a user timing entry per layout, with the time in the worker', async () => {
    performance.clearMeasures(LAYOUT_MEASURE);
    const { client, workers } = clientWithWorkers();
    const layout = client.layout(fan(4));
    workers[0]!.answer();
    await layout;
    const [entry] = performance.getEntriesByName(LAYOUT_MEASURE) as PerformanceMeasure[];
    expect(entry?.detail).toEqual({ layoutMs: expect.any(Number), inWorker: true, nodes: 9 });
  });
});
