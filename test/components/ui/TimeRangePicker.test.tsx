import { IconSize, Icons } from '@blueprintjs/icons';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { useState } from 'react';
import type { DateInput } from '../../../src/lib/dates';
import type { TimeRangeValue } from '../../../src/lib/timeRange';
import type { RecentRange } from '../../../src/ui/recentRanges';
import { RECENT_RANGES_STORAGE_KEY, loadRecentRanges } from '../../../src/ui/recentRanges';
import { TimeRangePicker } from '../../../src/ui/TimeRangePicker';

// The open picker is a large tree and this machine is shared: give the slower steps room.
jest.setTimeout(30_000);

beforeAll(() =>
  Icons.load(
    ['time', 'caret-down', 'chevron-left', 'chevron-right', 'calendar'],
    IconSize.STANDARD,
  ),
);

const ui = {
  target: () => screen.getByRole('button', { name: /time range|last|next|yesterday|to/i }),
  menu: (name: string) => screen.getByRole('menu', { name }),
  queryMenu: (name: string) => screen.queryByRole('menu', { name }),
  item: (name: string) => screen.getByRole('menuitem', { name }),
  from: () => screen.getByLabelText('From'),
  to: () => screen.getByLabelText('To'),
  submit: () => screen.getByRole('button', { name: 'Submit' }),
  clear: () => screen.getByRole('button', { name: 'Clear' }),
};

/** Dates as `YYYY-MM-DD HH:mm` in UTC, whatever the machine's zone. */
function utcFormat(value: DateInput): string {
  return new Date(value as string).toISOString().slice(0, 16).replace('T', ' ');
}

function Harness({
  initial,
  showFuture,
  onChange = () => undefined,
}: {
  initial?: TimeRangeValue;
  showFuture?: boolean;
  onChange?: (value: TimeRangeValue | undefined) => void;
}) {
  const [value, setValue] = useState<TimeRangeValue | undefined>(initial);
  return (
    <TimeRangePicker
      value={value}
      showFuture={showFuture}
      formatDate={utcFormat}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

async function openPicker() {
  const user = userEvent.setup({
    delay: null,
    pointerEventsCheck: PointerEventsCheckLevel.EachTarget,
  });
  await user.click(ui.target());
  await screen.findByRole('menu', { name: 'Relative time ranges' });
  return user;
}

async function expectClosed() {
  await waitFor(() => expect(ui.queryMenu('Relative time ranges')).toBeNull(), {
    timeout: 3000,
  });
}

type User = ReturnType<typeof userEvent.setup>;

/** Puts text into a date field as a paste (one input event; typing each key is slow here). */
async function fill(user: User, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

function storeRecent(list: RecentRange[]) {
  window.localStorage.setItem(RECENT_RANGES_STORAGE_KEY, JSON.stringify(list));
}

const day = (n: number): RecentRange => ({
  from: `2024-03-0${n}T00:00:00.000Z`,
  to: `2024-03-0${n}T12:00:00.000Z`,
});

describe('TimeRangePicker', () => {
  it('labels the button with the current range', () => {
    const { rerender } = render(<TimeRangePicker value={undefined} onChange={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Time range' })).toBeInTheDocument();
    rerender(
      <TimeRangePicker value={{ type: 'relative', range: 'now-1h' }} onChange={jest.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Last 1 hour' })).toBeInTheDocument();
    rerender(
      <TimeRangePicker value={{ type: 'mapped', name: 'Yesterday' }} onChange={jest.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Yesterday' })).toBeInTheDocument();
    rerender(
      <TimeRangePicker
        value={{ type: 'absolute', ...day(1) }}
        onChange={jest.fn()}
        formatDate={utcFormat}
      />,
    );
    expect(
      screen.getByRole('button', { name: '2024-03-01 00:00 to 2024-03-01 12:00' }),
    ).toBeInTheDocument();
  });

  it('applies a relative range at once and closes', async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const user = await openPicker();
    expect(within(ui.menu('Relative time ranges')).getAllByRole('menuitem')).toHaveLength(16);
    await user.click(ui.item('Last 15 minutes'));
    expect(onChange).toHaveBeenCalledWith({ type: 'relative', range: 'now-15m' });
    await expectClosed();
    expect(ui.target()).toHaveTextContent('Last 15 minutes');
  });

  it('applies a mapped quick range at once and closes', async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const user = await openPicker();
    const names = within(ui.menu('Other quick ranges'))
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(names).toHaveLength(14);
    expect(names[0]).toBe('Yesterday');
    expect(names[13]).toBe('This year so far');
    await user.click(ui.item('Previous week'));
    expect(onChange).toHaveBeenCalledWith({ type: 'mapped', name: 'Previous week' });
    await expectClosed();
  });

  it('offers future ranges instead of past and quick ones', async () => {
    const onChange = jest.fn();
    render(<Harness showFuture onChange={onChange} />);
    const user = await openPicker();
    const labels = within(ui.menu('Relative time ranges'))
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(labels[0]).toBe('Indefinitely');
    expect(labels[1]).toBe('Next 5 minutes');
    expect(labels).not.toContain('Last 5 minutes');
    expect(ui.queryMenu('Other quick ranges')).toBeNull();
    await user.click(ui.item('Indefinitely'));
    expect(onChange).toHaveBeenCalledWith({ type: 'relative', range: 'indefinitely' });
  });

  it('enables Submit only when both ends are set, then records the range and closes', async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const user = await openPicker();
    expect(ui.submit()).toBeDisabled();
    await fill(user, ui.from(), '2024-03-01 10:00');
    expect(ui.submit()).toBeDisabled();
    await fill(user, ui.to(), '2024-03-02 18:30');
    expect(ui.submit()).toBeEnabled();
    await user.clear(ui.to());
    expect(ui.submit()).toBeDisabled();
    await fill(user, ui.to(), '2024-03-02 18:30');
    await user.click(ui.submit());

    expect(onChange).toHaveBeenCalledTimes(1);
    const value = onChange.mock.calls[0]?.[0] as Extract<TimeRangeValue, { type: 'absolute' }>;
    expect(value.type).toBe('absolute');
    expect(new Date(value.from).getTime()).toBe(new Date(2024, 2, 1, 10, 0).getTime());
    expect(new Date(value.to).getTime()).toBe(new Date(2024, 2, 2, 18, 30).getTime());
    expect(loadRecentRanges()).toEqual([{ from: value.from, to: value.to }]);
    await expectClosed();
  });

  it('refuses a range that ends before it starts', async () => {
    render(<Harness />);
    const user = await openPicker();
    await fill(user, ui.from(), '2024-03-05 10:00');
    await fill(user, ui.to(), '2024-03-01 10:00');
    expect(screen.getByText('From must be before To')).toBeInTheDocument();
    expect(ui.submit()).toBeDisabled();
  });

  it('starts the absolute fields from the current absolute range', async () => {
    render(
      <Harness
        initial={{ type: 'absolute', from: '2024-03-01T10:00:00', to: '2024-03-02T11:00:00' }}
      />,
    );
    await openPicker();
    expect(ui.from()).toHaveValue('2024-03-01 10:00');
    expect(ui.to()).toHaveValue('2024-03-02 11:00');
    expect(ui.submit()).toBeEnabled();
  });

  it('lists recently used absolute ranges and applies one', async () => {
    storeRecent([day(1), day(2), day(3)]);
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const user = await openPicker();
    const items = within(ui.menu('Recently used absolute ranges')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '2024-03-01 00:00 to 2024-03-01 12:00',
      '2024-03-02 00:00 to 2024-03-02 12:00',
      '2024-03-03 00:00 to 2024-03-03 12:00',
    ]);
    await user.click(ui.item('2024-03-03 00:00 to 2024-03-03 12:00'));
    expect(onChange).toHaveBeenCalledWith({ type: 'absolute', ...day(3) });
    expect(loadRecentRanges()).toEqual([day(3), day(1), day(2)]);
    await expectClosed();
  });

  it('keeps at most 5 recent ranges without duplicates', async () => {
    storeRecent([day(1), day(2), day(3), day(4), day(5)]);
    render(<Harness />);
    let user = await openPicker();
    // A sixth range pushes out the oldest.
    await fill(user, ui.from(), '2024-03-09 00:00');
    await fill(user, ui.to(), '2024-03-09 12:00');
    await user.click(ui.submit());
    await expectClosed();
    const afterNew = loadRecentRanges();
    expect(afterNew).toHaveLength(5);
    expect(new Date(afterNew[0]?.from ?? '').getTime()).toBe(new Date(2024, 2, 9).getTime());
    expect(afterNew.slice(1)).toEqual([day(1), day(2), day(3), day(4)]);

    // Choosing a listed range again moves it to the top instead of adding it twice.
    user = await openPicker();
    expect(within(ui.menu('Recently used absolute ranges')).getAllByRole('menuitem')).toHaveLength(
      5,
    );
    await user.click(ui.item('2024-03-02 00:00 to 2024-03-02 12:00'));
    await expectClosed();
    expect(loadRecentRanges()).toEqual([day(2), afterNew[0], day(1), day(3), day(4)]);
  });

  it('clears the range and closes', async () => {
    const onChange = jest.fn();
    render(<Harness initial={{ type: 'relative', range: 'now-1h' }} onChange={onChange} />);
    const user = await openPicker();
    expect(ui.item('Last 1 hour').closest('li, a')).toBeTruthy();
    await user.click(ui.clear());
    expect(onChange).toHaveBeenCalledWith(undefined);
    await expectClosed();
    expect(screen.getByRole('button', { name: 'Time range' })).toBeInTheDocument();
  });
});
