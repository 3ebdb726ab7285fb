import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ClearFiltersButton,
  FilterBar,
  FilterSwitch,
  RemovableFilter,
  filterBinding,
} from '../../../src/widgets/FilterBar';
import { FilterSelect } from '../../../src/ui/FilterSelect';

interface Filters {
  status?: string;
  owner?: string;
  page?: number;
}

function renderBar(filters: Filters, hideOwner = false) {
  const onChange = jest.fn();
  render(
    <FilterBar<Filters>
      label="Incident filters"
      className="mc-test-toolbar"
      filters={filters}
      onChange={onChange}
      before={<input aria-label="Search" />}
      selects={[
        {
          field: 'status',
          label: 'Status',
          allLabel: 'All statuses',
          allValue: 'all',
          options: ['open', 'closed'],
          optionLabel: (value) => value.toUpperCase(),
        },
        !hideOwner && {
          field: 'owner',
          label: 'Owner',
          allLabel: 'All owners',
          options: [{ value: 'u1', label: 'Ada' }],
        },
      ]}
    >
      <button type="button">After</button>
    </FilterBar>,
  );
  return { onChange, user: userEvent.setup() };
}

describe('FilterBar', () => {
  it('is a named group: what comes before, a select per field, then its children', () => {
    renderBar({ status: 'open' });
    const group = screen.getByRole('group', { name: 'Incident filters' });
    expect(group).toHaveClass('mc-test-toolbar');
    const names = [...group.querySelectorAll('input, select, button')].map(
      (element) => element.getAttribute('aria-label') ?? element.textContent,
    );
    expect(names).toEqual(['Search', 'Status', 'Owner', 'After']);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('open');
    expect(screen.getByRole('option', { name: 'CLOSED' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveValue('');
  });

  it('changes only the field of the select chosen', async () => {
    const { onChange, user } = renderBar({});
    await user.selectOptions(screen.getByRole('combobox', { name: 'Owner' }), 'Ada');
    expect(onChange).toHaveBeenLastCalledWith({ owner: 'u1' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All statuses');
    expect(onChange).toHaveBeenLastCalledWith({ status: 'all' });
  });

  it('leaves out a select given as false', () => {
    renderBar({}, true);
    expect(screen.queryByRole('combobox', { name: 'Owner' })).not.toBeInTheDocument();
  });
});

describe('filter buttons', () => {
  it('a removable filter reads "Label: name" and removes itself', async () => {
    const onRemove = jest.fn();
    render(<RemovableFilter icon="cube" label="Config" name="web-1" onRemove={onRemove} />);
    const button = screen.getByRole('button', { name: 'Remove filter Config: web-1' });
    expect(button).toHaveTextContent('Config: web-1');
    await userEvent.setup().click(button);
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('Clear filters calls back', async () => {
    const onClick = jest.fn();
    render(<ClearFiltersButton onClick={onClick} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('a filter switch reports whether it is on', async () => {
    const onChange = jest.fn();
    render(
      <FilterSwitch label="Show hidden" checked={false} onChange={onChange} className="mc-x" />,
    );
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Show hidden' }));
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

describe('filterBinding', () => {
  it("gives a field's control its value, and its changes as a change of that field alone", () => {
    const onChange = jest.fn();
    const bind = filterBinding<Filters>({ status: 'open', page: 2 }, onChange);
    const status = bind('status');
    expect(status.value).toBe('open');
    expect(bind('owner').value).toBeUndefined();
    status.onChange('closed');
    expect(onChange).toHaveBeenCalledWith({ status: 'closed' });
    bind('page').onChange(undefined);
    expect(onChange).toHaveBeenLastCalledWith({ page: undefined });
  });

  it("binds a control of the kit: a select shows its field's value and changes it", async () => {
    const onChange = jest.fn();
    const bind = filterBinding<Filters>({ owner: 'ann' }, onChange);
    render(
      <FilterSelect
        label="Owner"
        allLabel="All owners"
        options={['ann', 'bob']}
        {...bind('owner')}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Owner' });
    expect(select).toHaveValue('ann');
    await userEvent.setup().selectOptions(select, 'bob');
    expect(onChange).toHaveBeenCalledWith({ owner: 'bob' });
  });
});
