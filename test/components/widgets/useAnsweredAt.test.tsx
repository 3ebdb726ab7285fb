import { renderHook } from '@testing-library/react';
import { useAnsweredAt } from '../../../src/widgets/useAnsweredAt';

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
