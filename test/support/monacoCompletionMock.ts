import { createElement, useEffect, useRef } from 'react';
import type {
  CompletionModel,
  SelectorSuggestion,
  TextPosition,
} from '../../src/ui/CodeEditor/selectorCompletion';

/**
 * An editable stand-in for `@monaco-editor/react` that mounts as Monaco does: `onMount` gets an
 * editor (its model is the text as typed) and a Monaco whose `languages` keep the completion
 * providers registered (`completion`), so a test can ask them for suggestions. The editor is a
 * text area named "Code". Use as
 * `jest.mock('@monaco-editor/react', () => jest.requireActual('<path>/support/monacoCompletionMock'))`
 * with Monaco's set-up (`monacoSetup`) mocked away.
 */

/** A completion provider as registered. */
export interface RegisteredProvider {
  language: string;
  triggerCharacters: string[];
  provideCompletionItems(
    model: CompletionModel,
    position: TextPosition,
  ): Promise<{ suggestions: SelectorSuggestion[] }>;
}

/** What the stand-in was given: providers registered (and not yet disposed of), and the models. */
export const completion = {
  providers: [] as RegisteredProvider[],
  registered: 0,
  disposed: 0,
  /** The model of each editor mounted, last mounted last. */
  models: [] as CompletionModel[],
  reset() {
    this.providers = [];
    this.registered = 0;
    this.disposed = 0;
    this.models = [];
  },
};

/** Monaco's item kinds, as the stand-in numbers them. */
export const ITEM_KINDS = { Property: 9, Value: 13 };

/** A model of a text as Monaco counts places in it: lines and columns from 1. */
export function textModel(read: () => string): CompletionModel {
  return {
    getValue: read,
    getOffsetAt: ({ lineNumber, column }) => {
      const lines = read()
        .split('\n')
        .slice(0, lineNumber - 1);
      return lines.reduce((sum, line) => sum + line.length + 1, 0) + column - 1;
    },
    getPositionAt: (offset) => {
      const before = read().slice(0, offset).split('\n');
      return { lineNumber: before.length, column: (before.at(-1) ?? '').length + 1 };
    },
  };
}

/** The place after the last character of a model's text. */
export function endOf(model: CompletionModel): TextPosition {
  return model.getPositionAt(model.getValue().length);
}

const monacoApi = {
  languages: {
    CompletionItemKind: ITEM_KINDS,
    registerCompletionItemProvider: (
      language: string,
      provider: Omit<RegisteredProvider, 'language'>,
    ) => {
      const registered = { language, ...provider };
      completion.providers.push(registered);
      completion.registered += 1;
      return {
        dispose: () => {
          completion.providers = completion.providers.filter((one) => one !== registered);
          completion.disposed += 1;
        },
      };
    },
  },
};

export default function CompletingEditor({
  value,
  onMount,
  onChange,
  options,
}: {
  value: string;
  onMount?: (editor: unknown, monaco: unknown) => void;
  onChange?: (value: string | undefined) => void;
  options?: { readOnly?: boolean };
}) {
  const text = useRef(value);
  useEffect(() => {
    text.current = value;
  }, [value]);
  useEffect(() => {
    const model = textModel(() => text.current);
    completion.models.push(model);
    onMount?.({ getModel: () => model, focus: () => undefined }, monacoApi);
    // Mounted once, as Monaco is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return createElement('textarea', {
    'aria-label': 'Code',
    'data-testid': 'code',
    value,
    readOnly: options?.readOnly === true,
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange?.(event.currentTarget.value),
  });
}
