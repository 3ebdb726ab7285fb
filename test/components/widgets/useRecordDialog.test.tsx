import { screen, waitFor } from '@testing-library/react';
import { dialogFlag, useDialogFlag, useRecordDialog } from '../../../src/widgets/useRecordDialog';
import { renderApp } from '../../support/renderApp';

const FRUITS = [
  { id: 'f1', name: 'fig' },
  { id: 'p1', name: 'pear' },
];

function Fruits() {
  const dialog = useRecordDialog();
  const editing = dialog.editing(FRUITS, (fruit) => fruit.id);
  return (
    <>
      <output aria-label="Mode">{dialog.state.mode}</output>
      <output aria-label="Editing">{editing?.name ?? 'none'}</output>
      <button type="button" onClick={dialog.openCreate}>
        Add
      </button>
      <button type="button" onClick={() => dialog.openEdit('p1')}>
        Edit pear
      </button>
      <button type="button" onClick={dialog.close}>
        Close
      </button>
    </>
  );
}

const PEEL = dialogFlag('peel');

function Peeler() {
  const peel = useDialogFlag(PEEL);
  return (
    <>
      <output aria-label="Peeling">{peel.isOpen ? 'open' : 'closed'}</output>
      <button type="button" onClick={peel.open}>
        Peel
      </button>
      <button type="button" onClick={peel.close}>
        Stop
      </button>
    </>
  );
}

const output = (name: string) => screen.getByRole('status', { name }).textContent;

describe('useRecordDialog', () => {
  it('finds the record the address edits among the rows', () => {
    renderApp(<Fruits />, { url: '/fruits?id=f1&zz=1' });
    expect(output('Mode')).toBe('edit');
    expect(output('Editing')).toBe('fig');
  });

  it('finds nothing for an id that is not among the rows', () => {
    renderApp(<Fruits />, { url: '/fruits?id=gone' });
    expect(output('Editing')).toBe('none');
  });

  it('pushes an entry when opening and replaces it when closing, keeping other parameters', async () => {
    const { user, currentUrl, router } = renderApp(<Fruits />, { url: '/fruits?zz=1' });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(currentUrl()).toBe('/fruits?zz=1&new=1');
    expect(router.state.historyAction).toBe('PUSH');
    await user.click(screen.getByRole('button', { name: 'Edit pear' }));
    expect(currentUrl()).toBe('/fruits?zz=1&id=p1');
    expect(output('Editing')).toBe('pear');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(currentUrl()).toBe('/fruits?zz=1'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('useDialogFlag', () => {
  it('is open while the address says its parameter', async () => {
    const { user, currentUrl, router } = renderApp(<Peeler />, { url: '/fruits?peel=1' });
    expect(output('Peeling')).toBe('open');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(currentUrl()).toBe('/fruits'));
    expect(output('Peeling')).toBe('closed');
    expect(router.state.historyAction).toBe('REPLACE');
    await user.click(screen.getByRole('button', { name: 'Peel' }));
    expect(currentUrl()).toBe('/fruits?peel=1');
    expect(router.state.historyAction).toBe('PUSH');
  });
});
