/**
 * Monaco (about 630 KB compressed) loads once, on demand: the first editor that needs it starts
 * the download, and every later one shares it.
 */
import type * as MonacoReactModule from '@monaco-editor/react';
import type * as SelectorCompletionModule from './selectorCompletion';

import { loadOnce } from '../../lib/loadOnce';

type MonacoReact = typeof MonacoReactModule;

/** Monaco's React bindings, on the locally bundled Monaco (its set-up runs first). */
export const loadMonaco = loadOnce<MonacoReact>(async () => {
  await import(/* webpackChunkName: "monaco" */ './monacoSetup');
  return import(/* webpackChunkName: "monaco" */ '@monaco-editor/react');
});

/**
 * When an editor's Monaco is loaded: `intent` (the default) shows the text at once in a plain
 * view and loads Monaco when the pointer enters the editor or it takes focus; `eager` loads it
 * as soon as the editor is shown.
 */
export type EditorLoading = 'intent' | 'eager';

let defaultLoading: EditorLoading = 'intent';

/** The policy of editors that do not choose one. */
export function setDefaultEditorLoading(loading: EditorLoading): void {
  defaultLoading = loading;
}

export function getDefaultEditorLoading(): EditorLoading {
  return defaultLoading;
}

/** Selector completion (`selectorCompletion`), loaded with Monaco by the editors that offer it. */
export const loadSelectorCompletion = loadOnce<typeof SelectorCompletionModule>(
  () => import(/* webpackChunkName: "monaco" */ './selectorCompletion'),
);
