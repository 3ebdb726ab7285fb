import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild } from '../../server/build';
import { openDatabase } from '../../server/demo/db/open';
import { migrateToBaseline } from '../../server/demo/db/migrate';
import { seedDatabase } from '../../server/demo/seed';
import { PostgrestEngine } from '../../server/demo/postgrest';
import { median, percentile } from './browserBench';
import { measureBundle } from './bundle';
import type { CatalogPageFigures, LoadFigure } from './catalogPage';
import { CATALOG_PAGE_LOADS, benchCatalogPage } from './catalogPage';
import type { ChangesPageFigures } from './changesPage';
import { CHANGES_FILTER_ROUNDS, CHANGES_PAGE_LOADS, benchChangesPage } from './changesPage';
import { accessCalls, catalogCalls, timeCalls, timeQueries, typicalQueries } from './db';
import type { CommandPaletteFigures } from './commandPalette';
import { benchCommandPalette } from './commandPalette';
import type { HealthPageFigures } from './healthPage';
import {
  HEALTH_PAGE_INTERACTIONS,
  HEALTH_PAGE_LOADS,
  HEALTH_PAGE_SEARCHES,
  benchHealthPage,
} from './healthPage';
import { BENCH_CHECK_COUNT, benchHealthModel } from './healthModel';
import type { AccessPageFigures } from './accessPage';
import { ACCESS_PAGE_LOADS, benchAccessPage } from './accessPage';
import type { DashboardPageFigures } from './dashboardPage';
import { DASHBOARD_PAGE_LOADS, benchDashboardPage } from './dashboardPage';
import type { TopologyPageFigures } from './topologyPage';
import { TOPOLOGY_FILTER_ROUNDS, TOPOLOGY_PAGE_LOADS, benchTopologyPage } from './topologyPage';
import { benchLoad } from './load';
import type { LayoutFigure, RelationshipGraphFigures } from './relationshipGraph';
import {
  EXPANDED_LOADS,
  EXPANDED_NODES_WANTED,
  GRAPH_LOADS,
  benchRelationshipGraph,
} from './relationshipGraph';
import type { PlaybookRunFigures } from './playbookRun';
import {
  RUN_ACTIONS,
  RUN_CHILDREN,
  RUN_PAGE_LOADS,
  RUN_UPDATES,
  benchPlaybookRun,
} from './playbookRun';
import type { ScrapeRunFigure } from './scrape';
import {
  SCRAPE_CHANGED,
  SCRAPE_ITEMS,
  VIEWER_LOADS,
  benchScrape,
  benchScrapeViewer,
} from './scrape';
import type { SelectorKindFigures } from './selectors';
import { SELECTOR_RUNS, benchSelectors } from './selectors';
import type { PageWeight } from './weight';
import { benchWeight } from './weight';

const ROOT = path.resolve(__dirname, '../..');
/** Scale 20 of the demo estate: 5,000 checks and 100,000 config items. */
const BENCH_SCALE = Number(process.env.BENCH_SCALE ?? 20);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const verdict = (value: number, budget: number) => (value < budget ? 'within' : 'OVER');

/**
 * First-screen JavaScript (gzip, level 9) of two earlier builds, to see what later work added:
 * before the command palette (commit 3a9f263), and with the palette but before the built-in
 * flow inspector (commit 96793cf), whose budget is 2 KB.
 */
const FIRST_SCREEN_BEFORE_PALETTE = 257_143;
const FIRST_SCREEN_BEFORE_INSPECTOR = 258_324;
const INSPECTOR_FIRST_SCREEN_BUDGET = 2 * 1024;

interface Row {
  figure: string;
  value: string;
  note: string;
}

/** The interactions over their budget in this run, as printed; the bench exits non-zero then. */
const overBudget: string[] = [];

/**
 * A timed interaction with a budget (issue 36): the median as the value, the 95th percentile,
 * the samples and the verdict in the note. The budget holds for the 95th percentile unless
 * `on` says the median. One over its budget is remembered, and the bench exits non-zero at
 * the end.
 */
function budgetRow(
  figure: string,
  samples: number[],
  budgetMs: number,
  about: string,
  on: 'p95' | 'median' = 'p95',
): Row {
  const fine = budgetMs < 100;
  const time = (value: number) => `${value.toFixed(fine ? 1 : 0)} ms`;
  const p95 = percentile(samples, 0.95);
  const judged = on === 'p95' ? p95 : median(samples);
  const within = judged <= budgetMs;
  if (!within) overBudget.push(`${figure}: ${on} ${time(judged)}, budget ${budgetMs} ms`);
  return {
    figure,
    value: time(median(samples)),
    note: `median of ${samples.length}, p95 ${time(p95)}; ${about}; budget ${on} ≤ ${budgetMs} ms: ${within ? 'within' : 'OVER'} (${samples.map((v) => v.toFixed(0)).join(', ')})`,
  };
}

function printTable(title: string, rows: Row[]): void {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map((r) => r.figure.length));
  for (const row of rows) {
    console.log(`  ${row.figure.padEnd(width)}  ${row.value.padStart(12)}  ${row.note}`);
  }
}

async function bundle(): Promise<void> {
  await ensureBuild(ROOT);
  const figures = measureBundle(ROOT);
  printTable('Bundle (production build, gzip level 9)', [
    {
      figure: 'first screen JavaScript',
      value: kb(figures.firstScreenJsGzip),
      note: `budget < 300 KB: ${figures.firstScreenJsGzip < 300 * 1024 ? 'within' : 'OVER'}`,
    },
    {
      figure: 'first screen JS added since the palette',
      value: kb(figures.firstScreenJsGzip - FIRST_SCREEN_BEFORE_PALETTE),
      note: `against ${kb(FIRST_SCREEN_BEFORE_PALETTE)} before the palette (3a9f263)`,
    },
    {
      figure: 'first screen JS added since the inspector',
      value: kb(figures.firstScreenJsGzip - FIRST_SCREEN_BEFORE_INSPECTOR),
      note: `against ${kb(FIRST_SCREEN_BEFORE_INSPECTOR)} (96793cf); budget < 2 KB: ${verdict(
        figures.firstScreenJsGzip - FIRST_SCREEN_BEFORE_INSPECTOR,
        INSPECTOR_FIRST_SCREEN_BUDGET,
      )}`,
    },
    { figure: 'first screen CSS', value: kb(figures.firstScreenCssGzip), note: '' },
    {
      figure: 'whole build JavaScript',
      value: kb(figures.totalJsGzip),
      note: `${figures.totalJsFiles} files`,
    },
    {
      figure: 'Monaco in first screen',
      value: figures.monacoInFirstScreen ? 'yes' : 'no',
      note: 'must be no',
    },
  ]);
}

/**
 * Prints the script weight of every page with its budget; true when every page is within its
 * budget.
 */
function printWeight(weights: PageWeight[]): boolean {
  printTable(
    'Script weight in Chromium, first load, cache off, compressed bytes as sent: /login signed out, every route signed in',
    weights.map((w) => ({
      figure: w.route,
      value: kb(w.scriptBytes),
      note: `budget ≤ ${kb(w.budget)}: ${w.scriptBytes <= w.budget ? 'within' : 'OVER'}; ${w.scriptFiles} files, the largest ${w.largest ? `${w.largest.name} ${kb(w.largest.bytes)}` : 'none'}; ${new URL(w.url).pathname}`,
    })),
  );
  const over = weights.filter((w) => w.scriptBytes > w.budget);
  if (over.length > 0) {
    console.log(
      `\n${over.length} page(s) over their script budget: ${over.map((w) => w.route).join(', ')}`,
    );
  }
  return over.length === 0;
}

/**
 * The weight of every page, on the demo server with its own freshly seeded data (the default
 * scale: weight does not depend on the data's size); false when a page is over its budget.
 */
async function weight(): Promise<boolean> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-bench-weight-data-'));
  try {
    return printWeight(await benchWeight(dataDir));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Migrates and seeds the demo estate at `scale` into `dataDir`; answers the open database. */
async function seeded(dataDir: string, scale: number) {
  const db = await openDatabase({ dataDir, reset: true });
  // The schema version is recorded as the server expects it: without it the server takes the
  // folder for another schema's and seeds it again at scale 1.
  await migrateToBaseline(db);
  await seedDatabase(db, { scale, log: () => undefined });
  return db;
}

/** Issue 43's budget: one selector search of one kind on the database, at scale 20. */
const SELECTOR_SEARCH_BUDGET_MS = 50;

/** Per kind, every selector's samples together, then each selector's median and rows. */
function printSelectorSearch(figures: SelectorKindFigures[]): void {
  printTable(
    `Selector search on the database at scale ${BENCH_SCALE} (POST /api/resources/search, one selector of one kind compiled and answered, page of 50, no HTTP; ${SELECTOR_RUNS} runs of each selector after 2 warm-ups)`,
    figures.map((f) => {
      const samples = f.selectors.flatMap((s) => s.samplesMs);
      const each = f.selectors
        .map((s) => `"${s.search}" ${median(s.samplesMs).toFixed(1)} ms, ${s.rows} rows`)
        .join('; ');
      return budgetRow(
        `${f.kind} (${f.total.toLocaleString('en-US')} live)`,
        samples,
        SELECTOR_SEARCH_BUDGET_MS,
        `${f.selectors.length} selectors: ${each}`,
      );
    }),
  );
}

/** What the seeded database is timed for: the typical list reads, the selector search. */
interface DatabaseBenches {
  lists: boolean;
  selectors: boolean;
}

/** Seeds the demo estate into `dataDir` and times typical list queries or selector searches. */
async function database(dataDir: string, benches: DatabaseBenches): Promise<void> {
  const started = Date.now();
  const db = await seeded(dataDir, BENCH_SCALE);
  const seedSeconds = (Date.now() - started) / 1000;
  try {
    const counts = await db.query<{ checks: number; configs: number }>(
      'SELECT (SELECT count(*) FROM checks)::int AS checks, (SELECT count(*) FROM config_items)::int AS configs',
    );
    const { checks, configs } = counts.rows[0] ?? { checks: 0, configs: 0 };
    const seed: Row = {
      figure: 'seed (PGlite in a temporary folder)',
      value: `${seedSeconds.toFixed(1)} s`,
      note: `budget < 120 s: ${seedSeconds < 120 ? 'within' : 'OVER'}`,
    };
    const title = `Demo database at scale ${BENCH_SCALE} (${checks} checks, ${configs} config items)`;
    if (!benches.lists) printTable(title, [seed]);
    else await printLists(db, title, seed);
    if (benches.selectors) printSelectorSearch(await benchSelectors(db));
  } finally {
    await db.close();
  }
}

/** Times typical list queries and catalog calls on the seeded database. */
async function printLists(db: Awaited<ReturnType<typeof seeded>>, title: string, seed: Row) {
  const config = await db.query<{ id: string }>(
    'SELECT config_id AS id FROM config_changes GROUP BY config_id ORDER BY count(*) DESC LIMIT 1',
  );
  const check = await db.query<{ id: string }>(
    'SELECT check_id AS id FROM check_statuses GROUP BY check_id ORDER BY count(*) DESC LIMIT 1',
  );
  const engine = new PostgrestEngine(db);
  await engine.refreshSchema();
  const figures = await timeQueries(
    engine,
    typicalQueries({ configId: config.rows[0]?.id ?? '', checkId: check.rows[0]?.id ?? '' }),
  );
  const calls = await timeCalls([...catalogCalls(db), ...accessCalls(engine)]);
  printTable(title, [
    seed,
    ...figures.map((f) => ({
      figure: f.name,
      value: `${f.medianMs.toFixed(1)} ms`,
      note: `median of 15; ${f.rows} rows, Content-Range ${f.total}; budget < 50 ms: ${f.medianMs < 50 ? 'within' : 'OVER'}`,
    })),
    ...calls.map((f) => ({
      figure: f.name,
      value: `${f.medianMs.toFixed(1)} ms`,
      note: `median of 15; ${f.result}; ${
        f.budgetMs === undefined
          ? 'no budget set'
          : `budget < ${f.budgetMs} ms: ${verdict(f.medianMs, f.budgetMs)}`
      }`,
    })),
  ]);
}

/** The health page model on synthetic checks, in the browser's absence (node, one core). */
async function healthModel(): Promise<void> {
  const rows = await benchHealthModel();
  printTable(
    `Health page model, ${BENCH_CHECK_COUNT.toLocaleString('en-US')} synthetic checks (median of 31)`,
    rows.map((row) => ({
      figure: row.name,
      value: `${row.ms.toFixed(2)} ms`,
      note: row.name.startsWith('keystroke') ? `budget < 16 ms: ${verdict(row.ms, 16)}` : '',
    })),
  );
}

function printHealthPage(f: HealthPageFigures): void {
  printTable(
    `Health page in Chromium on the server at scale ${BENCH_SCALE} (${f.checks.toLocaleString('en-US')} checks, ${f.rows} rows; /health?hidePassing=false)`,
    [
      {
        figure: 'summary response (request start to end)',
        value: ms(f.summaryMs),
        note: `median of ${HEALTH_PAGE_LOADS}; ${kb(f.summaryBytes)} of JSON`,
      },
      {
        figure: 'navigation to first rendered rows',
        value: ms(f.navigationToRowsMs),
        note: `median of ${HEALTH_PAGE_LOADS}; sign-in check, summary and render (no budget set)`,
      },
      {
        figure: 'summary response end to first rendered rows',
        value: ms(f.dataToRowsMs),
        note: `median of ${HEALTH_PAGE_LOADS}; budget < 1000 ms: ${verdict(f.dataToRowsMs, 1000)}`,
      },
      {
        figure: 'search: last keystroke to filtered rows',
        value: ms(median(f.searchWithDebounceMs)),
        note: `median of ${HEALTH_PAGE_SEARCHES}, p95 ${ms(percentile(f.searchWithDebounceMs, 0.95))}; with the 400 ms debounce; budget < 500 ms: ${verdict(median(f.searchWithDebounceMs), 500)}`,
      },
      // The figure runs to the next frame, which alone is up to 16.7 ms away: the budget holds
      // for the median (the figure the issue gives, 36 ms), the 95th percentile is reported.
      budgetRow(
        'search: debounce end to filtered rows',
        f.searchWithoutDebounceMs,
        16,
        'the address changing to the frame after the rows',
        'median',
      ),
      {
        figure: 'Group By change to regrouped rows',
        value: ms(f.groupByMs),
        note: `median of ${HEALTH_PAGE_INTERACTIONS} (${f.groupBySamples.map((g) => `${g.choice} ${g.ms.toFixed(0)}`).join(', ')}); budget < 100 ms: ${verdict(f.groupByMs, 100)}`,
      },
      {
        figure: 'JS heap used after load',
        value: mb(f.heapUsedBytes),
        note: `${mb(f.heapUsedAfterGcBytes)} after a garbage collection; CDP Performance.getMetrics (no budget set)`,
      },
    ],
  );
}

function printCatalogPage(f: CatalogPageFigures): void {
  const load = (name: string, figure: LoadFigure): Row[] => [
    {
      figure: `${name}: data response (request start to end)`,
      value: ms(figure.responseMs),
      note: `median of ${CATALOG_PAGE_LOADS}`,
    },
    {
      figure: `${name}: navigation to first rows`,
      value: ms(figure.navigationToRowsMs),
      note: `median of ${CATALOG_PAGE_LOADS}; sign-in check, data and render (no budget set)`,
    },
    {
      figure: `${name}: data arrived to first rows`,
      value: ms(figure.dataToRowsMs),
      note: `median of ${CATALOG_PAGE_LOADS}; budget < 1000 ms: ${verdict(figure.dataToRowsMs, 1000)}`,
    },
  ];
  const filter = median(f.filterChangeMs);
  printTable(
    `Catalog in Chromium on the server at scale ${BENCH_SCALE} (${f.items.toLocaleString('en-US')} config items)`,
    [
      ...load('summary /catalog', f.summary),
      ...load('type list /catalog?configType=Kubernetes::Pod', f.list),
      {
        figure: 'health filter click to new rows',
        value: ms(filter),
        note: `median of ${f.filterChangeMs.length} (${f.filterChangeMs.map((v) => v.toFixed(0)).join(', ')}); end to end; budget < 300 ms: ${verdict(filter, 300)}`,
      },
      {
        figure: 'rows in the DOM, 200-row page (top / end)',
        value: `${f.domRowsTop} / ${f.domRowsBottom}`,
        note: `budget < 100: ${f.domRowsTop < 100 && f.domRowsBottom < 100 ? 'within' : 'OVER'}`,
      },
      {
        figure: 'scroll to the end of a 200-row page',
        value: ms(f.scrollMs),
        note: 'to the second frame after',
      },
    ],
  );
}

function printChangesPage(f: ChangesPageFigures): void {
  printTable(
    `Changes page in Chromium on the server at scale ${BENCH_SCALE} (${f.changes.toLocaleString('en-US')} changes, ${f.inRange.toLocaleString('en-US')} in the last 7 days; /catalog/changes over 7 days)`,
    [
      {
        figure: 'change search response (request start to end)',
        value: ms(f.responseMs),
        note: `median of ${CHANGES_PAGE_LOADS}; CAT-19, page of 50 with total and summary`,
      },
      {
        figure: 'navigation to first rows',
        value: ms(f.navigationToRowsMs),
        note: `median of ${CHANGES_PAGE_LOADS}; sign-in check, data and render (no budget set)`,
      },
      {
        figure: 'data arrived to first rows',
        value: ms(f.dataToRowsMs),
        note: `median of ${CHANGES_PAGE_LOADS}, p95 ${ms(percentile(f.dataToRowsSamplesMs, 0.95))}; budget < 1000 ms: ${verdict(f.dataToRowsMs, 1000)}`,
      },
      budgetRow(
        'severity change to new rows',
        f.filterChangeMs,
        300,
        `${CHANGES_FILTER_ROUNDS} rounds of every severity, each on a fresh page; end to end`,
      ),
    ],
  );
}

function printTopologyPage(f: TopologyPageFigures): void {
  printTable(
    `Topology dashboard in Chromium at scale ${BENCH_SCALE} (${f.components.toLocaleString('en-US')} components, ${f.cards} root cards, ${f.drawn} drawn at first; /topology)`,
    [
      {
        figure: 'topology response (request start to end)',
        value: ms(f.responseMs),
        note: `median of ${TOPOLOGY_PAGE_LOADS}; TOPO-01, roots with children to depth 3 and roll-ups`,
      },
      {
        figure: 'navigation to first cards',
        value: ms(f.navigationToCardsMs),
        note: `median of ${TOPOLOGY_PAGE_LOADS}; sign-in check, page code, data and render (no budget set)`,
      },
      budgetRow(
        'data arrived to first cards',
        f.dataToCardsSamplesMs,
        300,
        `${TOPOLOGY_PAGE_LOADS} loads`,
      ),
      budgetRow(
        'health filter change to new cards',
        f.filterChangeMs,
        300,
        `${TOPOLOGY_FILTER_ROUNDS} rounds of every status then All, each on a fresh page; end to end`,
      ),
    ],
  );
}

/** The dashboard's budget: its answer to the frame after its last panel, at scale 20. */
const DASHBOARD_LAST_PANEL_BUDGET_MS = 1000;
/** Issue 36's budget for any dashboard: its answer to its first cards or panels. */
const DASHBOARD_FIRST_PANEL_BUDGET_MS = 300;

function printDashboardPage(f: DashboardPageFigures, scale: number): void {
  const loads = f.loads;
  const about = `${DASHBOARD_PAGE_LOADS} loads`;
  const first = loads.map((l) => l.dataToFirstMs);
  const last = loads.map((l) => l.dataToLastMs);
  // The budgets are set at the bench's scale; a smaller estate's figures are shown beside them.
  const judged = scale === BENCH_SCALE;
  const row = (figure: string, samples: number[], budgetMs: number) =>
    judged
      ? budgetRow(figure, samples, budgetMs, about)
      : {
          figure,
          value: ms(median(samples)),
          note: `median of ${samples.length}, p95 ${ms(percentile(samples, 0.95))}; ${about} (budget set at scale ${BENCH_SCALE})`,
        };
  printTable(
    `Home dashboard in Chromium at scale ${scale} (${f.view}: ${f.panels} panels, ${f.sections} sections of which ${f.viewSections} views; /)`,
    [
      {
        figure: 'dashboard response (request start to end)',
        value: ms(median(loads.map((l) => l.responseMs))),
        note: `median of ${DASHBOARD_PAGE_LOADS}; GET /api/dashboard, the view and its view sections evaluated`,
      },
      {
        figure: 'navigation to first panel',
        value: ms(median(loads.map((l) => l.navigationToFirstMs))),
        note: `median of ${DASHBOARD_PAGE_LOADS}, p95 ${ms(
          percentile(
            loads.map((l) => l.navigationToFirstMs),
            0.95,
          ),
        )}; sign-in check, page code, data and render (no budget set)`,
      },
      row('data arrived to first panel', first, DASHBOARD_FIRST_PANEL_BUDGET_MS),
      row('data arrived to every panel drawn', last, DASHBOARD_LAST_PANEL_BUDGET_MS),
    ],
  );
}

/** Issue 38's budget: navigation to the access review's first rows, at scale 20. */
const ACCESS_FIRST_ROWS_BUDGET_MS = 1000;

function printAccessPage(f: AccessPageFigures): void {
  printTable(
    `Access review in Chromium at scale ${BENCH_SCALE} (${f.items.toLocaleString('en-US')} config items, ${f.accessRows.toLocaleString('en-US')} access rows; /catalog/access)`,
    f.groupings.flatMap((grouping) => [
      {
        figure: `groupBy=${grouping.groupBy}: answer (request start to end)`,
        value: ms(median(grouping.loads.map((l) => l.responseMs))),
        note: `median of ${ACCESS_PAGE_LOADS}; a page of 50 with its count`,
      },
      budgetRow(
        `groupBy=${grouping.groupBy}: navigation to first rows`,
        grouping.loads.map((l) => l.navigationToFirstMs),
        ACCESS_FIRST_ROWS_BUDGET_MS,
        `${ACCESS_PAGE_LOADS} loads; answer to rows ${ms(median(grouping.loads.map((l) => l.dataToFirstMs)))}`,
      ),
    ]),
  );
}

/** The dashboard on a database of its own at `scale` (the small estate beside the bench's). */
async function dashboardAtScale(scale: number): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-bench-dashboard-'));
  try {
    await (await seeded(dataDir, scale)).close();
    printDashboardPage(await benchDashboardPage(dataDir), scale);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printRelationshipGraph(f: RelationshipGraphFigures): void {
  printTable(
    `Relationship graph in Chromium at scale ${BENCH_SCALE} (${f.itemName}: ${f.relatedRows.toLocaleString('en-US')} related configs, drawn as ${f.nodes} nodes of which ${f.clusters} type groups)`,
    [
      {
        figure: 'related configs response (request start to end)',
        value: ms(f.responseMs),
        note: `median of ${GRAPH_LOADS}; CAT-30, max depth 10, both directions`,
      },
      {
        figure: 'navigation to first graph paint',
        value: ms(f.navigationToGraphMs),
        note: `median of ${GRAPH_LOADS}; includes loading the graph's code (no budget set)`,
      },
      {
        figure: 'data arrived to first graph paint',
        value: ms(f.dataToGraphMs),
        note: `median of ${GRAPH_LOADS}; grouping, layout and render; budget < 1000 ms: ${verdict(f.dataToGraphMs, 1000)}`,
      },
      {
        figure: 'panning: pointer move to end of its frame',
        value: `${f.panFrameMedianMs.toFixed(1)} ms`,
        note: `median of ${f.panFrames} moves; p95 ${f.panFrameP95Ms.toFixed(1)} ms, worst ${f.panFrameMaxMs.toFixed(1)} ms; budget p95 < 16.7 ms: ${verdict(f.panFrameP95Ms, 16.7)}`,
      },
      {
        figure: 'layout of the grouped graph',
        value: ms(f.layout.layoutMs),
        note: layoutNote(f.layout),
      },
      {
        figure: 'every group expanded: nodes in the graph',
        value: f.expanded.nodes.toLocaleString('en-US'),
        note: `${f.expanded.drawnNodes} in the DOM at first paint (only those in view are drawn); ${
          f.expanded.nodes < EXPANDED_NODES_WANTED
            ? `FEWER than the ${EXPANDED_NODES_WANTED} the budget names: the seeded graph has ${f.relatedRows} related configs, ${f.expanded.nodes} distinct`
            : `at least the ${EXPANDED_NODES_WANTED} the budget names`
        }`,
      },
      {
        figure: 'every group expanded: navigation to first paint',
        value: ms(f.expanded.navigationToGraphMs),
        note: `median of ${EXPANDED_LOADS}; data arrived to first paint ${ms(f.expanded.dataToGraphMs)} (budget < 1000 ms: ${verdict(f.expanded.dataToGraphMs, 1000)})`,
      },
      {
        figure: 'every group expanded: layout',
        value: ms(f.expanded.layout.layoutMs),
        note: `median of ${EXPANDED_LOADS}; ${layoutNote(f.expanded.layout)}`,
      },
      {
        figure: 'every group expanded: panning, move to end of frame',
        value: `${f.expanded.panFrameMedianMs.toFixed(1)} ms`,
        note: `median of ${f.expanded.panFrames} moves; p95 ${f.expanded.panFrameP95Ms.toFixed(1)} ms, worst ${f.expanded.panFrameMaxMs.toFixed(1)} ms; budget p95 ≤ 16.7 ms: ${f.expanded.panFrameP95Ms <= 16.7 ? 'within' : 'OVER'}`,
      },
    ],
  );
}

/** Where a layout ran, its round trip, and the main thread's longest task meanwhile. */
function layoutNote(layout: LayoutFigure): string {
  const where = layout.inWorker ? 'off the main thread, in the worker' : 'ON THE MAIN THREAD';
  return `${where}; posted to answered ${ms(layout.roundTripMs)}; longest main-thread task from the answer to first paint ${ms(layout.longestTaskMs)} (no budget set)`;
}

function printCommandPalette(f: CommandPaletteFigures): void {
  const first = median(f.firstOpenMs);
  const results = median(f.debounceEndToResultsMs);
  printTable(
    `Command palette in Chromium at scale ${BENCH_SCALE} (searches: ${f.terms.map((t) => `"${t}"`).join(', ')})`,
    [
      {
        figure: 'first open: Ctrl+K to the input on screen',
        value: ms(first),
        note: `median of ${f.firstOpenMs.length} (${f.firstOpenMs.map((v) => v.toFixed(0)).join(', ')}); first open of a page load; budget < 50 ms: ${verdict(first, 50)}`,
      },
      {
        figure: 'open again in the same page',
        value: ms(median(f.reopenMs)),
        note: `median of ${f.reopenMs.length}`,
      },
      {
        figure: 'search request out (debounce over) to results',
        value: ms(results),
        note: `median of ${f.debounceEndToResultsMs.length} (${f.debounceEndToResultsMs.map((v) => v.toFixed(0)).join(', ')}); budget < 100 ms: ${verdict(results, 100)}`,
      },
      {
        figure: 'last keystroke to results, with the debounce',
        value: ms(median(f.keystrokeToResultsMs)),
        note: `median of ${f.keystrokeToResultsMs.length}; 150 ms debounce`,
      },
      {
        figure: 'resource search response (MISC-03)',
        value: ms(median(f.responseMs)),
        note: 'request start to end, five kinds in one request',
      },
      ...f.selectors.map(({ term, toResultsMs, responseMs }) => ({
        figure: `typed: ${term}`,
        value: ms(toResultsMs),
        note: `request out to results; response ${ms(responseMs)}; budget < 100 ms: ${verdict(toResultsMs, 100)}`,
      })),
    ],
  );
}

/** The run page's budgets: its answers to the graph drawn, and a status change to its redraw. */
const RUN_GRAPH_BUDGET_MS = 500;
const RUN_REDRAW_BUDGET_MS = 50;

function printPlaybookRun(f: PlaybookRunFigures): void {
  printTable(
    `Playbook run page in Chromium (a running run of ${RUN_ACTIONS} actions and ${RUN_CHILDREN} child runs, ${f.nodes} nodes; /playbooks/runs/:id, the graph)`,
    [
      {
        figure: 'navigation to the graph drawn',
        value: ms(median(f.navigationToGraphMs)),
        note: `median of ${RUN_PAGE_LOADS}; sign-in check, page code, data and render (no budget set)`,
      },
      budgetRow(
        'answers arrived to the graph drawn',
        f.dataToGraphMs,
        RUN_GRAPH_BUDGET_MS,
        `${RUN_PAGE_LOADS} loads; from the later of PB-11 and PB-12 to the frame after`,
      ),
      budgetRow(
        'status change in a reading to its node redrawn',
        f.updateToRedrawMs,
        RUN_REDRAW_BUDGET_MS,
        `${RUN_UPDATES} readings each completing an action; from PB-12's answer to the frame after`,
      ),
    ],
  );
}

/** The scale of the scrape bench's database: the default estate. */
const SCRAPE_SCALE = 1;

/** Three runs of one scraper of SCRAPE_ITEMS pods on a freshly seeded estate, every capture on. */
async function scrape(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-bench-scrape-'));
  try {
    const db = await seeded(dataDir, SCRAPE_SCALE);
    let figures: ScrapeRunFigure[];
    try {
      figures = await benchScrape(db, dataDir);
    } finally {
      await db.close();
    }
    const about: Record<string, string> = {
      first: `${SCRAPE_ITEMS.toLocaleString('en-US')} added`,
      unchanged: 'nothing changed',
      changed: `${SCRAPE_CHANGED} changed`,
    };
    const counts = (summary: Record<string, Record<string, number>>) =>
      Object.values(summary)
        .flatMap((c) => Object.entries(c).map(([k, n]) => `${n.toLocaleString('en-US')} ${k}`))
        .join(', ');
    printTable(
      `Scrape runs at scale ${SCRAPE_SCALE} (one kubernetes scraper, a ${SCRAPE_ITEMS.toLocaleString('en-US')}-pod source file; HAR, logs and snapshots captured)`,
      figures.flatMap((f) => [
        {
          figure: `${f.run} run: ${about[f.run] ?? f.run}`,
          value: ms(f.ms),
          note: `Run Now to the run's end; job ${ms(f.jobMs)}; ${counts(f.summary)}; ${f.changes} change rows; budget < 5000 ms: ${verdict(f.ms, 5000)}`,
        },
        {
          figure: `${f.run} run: artifact`,
          value: kb(f.artifactBytes),
          note: `gzip of ${mb(f.payloadBytes)} of JSON; ${f.harEntries} HAR entries`,
        },
      ]),
    );
    const viewer = await benchScrapeViewer(dataDir, figures);
    const paint = (loads: Array<{ navigationToFirstMs: number }>) =>
      loads.map((load) => load.navigationToFirstMs);
    const data = (loads: Array<{ dataToFirstMs: number }>) =>
      median(loads.map((load) => load.dataToFirstMs));
    printTable(
      `Scrape run page at scale ${SCRAPE_SCALE} (the runs above, Chromium at 1440×900, ${VIEWER_LOADS} loads after a warm-up)`,
      [
        {
          figure: `first run, Configs: Created (${SCRAPE_ITEMS.toLocaleString('en-US')} items)`,
          value: ms(median(paint(viewer.created))),
          note: `median from navigation to the frame after the first row; p95 ${ms(percentile(paint(viewer.created), 0.95))}; ${ms(data(viewer.created))} after the items' page arrived`,
        },
        {
          figure: 'changed run, HTTP (the run artifact)',
          value: ms(median(paint(viewer.http))),
          note: `median from navigation to the frame after the first request row; p95 ${ms(percentile(paint(viewer.http), 0.95))}; ${ms(data(viewer.http))} after the artifact arrived (un-gzipped and read in the page)`,
        },
      ],
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The browser benchmarks, by the name `npm run bench -- <name>...` runs them alone. */
const PAGE_BENCHES: Array<[string, (dataDir: string) => Promise<void>]> = [
  ['health', async (dataDir) => printHealthPage(await benchHealthPage(dataDir))],
  ['catalog', async (dataDir) => printCatalogPage(await benchCatalogPage(dataDir))],
  ['changes', async (dataDir) => printChangesPage(await benchChangesPage(dataDir))],
  ['graph', async (dataDir) => printRelationshipGraph(await benchRelationshipGraph(dataDir))],
  ['topology', async (dataDir) => printTopologyPage(await benchTopologyPage(dataDir))],
  ['palette', async (dataDir) => printCommandPalette(await benchCommandPalette(dataDir))],
  ['access', async (dataDir) => printAccessPage(await benchAccessPage(dataDir))],
  ['run', async (dataDir) => printPlaybookRun(await benchPlaybookRun(dataDir))],
  [
    'dashboard',
    async (dataDir) => {
      if (BENCH_SCALE !== 1) await dashboardAtScale(1);
      printDashboardPage(await benchDashboardPage(dataDir), BENCH_SCALE);
    },
  ],
];

/** The page weights, by the name `npm run bench -- weight` runs them alone. */
const WEIGHT_BENCH = 'weight';
/** The selector search of every kind on the seeded database, alone: `npm run bench -- selectors`. */
const SELECTORS_BENCH = 'selectors';
/** Scrape runs of 5,000 items on a fresh scale-1 database, alone: `npm run bench -- scrape`. */
const SCRAPE_BENCH = 'scrape';

/**
 * Everything by default; with names (`npm run bench -- topology changes`) only those: the
 * page benchmarks with the seeded database, `weight` the script weight of every page,
 * `selectors` the selector search of every kind on the seeded database (no browser), `scrape`
 * three scrape runs of 5,000 items on a fresh scale-1 database and the run page in Chromium;
 * `npm run bench -- load [--seed-scale N] [--data-dir DIR]` the demo backend under load alone.
 * Exits non-zero when a page's script weight, an interaction's 95th percentile or a load
 * figure is over its budget.
 */
async function main(): Promise<void> {
  if (process.argv[2] === 'load') {
    // The demo backend under load: its own servers and data, none of the page benchmarks.
    if (!(await benchLoad(process.argv.slice(3), BENCH_SCALE))) process.exitCode = 1;
    return;
  }
  const only = process.argv.slice(2);
  const known = [
    WEIGHT_BENCH,
    SELECTORS_BENCH,
    SCRAPE_BENCH,
    ...PAGE_BENCHES.map(([name]) => name),
  ];
  const unknown = only.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new Error(`unknown benchmark ${unknown.join(', ')}; known: ${known.join(', ')}`);
  }
  if (only.length === 0) {
    await bundle();
    await healthModel();
  }
  if (only.length === 0 || only.includes(WEIGHT_BENCH)) {
    if (!(await weight())) process.exitCode = 1;
  }
  if (only.length === 0 || only.includes(SCRAPE_BENCH)) await scrape();
  const pages = PAGE_BENCHES.filter(([name]) => only.length === 0 || only.includes(name));
  const selectors = only.length === 0 || only.includes(SELECTORS_BENCH);
  if (pages.length === 0 && !selectors) return;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-bench-data-'));
  const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true });
  process.once('SIGINT', () => {
    removeData();
    process.exit(130);
  });
  try {
    await database(dataDir, { lists: pages.length > 0, selectors });
    for (const [, run] of pages) await run(dataDir);
  } finally {
    removeData();
  }
  if (overBudget.length > 0) {
    console.log(`\n${overBudget.length} interaction(s) over their budget:`);
    for (const line of overBudget) console.log(`  ${line}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
