import { canRunChecks } from '../../../../src/features/health/detail/runNowAccess';

describe('canRunChecks', () => {
  it.each([
    [['admin'], true],
    [['editor'], true],
    [['responder'], true],
    [['commander'], true],
    [['viewer', 'commander'], true],
    [['viewer'], false],
    [['guest'], false],
    [['everyone'], false],
    [[], false],
  ])('roles %j may run checks: %s', (roles, allowed) => {
    expect(canRunChecks(roles)).toBe(allowed);
  });
});
