import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import arrayMutators from 'final-form-arrays';
import type { ComponentType } from 'react';
import { Form } from 'react-final-form';
import type { TypeFormProps } from '../../../../src/features/editors/types';
import { renderApp } from '../../../support/renderApp';
import type { FieldGesture } from '../../../support/fillFields';
import { fillFields } from '../../../support/fillFields';
import { resourceSearch } from '../../../support/resourceSearch';

/** The saved connections the forms' connection field suggests. */
export const SAVED_CONNECTIONS = [
  { id: 'c-pg', name: 'pg', namespace: 'default', type: 'postgres' },
  { id: 'c-aws', name: 'aws-prod', namespace: 'default', type: 'aws' },
];

type Values = Record<string, unknown>;

/**
 * A type's form as the editor renders it: inside a react-final-form `<Form>` with
 * final-form-arrays' mutators, its fields under `prefix`. Submit sends the values.
 */
export function renderScraperForm(
  TypeForm: ComponentType<TypeFormProps>,
  {
    prefix = 'spec.entry[0]',
    initialValues = {},
    disabled,
  }: { prefix?: string; initialValues?: Values; disabled?: boolean } = {},
) {
  const onSubmit = jest.fn<undefined, [Values]>();
  resourceSearch({ connections: SAVED_CONNECTIONS });
  // The app's store and providers: the connection field searches through RTK Query.
  const { user } = renderApp(
    <Form<Values>
      initialValues={initialValues}
      mutators={{ ...arrayMutators }}
      onSubmit={(values) => onSubmit(values)}
      render={({ handleSubmit }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Scraper">
          <TypeForm prefix={prefix} disabled={disabled} />
          <button type="submit">Submit</button>
        </form>
      )}
    />,
  );
  const submit = () => user.click(screen.getByRole('button', { name: 'Submit' }));
  return {
    user,
    onSubmit,
    submit,
    /** Fills the fields (see `fillFields`), the whole document's or those of `container`. */
    fill: (fields: Record<string, FieldGesture>, container?: HTMLElement) =>
      fillFields(user, fields, { within: container }),
    /** Submits, and expects the values sent to be `entry` alone, at the form's prefix. */
    expectSent: async (entry: Values) => {
      await submit();
      expect(onSubmit.mock.calls.at(-1)?.[0]).toEqual(valuesAt(prefix, entry));
    },
    /** The values of the last submission. */
    submitted: (): Values => {
      const last = onSubmit.mock.calls.at(-1);
      if (!last) throw new Error('The form was not submitted');
      return last[0];
    },
  };
}

/** The form's values with `value` at `path` (`spec.aws[0]`: `{ spec: { aws: [value] } }`). */
export function valuesAt(path: string, value: unknown): Values {
  const keys = path.split('.');
  const last = keys.pop()!;
  const list = /^(\w+)\[0\]$/.exec(last);
  const leaf: Values = list ? { [list[1]!]: [value] } : { [last]: value };
  return keys.reduceRight<Values>((inner, key) => ({ [key]: inner }), leaf);
}

/** A text box by its label (required ones read "Label (required)"). */
export const textbox = (name: string, container: HTMLElement = document.body) =>
  within(container).getByRole('textbox', { name });

/** An entry of a list field ("Resource 1"). */
export const entry = (name: string) => screen.getByRole('group', { name });

/** Removes the value `text` from a tags field with its tag's remove button. */
export async function removeTag(user: ReturnType<typeof userEvent.setup>, text: string) {
  const tag = screen.getByText(text).parentElement;
  if (!tag) throw new Error(`No tag ${text}`);
  await user.click(within(tag).getByRole('button', { name: 'Remove tag' }));
}

/** The connection field (a combobox suggesting saved connections) by its label. */
export const connectionBox = (name: string) => screen.getByRole('combobox', { name });
