import type { Page, Route } from 'playwright-core';
import { benchSignedInPage, timedLoads } from './browserBench';

/** Loads of the run page timed (after one that warms up); each sample is reported. */
export const RUN_PAGE_LOADS = 5;
/** Status changes timed, each found by the page's next reading of the run (every 5 s). */
export const RUN_UPDATES = 5;
/** The run drawn: this many actions and child runs. */
export const RUN_ACTIONS = 50;
export const RUN_CHILDREN = 20;

/** What the bench answers for: a run of its own, so that no executor moves it meanwhile. */
const RUN_ID = '00000000-0000-4000-8000-0000000be4c0';
const PLAYBOOK_ID = '00000000-0000-4000-8000-0000000be4c1';
const uuid = (prefix: string, index: number) =>
  `00000000-0000-4000-${prefix}-${index.toString(16).padStart(12, '0')}`;
const actionId = (index: number) => uuid('8001', index);
const childId = (index: number) => uuid('8002', index);

export interface PlaybookRunFigures {
  /** Nodes the graph drew (the run, its actions and child runs). */
  nodes: number;
  /** The later of the run's (PB-11) and its actions' (PB-12) answers to the frame after the graph, per load (ms). */
  dataToGraphMs: number[];
  /** Navigation start to that frame, per load (ms). */
  navigationToGraphMs: number[];
  /** A reading whose answer changes an action's status, to the frame after its node shows it (ms). */
  updateToRedrawMs: number[];
}

const PLAYBOOK = {
  id: PLAYBOOK_ID,
  name: 'bench-rollout',
  title: 'Bench rollout',
  icon: 'kubernetes',
  spec: {
    actions: Array.from({ length: RUN_ACTIONS }, (_, i) => ({
      name: `step-${i + 1}`,
      exec: { script: 'true' },
    })),
  },
};

/**
 * The run's actions as PB-12 answers them at `step`: the first `20 + step` completed, the next
 * one running, the rest scheduled. Each step completes the running action and starts the next.
 */
function actionRows(base: number, step: number) {
  const done = 20 + step;
  return Array.from({ length: RUN_ACTIONS }, (_, i) => {
    const scheduled = base + i * 20_000;
    const start = scheduled + 4_000;
    const status = i < done ? 'completed' : i === done ? 'running' : 'scheduled';
    return {
      id: actionId(i),
      name: `step-${i + 1}`,
      playbook_run_id: RUN_ID,
      status,
      scheduled_time: new Date(scheduled).toISOString(),
      start_time: status === 'scheduled' ? null : new Date(start).toISOString(),
      end_time: status === 'completed' ? new Date(start + 15_000).toISOString() : null,
      result: status === 'completed' ? { stdout: 'ok', stderr: '', exitCode: 0 } : null,
      error: null,
      agent_id: null,
      retry_count: 0,
    };
  });
}

/** PB-11's answer: the running run and its child runs, half of them done. */
function runRows(base: number) {
  const run = {
    id: RUN_ID,
    playbook_id: PLAYBOOK_ID,
    status: 'running',
    created_at: new Date(base - 5_000).toISOString(),
    scheduled_time: new Date(base - 5_000).toISOString(),
    start_time: new Date(base).toISOString(),
    end_time: null,
    parent_id: null,
    parameters: { replicas: '3' },
    created_by: null,
    playbooks: PLAYBOOK,
    playbook_approvals: [],
  };
  const children = Array.from({ length: RUN_CHILDREN }, (_, i) => ({
    id: childId(i),
    playbook_id: PLAYBOOK_ID,
    status: i < RUN_CHILDREN / 2 ? 'completed' : 'running',
    created_at: new Date(base + i * 30_000).toISOString(),
    scheduled_time: new Date(base + i * 30_000).toISOString(),
    start_time: new Date(base + i * 30_000 + 2_000).toISOString(),
    end_time: i < RUN_CHILDREN / 2 ? new Date(base + i * 30_000 + 60_000).toISOString() : null,
    parent_id: RUN_ID,
    parameters: {},
    playbooks: PLAYBOOK,
    config: { id: uuid('8003', i), name: `pod-${i + 1}`, type: 'Kubernetes::Pod' },
  }));
  return [run, ...children];
}

const json = (route: Route, body: unknown) =>
  route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

/**
 * Answers the run's reads (PB-11, PB-12, PB-13) for the bench's run; `state.step` says which
 * actions are done. Everything else the page asks goes to the demo server.
 */
async function answerTheRun(page: Page, state: { step: number; base: number }): Promise<void> {
  await page.route(
    (url) =>
      url.pathname === '/api/db/playbook_runs' &&
      (url.searchParams.get('or') ?? '').includes(RUN_ID),
    (route) => json(route, runRows(state.base)),
  );
  await page.route(
    (url) =>
      url.pathname === '/api/db/rpc/get_playbook_run_actions' &&
      url.searchParams.get('run_id') === RUN_ID,
    (route) => json(route, actionRows(state.base, state.step)),
  );
  await page.route(
    (url) => url.pathname === '/api/db/playbook_run_actions',
    (route) => {
      const id = new URL(route.request().url()).searchParams.get('id')?.replace(/^eq\./, '');
      const row = actionRows(state.base, state.step).find((action) => action.id === id);
      return json(
        route,
        row ? [{ ...row, artifacts: [], playbook_run: { spec: PLAYBOOK.spec } }] : [],
      );
    },
  );
}

interface BenchWindow {
  __firstPaint: { at: number | null };
  __redraw: Promise<number>;
}

/** Notes the frame after the run's graph first has nodes (an init script, in every document). */
function noteGraph(): void {
  const note: BenchWindow['__firstPaint'] = { at: null };
  (window as unknown as BenchWindow).__firstPaint = note;
  const watch = new MutationObserver(() => {
    if (note.at !== null || !document.querySelector('.mc-run-graph [data-node]')) return;
    note.at = -1;
    requestAnimationFrame(() => (note.at = performance.now()));
  });
  watch.observe(document, { childList: true, subtree: true });
}

/** One load of the run page: its answers to the graph drawn. */
async function loadOnce(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(
    () => ((window as unknown as BenchWindow).__firstPaint.at ?? 0) > 0,
    undefined,
    { timeout: 120_000 },
  );
  return page.evaluate(() => {
    const drawn = (window as unknown as BenchWindow).__firstPaint.at ?? NaN;
    const ends = ['/api/db/playbook_runs?', '/api/db/rpc/get_playbook_run_actions?'].map(
      (path) =>
        performance
          .getEntriesByType('resource')
          .filter((entry): entry is PerformanceResourceTiming => entry.name.includes(path))
          .filter((entry) => entry.responseEnd > 0 && entry.responseEnd <= drawn)
          .pop()?.responseEnd,
    );
    if (ends.some((end) => end === undefined))
      throw new Error('the graph was drawn before its data');
    return {
      navigationToGraphMs: drawn,
      dataToGraphMs: drawn - Math.max(...(ends as number[])),
      nodes: document.querySelectorAll('.mc-run-graph [data-node]').length,
    };
  });
}

/**
 * Makes the next reading complete the running action; answers the time from that reading's
 * answer (PB-12) to the frame after the action's node reads Completed.
 */
async function updateOnce(page: Page, state: { step: number }): Promise<number> {
  const running = actionId(20 + state.step);
  await page.evaluate((id) => {
    const w = window as unknown as BenchWindow;
    w.__redraw = new Promise((resolve) => {
      // No named function in here: the bench's compiler would wrap it in a helper the page
      // does not have.
      const watch = new MutationObserver(() => {
        const label = document.querySelector(`[data-node="${id}"]`)?.getAttribute('aria-label');
        if (!label?.includes(', Completed')) return;
        watch.disconnect();
        requestAnimationFrame(() => resolve(performance.now()));
      });
      watch.observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-label'],
      });
    });
  }, running);
  state.step += 1;
  return page.evaluate(async () => {
    const drawn = await (window as unknown as BenchWindow).__redraw;
    const answer = performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming =>
        entry.name.includes('/api/db/rpc/get_playbook_run_actions?'),
      )
      .filter((entry) => entry.responseEnd > 0 && entry.responseEnd <= drawn)
      .pop();
    if (!answer) throw new Error('the node changed before the reading that changed it');
    return drawn - answer.responseEnd;
  });
}

async function measure(page: Page, origin: string): Promise<PlaybookRunFigures> {
  const state = { step: 0, base: Date.now() - 30 * 60_000 };
  await answerTheRun(page, state);
  const url = `${origin}/playbooks/runs/${RUN_ID}`;
  const loads = await timedLoads(RUN_PAGE_LOADS, () => {
    state.step = 0;
    return loadOnce(page, url);
  });
  const nodes = loads[loads.length - 1]?.nodes ?? 0;
  const expected = 1 + RUN_ACTIONS + RUN_CHILDREN;
  if (nodes !== expected) throw new Error(`the graph drew ${nodes} nodes, not ${expected}`);
  const updates: number[] = [];
  // One change first, as a warm-up, then the timed ones.
  await updateOnce(page, state);
  for (let i = 0; i < RUN_UPDATES; i += 1) updates.push(await updateOnce(page, state));
  return {
    nodes,
    dataToGraphMs: loads.map((load) => load.dataToGraphMs),
    navigationToGraphMs: loads.map((load) => load.navigationToGraphMs),
    updateToRedrawMs: updates,
  };
}

/**
 * Starts the console on the seeded demo database in `dataDir` and times the playbook run page
 * on a running run of `RUN_ACTIONS` actions and `RUN_CHILDREN` child runs, whose reads the
 * bench answers itself (so that its figures are the page's, and no executor finishes the run
 * meanwhile): its answers to the graph drawn, and a status change in a reading to its node
 * drawn again.
 */
export function benchPlaybookRun(dataDir: string): Promise<PlaybookRunFigures> {
  return benchSignedInPage(
    dataDir,
    { init: (context) => context.addInitScript(noteGraph) },
    measure,
  );
}
