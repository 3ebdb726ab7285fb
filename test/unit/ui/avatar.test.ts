import { initialsOf, isPictureAddress, isSomeone, personName } from '../../../src/ui/Avatar';

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Ada Admin')).toBe('AA');
    expect(initialsOf('ada lovelace byron')).toBe('AB');
    expect(initialsOf('Ada Lovelace King')).toBe('AK');
    expect(initialsOf('bob')).toBe('B');
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
    expect(isPictureAddress('https://example.com/a.png')).toBe(true);
    expect(isPictureAddress('HTTP://example.com/a.png')).toBe(true);
    expect(isPictureAddress('/avatars/a.png')).toBe(true);
    expect(isPictureAddress('data:image/png;base64,AAAA')).toBe(true);
    expect(isPictureAddress('group')).toBe(false);
    expect(isPictureAddress('javascript:alert(1)')).toBe(false);
    expect(isPictureAddress(null)).toBe(false);
  });
});

describe('person names', () => {
  it('reads the name, else the email, else the id', () => {
    expect(personName({ id: 'p-1', name: ' Ada ', email: 'ada@example.com' })).toBe('Ada');
    expect(personName({ id: 'p-1', name: ' ', email: 'ada@example.com' })).toBe('ada@example.com');
    expect(personName({ id: 'p-1', name: null })).toBe('p-1');
    expect(personName(null)).toBe('');
  });

  it('counts an embed naming nobody as nobody', () => {
    expect(isSomeone({ id: null, name: null, avatar: null })).toBe(false);
    expect(isSomeone(undefined)).toBe(false);
    expect(isSomeone({ name: 'Ada' })).toBe(true);
  });
});
