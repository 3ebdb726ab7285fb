import '../../../support/withEditableMonacoMock';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SpecRecordFormProps } from '../../../../src/ui/form/SpecRecordForm';
import { SpecRecordForm } from '../../../../src/ui/form/SpecRecordForm';
import { READ_ONLY_BANNER, READ_ONLY_TITLE } from '../../../../src/ui/form/FormDialog';
import type { SpecRecordValues } from '../../../../src/ui/form/specRecord';
import { SPEC_NOT_A_MAP } from '../../../../src/ui/form/specRecord';
import { replaceCode } from '../../../support/fillFields';

/** Specs must name a `type`, a string. */
const SCHEMA = {
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'string' } },
};

const STORED: SpecRecordValues = {
  name: 'checkout',
  namespace: 'prod',
  labels: [{ key: 'team', value: 'core' }],
  spec: 'type: App\n',
};

function renderForm(props: Partial<SpecRecordFormProps<SpecRecordValues>> = {}) {
  const user = userEvent.setup();
  const onSave = jest.fn<Promise<unknown>, [SpecRecordValues]>(() => Promise.resolve());
  const { unmount } = render(
    <SpecRecordForm<SpecRecordValues>
      label="Record"
      initialValues={{ name: '', namespace: 'default', labels: [], spec: '' }}
      editing={false}
      fields={{ namespace: true, labels: true }}
      onSave={onSave}
      {...props}
    />,
  );
  return { user, onSave, unmount };
}

const ui = {
  form: () => screen.getByRole('form', { name: 'Record' }),
  text: (label: string) =>
    within(ui.form()).getByRole('textbox', { name: new RegExp(`^${label}(\\s|$)`) }),
  spec: () =>
    within(within(ui.form()).getByRole('group', { name: 'Spec' })).findByRole('textbox', {
      name: 'Code',
    }),
  button: (name: string) => screen.getByRole('button', { name }),
  noButton: (name: string) => expect(screen.queryByRole('button', { name })).toBeNull(),
};

async function typeSpec(user: ReturnType<typeof userEvent.setup>, text: string) {
  await replaceCode(user, await ui.spec(), text);
}

describe('SpecRecordForm', () => {
  it('shows the schema’s complaint and keeps Save disabled until the spec fits', async () => {
    const { user, onSave } = renderForm({ schema: { data: SCHEMA }, disableInvalid: true });
    await user.type(ui.text('Name'), 'payments');
    await typeSpec(user, 'kind: App\n');
    expect(await within(ui.form()).findByText(/must have required property 'type'/)).toBeVisible();
    expect(ui.button('Save')).toBeDisabled();

    await typeSpec(user, '- a\n');
    expect(await within(ui.form()).findByText(SPEC_NOT_A_MAP)).toBeVisible();
    expect(ui.button('Save')).toBeDisabled();

    await typeSpec(user, 'type: App\n');
    await waitFor(() => expect(ui.button('Save')).toBeEnabled());
    await user.click(ui.button('Save'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toEqual({
      name: 'payments',
      namespace: 'default',
      labels: [],
      spec: 'type: App\n',
    });
  });

  it('leaves Save enabled when not asked to disable it, and a submit shows the error', async () => {
    const { user, onSave } = renderForm({ schema: { data: SCHEMA } });
    await user.type(ui.text('Name'), 'payments');
    await typeSpec(user, '- a\n');
    expect(ui.button('Save')).toBeEnabled();
    await user.click(ui.button('Save'));
    expect(await within(ui.form()).findByText(SPEC_NOT_A_MAP)).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('says when the schema could not be loaded, and still checks the spec’s shape', async () => {
    const { user } = renderForm({
      schema: { isError: true },
      specHelp: { checked: 'Checked as you type.', unchecked: 'Checked by the server.' },
    });
    expect(within(ui.form()).getByText('Checked by the server.')).toBeVisible();
    expect(within(ui.form()).queryByText('Checked as you type.')).toBeNull();
    await typeSpec(user, '- a\n');
    expect(await within(ui.form()).findByText(SPEC_NOT_A_MAP)).toBeVisible();
  });

  it('shows the read-only banner with the fields disabled and no Save or Delete', async () => {
    renderForm({
      initialValues: STORED,
      editing: true,
      readOnly: true,
      banner: true,
      onDelete: () => Promise.resolve(),
      onCancel: jest.fn(),
      closeText: 'Close',
    });
    expect(screen.getByRole('status')).toHaveTextContent(`${READ_ONLY_TITLE} ${READ_ONLY_BANNER}`);
    expect(ui.text('Name')).toBeDisabled();
    expect(ui.text('Namespace')).toBeDisabled();
    expect(await ui.spec()).toHaveAttribute('readonly');
    ui.noButton('Update');
    ui.noButton('Delete');
    expect(ui.button('Close')).toBeEnabled();
  });

  it('hides the whole footer when asked', () => {
    renderForm({ initialValues: STORED, editing: true, hideFooter: true, onCancel: jest.fn() });
    ui.noButton('Update');
    ui.noButton('Cancel');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('fixes name and namespace of a stored record only when asked', () => {
    const { unmount } = renderForm({ initialValues: STORED, editing: true });
    expect(ui.text('Name')).toBeEnabled();
    expect(ui.text('Namespace')).toBeEnabled();
    unmount();
    renderForm({ initialValues: STORED, editing: true, fixedIdentity: true });
    expect(ui.text('Name')).toBeDisabled();
    expect(ui.text('Namespace')).toBeDisabled();
  });

  it('keeps the values and shows the server’s reason when a save fails', async () => {
    const { user, onSave } = renderForm({
      initialValues: STORED,
      editing: true,
      submitWords: { create: ['Add', 'Adding'], edit: ['Update', 'Updating'] },
    });
    onSave.mockRejectedValueOnce({ message: 'duplicate key value violates unique constraint' });
    await user.clear(ui.text('Name'));
    await user.type(ui.text('Name'), 'checkout-v2');
    await user.click(ui.button('Update'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'duplicate key value violates unique constraint',
    );
    expect(ui.text('Name')).toHaveValue('checkout-v2');
    expect(ui.text('Namespace')).toHaveValue('prod');
    expect(await ui.spec()).toHaveValue('type: App\n');
    expect(ui.button('Update')).toBeEnabled();
    expect(onSave.mock.calls[0]?.[0]).toEqual({ ...STORED, name: 'checkout-v2' });
  });

  it('asks before deleting, and deletes only once confirmed', async () => {
    const onDelete = jest.fn(() => Promise.resolve());
    const { user } = renderForm({ initialValues: STORED, editing: true, onDelete });
    await user.click(ui.button('Delete'));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this resource?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onDelete).not.toHaveBeenCalled();

    await user.click(ui.button('Delete'));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
  });

  it('offers no Delete for a new record', () => {
    renderForm({ onDelete: () => Promise.resolve() });
    ui.noButton('Delete');
    expect(ui.button('Save')).toBeEnabled();
  });
});
