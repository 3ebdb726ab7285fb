import fc from 'fast-check';
import { is, validate } from 'superstruct';
import {
  CheckSummaryStruct,
  HealthSummaryResponseStruct,
  isCheckSummary,
  unwrapHealthSummary,
} from '../../../src/api/schemas/healthSummary';

describe('health summary response', () => {
  it('accepts the backend shape with extra fields and nulls', () => {
    const [error, value] = validate(
      {
        duration: 12,
        runnerName: 'local',
        checks_summary: [
          {
            id: 'c1',
            name: 'http check',
            canary_name: 'web',
            status: 'healthy',
            labels: { team: 'core' },
            uptime: { passed: 3, failed: 1, p100: 75 },
            latency: { rolling1h: 20, p99: null },
            deleted_at: null,
            owner: '',
            unexpected: { nested: true },
          },
        ],
      },
      HealthSummaryResponseStruct,
    );
    expect(error).toBeUndefined();
    expect(unwrapHealthSummary(value!, 5).checks[0]?.labels).toEqual({ team: 'core' });
  });

  it('reads a missing or null list as empty, stamped with the time it arrived', () => {
    expect(unwrapHealthSummary({}, 42)).toEqual({ checks: [], receivedAt: 42 });
    expect(unwrapHealthSummary({ checks_summary: null }, 7)).toEqual({ checks: [], receivedAt: 7 });
  });

  it('rejects a check without an id', () => {
    const [error] = validate({ checks_summary: [{ name: 'x' }] }, HealthSummaryResponseStruct);
    expect(error?.path).toEqual(['checks_summary', 0, 'id']);
  });
});

describe('the fast check of a summary entry', () => {
  const anything = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.string({ maxLength: 3 }),
    fc.double(),
    fc.boolean(),
    fc.constant([]),
    fc.dictionary(fc.string({ maxLength: 2 }), fc.string({ maxLength: 2 }), {
      maxKeys: 2,
      noNullPrototype: true,
    }),
  );
  /** Mostly a valid value, sometimes anything at all. */
  const mostly = (valid: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: anything });
  const text = mostly(fc.option(fc.string({ maxLength: 3 }), { nil: null }));
  const num = mostly(fc.option(fc.integer(), { nil: null }));
  const nested = (fields: Record<string, fc.Arbitrary<unknown>>) =>
    mostly(fc.record(fields, { requiredKeys: [], noNullPrototype: true }));
  const entry = fc.record(
    {
      id: mostly(fc.string({ maxLength: 3 })),
      name: text,
      status: text,
      deleted_at: text,
      labels: mostly(
        fc.dictionary(fc.string({ maxLength: 2 }), fc.string({ maxLength: 2 }), {
          maxKeys: 2,
          noNullPrototype: true,
        }),
      ),
      latency: nested({ p95: num, rolling1h: num }),
      uptime: nested({ passed: num, failed: num, last_pass: text }),
      checkStatuses: mostly(
        fc.array(nested({ time: text, status: anything, duration: num }), { maxLength: 2 }),
      ),
    },
    { requiredKeys: [], noNullPrototype: true },
  );

  it('is tried on both matching and failing entries', () => {
    const sample = fc.sample(entry, { numRuns: 2000, seed: 1 });
    const matching = sample.filter((value) => is(value, CheckSummaryStruct)).length;
    expect(matching).toBeGreaterThan(20);
    expect(sample.length - matching).toBeGreaterThan(20);
  });

  it('accepts exactly what the full struct accepts', () => {
    fc.assert(
      fc.property(fc.oneof(entry, anything), (value) => {
        expect(isCheckSummary(value)).toBe(is(value, CheckSummaryStruct));
      }),
      { numRuns: 2000 },
    );
  });

  it('reports where a bad entry is wrong', () => {
    const [error] = validate(
      { checks_summary: [{ id: 'a' }, { id: 'b', uptime: { passed: 'many' } }] },
      HealthSummaryResponseStruct,
    );
    expect(error?.path).toEqual(['checks_summary', 1, 'uptime', 'passed']);
    expect(error?.message).toMatch(/Expected a number/);
  });
});
