import { render, screen, waitFor } from '@testing-library/react';
import type { SelectorFacts } from '../../../src/lib/selectorFacts';
import { CodeEditor } from '../../../src/ui/CodeEditor/CodeEditor';
import type { RegisteredProvider } from '../../support/monacoCompletionMock';
import { ITEM_KINDS, completion, textModel } from '../../support/monacoCompletionMock';

jest.mock('../../../src/ui/CodeEditor/monacoSetup', () => ({}));
jest.mock('@monaco-editor/react', () => jest.requireActual('../../support/monacoCompletionMock'));

const FACTS: SelectorFacts = {
  types: ['Kubernetes::Deployment', 'Kubernetes::Pod'],
  statuses: [],
  agents: [],
  tags: { cluster: ['prod'] },
  labels: {},
};

beforeEach(() => completion.reset());

/** The registered provider, once the completion module has loaded. */
async function registeredProvider(): Promise<RegisteredProvider> {
  await waitFor(() => expect(completion.providers).toHaveLength(1));
  const [provider] = completion.providers;
  expect(provider?.language).toBe('yaml');
  return provider!;
}

/** The model of the editor mounted last. */
const editorModel = () => completion.models.at(-1)!;

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
    expect(completion.disposed).toBe(1);
    expect(completion.providers).toEqual([]);
  });

  it("answers with the estate's values at a position of the editor's text, replacing the word typed", async () => {
    const loadFacts = jest.fn(() => Promise.resolve(FACTS));
    const text = 'configs:\n  - search: type=Kub';
    render(<CodeEditor label="Spec" value={text} readOnly={false} selectorFacts={loadFacts} />);
    const provider = await registeredProvider();
    const { suggestions } = await provider.provideCompletionItems(editorModel(), {
      lineNumber: 2,
      column: 21,
    });
    expect(loadFacts).toHaveBeenCalledTimes(1);
    expect(suggestions.map((item) => item.label)).toEqual(FACTS.types);
    expect(suggestions[1]).toEqual({
      label: 'Kubernetes::Pod',
      insertText: 'Kubernetes::Pod',
      kind: ITEM_KINDS.Value,
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
    const keys = await provider.provideCompletionItems(editorModel(), {
      lineNumber: 2,
      column: 14,
    });
    expect(keys.suggestions).toEqual([
      expect.objectContaining({
        label: 'cluster=',
        kind: ITEM_KINDS.Property,
        command: { id: 'editor.action.triggerSuggest', title: 'Suggest values' },
      }),
    ]);
    const outside = await provider.provideCompletionItems(editorModel(), {
      lineNumber: 1,
      column: 8,
    });
    expect(outside.suggestions).toEqual([]);
    const other = await provider.provideCompletionItems(
      textModel(() => 'tagSelector: '),
      { lineNumber: 1, column: 14 },
    );
    expect(other.suggestions).toEqual([]);
  });

  it('registers nothing for an editor that does not offer completion', async () => {
    render(
      <>
        <CodeEditor label="Plain" value="search: " readOnly={false} />
        <CodeEditor
          label="Completing"
          value="search: "
          readOnly={false}
          selectorFacts={() => Promise.resolve(FACTS)}
        />
      </>,
    );
    // Both have mounted, and the one that offers completion has registered its provider.
    await waitFor(() => expect(completion.models).toHaveLength(2));
    await registeredProvider();
    expect(completion.registered).toBe(1);
  });
});
