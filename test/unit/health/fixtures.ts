import type { HealthCheck } from '../../../src/features/health/model/types';

let next = 0;

/** A check with sensible defaults; every field can be overridden. */
export function makeCheck(overrides: Partial<HealthCheck> = {}): HealthCheck {
  next += 1;
  return {
    id: `check-${next}`,
    canary_id: 'canary-1',
    canary_name: 'web',
    name: `check ${next}`,
    namespace: 'default',
    type: 'http',
    status: 'healthy',
    labels: {},
    uptime: { passed: 10, failed: 0 },
    latency: { rolling1h: 100 },
    ...overrides,
  };
}
