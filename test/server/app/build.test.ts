import fs from 'node:fs';
import path from 'node:path';
import { isBuildStale, newestMtime } from '../../../server/build';
import { tempDir } from './support';

const HOUR = 3600;

function touch(file: string, secondsAgo: number): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, 'x');
  const time = Date.now() / 1000 - secondsAgo;
  fs.utimesSync(file, time, time);
}

/** A project whose sources are two hours old. */
function project(): string {
  const root = tempDir('project');
  touch(path.join(root, 'src', 'main.tsx'), 2 * HOUR);
  touch(path.join(root, 'src', 'features', 'health', 'HealthPage.tsx'), 2 * HOUR);
  touch(path.join(root, 'machines', 'auth', 'login.ts'), 2 * HOUR);
  touch(path.join(root, 'public', 'index.html'), 2 * HOUR);
  touch(path.join(root, 'webpack.config.ts'), 2 * HOUR);
  touch(path.join(root, 'package-lock.json'), 2 * HOUR);
  return root;
}

describe('isBuildStale', () => {
  it('is stale when dist/index.html is missing', () => {
    const root = project();
    expect(isBuildStale(root)).toBe(true);
    touch(path.join(root, 'dist', 'assets', 'main.abc.js'), 0);
    expect(isBuildStale(root)).toBe(true);
  });

  it('is fresh when the build is newer than every source', () => {
    const root = project();
    touch(path.join(root, 'dist', 'index.html'), HOUR);
    expect(isBuildStale(root)).toBe(false);
  });

  it.each([
    ['a nested source file', 'src/features/health/HealthPage.tsx'],
    ['a machine', 'machines/auth/login.ts'],
    ['the page template', 'public/index.html'],
    ['the webpack config', 'webpack.config.ts'],
    ['the lockfile', 'package-lock.json'],
    ['a new source file', 'src/lib/format.ts'],
  ])('is stale when %s changed after the build', (_what, file) => {
    const root = project();
    touch(path.join(root, 'dist', 'index.html'), HOUR);
    touch(path.join(root, file), 0);
    expect(isBuildStale(root)).toBe(true);
  });

  it('ignores files that are not build sources', () => {
    const root = project();
    touch(path.join(root, 'dist', 'index.html'), HOUR);
    touch(path.join(root, 'test', 'unit', 'x.test.ts'), 0);
    touch(path.join(root, 'server', 'main.ts'), 0);
    touch(path.join(root, 'README.md'), 0);
    expect(isBuildStale(root)).toBe(false);
  });

  it('tolerates missing source folders', () => {
    const root = tempDir('bare');
    touch(path.join(root, 'src', 'main.tsx'), 2 * HOUR);
    touch(path.join(root, 'dist', 'index.html'), HOUR);
    expect(isBuildStale(root)).toBe(false);
  });
});

describe('newestMtime', () => {
  it('finds the newest file in a tree and null for nothing', () => {
    const root = tempDir('tree');
    touch(path.join(root, 'a', 'b', 'old.txt'), 2 * HOUR);
    touch(path.join(root, 'a', 'new.txt'), 10);
    const expected = fs.statSync(path.join(root, 'a', 'new.txt')).mtimeMs;
    expect(newestMtime(path.join(root, 'a'))).toBe(expected);
    expect(newestMtime(path.join(root, 'missing'))).toBeNull();
  });
});
