import type { Page } from 'playwright-core';
import { benchSignedInPage, median, timedLoads } from './browserBench';

/** Graph loads timed (after one that warms the server up); the median is reported. */
export const GRAPH_LOADS = 5;
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
  /** The same with every group expanded: every related config drawn. */
  expanded: {
    nodes: number;
    navigationToGraphMs: number;
    panFrameMedianMs: number;
    panFrameP95Ms: number;
    panFrameMaxMs: number;
  };
}

interface BenchWindow {
  __graphBench: { firstNodes: number | null };
}

/** Notes the frame after the first graph nodes appear. */
function instrument(): void {
  const bench: BenchWindow['__graphBench'] = { firstNodes: null };
  (window as unknown as BenchWindow).__graphBench = bench;
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
}

async function loadOnce(page: Page, url: string): Promise<LoadFigure> {
  await page.goto(url);
  await page.waitForFunction(
    () => ((window as unknown as BenchWindow).__graphBench.firstNodes ?? 0) > 0,
    undefined,
    { timeout: 120_000 },
  );
  return page.evaluate(() => {
    const firstNodes = (window as unknown as BenchWindow).__graphBench.firstNodes ?? NaN;
    const data = performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming =>
        entry.name.includes('/rpc/related_configs_recursive'),
      )
      .filter((entry) => entry.responseEnd > 0 && entry.responseEnd <= firstNodes)
      .pop();
    if (!data) throw new Error('no related_configs_recursive response before the graph');
    return {
      navigationToGraphMs: firstNodes,
      dataToGraphMs: firstNodes - data.responseEnd,
      responseMs: data.responseEnd - data.requestStart,
    };
  });
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
    clusters: document.querySelectorAll('.react-flow__node [data-cluster]').length,
  }));
  const frames = await pan(page);

  // Every group expanded: all the related configs drawn at once.
  const all = `${url}?expanded=${encodeURIComponent(item.types.map((t) => t.replaceAll('::', '__')).join(','))}`;
  const expandedLoad = await loadOnce(page, all);
  const expandedNodes = await page.evaluate(
    () => document.querySelectorAll('.react-flow__node').length,
  );
  const expandedFrames = await pan(page);
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
    expanded: {
      nodes: expandedNodes,
      navigationToGraphMs: expandedLoad.navigationToGraphMs,
      panFrameMedianMs: median(expandedFrames),
      panFrameP95Ms: percentile(expandedFrames, 0.95),
      panFrameMaxMs: Math.max(...expandedFrames),
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
