import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** What the console build is made from, relative to the project root. */
export const BUILD_SOURCES = [
  'src',
  'machines',
  'public',
  'webpack.config.ts',
  'package-lock.json',
] as const;

function mtimeOf(file: string): number | null {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/** The newest modification time of any file under `entry` (a file or a folder), or null. */
export function newestMtime(entry: string): number | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return null;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest: number | null = null;
  for (const child of fs.readdirSync(entry)) {
    const time = newestMtime(path.join(entry, child));
    if (time !== null && (newest === null || time > newest)) newest = time;
  }
  return newest;
}

/** True when dist/index.html is missing or older than the newest source file. */
export function isBuildStale(root: string): boolean {
  const built = mtimeOf(path.join(root, 'dist', 'index.html'));
  if (built === null) return true;
  return BUILD_SOURCES.some((source) => {
    const time = newestMtime(path.join(root, source));
    return time !== null && time > built;
  });
}

/** Runs `npm run build` in root with the terminal attached; rejects when it fails. */
export function runBuild(root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    child.once('error', (error) =>
      reject(new Error(`Could not run npm run build: ${error.message}`)),
    );
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`npm run build failed (${signal ?? `exit code ${code}`}).`));
    });
  });
}

/**
 * Builds the console when the build is missing or out of date. Resolves to true when a build
 * ran, false when the existing one was current.
 */
export async function ensureBuild(
  root: string,
  log: (line: string) => void = (line) => console.log(line),
): Promise<boolean> {
  if (!isBuildStale(root)) return false;
  log('Building the console (dist/ is missing or older than the sources)…');
  await runBuild(root);
  return true;
}
