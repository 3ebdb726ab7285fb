import { selectorContextAt } from '../../../src/lib/selectorContext';

/** The context at the `|` of a text written with its cursor. */
function at(written: string) {
  const cursor = written.indexOf('|');
  return selectorContextAt(written.slice(0, cursor) + written.slice(cursor + 1), cursor);
}

/** The text a context's word spans, from its start to the cursor. */
function word(written: string): string | undefined {
  const context = at(written);
  const cursor = written.indexOf('|');
  return context && written.slice(context.start, cursor);
}

describe('selectorContextAt: search', () => {
  it('offers keys after `search:`, on its own line and in a silence list item', () => {
    expect(at('search: |')).toEqual({ field: 'search', prefix: '', start: 8 });
    expect(at('- search: ty|')).toEqual({ field: 'search', prefix: 'ty', start: 10 });
    expect(at('name: x\nselectors:\n  - search: tags.|')).toMatchObject({
      field: 'search',
      prefix: 'tags.',
    });
  });

  it('takes the last term after spaces, without its negation', () => {
    expect(at('search: type=Kubernetes::Pod he|')).toMatchObject({ prefix: 'he' });
    expect(word('search: type=Kubernetes::Pod he|')).toBe('he');
    expect(at('search: !tags.clu|')).toMatchObject({ prefix: 'tags.clu' });
    expect(word('search: -web|')).toBe('web');
  });

  it("gives a key's value after `key=`, the last of a comma list, without `!`", () => {
    expect(at('search: type=Kub|')).toEqual({
      field: 'search',
      key: 'type',
      prefix: 'Kub',
      start: 13,
    });
    expect(at('search: health=healthy,unh|')).toMatchObject({ key: 'health', prefix: 'unh' });
    expect(at('search: health=!|')).toMatchObject({ key: 'health', prefix: '' });
    expect(word('search: health=!warn|')).toBe('warn');
    expect(at('search: tags.cluster!=pr|')).toMatchObject({ key: 'tags.cluster', prefix: 'pr' });
    expect(at('search: type==Kub|')).toMatchObject({ key: 'type', prefix: 'Kub' });
  });

  it('reads quoted values until their quote closes', () => {
    expect(at('search: "type=Kub|')).toMatchObject({ key: 'type', prefix: 'Kub' });
    expect(word("search: 'name=a health=|")).toBe('');
    expect(at('search: "type=Pod" |')).toBeUndefined();
  });

  it('reads a flow mapping until it closes', () => {
    expect(at('selectors: [{search: type=|')).toMatchObject({ field: 'search', key: 'type' });
    expect(at('- {name: x, search: age|')).toMatchObject({ field: 'search', prefix: 'age' });
    expect(at('selectors: [{search: type=Pod}, |')).toBeUndefined();
  });

  it('answers nothing in comments, in other fields and before the colon', () => {
    expect(at('# search: type=|')).toBeUndefined();
    expect(at('search: type=Pod # tags.|')).toBeUndefined();
    expect(at('name: x # search: |')).toBeUndefined();
    expect(at('name: |')).toBeUndefined();
    expect(at('searching: |')).toBeUndefined();
    expect(at('sear|')).toBeUndefined();
    expect(at('search|')).toBeUndefined();
    expect(at('')).toBeUndefined();
  });

  it('reads only the line of the cursor', () => {
    expect(at('search: type=Pod\nname: |')).toBeUndefined();
    expect(at('name: x\n  search: na|\nlater: y')).toMatchObject({ prefix: 'na' });
  });

  it('keeps the offset within the text', () => {
    expect(selectorContextAt('search: ty', 99)).toMatchObject({ prefix: 'ty', start: 8 });
    expect(selectorContextAt('search: ty', -3)).toBeUndefined();
  });
});

describe('selectorContextAt: tag and label selectors', () => {
  it('offers keys, then the values of the key before `=`', () => {
    expect(at('tagSelector: |')).toEqual({ field: 'tagSelector', prefix: '', start: 13 });
    expect(at('tagSelector: cluster=pr|')).toEqual({
      field: 'tagSelector',
      key: 'cluster',
      prefix: 'pr',
      start: 21,
    });
    expect(at('labelSelector: app=web, te|')).toMatchObject({
      field: 'labelSelector',
      prefix: 'te',
    });
    expect(word('labelSelector: app=web, te|')).toBe('te');
    expect(at('labelSelector: app!=|')).toMatchObject({ key: 'app', prefix: '' });
  });

  it('finds them in a scope target and a permission object selector', () => {
    const scope = 'targets:\n  - config:\n      agent: local\n      tagSelector: "namespace=|';
    expect(at(scope)).toMatchObject({ field: 'tagSelector', key: 'namespace', prefix: '' });
    const permission =
      'object_selector:\n  configs: [{name: "*", tagSelector: "cluster=prod,env=|"}]';
    expect(at(permission)).toMatchObject({ field: 'tagSelector', key: 'env' });
  });
});

describe('selectorContextAt: types', () => {
  it('offers a type in a flow list, after `[` or a comma, until `]`', () => {
    expect(at('types: [|')).toEqual({ field: 'types', prefix: '', start: 8 });
    expect(at('types: [Kubernetes::Pod, Kub|')).toMatchObject({ prefix: 'Kub' });
    expect(word('types: [Kubernetes::Pod, "Kub|')).toBe('Kub');
    expect(at('types: [Kubernetes::Pod]|')).toBeUndefined();
    expect(at('types: [a] |')).toBeUndefined();
  });

  it('offers a type as a plain value', () => {
    expect(at('types: AWS::|')).toEqual({ field: 'types', prefix: 'AWS::', start: 7 });
  });

  it('offers a type in a block list under `types:`', () => {
    expect(at('types:\n  - |')).toEqual({ field: 'types', prefix: '', start: 11 });
    expect(at('configs:\n  - types:\n      - Kubernetes::Pod\n      - Kub|')).toMatchObject({
      field: 'types',
      prefix: 'Kub',
    });
    expect(at('types:\n- AWS::EC2\n\n# one more\n- AW|')).toMatchObject({ prefix: 'AW' });
    expect(at('- name: web\n  types:\n  - "Kub|')).toMatchObject({ prefix: 'Kub' });
  });

  it('answers nothing for the items of other lists or mappings inside items', () => {
    expect(at('statuses:\n  - |')).toBeUndefined();
    expect(at('types:\n  - a\nnames:\n  - |')).toBeUndefined();
    expect(at('types:\n  - name: |')).toBeUndefined();
    expect(at('types:\n  -|')).toBeUndefined();
    expect(at('name: x\n- |')).toBeUndefined();
    expect(at('- |')).toBeUndefined();
  });
});
