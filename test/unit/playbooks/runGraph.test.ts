import type { PlaybookRunAction, PlaybookRunDetail } from '../../../src/api/schemas/playbooks';
import type { RunNode } from '../../../src/features/playbooks/runs/model/runGraph';
import {
  COLUMN_GAP,
  LANE_GAP,
  NODE_HEIGHT,
  NODE_WIDTH,
  axisTicks,
  barPlace,
  edgePath,
  graphSize,
  layoutRunGraph,
  nodeSummary,
  nodeTimes,
  offsetLabel,
  ranFor,
  runGraph,
  timelineSpan,
  waitedFor,
} from '../../../src/features/playbooks/runs/model/runGraph';

const T0 = Date.parse('2026-03-01T10:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();
const NOW = new Date(T0 + 600_000);

const RUN: PlaybookRunDetail = {
  id: 'run-1',
  playbook_id: 'pb-1',
  status: 'running',
  created_at: at(0),
  start_time: at(5),
  playbooks: { id: 'pb-1', name: 'restart', title: 'Restart deployment' },
};

const action = (id: string, extra: Partial<PlaybookRunAction> = {}): PlaybookRunAction => ({
  id,
  name: id,
  status: 'completed',
  ...extra,
});

const child = (id: string, name: string, extra: Partial<PlaybookRunDetail> = {}) =>
  ({
    id,
    playbook_id: 'pb-2',
    parent_id: RUN.id,
    status: 'completed',
    created_at: at(20),
    config: { id: `c-${id}`, name },
    ...extra,
  }) as PlaybookRunDetail;

const node = (extra: Partial<RunNode>): RunNode => ({
  id: 'action:x',
  kind: 'action',
  refId: 'x',
  name: 'x',
  status: 'completed',
  scheduledTime: undefined,
  startTime: undefined,
  endTime: undefined,
  ...extra,
});

describe('runGraph', () => {
  it('chains the actions in their order after the run and hangs the child runs off the run', () => {
    const model = runGraph(
      RUN,
      [action('a'), action('b'), action('c')],
      [child('k1', 'pod-1'), child('k2', 'pod-2')],
    );
    expect(model.nodes.map((n) => [n.id, n.kind, n.name])).toEqual([
      ['run', 'run', 'Restart deployment'],
      ['action:a', 'action', 'a'],
      ['action:b', 'action', 'b'],
      ['action:c', 'action', 'c'],
      ['child:k1', 'child', 'pod-1'],
      ['child:k2', 'child', 'pod-2'],
    ]);
    expect(model.edges.map((e) => `${e.source}->${e.target}`)).toEqual([
      'run->action:a',
      'action:a->action:b',
      'action:b->action:c',
      'run->child:k1',
      'run->child:k2',
    ]);
  });

  it('takes a run’s scheduled time, else its creation, as when it was scheduled', () => {
    const model = runGraph({ ...RUN, scheduled_time: at(2) }, [], [child('k1', 'pod')]);
    expect(model.nodes[0]?.scheduledTime).toBe(at(2));
    expect(model.nodes[1]?.scheduledTime).toBe(at(20));
  });

  it('names a child run by its resource, else its playbook, else its id', () => {
    const model = runGraph(
      RUN,
      [],
      [
        child('k1', 'pod'),
        { id: 'k2', playbooks: { title: 'Scale' } } as PlaybookRunDetail,
        { id: 'k3' } as PlaybookRunDetail,
      ],
    );
    expect(model.nodes.slice(1).map((n) => n.name)).toEqual(['pod', 'Scale', 'k3']);
  });
});

describe('layoutRunGraph', () => {
  it('puts the run first, the actions in a row after it and the child runs on the lane below', () => {
    const model = runGraph(RUN, [action('a'), action('b')], [child('k1', 'p'), child('k2', 'q')]);
    const places = layoutRunGraph(model.nodes);
    const column = NODE_WIDTH + COLUMN_GAP;
    const lane = NODE_HEIGHT + LANE_GAP;
    expect(Object.fromEntries(places)).toEqual({
      run: { x: 0, y: 0 },
      'action:a': { x: column, y: 0 },
      'action:b': { x: 2 * column, y: 0 },
      'child:k1': { x: column, y: lane },
      'child:k2': { x: 2 * column, y: lane },
    });
  });

  it('sizes the drawing to its farthest nodes', () => {
    const places = layoutRunGraph(
      runGraph(RUN, [action('a'), action('b')], [child('k', 'p')]).nodes,
    );
    expect(graphSize(places)).toEqual({
      width: 2 * (NODE_WIDTH + COLUMN_GAP) + NODE_WIDTH,
      height: 2 * NODE_HEIGHT + LANE_GAP,
    });
    expect(graphSize(new Map())).toEqual({ width: 0, height: 0 });
  });
});

describe('edgePath', () => {
  it('joins one action to the next side to side, and the run to a child top to bottom', () => {
    expect(edgePath({ x: 0, y: 0 }, { x: 248, y: 0 }, false)).toBe(
      `M ${NODE_WIDTH} ${NODE_HEIGHT / 2} H 248`,
    );
    expect(edgePath({ x: 0, y: 0 }, { x: 248, y: 100 }, false)).toBe(
      `M 200 36 C 224 36 224 136 248 136`,
    );
    const lane = NODE_HEIGHT + LANE_GAP;
    expect(edgePath({ x: 0, y: 0 }, { x: 248, y: lane }, true)).toBe(
      `M 100 ${NODE_HEIGHT} V ${(NODE_HEIGHT + lane) / 2} H 348 V ${lane}`,
    );
  });
});

describe('nodeTimes', () => {
  it('waits from the scheduled time to the start, and runs from the start to the end', () => {
    const times = nodeTimes(
      node({ scheduledTime: at(0), startTime: at(10), endTime: at(70) }),
      NOW,
    );
    expect(times).toEqual({
      waitFrom: T0,
      waitTo: T0 + 10_000,
      runFrom: T0 + 10_000,
      runTo: T0 + 70_000,
    });
  });

  it('grows to now while it runs, and while it waits to start', () => {
    const running = nodeTimes(node({ status: 'running', startTime: at(10) }), NOW);
    expect([running.runFrom, running.runTo]).toEqual([T0 + 10_000, NOW.getTime()]);
    const waiting = nodeTimes(node({ status: 'scheduled', scheduledTime: at(30) }), NOW);
    expect(waiting).toEqual({
      waitFrom: T0 + 30_000,
      waitTo: NOW.getTime(),
      runFrom: undefined,
      runTo: undefined,
    });
  });

  it('did not wait when started at (or before) its scheduled time, nor when it never started', () => {
    expect(nodeTimes(node({ scheduledTime: at(10), startTime: at(10) }), NOW).waitFrom).toBe(
      undefined,
    );
    expect(nodeTimes(node({ status: 'cancelled', scheduledTime: at(10) }), NOW)).toEqual({
      waitFrom: undefined,
      waitTo: undefined,
      runFrom: undefined,
      runTo: undefined,
    });
  });

  it('ends a final node without an end where it started', () => {
    const times = nodeTimes(node({ status: 'failed', startTime: at(10) }), NOW);
    expect([times.runFrom, times.runTo]).toEqual([T0 + 10_000, T0 + 10_000]);
  });
});

describe('how a node reads', () => {
  it('says how long it ran and waited', () => {
    const done = node({ name: 'restart', scheduledTime: at(0), startTime: at(5), endTime: at(65) });
    expect(ranFor(done, NOW)).toBe('1m');
    expect(waitedFor(done, NOW)).toBe('5s');
    expect(nodeSummary(done, 'Completed', NOW)).toBe('restart, Completed, ran 1m, waited 5s');
    const queued = node({ name: 'probe', status: 'scheduled', scheduledTime: at(540) });
    expect(nodeSummary(queued, 'Scheduled', NOW)).toBe('probe, Scheduled, waited 1m');
  });
});

describe('the timeline', () => {
  it('spans the earliest to the latest time of any node', () => {
    const times = [
      nodeTimes(node({ scheduledTime: at(10), startTime: at(20), endTime: at(30) }), NOW),
      nodeTimes(node({ startTime: at(25), endTime: at(90) }), NOW),
      nodeTimes(node({}), NOW),
    ];
    expect(timelineSpan(times, NOW)).toEqual({ from: T0 + 10_000, to: T0 + 90_000 });
  });

  it('spans at least a second, and a second before now without any time', () => {
    const one = [nodeTimes(node({ startTime: at(10), endTime: at(10) }), NOW)];
    expect(timelineSpan(one, NOW)).toEqual({ from: T0 + 10_000, to: T0 + 11_000 });
    expect(timelineSpan([], NOW)).toEqual({ from: NOW.getTime() - 1000, to: NOW.getTime() });
  });

  it('places a bar in percent of the span, clamped to it', () => {
    const span = { from: 0, to: 200 };
    expect(barPlace(span, 50, 100)).toEqual({ left: 25, width: 25 });
    expect(barPlace(span, -50, 300)).toEqual({ left: 0, width: 100 });
    expect(barPlace(span, 100, 100)).toEqual({ left: 50, width: 0 });
  });

  it('ticks the axis at the shortest step that gives at most six ticks', () => {
    const minutes = axisTicks({ from: T0, to: T0 + 4 * 60_000 });
    expect(minutes.map((t) => t.label)).toEqual(['0', '1m', '2m', '3m', '4m']);
    expect(minutes.map((t) => t.left)).toEqual([0, 25, 50, 75, 100]);
    const seconds = axisTicks({ from: T0, to: T0 + 42_000 });
    expect(seconds.map((t) => t.label)).toEqual(['0', '10s', '20s', '30s', '40s']);
    const hours = axisTicks({ from: T0, to: T0 + 5.5 * 3_600_000 });
    expect(hours.map((t) => t.label)).toEqual(['0', '1h', '2h', '3h', '4h', '5h']);
    expect(axisTicks({ from: 0, to: 30 * 86_400_000 }).length).toBeLessThanOrEqual(6);
  });

  it('labels an offset with its two largest units', () => {
    expect(offsetLabel(0)).toBe('0');
    expect(offsetLabel(90_000)).toBe('1m 30s');
    expect(offsetLabel(3_600_000 + 60_000 + 1000)).toBe('1h 1m');
    expect(offsetLabel(36 * 3_600_000)).toBe('1d 12h');
    expect(offsetLabel(500)).toBe('500ms');
  });
});
