import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FilterSelectProps } from '../../../src/ui/FilterSelect';
import { FilterSelect } from '../../../src/ui/FilterSelect';

const ui = {
  select: () => screen.getByRole('combobox', { name: 'Status' }),
  options: () =>
    within(ui.select())
      .getAllByRole('option')
      .map((option) => [(option as HTMLOptionElement).value, option.textContent]),
};

function renderSelect(props: Partial<FilterSelectProps> = {}) {
  const onChange = jest.fn();
  render(
    <FilterSelect
      label="Status"
      allLabel="All statuses"
      value={undefined}
      options={['open', 'in_progress']}
      onChange={onChange}
      {...props}
    />,
  );
  return { onChange };
}

const upper = (value: string) => value.toUpperCase();

describe('FilterSelect', () => {
  it('offers "all" first, then plain values read through optionLabel', () => {
    renderSelect({ optionLabel: upper });
    expect(ui.options()).toEqual([
      ['', 'All statuses'],
      ['open', 'OPEN'],
      ['in_progress', 'IN_PROGRESS'],
    ]);
    expect(ui.select()).toHaveValue('');
  });

  it('offers value and label pairs as they are', () => {
    renderSelect({
      options: [
        { value: 'open', label: 'Open' },
        { value: 'closed', label: 'Closed' },
      ],
      optionLabel: upper,
      value: 'closed',
    });
    expect(ui.options()).toEqual([
      ['', 'All statuses'],
      ['open', 'Open'],
      ['closed', 'Closed'],
    ]);
    expect(ui.select()).toHaveValue('closed');
  });

  it('keeps a chosen value that is not offered, after "all" and read through optionLabel', () => {
    renderSelect({ value: 'archived', optionLabel: upper });
    expect(ui.options()).toEqual([
      ['', 'All statuses'],
      ['archived', 'ARCHIVED'],
      ['open', 'OPEN'],
      ['in_progress', 'IN_PROGRESS'],
    ]);
    expect(ui.select()).toHaveValue('archived');
  });

  it('calls onChange with the value chosen, and undefined for "all"', async () => {
    const user = userEvent.setup();
    const { onChange } = renderSelect({ value: 'open' });
    await user.selectOptions(ui.select(), 'in_progress');
    expect(onChange).toHaveBeenLastCalledWith('in_progress');
    await user.selectOptions(ui.select(), 'All statuses');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('uses a given "all" value: selected without a value and passed to onChange', async () => {
    const user = userEvent.setup();
    const { onChange } = renderSelect({ allValue: 'any' });
    expect(ui.options()[0]).toEqual(['any', 'All statuses']);
    expect(ui.options()).toHaveLength(3);
    expect(ui.select()).toHaveValue('any');
    await user.selectOptions(ui.select(), 'open');
    expect(onChange).toHaveBeenLastCalledWith('open');
    await user.selectOptions(ui.select(), 'All statuses');
    expect(onChange).toHaveBeenLastCalledWith('any');
  });
});
