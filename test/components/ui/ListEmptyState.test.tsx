import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListEmptyState } from '../../../src/ui/ListEmptyState';

describe('ListEmptyState', () => {
  it('says the list is empty, with nothing to clear, when no filter is set', () => {
    render(
      <ListEmptyState
        filtered={false}
        icon="play"
        emptyTitle="No runs"
        filteredTitle="No runs match these filters"
        onClear={() => undefined}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No runs' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('says the filters match nothing and clears them', async () => {
    let cleared = 0;
    const user = userEvent.setup();
    render(
      <ListEmptyState
        filtered
        icon="play"
        emptyTitle="No runs"
        filteredTitle="No runs match these filters"
        onClear={() => (cleared += 1)}
      />,
    );
    expect(
      screen.getByRole('heading', { name: 'No runs match these filters' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No runs' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(cleared).toBe(1);
  });
});
