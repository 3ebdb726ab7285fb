import { screen } from '@testing-library/react';
import { PointerEventsCheckLevel } from '@testing-library/user-event';
import arrayMutators from 'final-form-arrays';
import type { ComponentType } from 'react';
import { Form } from 'react-final-form';
import type { TypeFormProps } from '../../../../src/features/editors/types';
import { renderApp } from '../../../support/renderApp';
import type { FieldGesture } from '../../../support/fillFields';
import { fillFields } from '../../../support/fillFields';
import { resourceSearch } from '../../../support/resourceSearch';

/** Where the forms under test keep their check, as the editor does. */
export const PREFIX = 'spec.http[0]';

type Values = Record<string, unknown>;

/**
 * A check's form inside a react-final-form form with the array mutators, as the editor renders
 * it; Submit sends the values to `onSubmit`, `entry()` is the submitted check.
 */
export function renderCheckForm(
  FormUnderTest: ComponentType<TypeFormProps>,
  {
    entry = {},
    prefix = PREFIX,
    disabled,
  }: { entry?: Values; prefix?: string; disabled?: boolean } = {},
) {
  const onSubmit = jest.fn();
  const [key = 'http'] = /spec\.(\w+)\[0\]/.exec(prefix)?.slice(1) ?? [];
  resourceSearch({ connections: [{ id: 'c-mongo', name: 'mongo', namespace: 'default' }] });
  // The app's store and providers: the connection field searches through RTK Query.
  const { user } = renderApp(
    <Form<Values>
      initialValues={{ spec: { [key]: [entry] } }}
      mutators={{ ...arrayMutators }}
      onSubmit={onSubmit}
      subscription={{ submitting: true }}
      render={({ handleSubmit }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Check form">
          <FormUnderTest prefix={prefix} disabled={disabled} />
          <button type="submit">Submit</button>
        </form>
      )}
    />,
    // The forms are long: checking every ancestor's CSS on each click would make a test slow.
    { userOptions: { delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never } },
  );
  const submit = () => user.click(screen.getByRole('button', { name: 'Submit' }));
  /** The check last submitted. */
  const submitted = (): Values => {
    const calls = onSubmit.mock.calls;
    const values = calls[calls.length - 1]?.[0] as { spec: Record<string, Values[]> } | undefined;
    if (values === undefined) throw new Error('The form was not submitted');
    return values.spec[key]?.[0] ?? {};
  };
  /** Fills the fields in order (see `fillFields`), each text pasted in one go. */
  const fill = (fields: Record<string, FieldGesture>) =>
    fillFields(user, fields, { text: 'paste' });
  /** Submits, and expects the check sent to be `check`. */
  const expectSent = async (check: Values) => {
    await submit();
    expect(submitted()).toEqual(check);
  };
  return { user, onSubmit, submit, submitted, fill, expectSent };
}
