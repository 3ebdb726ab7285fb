import { within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

type User = ReturnType<typeof userEvent.setup>;

/** Clicks the button whose name is the key (e.g. `{ 'Add Tag': PRESS }`). */
export const PRESS = Symbol('press');
/** Clicks the checkbox or switch whose label is the key. */
export const TOGGLE = Symbol('toggle');

/**
 * What the user does with the field named by the key:
 * - text: enters it (typed, or pasted with `{ text: 'paste' }`);
 * - a list of texts: types each followed by Enter (a tags field);
 * - `{ choose }`: selects that option of the select;
 * - `{ paste }`: clicks the field and pastes the text (a picker that selects its text on focus);
 * - `PRESS`, `TOGGLE`: clicks the button, the checkbox.
 */
export type FieldGesture =
  | string
  | readonly string[]
  | { choose: string }
  | { paste: string }
  | typeof PRESS
  | typeof TOGGLE;

export interface FillFieldsOptions {
  /** Where the fields are; default the whole document. */
  within?: HTMLElement;
  /** How a text is entered: typed key by key (default) or pasted in one go. */
  text?: 'type' | 'paste';
}

/** The text box (or combobox, or password box, which has no role) labelled `name`. */
export function textField(name: string, container: HTMLElement = document.body): HTMLElement {
  const scope = within(container);
  return (
    scope.queryByRole('textbox', { name }) ??
    scope.queryByRole('combobox', { name }) ??
    scope.getByLabelText(name)
  );
}

const isList = (gesture: FieldGesture): gesture is readonly string[] => Array.isArray(gesture);

async function paste(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/**
 * Does the user's gesture for each field, in the order of `fields`: a form filled in as a
 * person would, field by field.
 */
export async function fillFields(
  user: User,
  fields: Record<string, FieldGesture>,
  options: FillFieldsOptions = {},
) {
  const container = options.within ?? document.body;
  const scope = within(container);
  for (const [name, gesture] of Object.entries(fields)) {
    if (gesture === PRESS) await user.click(scope.getByRole('button', { name }));
    else if (gesture === TOGGLE) await user.click(scope.getByLabelText(name));
    else if (typeof gesture === 'string') {
      const field = textField(name, container);
      if (options.text === 'paste') await paste(user, field, gesture);
      else await user.type(field, gesture);
    } else if (isList(gesture)) {
      const field = textField(name, container);
      for (const value of gesture) await user.type(field, `${value}{Enter}`);
    } else if ('choose' in gesture) {
      await user.selectOptions(scope.getByRole('combobox', { name }), gesture.choose);
    } else if ('paste' in gesture) {
      await paste(user, textField(name, container), gesture.paste);
    }
  }
}

/** Replaces the text of an editable code editor with `text`, pasted as a user would; the editor. */
export async function replaceCode(
  user: User,
  editor: HTMLElement,
  text: string,
): Promise<HTMLElement> {
  await user.clear(editor);
  await user.click(editor);
  await user.paste(text);
  return editor;
}
