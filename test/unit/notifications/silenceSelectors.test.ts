import {
  SELECTORS_NOT_LIST,
  selectorsError,
} from '../../../src/features/notifications/silences/model/silenceForm';

// Nothing in this file loads the YAML reader before the first check does.
describe('selectors before the YAML reader has loaded', () => {
  it('says nothing of empty selectors, and checks typed ones once the reader has loaded', async () => {
    expect(selectorsError('')).toBeUndefined();
    // The first typed selectors load the reader: the check answers when it has.
    const pending = selectorsError('- name: [web');
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toMatch(/^Invalid YAML: /);
    // Later checks answer at once.
    expect(selectorsError('name: web')).toBe(SELECTORS_NOT_LIST);
    expect(selectorsError('- name: web')).toBeUndefined();
  });
});
