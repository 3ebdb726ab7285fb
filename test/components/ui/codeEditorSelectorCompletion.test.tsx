import { render, screen, waitFor } from '@testing-library/react';
import type * as React from 'react';
import type { SelectorFacts } from '../../../src/lib/selectorFacts';
import { CodeEditor } from '../../../src/ui/CodeEditor/CodeEditor';
import type {
  CompletionModel,
  SelectorSuggestion,
  TextPosition,
} from '../../../src/ui/CodeEditor/selectorCompletion';

/** A model of a text as Monaco counts places in it: lines and columns from 1. */
function textModel(text: string): CompletionModel {
  return {
    getValue: () => text,
    getOffsetAt: ({ lineNumber, column }) => {
      const lines = text.split('\n').slice(0, lineNumber - 1);
      return lines.reduce((sum, line) => sum + line.length + 1, 0) + column - 1;
    },
    getPositionAt: (offset) => {
      const before = text.slice(0, offset).split('\n');
      return { lineNumber: before.length, column: (before.at(-1) ?? '').length + 1 };
    },
  };
}

interface Provider {
  triggerCharacters: string[];
  provideCompletionItems(
    model: CompletionModel,
    position: TextPosition,
  ): Promise<{ suggestions: SelectorSuggestion[] }>;
}

/** What the stand-in Monaco was given: the providers registered, and those disposed of. */
const monaco = {
  registered: [] as Array<{ language: string; provider: Provider }>,
  disposed: 0,
  model: undefined as CompletionModel | undefined,
};

jest.mock('../../../src/ui/CodeEditor/monacoSetup', () => ({}));
jest.mock('@monaco-editor/react', () => {
  const { createElement, useEffect } = jest.requireActual<typeof React>('react');
  function Editor({
    value,
    onMount,
  }: {
    value: string;
    onMount?: (editor: unknown, api: unknown) => void;
  }) {
    useEffect(() => {
      monaco.model = textModel(value);
      const api = {
        languages: {
          CompletionItemKind: { Property: 9, Value: 13 },
          registerCompletionItemProvider: (language: string, provider: Provider) => {
            monaco.registered.push({ language, provider });
            return {
              dispose: () => {
                monaco.disposed += 1;
              },
            };
          },
        },
      };
      onMount?.({ getModel: () => monaco.model, focus: () => undefined }, api);
      // Mounted once, as Monaco is.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return createElement('pre', { 'data-testid': 'code' }, value);
  }
  return { __esModule: true, default: Editor };
});

const FACTS: SelectorFacts = {
  types: ['Kubernetes::Deployment', 'Kubernetes::Pod'],
  statuses: [],
  agents: [],
  tags: { cluster: ['prod'] },
  labels: {},
};

beforeEach(() => {
  monaco.registered = [];
  monaco.disposed = 0;
  monaco.model = undefined;
});

/** The registered provider, once the completion module has loaded. */
async function registeredProvider(): Promise<Provider> {
  await waitFor(() => expect(monaco.registered).toHaveLength(1));
  const [registration] = monaco.registered;
  expect(registration?.language).toBe('yaml');
  return registration!.provider;
}

describe('CodeEditor selector completion', () => {
  it('registers a YAML completion provider for an editor that offers it, and disposes of it on unmount', async () => {
    const loadFacts = jest.fn(() => Promise.resolve(FACTS));
    const view = render(
      <CodeEditor label="Spec" value="search: " readOnly={false} selectorFacts={loadFacts} />,
    );
    expect(await screen.findByTestId('code')).toBeInTheDocument();
    const provider = await registeredProvider();
    expect(provider.triggerCharacters).toEqual(expect.arrayContaining(['=', ',']));
    // The estate is read only when completion is asked.
    expect(loadFacts).not.toHaveBeenCalled();
    view.unmount();
    expect(monaco.disposed).toBe(1);
  });

  it("answers with the estate's values at a position of the editor's text, replacing the word typed", async () => {
    const loadFacts = jest.fn(() => Promise.resolve(FACTS));
    const text = 'configs:\n  - search: type=Kub';
    render(<CodeEditor label="Spec" value={text} readOnly={false} selectorFacts={loadFacts} />);
    const provider = await registeredProvider();
    const { suggestions } = await provider.provideCompletionItems(monaco.model!, {
      lineNumber: 2,
      column: 21,
    });
    expect(loadFacts).toHaveBeenCalledTimes(1);
    expect(suggestions.map((item) => item.label)).toEqual(FACTS.types);
    expect(suggestions[1]).toEqual({
      label: 'Kubernetes::Pod',
      insertText: 'Kubernetes::Pod',
      kind: 13,
      detail: 'Config type',
      range: { startLineNumber: 2, startColumn: 18, endLineNumber: 2, endColumn: 21 },
    });
  });

  it('offers keys that ask for their values, and nothing outside selector fields or for other editors', async () => {
    const loadFacts = jest.fn(() => Promise.resolve(FACTS));
    render(
      <CodeEditor
        label="Spec"
        value={'name: x\ntagSelector: '}
        readOnly={false}
        selectorFacts={loadFacts}
      />,
    );
    const provider = await registeredProvider();
    const keys = await provider.provideCompletionItems(monaco.model!, {
      lineNumber: 2,
      column: 14,
    });
    expect(keys.suggestions).toEqual([
      expect.objectContaining({
        label: 'cluster=',
        kind: 9,
        command: { id: 'editor.action.triggerSuggest', title: 'Suggest values' },
      }),
    ]);
    const outside = await provider.provideCompletionItems(monaco.model!, {
      lineNumber: 1,
      column: 8,
    });
    expect(outside.suggestions).toEqual([]);
    const other = await provider.provideCompletionItems(textModel('tagSelector: '), {
      lineNumber: 1,
      column: 14,
    });
    expect(other.suggestions).toEqual([]);
  });

  it('registers nothing for an editor that does not offer completion', async () => {
    render(<CodeEditor label="Spec" value="search: " readOnly={false} />);
    expect(await screen.findByTestId('code')).toBeInTheDocument();
    // The module would have loaded by now had it been asked for.
    await import('../../../src/ui/CodeEditor/selectorCompletion');
    expect(monaco.registered).toEqual([]);
  });
});
