import type { JsonBodyType } from 'msw';
import { HttpResponse, delay, http } from 'msw';
import type { CheckSummary } from '../../../src/api/schemas/healthSummary';
import { server } from '../../support/msw';
import { screen } from '@testing-library/react';
import { bodyRows, findTable } from '../../support/tables';
import { CHECK_DEFAULTS } from '../../support/checkDefaults';

const HOUR = 3_600_000;

/** An ISO time this long before the real now (ages are measured from when the answer arrives). */
export function ago(ms: number): string {
  return new Date(Date.now() - ms).toISOString();
}

let counter = 0;

/** A check as HEALTH-01 lists it. */
export function summaryCheck(overrides: Partial<CheckSummary> = {}): CheckSummary {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    ...CHECK_DEFAULTS,
    name: `check-${counter}`,
    latency: { rolling1h: 120 },
    last_runtime: ago(60_000),
    last_transition_time: ago(2 * HOUR),
    ...overrides,
  };
}

export interface SummaryRequest {
  url: URL;
  signal: AbortSignal;
}

export interface SummaryBackend {
  /** Every summary request, in order. */
  requests: SummaryRequest[];
  /** What the next answers hold. */
  setChecks: (checks: CheckSummary[]) => void;
}

export interface SummaryBackendOptions {
  /** Milliseconds before answering. */
  delayMs?: number;
  /** Answer with this status and body instead. */
  fail?: { status: number; body: JsonBodyType };
}

/** msw answering `GET /api/canary/api/summary` with the given checks. */
export function summaryBackend(
  initial: CheckSummary[],
  options: SummaryBackendOptions = {},
): SummaryBackend {
  let checks = initial;
  const requests: SummaryRequest[] = [];
  server.use(
    http.get('*/api/canary/api/summary', async ({ request }) => {
      requests.push({ url: new URL(request.url), signal: request.signal });
      if (options.delayMs !== undefined) await delay(options.delayMs);
      if (options.fail)
        return HttpResponse.json(options.fail.body, { status: options.fail.status });
      return HttpResponse.json({ duration: 3, runnerName: 'local', checks_summary: checks });
    }),
  );
  return { requests, setChecks: (next) => (checks = next) };
}

/** Loads the page's module once, so the lazy route does not pay for it inside a test. */
export function loadHealthPageFirst() {
  beforeAll(async () => {
    await import('../../../src/features/health/HealthPage');
  }, 30_000);
}

/** The health page's checks table, the titles of its rows in order, its search box. */
export const healthUi = {
  table: () => findTable('Health checks'),
  titles: () =>
    bodyRows('Health checks').map(
      (row) => row.querySelector('.mc-health-title')?.textContent ?? '',
    ),
  search: () => screen.getByRole('searchbox', { name: 'Search' }),
};
