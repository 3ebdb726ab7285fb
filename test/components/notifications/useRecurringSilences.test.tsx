import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { notificationSilencesApi } from '../../../src/api/endpoints/notificationSilences';
import { createStore } from '../../../src/app/store';
import {
  RECURRENCE_PROBE,
  useRecurringSilences,
} from '../../../src/features/notifications/silences/useRecurringSilences';
import { server } from '../../support/msw';
import { TEST_CONFIG } from '../../support/renderApp';

/** The windows endpoint answering `status` (200: the demo backend's answer), the asks kept. */
function windowsAnswer(status: number): URL[] {
  const asked: URL[] = [];
  server.use(
    http.get('*/api/notification/silence_windows', ({ request }) => {
      asked.push(new URL(request.url));
      if (status !== 200) return HttpResponse.json({ error: 'nope' }, { status });
      return HttpResponse.json({
        last: { start: '2026-01-05T00:00:00.000Z', end: '2026-01-05T01:00:00.000Z', muted: [] },
        next: { start: '2026-01-06T00:00:00.000Z', end: '2026-01-06T01:00:00.000Z', muted: null },
      });
    }),
  );
  return asked;
}

/** The hook, twice in one store (the list and its dialog share the probe). */
function renderTwice() {
  const store = createStore({ config: TEST_CONFIG });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  const rendered = renderHook(() => [useRecurringSilences(), useRecurringSilences()] as const, {
    wrapper,
  });
  /** Whether the probe has failed (its answer is in the store). */
  const probeFailed = () =>
    notificationSilencesApi.endpoints.getSilenceWindows.select(RECURRENCE_PROBE)(store.getState())
      .isError;
  return { ...rendered, probeFailed };
}

describe('useRecurringSilences', () => {
  it('offers recurring silences once the probe answers, asking once', async () => {
    const asked = windowsAnswer(200);
    const { result } = renderTwice();
    expect(result.current[0]).toEqual({ supported: false, unsupported: false });
    await waitFor(() => expect(result.current[0].supported).toBe(true));
    expect(result.current[1]).toEqual({ supported: true, unsupported: false });
    expect(asked.map((url) => Object.fromEntries(url.searchParams))).toEqual([RECURRENCE_PROBE]);
  });

  it('knows Mission Control has none from its 404', async () => {
    windowsAnswer(404);
    const { result } = renderTwice();
    await waitFor(() => expect(result.current[0].unsupported).toBe(true));
    expect(result.current[0].supported).toBe(false);
  });

  it('offers nothing after another failure, without calling it unsupported', async () => {
    const asked = windowsAnswer(500);
    const { result } = renderTwice();
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    await waitFor(() =>
      expect(result.current[0]).toEqual({ supported: false, unsupported: false }),
    );
  });
});
