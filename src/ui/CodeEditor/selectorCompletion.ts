/**
 * Completion in the selector fields of a YAML spec, as a Monaco completion provider. Loaded with
 * Monaco (`loadSelectorCompletion`), by the editors that ask for it.
 */
import type { OnMount } from '@monaco-editor/react';
import type { SelectorCompletion } from '../../lib/selectorCompletions';
import type { SelectorFactsLoader } from '../../lib/selectorFacts';
import { selectorCompletions } from '../../lib/selectorCompletions';
import { selectorContextAt } from '../../lib/selectorContext';

type StandaloneEditor = Parameters<OnMount>[0];
type MonacoApi = Parameters<OnMount>[1];

/** A place in a text, as Monaco counts it (from 1). */
export interface TextPosition {
  lineNumber: number;
  column: number;
}

/** What the provider reads of a model. */
export interface CompletionModel {
  getValue(): string;
  getOffsetAt(position: TextPosition): number;
  getPositionAt(offset: number): TextPosition;
}

/** A completion item in Monaco's shape. */
export interface SelectorSuggestion {
  label: string;
  insertText: string;
  kind: number;
  detail: string;
  range: {
    startLineNumber: number;
    startColumn: number;
    endLineNumber: number;
    endColumn: number;
  };
  command?: { id: string; title: string };
}

/** Monaco's item kinds for keys and values. */
export interface SuggestionKinds {
  key: number;
  value: number;
}

/** Monaco's command that opens the suggestions again, so that a key's values follow it. */
const SUGGEST_AGAIN = { id: 'editor.action.triggerSuggest', title: 'Suggest values' };

/** Characters after which suggestions open by themselves. */
export const SELECTOR_TRIGGER_CHARACTERS = ['=', ',', '.', ' ', '[', '!'];

/**
 * The suggestions at `position` of `model`: none outside a selector field; otherwise the
 * completions of its context, each replacing the word typed so far.
 */
export async function selectorSuggestions(
  model: CompletionModel,
  position: TextPosition,
  loadFacts: SelectorFactsLoader,
  kinds: SuggestionKinds,
): Promise<SelectorSuggestion[]> {
  const context = selectorContextAt(model.getValue(), model.getOffsetAt(position));
  if (!context) return [];
  const facts = await loadFacts();
  const from = model.getPositionAt(context.start);
  const range = {
    startLineNumber: from.lineNumber,
    startColumn: from.column,
    endLineNumber: position.lineNumber,
    endColumn: position.column,
  };
  return selectorCompletions(context, facts).map((item: SelectorCompletion) => ({
    label: item.label,
    insertText: item.insertText,
    kind: item.kind === 'key' ? kinds.key : kinds.value,
    detail: item.detail,
    range,
    ...(item.continues ? { command: SUGGEST_AGAIN } : {}),
  }));
}

/**
 * Registers selector completion for the YAML of one editor (other editors' models get none),
 * with the estate's facts from `loadFacts`, asked when a selector field first wants them.
 * Dispose of what it answers when the editor goes.
 */
export function registerSelectorCompletion(
  monaco: MonacoApi,
  editor: StandaloneEditor,
  loadFacts: SelectorFactsLoader,
): { dispose(): void } {
  const { CompletionItemKind } = monaco.languages;
  const kinds = { key: CompletionItemKind.Property, value: CompletionItemKind.Value };
  return monaco.languages.registerCompletionItemProvider('yaml', {
    triggerCharacters: SELECTOR_TRIGGER_CHARACTERS,
    provideCompletionItems: async (model: CompletionModel, position: TextPosition) => {
      if (model !== editor.getModel()) return { suggestions: [] };
      return { suggestions: await selectorSuggestions(model, position, loadFacts, kinds) };
    },
  });
}
