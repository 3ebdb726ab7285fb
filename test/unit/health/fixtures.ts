import type { HealthCheck } from '../../../src/features/health/model/types';
import { CHECK_DEFAULTS } from '../../support/checkDefaults';

let next = 0;

/** A check with sensible defaults; every field can be overridden. */
export function makeCheck(overrides: Partial<HealthCheck> = {}): HealthCheck {
  next += 1;
  return {
    id: `check-${next}`,
    ...CHECK_DEFAULTS,
    name: `check ${next}`,
    latency: { rolling1h: 100 },
    ...overrides,
  };
}
