import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddRowButton, RemoveRowButton } from '../../../../src/ui/form/RowButtons';

describe('row buttons', () => {
  it('Add says what it adds and calls back', async () => {
    const onClick = jest.fn();
    render(<AddRowButton noun="Header" disabled={false} onClick={onClick} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add Header' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('Remove is named by its row, counted from 1, in lower case', async () => {
    const onClick = jest.fn();
    render(<RemoveRowButton noun="Header" index={1} disabled={false} onClick={onClick} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove header 2' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('both are disabled when told', () => {
    render(
      <>
        <AddRowButton noun="Label" disabled onClick={jest.fn()} />
        <RemoveRowButton noun="Label" index={0} disabled onClick={jest.fn()} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Add Label' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove label 1' })).toBeDisabled();
  });
});
