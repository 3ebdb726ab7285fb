import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as React from 'react';
import { useState } from 'react';
import { loadSchemaCheck } from '../../../src/ui/CodeEditor/loadSchemaCheck';
import type * as MonacoLoader from '../../../src/ui/CodeEditor/monacoLoader';
import {
  CodeEditor,
  SCHEMA_PROBLEMS_LABEL,
  lineNumbers,
} from '../../../src/ui/CodeEditor/CodeEditor';

/** What the stand-in Monaco was last mounted with, and the editor it handed to `onMount`. */
const monaco = {
  loads: 0,
  focused: false,
  position: undefined as number | undefined,
};

/**
 * The first load of Monaco waits for the test to let it through, so a test can type before it
 * arrives; later editors find it loaded, as in the console.
 */
let letMonacoThrough: () => void = () => undefined;
const monacoGate = new Promise<void>((resolve) => {
  letMonacoThrough = resolve;
});

jest.mock('../../../src/ui/CodeEditor/monacoSetup', () => ({}));
jest.mock('../../../src/ui/CodeEditor/monacoLoader', () => {
  const actual = jest.requireActual<typeof MonacoLoader>('../../../src/ui/CodeEditor/monacoLoader');
  return {
    ...actual,
    loadMonaco: () => monacoGate.then(() => actual.loadMonaco()),
  };
});
jest.mock('@monaco-editor/react', () => {
  const { createElement, useEffect } = jest.requireActual<typeof React>('react');
  monaco.loads += 1;
  function Editor({
    value,
    onMount,
    onChange,
  }: {
    value: string;
    onMount?: (editor: unknown) => void;
    onChange?: (value: string) => void;
  }) {
    useEffect(() => {
      onMount?.({
        getModel: () => ({ getPositionAt: (offset: number) => offset }),
        setPosition: (offset: number) => {
          monaco.position = offset;
        },
        focus: () => {
          monaco.focused = true;
        },
      });
      // Mounted once, as Monaco is.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return createElement('textarea', {
      'aria-label': 'Monaco',
      value,
      onChange: (event: { currentTarget: { value: string } }) =>
        onChange?.(event.currentTarget.value),
    });
  }
  return { __esModule: true, default: Editor };
});

function Editable({ initial, schema }: { initial: string; schema?: Record<string, unknown> }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CodeEditor
        label="Spec"
        value={value}
        readOnly={false}
        onChange={setValue}
        schema={schema}
        loading="intent"
      />
      <output aria-label="Value">{value}</output>
    </>
  );
}

beforeEach(() => {
  monaco.focused = false;
  monaco.position = undefined;
});

describe('CodeEditor before Monaco', () => {
  it('numbers the lines of a text', () => {
    expect(lineNumbers('')).toBe('1');
    expect(lineNumbers('a: 1\nb: 2\n')).toBe('1\n2\n3');
  });

  // First of the file: Monaco has not loaded yet (the gate above holds it).
  it('keeps what was typed before Monaco arrives, and hands it the focus and the caret', async () => {
    const user = userEvent.setup();
    render(<Editable initial="name: a" />);
    const group = screen.getByRole('group', { name: 'Spec' });
    const area = within(group).getByRole('textbox');
    // A click asks for Monaco; typing goes on in the plain view meanwhile.
    await user.click(area);
    await user.keyboard('pi');
    expect(area).toHaveValue('name: api');
    expect(screen.getByLabelText('Value')).toHaveTextContent('name: api');
    expect(screen.queryByRole('textbox', { name: 'Monaco' })).toBeNull();

    letMonacoThrough();
    const editor = await screen.findByRole('textbox', { name: 'Monaco' });
    expect(editor).toHaveValue('name: api');
    await waitFor(() => expect(monaco.focused).toBe(true));
    expect(monaco.position).toBe(9);
    expect(within(group).queryByText('name: api', { selector: '.mc-code-plain__text' })).toBeNull();
  });

  it('shows a read-only text at once, and Monaco only once the pointer enters', async () => {
    render(<CodeEditor label="Config" value={'kind: Pod\nname: api'} loading="intent" />);
    const group = screen.getByRole('group', { name: 'Config' });
    expect(within(group).getByText(/kind: Pod/, { selector: 'pre' })).toBeInTheDocument();
    expect(
      within(group).getByText('1 2', { normalizer: (text) => text.replace(/\s+/g, ' ') }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Monaco' })).toBeNull();

    fireEvent.pointerEnter(group);
    const editor = await screen.findByRole('textbox', { name: 'Monaco' });
    expect(editor).toHaveValue('kind: Pod\nname: api');
    // Monaco has taken over: the plain view is gone.
    await waitFor(() =>
      expect(
        within(group).queryByText(/kind: Pod/, { selector: '.mc-code-plain__text' }),
      ).toBeNull(),
    );
  });

  it('lists the problems of the text against its schema once the text is edited', async () => {
    const schema = {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' } },
    };
    render(<Editable initial="kind: Pod" schema={schema} />);
    // The stored text is not checked: even with the checker at hand, no problems show.
    await act(() => loadSchemaCheck());
    expect(screen.queryByRole('list', { name: SCHEMA_PROBLEMS_LABEL })).toBeNull();

    const group = screen.getByRole('group', { name: 'Spec' });
    fireEvent.change(within(group).getByRole('textbox'), { target: { value: 'kind: Job' } });
    const problems = await screen.findByRole('list', { name: SCHEMA_PROBLEMS_LABEL });
    expect(problems).toHaveTextContent("/: must have required property 'name'");
  });
});
