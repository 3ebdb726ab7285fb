import { runOutcomeOf } from '../../../src/features/health/model/runOutcome';

describe('runOutcomeOf', () => {
  it.each([
    ['a check result that passed', { pass: true, message: 'OK' }, { passed: true, message: 'OK' }],
    [
      'a check result that failed',
      { pass: false, message: 'slow', error: 'status 503' },
      { passed: false, message: 'status 503' },
    ],
    [
      'the demo’s failed run',
      { total: 1, success: 0, failed: 1, errors: [], status: { status: false, error: 'timeout' } },
      { passed: false, message: 'timeout' },
    ],
    [
      'the demo’s passed run',
      { total: 1, success: 1, failed: 0, status: { status: true, message: 'ok in 12ms' } },
      { passed: true, message: 'ok in 12ms' },
    ],
    [
      'counts only, failed',
      { total: 1, success: 0, failed: 1, errors: [{ check_id: 'a', error: 'refused' }] },
      { passed: false, message: 'refused' },
    ],
    ['counts only, passed', { total: 1, success: 1, failed: 0 }, { passed: true }],
    ['an answer that says nothing', {}, { passed: null }],
    ['blank words', { pass: false, error: '  ' }, { passed: false }],
  ])('reads %s', (_name, result, outcome) => {
    expect(runOutcomeOf(result)).toEqual(outcome);
  });
});
