import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface BundleFigures {
  firstScreenFiles: string[];
  firstScreenJsGzip: number;
  firstScreenCssGzip: number;
  totalJsGzip: number;
  totalJsFiles: number;
  monacoInFirstScreen: boolean;
}

interface StatsChunkGroup {
  assets: Array<{ name: string }>;
}
interface StatsModule {
  name?: string;
  chunks?: Array<string | number>;
}
interface StatsChunk {
  id: string | number;
  initial: boolean;
  files: string[];
}
interface Stats {
  entrypoints: Record<string, StatsChunkGroup>;
  chunks: StatsChunk[];
  modules?: StatsModule[];
}

const gzipSize = (file: string): number =>
  zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** Reads the stats file of the production build and sizes what the first screen downloads. */
export function measureBundle(root: string): BundleFigures {
  const statsFile = path.join(root, '.build-stats.json');
  if (!fs.existsSync(statsFile)) throw new Error('No build stats: run `npm run build` first');
  const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as Stats;
  const dist = path.join(root, 'dist');
  const entry = stats.entrypoints.main;
  if (!entry) throw new Error('The build has no main entry point');
  const firstScreenFiles = entry.assets.map((a) => a.name);
  const sum = (files: string[], ext: string) =>
    files.filter((f) => f.endsWith(ext)).reduce((n, f) => n + gzipSize(path.join(dist, f)), 0);

  const initialChunkIds = new Set(stats.chunks.filter((c) => c.initial).map((c) => String(c.id)));
  const monacoInFirstScreen = (stats.modules ?? []).some(
    (m) =>
      (m.name ?? '').includes('monaco-editor') &&
      (m.chunks ?? []).some((id) => initialChunkIds.has(String(id))),
  );

  const allJs = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join('assets', f));
  return {
    firstScreenFiles,
    firstScreenJsGzip: sum(firstScreenFiles, '.js'),
    firstScreenCssGzip: sum(firstScreenFiles, '.css'),
    totalJsGzip: sum(allJs, '.js'),
    totalJsFiles: allJs.length,
    monacoInFirstScreen,
  };
}
