import { initialsOf, isPictureAddress, isSomeone, personName } from '../../../src/ui/Avatar';
import { expectAnswers } from '../../support/answers';

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expectAnswers(initialsOf, [
      ['Ada Admin', 'AA'],
      ['ada lovelace byron', 'AB'],
      ['Ada Lovelace King', 'AK'],
      ['bob', 'B'],
    ]);
  });

  it('separates words at dots, dashes and underscores, and reads an email by its name part', () => {
    expect(initialsOf('jean-luc_picard')).toBe('JP');
    expect(initialsOf('ada.admin@example.com')).toBe('AA');
    expect(initialsOf('ops@example.com')).toBe('O');
  });

  it('has none for a blank name', () => {
    expect(initialsOf('  ')).toBe('');
    expect(initialsOf(null)).toBe('');
    expect(initialsOf(undefined)).toBe('');
  });
});

describe('picture addresses', () => {
  it('tells picture addresses from icon names', () => {
    expectAnswers(isPictureAddress, [
      ['https://example.com/a.png', true],
      ['HTTP://example.com/a.png', true],
      ['/avatars/a.png', true],
      ['data:image/png;base64,AAAA', true],
      ['group', false],
      ['javascript:alert(1)', false],
      [null, false],
    ]);
  });
});

describe('person names', () => {
  it('reads the name, else the email, else the id', () => {
    expectAnswers(personName, [
      [{ id: 'p-1', name: ' Ada ', email: 'ada@example.com' }, 'Ada'],
      [{ id: 'p-1', name: ' ', email: 'ada@example.com' }, 'ada@example.com'],
      [{ id: 'p-1', name: null }, 'p-1'],
      [null, ''],
    ]);
  });

  it('counts an embed naming nobody as nobody', () => {
    expect(isSomeone({ id: null, name: null, avatar: null })).toBe(false);
    expect(isSomeone(undefined)).toBe(false);
    expect(isSomeone({ name: 'Ada' })).toBe(true);
  });
});
