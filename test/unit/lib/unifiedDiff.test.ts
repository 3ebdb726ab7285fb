import { createTwoFilesPatch } from 'diff';
import { hunkHeader, unifiedDiffSides } from '../../../src/lib/unifiedDiff';

const lines = (...text: string[]) => text.join('\n');

describe('unifiedDiffSides', () => {
  it('splits one hunk at the top of the file into the old and the new text', () => {
    const diff = lines(
      '--- a/config.yaml',
      '+++ b/config.yaml',
      '@@ -1,4 +1,5 @@',
      ' kind: Deployment',
      '-replicas: 2',
      '+replicas: 3',
      ' image: api:1.0',
      ' port: 80',
      '+debug: true',
    );
    expect(unifiedDiffSides(diff)).toEqual({
      original: lines('kind: Deployment', 'replicas: 2', 'image: api:1.0', 'port: 80'),
      modified: lines(
        'kind: Deployment',
        'replicas: 3',
        'image: api:1.0',
        'port: 80',
        'debug: true',
      ),
    });
  });

  it('marks the lines left out between hunks with the hunk header on both sides', () => {
    const diff = lines('@@ -1,2 +1,2 @@', ' a', '-b', '+B', '@@ -10,3 +10,2 @@', ' j', '-k', ' l');
    expect(unifiedDiffSides(diff)).toEqual({
      original: lines('a', 'b', '@@ -10,3 +10,2 @@', 'j', 'k', 'l'),
      modified: lines('a', 'B', '@@ -10,3 +10,2 @@', 'j', 'l'),
    });
  });

  it('starts with the header when the first hunk is not at the top of the file', () => {
    const diff = lines('@@ -7,2 +7,2 @@', ' g', '-h', '+H');
    expect(unifiedDiffSides(diff)).toEqual({
      original: lines('@@ -7,2 +7,2 @@', 'g', 'h'),
      modified: lines('@@ -7,2 +7,2 @@', 'g', 'H'),
    });
  });

  it('reads what the diff package writes, trimmed blank context lines and end-of-file markers', () => {
    const before = 'data:\n  LOG_LEVEL: info\n\nkind: ConfigMap\n';
    const after = 'data:\n  LOG_LEVEL: debug\n\nkind: ConfigMap';
    const written = createTwoFilesPatch('a/config.yaml', 'b/config.yaml', before, after);
    expect(written).toContain('\\ No newline at end of file');
    expect(unifiedDiffSides(written)).toEqual({
      original: lines('data:', '  LOG_LEVEL: info', '', 'kind: ConfigMap'),
      modified: lines('data:', '  LOG_LEVEL: debug', '', 'kind: ConfigMap'),
    });
    // A blank context line whose leading space was trimmed is still context.
    const trimmed = lines('@@ -1,3 +1,3 @@', ' a', '', '-b', '+c');
    expect(unifiedDiffSides(trimmed)).toEqual({
      original: lines('a', '', 'b'),
      modified: lines('a', '', 'c'),
    });
  });

  it('names each file of a patch of several files', () => {
    const diff = lines(
      '--- a/one.yaml',
      '+++ b/one.yaml',
      '@@ -1,1 +1,1 @@',
      '-x: 1',
      '+x: 2',
      '--- a/two.yaml',
      '+++ b/two.yaml',
      '@@ -1,1 +1,1 @@',
      '-y: 1',
      '+y: 2',
    );
    expect(unifiedDiffSides(diff)).toEqual({
      original: lines(
        'diff one.yaml',
        '@@ -1,1 +1,1 @@',
        'x: 1',
        'diff two.yaml',
        '@@ -1,1 +1,1 @@',
        'y: 1',
      ),
      modified: lines(
        'diff one.yaml',
        '@@ -1,1 +1,1 @@',
        'x: 2',
        'diff two.yaml',
        '@@ -1,1 +1,1 @@',
        'y: 2',
      ),
    });
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['blank text', '  \n'],
    ['text that is no diff', 'replicas changed from 2 to 3'],
    ['headers without hunks', '--- a/x\n+++ b/x'],
    ['a hunk longer than its header says', '@@ -1,1 +1,1 @@\n-a\n+b\n+c'],
  ])('gives undefined for %s', (_name, text) => {
    expect(unifiedDiffSides(text)).toBeUndefined();
  });
});

describe('hunkHeader', () => {
  it('writes the ranges of both sides', () => {
    expect(hunkHeader({ oldStart: 3, oldLines: 4, newStart: 5, newLines: 6, lines: [] })).toBe(
      '@@ -3,4 +5,6 @@',
    );
  });
});
