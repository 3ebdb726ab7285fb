import { CHECK_FORMS } from '../../../../src/features/editors/checks/forms';
import { authChoices } from '../../../../src/features/editors/checks/forms/HttpCheckForm';
import { folderConnectionChoices } from '../../../../src/features/editors/checks/forms/FolderCheckForm';
import { scriptChoices } from '../../../../src/features/editors/checks/forms/ScriptField';
import { detectChoice, isFilled, NO_CHOICE } from '../../../../src/ui/form/ChoiceField';

const defaultsOf = (key: string) => {
  const defaults = CHECK_FORMS[key]?.defaults;
  if (!defaults) throw new Error(`No defaults for ${key}`);
  return defaults();
};

describe('the health-check forms', () => {
  it('has a form and defaults for every type spec 002 §3.8 lists, by canary-checker key', () => {
    expect(Object.keys(CHECK_FORMS).sort()).toEqual([
      'alertmanager',
      'elasticsearch',
      'exec',
      'folder',
      'http',
      'icmp',
      'mongodb',
      'redis',
      'tcp',
    ]);
    for (const entry of Object.values(CHECK_FORMS)) expect(entry.Form).toBeDefined();
  });

  it.each([
    ['http', { name: '', method: 'GET' }],
    ['tcp', { name: '' }],
    ['icmp', { name: '' }],
    ['exec', { name: '', script: '' }],
    ['redis', { name: '', db: 0 }],
    ['elasticsearch', { name: '' }],
    ['alertmanager', { name: '' }],
    ['mongodb', { name: '' }],
    ['folder', { name: '' }],
  ])('starts a new %s check with its defaults', (key, expected) => {
    expect(defaultsOf(key)).toEqual(expected);
  });

  it('returns a new object each time, so editing one entry never changes the next', () => {
    const first = defaultsOf('http');
    first.method = 'POST';
    expect(defaultsOf('http')).toEqual({ name: '', method: 'GET' });
  });
});

describe('telling which exclusive choice the values hold', () => {
  const entry = (check: Record<string, unknown>) => ({ spec: { http: [check] } });
  const prefix = 'spec.http[0]';

  it('reads the authentication method: NTLM flags win over the shared user name', () => {
    const auth = authChoices(prefix);
    expect(detectChoice(auth, entry({ url: 'x' }))).toBe(NO_CHOICE);
    expect(detectChoice(auth, entry({ username: 'u' }))).toBe('basic');
    expect(detectChoice(auth, entry({ username: 'u', ntlm: true }))).toBe('ntlm');
    expect(detectChoice(auth, entry({ password: 'p', ntlmv2: true }))).toBe('ntlmv2');
    expect(detectChoice(auth, entry({ username: '', ntlm: false }))).toBe(NO_CHOICE);
  });

  it('reads a script’s language from its one key', () => {
    const test = scriptChoices(`${prefix}.test`);
    expect(detectChoice(test, entry({ test: { jsonPath: '$.a' } }))).toBe('jsonPath');
    expect(detectChoice(test, entry({ test: { template: '{{.x}}' } }))).toBe('template');
    expect(detectChoice(test, entry({ test: {} }))).toBe(NO_CHOICE);
  });

  it('reads a folder’s connection, even one still empty', () => {
    const connections = folderConnectionChoices(prefix);
    expect(detectChoice(connections, entry({ gcpConnection: {} }))).toBe('gcp');
    expect(detectChoice(connections, entry({ smbConnection: { port: 445 } }))).toBe('smb');
    expect(detectChoice(connections, entry({ path: '/x' }))).toBe(NO_CHOICE);
  });

  it('counts blank text, false and empty lists as not filled in', () => {
    expect([undefined, null, '', '  ', false, []].map(isFilled)).toEqual(Array(6).fill(false));
    expect(['a', 0, true, ['x'], {}].map(isFilled)).toEqual(Array(5).fill(true));
  });
});
