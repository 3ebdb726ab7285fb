import { Classes } from '@blueprintjs/core';
import { IconSize, Icons } from '@blueprintjs/icons';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { TriStateMap } from '../../../src/lib/triState';
import type { FilterOption } from '../../../src/ui/FilterDropdown';
import { FilterDropdown } from '../../../src/ui/FilterDropdown';

// Popover steps are slow on a busy machine.
jest.setTimeout(20_000);

beforeAll(() => Icons.load(['plus', 'minus', 'caret-down', 'disable'], IconSize.STANDARD));

const statuses: FilterOption[] = [
  { value: 'healthy', label: 'Healthy' },
  { value: 'unhealthy', label: 'Unhealthy' },
  { value: 'warning', label: 'Warning' },
  { value: 'unknown', label: 'Unknown', icon: <i>?</i> },
  { value: 'suspended', label: 'Suspended' },
];

const ui = {
  target: () => screen.getByRole('button', { name: /^Status filter/ }),
  list: () => screen.getByRole('list', { name: 'Status' }),
  include: (label: string) => screen.getByRole('button', { name: `Include ${label}` }),
  exclude: (label: string) => screen.getByRole('button', { name: `Exclude ${label}` }),
  chips: () => [...ui.target().querySelectorAll<HTMLElement>('[data-state]')],
};

function Harness({
  initial = {},
  options = statuses,
  tagStyle,
  onChange = () => undefined,
}: {
  initial?: TriStateMap;
  options?: FilterOption[];
  tagStyle?: boolean;
  onChange?: (next: TriStateMap) => void;
}) {
  const [value, setValue] = useState<TriStateMap>(initial);
  return (
    <FilterDropdown
      label="Status"
      options={options}
      value={value}
      tagStyle={tagStyle}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

async function openDropdown() {
  const user = userEvent.setup();
  await user.click(ui.target());
  await screen.findByRole('list', { name: 'Status' });
  return user;
}

describe('FilterDropdown', () => {
  it('shows All with no selection and lists every option with toggles', async () => {
    render(<Harness />);
    expect(ui.target()).toHaveTextContent('Status: All');
    expect(ui.target()).toHaveAccessibleName('Status filter');
    await openDropdown();
    const items = within(ui.list()).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[3]).toHaveTextContent('?Unknown');
    for (const option of statuses) {
      expect(ui.include(option.label)).toHaveAttribute('aria-pressed', 'false');
      expect(ui.exclude(option.label)).toHaveAttribute('aria-pressed', 'false');
    }
  });

  it('includes, excludes and returns to neutral by clicks', async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const user = await openDropdown();
    await user.click(ui.include('Healthy'));
    expect(ui.include('Healthy')).toHaveAttribute('aria-pressed', 'true');
    await user.click(ui.exclude('Healthy'));
    expect(ui.exclude('Healthy')).toHaveAttribute('aria-pressed', 'true');
    expect(ui.include('Healthy')).toHaveAttribute('aria-pressed', 'false');
    await user.click(ui.exclude('Healthy'));
    expect(ui.exclude('Healthy')).toHaveAttribute('aria-pressed', 'false');
    expect(onChange.mock.calls.map(([next]) => next)).toEqual([
      { healthy: 1 },
      { healthy: -1 },
      {},
    ]);
  });

  it('shows chips for up to 3 selections, excluded ones distinct', async () => {
    render(<Harness />);
    const user = await openDropdown();
    await user.click(ui.exclude('Unhealthy'));
    await user.click(ui.exclude('Warning'));
    const chips = ui.chips();
    expect(chips.map((chip) => chip.textContent)).toEqual(['Unhealthy', 'Warning']);
    for (const chip of chips) {
      expect(chip).toHaveAttribute('data-state', 'exclude');
      expect(chip).toHaveClass('mc-filter-chip--exclude');
      expect(chip).toHaveAttribute('title', `Exclude ${chip.textContent}`);
    }
    await user.click(ui.exclude('Unknown'));
    expect(ui.chips()).toHaveLength(3);
    expect(ui.target()).not.toHaveTextContent('selected');
  });

  it('shows a count instead of chips at 4 selections', async () => {
    render(<Harness initial={{ healthy: 1, unhealthy: 1, warning: 1 }} />);
    expect(ui.chips().map((chip) => chip.getAttribute('data-state'))).toEqual([
      'include',
      'include',
      'include',
    ]);
    const user = await openDropdown();
    await user.click(ui.include('Unknown'));
    expect(ui.chips()).toHaveLength(0);
    expect(ui.target()).toHaveTextContent('4 selected');
    expect(ui.target()).toHaveAccessibleName('Status filter, 4 selected');
    await user.click(ui.include('Unknown'));
    expect(ui.chips()).toHaveLength(3);
  });

  it('in a regular dropdown, choosing a state drops items with the other state', async () => {
    const onChange = jest.fn();
    render(<Harness initial={{ healthy: 1, warning: 1 }} onChange={onChange} />);
    const user = await openDropdown();
    await user.click(ui.exclude('Unknown'));
    expect(onChange).toHaveBeenLastCalledWith({ unknown: -1 });
    expect(ui.include('Healthy')).toHaveAttribute('aria-pressed', 'false');
  });

  it('in a tag-style dropdown, including one value drops the other values of its key', async () => {
    const tags: FilterOption[] = [
      { value: 'namespace=default', label: 'namespace: default' },
      { value: 'namespace=prod', label: 'namespace: prod' },
      { value: 'cluster=eu', label: 'cluster: eu' },
    ];
    const onChange = jest.fn();
    render(
      <Harness
        tagStyle
        options={tags}
        initial={{ 'namespace=default': -1, 'cluster=eu': 1 }}
        onChange={onChange}
      />,
    );
    const user = await openDropdown();
    await user.click(ui.include('namespace: prod'));
    expect(onChange).toHaveBeenLastCalledWith({ 'cluster=eu': 1, 'namespace=prod': 1 });
    expect(ui.exclude('namespace: default')).toHaveAttribute('aria-pressed', 'false');
    expect(ui.include('cluster: eu')).toHaveAttribute('aria-pressed', 'true');
  });

  it('lists chosen items that are not among the options, so they can be removed', async () => {
    const onChange = jest.fn();
    render(<Harness initial={{ gone: -1 }} onChange={onChange} />);
    expect(ui.chips().map((chip) => chip.textContent)).toEqual(['gone']);
    const user = await openDropdown();
    await user.click(ui.exclude('gone'));
    expect(onChange).toHaveBeenLastCalledWith({});
  });

  it('clears the selection', async () => {
    const onChange = jest.fn();
    render(<Harness initial={{ healthy: 1 }} onChange={onChange} />);
    const user = await openDropdown();
    await user.click(screen.getByRole('button', { name: 'Clear Status' }));
    expect(onChange).toHaveBeenLastCalledWith({});
    expect(screen.getByRole('button', { name: 'Clear Status' })).toBeDisabled();
  });

  it('is reachable by keyboard and closes with Escape', async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const user = userEvent.setup();
    await user.tab();
    expect(ui.target()).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('list', { name: 'Status' });
    // Focus moves into the open popover; the first toggle is among the next stops.
    const overlay = ui.list().closest<HTMLElement>(`.${Classes.OVERLAY}`);
    await waitFor(() => expect(overlay).toContainElement(document.activeElement as HTMLElement));
    for (let i = 0; i < 3 && document.activeElement !== ui.include('Healthy'); i += 1) {
      await user.tab();
    }
    expect(ui.include('Healthy')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ healthy: 1 });
    await user.tab();
    expect(ui.exclude('Healthy')).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Status' })).toBeNull(), {
      timeout: 3000,
    });
  });

  it('tells the page it is opening, and says when its options are still loading', async () => {
    const onOpening = jest.fn();
    const { rerender } = render(
      <FilterDropdown
        label="Status"
        options={[]}
        value={{}}
        onChange={() => undefined}
        loading
        onOpening={onOpening}
      />,
    );
    expect(onOpening).not.toHaveBeenCalled();
    await openDropdown();
    expect(onOpening).toHaveBeenCalledTimes(1);
    expect(within(ui.list()).getByRole('listitem')).toHaveTextContent('Loading…');
    rerender(
      <FilterDropdown
        label="Status"
        options={[]}
        value={{}}
        onChange={() => undefined}
        onOpening={onOpening}
      />,
    );
    expect(within(ui.list()).getByRole('listitem')).toHaveTextContent('No options');
  });
});
