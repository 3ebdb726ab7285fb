import {
  contentKind,
  contentOutput,
  logEntries,
} from '../../../src/features/playbooks/runs/model/results';
import { parseJson } from '../../../src/lib/parseJson';
import { FRAME_CSP, frameDocument } from '../../../src/ui/HtmlFrame';

describe('contentKind', () => {
  it.each([
    ['text/markdown', 'markdown'],
    ['text/x-markdown', 'markdown'],
    ['text/html; charset=utf-8', 'html'],
    ['TEXT/HTML', 'html'],
    ['application/json', 'json'],
    ['application/vnd.api+json', 'json'],
    ['application/log+json', 'log'],
    ['text/plain', 'text'],
    ['text/x-shellscript', 'text'],
    ['application/yaml', 'text'],
    ['application/sql', 'text'],
  ])('%s is drawn as %s', (type, kind) => {
    expect(contentKind(type)).toBe(kind);
  });

  it('has no kind for an empty or missing type', () => {
    expect(contentKind('')).toBeUndefined();
    expect(contentKind(undefined)).toBeUndefined();
    expect(contentKind(42)).toBeUndefined();
  });
});

describe('contentOutput', () => {
  it('reads the primary output of exec, http and older http results', () => {
    expect(contentOutput({ stdout: '# Hi', stderr: '', contentType: 'text/markdown' })).toEqual({
      kind: 'markdown',
      content: '# Hi',
    });
    expect(contentOutput({ code: 200, content: '<p>x</p>', contentType: 'text/html' })).toEqual({
      kind: 'html',
      content: '<p>x</p>',
    });
    expect(contentOutput({ body: '{}', contentType: 'application/json' })).toEqual({
      kind: 'json',
      content: '{}',
    });
  });

  it('writes out a result without a text output, less its content type', () => {
    expect(contentOutput({ rows: [1], contentType: 'application/json' })).toEqual({
      kind: 'json',
      content: JSON.stringify({ rows: [1] }, null, 2),
    });
  });

  it('is undefined for a result that declares no content type', () => {
    expect(contentOutput({ stdout: 'x' })).toBeUndefined();
    expect(contentOutput('text')).toBeUndefined();
    expect(contentOutput(null)).toBeUndefined();
  });
});

describe('logEntries', () => {
  it('reads JSON lines for time, level and message and keeps other lines as they are', () => {
    expect(
      logEntries(
        '{"level":"warn","ts":"2024-05-02T10:14:09Z","msg":"slow query"}\n' +
          '{"severity":"info","time":"t1","message":"up"}\n' +
          '{not json\n' +
          'plain\n',
      ),
    ).toEqual([
      { level: 'warn', timestamp: '2024-05-02T10:14:09Z', message: 'slow query' },
      { level: 'info', timestamp: 't1', message: 'up' },
      { message: '{not json' },
      { message: 'plain' },
    ]);
  });

  it('keeps a JSON line without a message whole', () => {
    expect(logEntries('{"a":1}')).toEqual([{ message: '{"a":1}' }]);
  });
});

describe('parseJson', () => {
  it('parses JSON and refuses other text', () => {
    expect(parseJson('[1]')).toEqual({ value: [1] });
    expect(parseJson('null')).toEqual({ value: null });
    expect(parseJson('nope')).toBeUndefined();
  });
});

describe('frameDocument', () => {
  it('puts the policy that forbids scripts and network before the content', () => {
    const doc = frameDocument('<script>alert(1)</script>');
    expect(FRAME_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    expect(doc.indexOf(`content="${FRAME_CSP}"`)).toBeLessThan(doc.indexOf('<script>'));
    expect(
      doc.startsWith('<!doctype html><html><head><meta http-equiv="Content-Security-Policy"'),
    ).toBe(true);
  });
});
