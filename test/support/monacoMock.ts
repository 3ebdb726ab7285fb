import { createElement } from 'react';

/**
 * A stand-in for `@monaco-editor/react` in jsdom, where Monaco cannot run: the editor is its
 * text (`data-testid="code"`) and the diff editor its two sides (`diff-original`,
 * `diff-modified`) with the layout it was asked for. Use as
 * `jest.mock('@monaco-editor/react', () => jest.requireActual('<path>/support/monacoMock'))`.
 */

export default function Editor({ value }: { value: string }) {
  return createElement('pre', { 'data-testid': 'code' }, value);
}

export function DiffEditor({
  original,
  modified,
  options,
}: {
  original: string;
  modified: string;
  options?: { renderSideBySide?: boolean };
}) {
  return createElement(
    'div',
    { 'data-testid': 'diff', 'data-side-by-side': String(options?.renderSideBySide) },
    createElement('pre', { 'data-testid': 'diff-original' }, original),
    createElement('pre', { 'data-testid': 'diff-modified' }, modified),
  );
}
