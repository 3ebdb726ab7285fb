import { parseContentRange } from '../../../src/api/contentRange';

describe('parseContentRange', () => {
  it.each([
    ['0-49/1234', 1234],
    ['50-99/1234', 1234],
    ['*/0', 0],
    ['0-0/1', 1],
    [' 0-9/10 ', 10],
  ])('%s → %p', (header, total) => {
    expect(parseContentRange(header)).toBe(total);
  });

  it.each([
    [undefined],
    [null],
    [''],
    ['0-49/*'],
    ['*/*'],
    ['0-49'],
    ['0-49/abc'],
    ['0-49/-3'],
    ['0-49/1.5'],
    ['0-49/99999999999999999999'],
  ])('%p → undefined', (header) => {
    expect(parseContentRange(header)).toBeUndefined();
  });
});
