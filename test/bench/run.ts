import path from 'node:path';
import { ensureBuild } from '../../server/build';
import { openDatabase } from '../../server/demo/db/open';
import { migrate } from '../../server/demo/db/migrate';
import { seedDatabase } from '../../server/demo/seed';
import { PostgrestEngine } from '../../server/demo/postgrest';
import { measureBundle } from './bundle';
import { timeQueries, typicalQueries } from './db';

const ROOT = path.resolve(__dirname, '../..');
/** Scale 20 of the demo estate: 5,000 checks and 100,000 config items. */
const BENCH_SCALE = Number(process.env.BENCH_SCALE ?? 20);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Row {
  figure: string;
  value: string;
  note: string;
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

async function database(): Promise<void> {
  const db = await openDatabase({ dataDir: null, reset: false });
  try {
    await migrate(db);
    const started = Date.now();
    await seedDatabase(db, { scale: BENCH_SCALE, log: () => undefined });
    const seedSeconds = (Date.now() - started) / 1000;
    const counts = await db.query<{ checks: number; configs: number }>(
      'SELECT (SELECT count(*) FROM checks)::int AS checks, (SELECT count(*) FROM config_items)::int AS configs',
    );
    const { checks, configs } = counts.rows[0] ?? { checks: 0, configs: 0 };
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
    printTable(
      `Demo database at scale ${BENCH_SCALE} (${checks} checks, ${configs} config items)`,
      [
        {
          figure: 'seed (in-memory PGlite)',
          value: `${seedSeconds.toFixed(1)} s`,
          note: `budget < 120 s: ${seedSeconds < 120 ? 'within' : 'OVER'}`,
        },
        ...figures.map((f) => ({
          figure: f.name,
          value: `${f.medianMs.toFixed(1)} ms`,
          note: `median of 15; ${f.rows} rows, Content-Range ${f.total}; budget < 50 ms: ${f.medianMs < 50 ? 'within' : 'OVER'}`,
        })),
      ],
    );
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  await bundle();
  await database();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
