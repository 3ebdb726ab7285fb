import { firstError } from '../../../src/ui/form/fieldError';

describe('firstError', () => {
  const never = (value: string) => (value === '' ? 'Required' : undefined);
  const later = (message: string | undefined) => () => Promise.resolve(message);

  it('answers at once when every rule does', () => {
    const rule = firstError(never, () => undefined)!;
    expect(rule('', {})).toBe('Required');
    expect(rule('x', {})).toBeUndefined();
  });

  it('waits for a rule that answers later, in order, and stops at the first message', async () => {
    const after = jest.fn(() => 'Too short');
    const rule = firstError(never, later(undefined), after)!;
    expect(rule('', {})).toBe('Required');
    expect(after).not.toHaveBeenCalled();
    await expect(rule('x', {})).resolves.toBe('Too short');
    const stops = firstError(later('Invalid YAML: bad'), after)!;
    after.mockClear();
    await expect(stops('x', {})).resolves.toBe('Invalid YAML: bad');
    expect(after).not.toHaveBeenCalled();
  });
});
