import { statusColor } from '../../../src/lib/status';
import { expectAnswers } from '../../support/answers';

describe('statusColor', () => {
  it.each(['degraded', 'missing', 'unhealthy', 'Unhealthy', 'DEGRADED', ' missing '])(
    '%s is red',
    (status) => {
      expect(statusColor({ status })).toBe('red');
    },
  );

  it.each(['unknown', 'suspended', 'Suspended'])('%s is grey', (status) => {
    expect(statusColor({ status })).toBe('grey');
  });

  it.each(['warning', 'warn', 'WARNING'])('%s is orange', (status) => {
    expect(statusColor({ status })).toBe('orange');
  });

  it.each(['healthy', 'running', 'ok'])('any other status (%s) is green', (status) => {
    expect(statusColor({ status })).toBe('green');
  });

  it('reads the good and mixed flags of a group', () => {
    expectAnswers(statusColor, [
      [{ good: true }, 'green'],
      [{ good: false }, 'red'],
      [{ mixed: true }, 'orange'],
      [{ good: false, mixed: true }, 'orange'],
      [{ good: true, mixed: false }, 'green'],
    ]);
  });

  it('lets a status word decide before the flags', () => {
    expect(statusColor({ status: 'unhealthy', good: true })).toBe('red');
    expect(statusColor({ status: 'suspended', mixed: true })).toBe('grey');
    expect(statusColor({ status: 'healthy', good: false })).toBe('red');
  });

  it('shows nothing for an empty status without flags', () => {
    expect(statusColor({})).toBeNull();
    expect(statusColor({ status: '' })).toBeNull();
    expect(statusColor({ status: null })).toBeNull();
    expect(statusColor({ status: '  ', mixed: false })).toBeNull();
  });
});
