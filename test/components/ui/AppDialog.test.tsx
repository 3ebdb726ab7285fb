import { BlueprintProvider } from '@blueprintjs/core';
import { IconSize, Icons } from '@blueprintjs/icons';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DialogSize } from '../../../src/ui/AppDialog';
import { AppDialog, DIALOG_WIDTHS } from '../../../src/ui/AppDialog';

function renderDialog(size?: DialogSize, onClose = jest.fn()) {
  render(
    <BlueprintProvider>
      <AppDialog isOpen onClose={onClose} title="Edit scope" size={size}>
        <p>Body</p>
      </AppDialog>
    </BlueprintProvider>,
  );
  return { onClose, user: userEvent.setup() };
}

// Icons load asynchronously; loading these first keeps the synchronous tests settled.
beforeAll(() => Icons.load(['maximize', 'minimize', 'cross'], IconSize.STANDARD));

const dialog = () => screen.getByRole('dialog', { name: 'Edit scope' });

describe('AppDialog', () => {
  it.each([
    ['very-small', '24rem'],
    ['small', '32rem'],
    ['medium', '48rem'],
    ['large', '64rem'],
  ] as const)('is %s at %s wide', (size, width) => {
    renderDialog(size);
    expect(dialog()).toHaveStyle({ width });
    expect(DIALOG_WIDTHS[size]).toBe(width);
  });

  it('marks a full-size dialog, whose body then fills the height above the footer', async () => {
    const { user } = renderDialog('medium');
    expect(dialog()).not.toHaveClass('mc-app-dialog-full');
    await user.click(screen.getByRole('button', { name: 'Expand' }));
    expect(dialog()).toHaveClass('mc-app-dialog-full');
  });

  it('is medium by default', () => {
    renderDialog();
    expect(dialog()).toHaveStyle({ width: DIALOG_WIDTHS.medium });
  });

  it('expands to full size and back', async () => {
    const { user } = renderDialog('small');
    await user.click(screen.getByRole('button', { name: 'Expand' }));
    expect(dialog()).toHaveStyle({ width: DIALOG_WIDTHS.full });
    const restore = screen.getByRole('button', { name: 'Restore size' });
    expect(restore).toHaveAttribute('aria-pressed', 'true');
    await user.click(restore);
    expect(dialog()).toHaveStyle({ width: DIALOG_WIDTHS.small });
  });

  it('has no expand toggle when already full', () => {
    renderDialog('full');
    expect(dialog()).toHaveStyle({ width: DIALOG_WIDTHS.full });
    expect(screen.queryByRole('button', { name: 'Expand' })).toBeNull();
  });

  it('closes from its close button', async () => {
    const { user, onClose } = renderDialog();
    expect(screen.getByText('Body')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
