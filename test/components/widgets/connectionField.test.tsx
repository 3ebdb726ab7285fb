import { screen, within } from '@testing-library/react';
import { Form } from 'react-final-form';
import { REQUIRED } from '../../../src/ui/form/fieldError';
import type { ConnectionFieldProps } from '../../../src/widgets/ConnectionField';
import { ConnectionField } from '../../../src/widgets/ConnectionField';
import { renderApp } from '../../support/renderApp';
import { resourceSearch } from '../../support/resourceSearch';

type Values = { connection?: string };

function renderField(props: Partial<ConnectionFieldProps> = {}, initialValues: Values = {}) {
  const searches = resourceSearch({
    connections: [
      { id: 'c1', name: 'orders-db', namespace: 'payments', type: 'postgres' },
      { id: 'c2', name: 'orders-cache', namespace: 'payments', type: 'redis' },
    ],
  });
  const onSubmit = jest.fn<undefined, [Values]>();
  const view = renderApp(
    <Form<Values>
      initialValues={initialValues}
      onSubmit={(values) => onSubmit(values)}
      render={({ handleSubmit }) => (
        <form onSubmit={handleSubmit} aria-label="Test form">
          <ConnectionField name="connection" {...props} />
          <button type="submit">Submit</button>
        </form>
      )}
    />,
  );
  const submitted = async () => {
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    return onSubmit.mock.calls.at(-1)?.[0];
  };
  return { ...view, searches, onSubmit, submitted };
}

const box = (name = 'Connection') => screen.getByRole('combobox', { name });

describe('ConnectionField', () => {
  it('suggests saved connections by name and stores the one chosen as a connection:// reference', async () => {
    const { user, searches, submitted } = renderField();
    await user.click(box());
    await user.paste('orders');
    const option = await screen.findByRole('option', { name: /payments\/orders-db/ });
    expect(screen.getByRole('option', { name: /payments\/orders-cache/ })).toBeInTheDocument();
    expect(searches.at(-1)).toEqual({
      connections: [expect.objectContaining({ search: 'orders' })],
    });
    await user.click(within(option).getByText('payments/orders-db'));
    expect(await submitted()).toEqual({ connection: 'connection://payments/orders-db' });
  });

  it('shows a stored reference by its namespace and name', () => {
    renderField({}, { connection: 'connection://payments/orders-db' });
    expect(box()).toHaveValue('payments/orders-db');
  });

  it('keeps a connection string typed in when free text is allowed', async () => {
    const { user, submitted } = renderField({ freeText: true });
    await user.click(box());
    await user.paste('postgres://reader@db:5432/orders');
    expect(await submitted()).toEqual({ connection: 'postgres://reader@db:5432/orders' });
  });

  it('says a required connection is missing once the field is left', async () => {
    const { user, onSubmit } = renderField({ required: true });
    await user.click(box('Connection (required)'));
    await user.tab();
    expect(await screen.findByText(REQUIRED)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
