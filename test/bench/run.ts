import path from 'node:path';
import { ensureBuild } from '../../server/build';
import { measureBundle } from './bundle';

const ROOT = path.resolve(__dirname, '../..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Row {
  figure: string;
  value: string;
  budget: string;
}

function printTable(title: string, rows: Row[]): void {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map((r) => r.figure.length));
  for (const row of rows) {
    console.log(`  ${row.figure.padEnd(width)}  ${row.value.padStart(12)}  ${row.budget}`);
  }
}

async function main(): Promise<void> {
  await ensureBuild(ROOT);
  const bundle = measureBundle(ROOT);
  printTable('Bundle (production build, gzip level 9)', [
    {
      figure: 'first screen JavaScript',
      value: kb(bundle.firstScreenJsGzip),
      budget: `budget < 300 KB: ${bundle.firstScreenJsGzip < 300 * 1024 ? 'within' : 'OVER'}`,
    },
    { figure: 'first screen CSS', value: kb(bundle.firstScreenCssGzip), budget: '' },
    {
      figure: 'whole build JavaScript',
      value: kb(bundle.totalJsGzip),
      budget: `${bundle.totalJsFiles} files`,
    },
    {
      figure: 'Monaco in first screen',
      value: bundle.monacoInFirstScreen ? 'yes' : 'no',
      budget: 'must be no',
    },
  ]);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
