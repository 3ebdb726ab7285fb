import { configureStore } from '@reduxjs/toolkit';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { preferencesSlice } from '../../../src/shell/preferencesSlice';
import type { TableClock } from '../../../src/widgets/columns';
import { useAnsweredAt, useClockColumns } from '../../../src/widgets/useAnsweredAt';

describe('useAnsweredAt', () => {
  it('is the moment of the last answer, the same date until the query answers again', () => {
    const { result, rerender } = renderHook(({ at }) => useAnsweredAt(at), {
      initialProps: { at: Date.UTC(2026, 0, 2, 3, 4, 5) as number | undefined },
    });
    const first = result.current;
    expect(first.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    rerender({ at: Date.UTC(2026, 0, 2, 3, 4, 5) });
    expect(result.current).toBe(first);
    rerender({ at: Date.UTC(2026, 0, 2, 3, 5, 0) });
    expect(result.current.toISOString()).toBe('2026-01-02T03:05:00.000Z');
  });

  it('is now before the query has answered', () => {
    const before = Date.now();
    const { result } = renderHook(() => useAnsweredAt(undefined));
    expect(result.current.getTime()).toBeGreaterThanOrEqual(before);
    expect(result.current.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('useClockColumns', () => {
  const store = configureStore({ reducer: { preferences: preferencesSlice.reducer } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  const clocks: TableClock[] = [];
  const build = (clock: TableClock) => {
    clocks.push(clock);
    return [{ id: 'at', header: 'At', cell: () => clock.formatDate(clock.now, 'timestamp') }];
  };

  it("builds the columns with the user's date format and the answer's moment, again only when it changes", () => {
    const at = Date.UTC(2026, 0, 2, 3, 4, 5);
    const { result, rerender } = renderHook(({ answered }) => useClockColumns(build, answered), {
      initialProps: { answered: at },
      wrapper,
    });
    const first = result.current;
    expect(clocks).toHaveLength(1);
    expect(clocks[0]?.now.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(typeof clocks[0]?.formatDate).toBe('function');
    rerender({ answered: at });
    expect(result.current).toBe(first);
    rerender({ answered: at + 60_000 });
    expect(clocks).toHaveLength(2);
    expect(clocks[1]?.now.toISOString()).toBe('2026-01-02T03:05:05.000Z');
  });
});
