import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import type { FormDialogProps } from '../../../../src/ui/form/FormDialog';
import { FormDialog, READ_ONLY_BANNER } from '../../../../src/ui/form/FormDialog';
import { TextField } from '../../../../src/ui/form/TextField';
import { deferred } from '../../../support/deferred';

interface Values {
  name: string;
}

function Harness(props: Partial<FormDialogProps<Values>>) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'open' : 'closed'}</p>
      {open && (
        <FormDialog<Values>
          title="Edit Thing"
          initialValues={{ name: 'api' }}
          onSubmit={() => undefined}
          {...props}
          onClose={() => setOpen(false)}
        >
          <TextField name="name" label="Name" required />
        </FormDialog>
      )}
    </>
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'Edit Thing' });
const nameInput = () => within(dialog()).getByRole('textbox', { name: 'Name (required)' });

describe('FormDialog', () => {
  it('reads Updating and disables the fields and Cancel while saving, then closes', async () => {
    const saving = deferred();
    const onSubmit = jest.fn(() => saving.promise);
    const user = userEvent.setup();
    render(<Harness mode="edit" onSubmit={onSubmit} />);
    await user.click(within(dialog()).getByRole('button', { name: 'Update' }));
    const busy = within(dialog()).getByRole('button', { name: 'Updating' });
    expect(busy).toBeDisabled();
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(nameInput()).toBeDisabled();
    expect(onSubmit).toHaveBeenCalledWith({ name: 'api' }, expect.anything());
    saving.resolve();
    await screen.findByText('closed');
  });

  it('reads Save and Saving when creating', async () => {
    const saving = deferred();
    const user = userEvent.setup();
    render(<Harness onSubmit={() => saving.promise} />);
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(within(dialog()).getByRole('button', { name: 'Saving' })).toBeDisabled();
    saving.resolve();
    await screen.findByText('closed');
  });

  it('keeps what was typed and shows the reason of a thrown failure', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        onSubmit={() =>
          Promise.reject({ status: 409, message: 'A thing named api-2 already exists' })
        }
      />,
    );
    await user.type(nameInput(), '-2');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'A thing named api-2 already exists',
    );
    expect(nameInput()).toHaveValue('api-2');
    expect(nameInput()).toBeEnabled();
    expect(screen.getByText('open')).toBeInTheDocument();
  });

  it('shows submission errors returned by onSubmit', async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={() => ({ [FORM_ERROR]: 'The backend refused it' })} />);
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('The backend refused it');
  });

  it('keeps Save disabled while invalid when asked to', async () => {
    const user = userEvent.setup();
    render(<Harness disableSubmitWhenInvalid />);
    await user.clear(nameInput());
    await waitFor(() =>
      expect(within(dialog()).getByRole('button', { name: 'Save' })).toBeDisabled(),
    );
  });

  it('opens a CRD-managed record read-only under the banner, with Close only', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<Harness readOnly="crd" onSubmit={onSubmit} />);
    expect(within(dialog()).getByRole('status')).toHaveTextContent(
      `Read-Only Mode: ${READ_ONLY_BANNER}`,
    );
    expect(nameInput()).toBeDisabled();
    expect(within(dialog()).queryByRole('button', { name: /^(Save|Update)$/ })).toBeNull();
    const [footerClose] = within(dialog())
      .getAllByRole('button', { name: 'Close' })
      .filter((button) => button.textContent === 'Close');
    await user.click(footerClose as HTMLElement);
    expect(screen.getByText('closed')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows what follows a submission in the same dialog when it does not close', async () => {
    function Invite() {
      const [link, setLink] = useState<string | undefined>();
      return (
        <FormDialog<Values>
          title="Edit Thing"
          submitText="Invite"
          closeOnSuccess={false}
          outcome={link && <p>Send {link}</p>}
          onSubmit={() => setLink('https://example.test/r/1')}
          onClose={() => undefined}
        >
          <TextField name="name" label="Name" />
        </FormDialog>
      );
    }
    const user = userEvent.setup();
    render(<Invite />);
    await user.click(within(dialog()).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog()).findByText('Send https://example.test/r/1')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('textbox')).toBeNull();
  });

  it('deletes after its confirmation and closes; a failed delete keeps both open', async () => {
    const onConfirm = jest
      .fn<Promise<unknown>, []>()
      .mockRejectedValueOnce(new Error('refused'))
      .mockResolvedValueOnce(undefined);
    const user = userEvent.setup();
    render(
      <Harness
        mode="edit"
        deletion={{ title: 'Delete Thing', question: 'Delete this thing?', onConfirm }}
      />,
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Thing' });
    expect(confirm).toHaveTextContent('Delete this thing?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(within(confirm).getByRole('button', { name: 'Delete' })).toBeEnabled(),
    );
    expect(screen.getByText('open')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText('closed');
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('offers no Delete without a deletion', () => {
    render(<Harness mode="edit" deletion={false} />);
    expect(within(dialog()).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows a spinner while the record loads, then the form in the same dialog', () => {
    const props = { title: 'Edit Thing', onSubmit: () => undefined, onClose: () => undefined };
    const fields = <TextField name="name" label="Name" />;
    const { rerender } = render(
      <FormDialog<Values> {...props} loading>
        {fields}
      </FormDialog>,
    );
    const opened = dialog();
    expect(within(opened).getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(within(opened).queryByRole('textbox')).toBeNull();
    rerender(
      <FormDialog<Values> {...props} initialValues={{ name: 'api' }}>
        {fields}
      </FormDialog>,
    );
    expect(dialog()).toBe(opened);
    expect(within(opened).getByRole('textbox', { name: 'Name' })).toHaveValue('api');
  });
});
