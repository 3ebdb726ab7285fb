import { artifactKind } from '../../../src/lib/artifactKind';

describe('artifactKind', () => {
  it.each([
    ['image/png', 'chart.bin', 'image'],
    ['image/svg+xml', 'chart.svg', 'image'],
    ['application/json', 'rows.txt', 'json'],
    ['application/log+json', 'x', 'json'],
    ['text/plain; charset=utf-8', 'x', 'text'],
    ['text/markdown', 'prompt.md', 'text'],
    ['application/yaml', 'x', 'text'],
  ])('reads %s as %s', (type, name, kind) => {
    expect(artifactKind(type, name)).toBe(kind);
  });

  it('falls back on the extension without a telling content type', () => {
    expect(artifactKind(null, 'chart.PNG')).toBe('image');
    expect(artifactKind('application/octet-stream', 'rows.json')).toBe('json');
    expect(artifactKind('', 'logs.txt')).toBe('text');
    expect(artifactKind(undefined, 'bundle.zip')).toBeUndefined();
  });

  it('previews nothing of another binary type', () => {
    expect(artifactKind('application/zip', 'notes.txt')).toBeUndefined();
    expect(artifactKind('application/pdf', 'report.pdf')).toBeUndefined();
  });
});
