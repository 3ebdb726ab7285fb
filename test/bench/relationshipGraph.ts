import type { Page } from 'playwright-core';
import { benchSignedInPage, median, timedLoads } from './browserBench';

/** Graph loads timed (after one that warms the server up); the median is reported. */
export const GRAPH_LOADS = 5;
/** Loads of the graph with every group expanded, timed the same way. */
export const EXPANDED_LOADS = 3;
/** The expanded graph the issue asks to pan within a frame has this many nodes. */
export const EXPANDED_NODES_WANTED = 300;
/** The user timing entry the console leaves per layout (layoutClient.ts, LAYOUT_MEASURE). */
const LAYOUT_MEASURE = 'relationship graph layout';
/** Mouse steps of one pan gesture. */
const PAN_STEPS = 60;

export interface RelationshipGraphFigures {
  /** The item drawn and how many configs the RPC answered for it. */
  itemName: string;
  relatedRows: number;
  /** Nodes drawn (clusters count as one) and clusters among them. */
  nodes: number;
  clusters: number;
  /** Navigation start to the frame after the first graph nodes (ms). */
  navigationToGraphMs: number;
  /** The RPC's response end to that frame (ms). */
  dataToGraphMs: number;
  /** Request start to response end of the RPC (ms). */
  responseMs: number;
  /**
   * For each mouse move of a pan, the time from the pointer event to the end of the frame that
   * shows it (the task after that frame's animation callbacks): median and worst (ms).
   */
  panFrameMedianMs: number;
  panFrameP95Ms: number;
  panFrameMaxMs: number;
  panFrames: number;
  /** The layout of the grouped graph, where it ran. */
  layout: LayoutFigure;
  /** The same with every group expanded: every related config drawn. */
  expanded: {
    /** Nodes of the graph (every distinct related config). */
    nodes: number;
    /** Of them in the DOM at first paint (only those in view are drawn). */
    drawnNodes: number;
    navigationToGraphMs: number;
    dataToGraphMs: number;
    layout: LayoutFigure;
    panFrameMedianMs: number;
    panFrameP95Ms: number;
    panFrameMaxMs: number;
    panFrames: number;
  };
}

/** A layout as the console noted it, and what the main thread did meanwhile. */
export interface LayoutFigure {
  /** The layout itself, where it ran (ms). */
  layoutMs: number;
  /** Posting the graph to the answer back on the page (ms). */
  roundTripMs: number;
  inWorker: boolean;
  /** The longest main-thread task from the data's arrival to the first graph paint (ms). */
  longestTaskMs: number;
}

interface BenchWindow {
  __graphBench: {
    firstNodes: number | null;
    longTasks: Array<{ start: number; duration: number }>;
  };
}

/** Notes the frame after the first graph nodes appear, and the main thread's long tasks. */
function instrument(): void {
  const bench: BenchWindow['__graphBench'] = { firstNodes: null, longTasks: [] };
  (window as unknown as BenchWindow).__graphBench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  const watch = new MutationObserver(() => {
    if (bench.firstNodes !== null) return;
    if (!document.querySelector('.react-flow__node')) return;
    bench.firstNodes = -1;
    requestAnimationFrame(() => (bench.firstNodes = performance.now()));
  });
  watch.observe(document, { childList: true, subtree: true });
}

interface LoadFigure {
  navigationToGraphMs: number;
  dataToGraphMs: number;
  responseMs: number;
  /** Nodes of the graph drawn (the console's `data-nodes`), and of them in the DOM. */
  nodes: number;
  drawnNodes: number;
  layout: LayoutFigure;
}

async function loadOnce(page: Page, url: string): Promise<LoadFigure> {
  await page.goto(url);
  await page.waitForFunction(
    () => ((window as unknown as BenchWindow).__graphBench.firstNodes ?? 0) > 0,
    undefined,
    { timeout: 120_000 },
  );
  return page.evaluate((layoutMeasure) => {
    const bench = (window as unknown as BenchWindow).__graphBench;
    const firstNodes = bench.firstNodes ?? NaN;
    const data = performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming =>
        entry.name.includes('/rpc/related_configs_recursive'),
      )
      .filter((entry) => entry.responseEnd > 0 && entry.responseEnd <= firstNodes)
      .pop();
    if (!data) throw new Error('no related_configs_recursive response before the graph');
    const measure = performance
      .getEntriesByName(layoutMeasure)
      .filter((entry) => entry.startTime + entry.duration <= firstNodes)
      .pop() as PerformanceMeasure | undefined;
    if (!measure) throw new Error(`no "${layoutMeasure}" entry before the graph`);
    const detail = measure.detail as { layoutMs: number; inWorker: boolean };
    const during = bench.longTasks.filter(
      (task) => task.start + task.duration > data.responseEnd && task.start < firstNodes,
    );
    const region = document.querySelector('.mc-rel-graph');
    return {
      navigationToGraphMs: firstNodes,
      dataToGraphMs: firstNodes - data.responseEnd,
      responseMs: data.responseEnd - data.requestStart,
      nodes: Number(region?.getAttribute('data-nodes') ?? NaN),
      drawnNodes: document.querySelectorAll('.react-flow__node').length,
      layout: {
        layoutMs: detail.layoutMs,
        roundTripMs: measure.duration,
        inWorker: detail.inWorker,
        longestTaskMs: Math.max(0, ...during.map((task) => task.duration)),
      },
    };
  }, LAYOUT_MEASURE);
}

/** Drags the graph's background and times each move to the end of the frame showing it. */
async function pan(page: Page): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __panFrames: number[] };
    w.__panFrames = [];
    document.addEventListener(
      'pointermove',
      () => {
        const at = performance.now();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => w.__panFrames.push(performance.now() - at);
          channel.port2.postMessage(null);
        });
      },
      { capture: true },
    );
  });
  const pane = page.locator('.react-flow__pane');
  const box = await pane.boundingBox();
  if (!box) throw new Error('the graph has no pane to drag');
  const x = box.x + box.width * 0.5;
  const y = box.y + box.height * 0.5;
  for (const [dx, dy] of [
    [-300, -150],
    [300, 150],
  ] as const) {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y + dy, { steps: PAN_STEPS });
    await page.mouse.up();
  }
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
  );
  return page.evaluate(() => (window as unknown as { __panFrames: number[] }).__panFrames);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};

async function measure(page: Page, origin: string): Promise<RelationshipGraphFigures> {
  // The cluster with the most configs under it.
  // (No named functions inside: the page runs this code as it is written.)
  const item = await page.evaluate(async () => {
    const clusters = (await (
      await fetch(
        '/api/db/configs?select=id,name&type=eq.Kubernetes::Cluster&deleted_at=is.null&order=name',
      )
    ).json()) as Array<{ id: string; name: string }>;
    let best = { id: '', name: '', rows: 0, types: [] as string[] };
    for (const cluster of clusters.slice(0, 6)) {
      const rows = (await (
        await fetch(
          `/api/db/rpc/related_configs_recursive?config_id=${cluster.id}&include_deleted_configs=false&max_depth=10&type_filter=all&incoming_relation=hard&outgoing_relation=hard`,
        )
      ).json()) as Array<{ type: string }>;
      if (rows.length > best.rows) {
        best = { ...cluster, rows: rows.length, types: [...new Set(rows.map((r) => r.type))] };
      }
    }
    return best;
  });
  if (item.rows <= 300) throw new Error(`no cluster with more than 300 related configs`);
  const url = `${origin}/catalog/${item.id}/relationships`;
  const loads = await timedLoads(GRAPH_LOADS, () => loadOnce(page, url));
  const counts = await page.evaluate(() => ({
    nodes: document.querySelectorAll('.react-flow__node').length,
    // By id: zoomed out, a cluster is drawn as a plain box.
    clusters: document.querySelectorAll('.react-flow__node[data-id^="cluster:"]').length,
  }));
  const frames = await pan(page);

  // Every group expanded: all the related configs drawn at once.
  const all = `${url}?expanded=${encodeURIComponent(item.types.map((t) => t.replaceAll('::', '__')).join(','))}`;
  const expandedLoads = await timedLoads(EXPANDED_LOADS, () => loadOnce(page, all));
  const expandedLast = expandedLoads[expandedLoads.length - 1]!;
  const expandedFrames = await pan(page);
  const medianLayout = (of: LoadFigure[]): LayoutFigure => ({
    layoutMs: median(of.map((l) => l.layout.layoutMs)),
    roundTripMs: median(of.map((l) => l.layout.roundTripMs)),
    inWorker: of.every((l) => l.layout.inWorker),
    longestTaskMs: median(of.map((l) => l.layout.longestTaskMs)),
  });
  return {
    itemName: item.name,
    relatedRows: item.rows,
    ...counts,
    navigationToGraphMs: median(loads.map((l) => l.navigationToGraphMs)),
    dataToGraphMs: median(loads.map((l) => l.dataToGraphMs)),
    responseMs: median(loads.map((l) => l.responseMs)),
    panFrameMedianMs: median(frames),
    panFrameP95Ms: percentile(frames, 0.95),
    panFrameMaxMs: Math.max(...frames),
    panFrames: frames.length,
    layout: medianLayout(loads),
    expanded: {
      nodes: expandedLast.nodes,
      drawnNodes: expandedLast.drawnNodes,
      navigationToGraphMs: median(expandedLoads.map((l) => l.navigationToGraphMs)),
      dataToGraphMs: median(expandedLoads.map((l) => l.dataToGraphMs)),
      layout: medianLayout(expandedLoads),
      panFrameMedianMs: median(expandedFrames),
      panFrameP95Ms: percentile(expandedFrames, 0.95),
      panFrameMaxMs: Math.max(...expandedFrames),
      panFrames: expandedFrames.length,
    },
  };
}

/**
 * Starts the console on the seeded demo database in `dataDir` and times the relationship graph
 * of the cluster with the most related configs: first paint and panning.
 */
export function benchRelationshipGraph(dataDir: string): Promise<RelationshipGraphFigures> {
  return benchSignedInPage(
    dataDir,
    { init: (context) => context.addInitScript(instrument) },
    measure,
  );
}
