import { createElement } from 'react';

/**
 * An editable stand-in for `@monaco-editor/react` in jsdom, for forms whose code is typed: the
 * editor is a text area named "Code" (`data-testid="code"`, its height in `data-height`),
 * read-only when the editor would be. Use as
 * `jest.mock('@monaco-editor/react', () => jest.requireActual('<path>/support/monacoEditableMock'))`.
 */
export default function EditableEditor({
  value,
  height,
  onChange,
  options,
}: {
  value: string;
  height?: string;
  onChange?: (value: string | undefined) => void;
  options?: { readOnly?: boolean };
}) {
  return createElement('textarea', {
    'aria-label': 'Code',
    'data-testid': 'code',
    'data-height': height,
    value,
    readOnly: options?.readOnly === true,
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange?.(event.currentTarget.value),
  });
}
