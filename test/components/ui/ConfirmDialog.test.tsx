import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';
import { deferred } from '../../support/deferred';

function Harness({ onConfirm }: { onConfirm: () => Promise<unknown> }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'open' : 'closed'}</p>
      <ConfirmDialog
        isOpen={open}
        title="Delete Scope"
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      >
        Are you sure you want to delete this scope? This action cannot be undone.
      </ConfirmDialog>
    </>
  );
}

const dialog = () => screen.getByRole('alertdialog', { name: 'Delete Scope' });

describe('ConfirmDialog', () => {
  it('asks, stays busy while the action runs, then closes', async () => {
    const action = deferred();
    const user = userEvent.setup();
    render(<Harness onConfirm={() => action.promise} />);
    expect(dialog()).toHaveTextContent('Are you sure you want to delete this scope?');
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByText('open')).toBeInTheDocument();
    action.resolve();
    await waitFor(() => expect(screen.getByText('closed')).toBeInTheDocument());
  });

  it('stays open when the action reports a failure', async () => {
    const user = userEvent.setup();
    render(<Harness onConfirm={async () => false} />);
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeEnabled(),
    );
    expect(screen.getByText('open')).toBeInTheDocument();
  });

  it('closes on Cancel without running the action', async () => {
    const calls: string[] = [];
    const user = userEvent.setup();
    render(
      <Harness
        onConfirm={async () => {
          calls.push('deleted');
        }}
      />,
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('closed')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
