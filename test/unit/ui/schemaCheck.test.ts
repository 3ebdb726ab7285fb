import {
  checkAgainstSchema,
  schemaFieldError,
  schemaProblems,
} from '../../../src/ui/CodeEditor/schemaCheck';

const schema = {
  type: 'object',
  required: ['actions'],
  properties: {
    actions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, kind: { enum: ['exec', 'http'] } },
      },
    },
  },
};

describe('schemaCheck', () => {
  it('answers the parsed value of a valid YAML text', () => {
    expect(checkAgainstSchema('actions:\n  - name: a\n', 'yaml', schema)).toEqual({
      ok: true,
      value: { actions: [{ name: 'a' }] },
    });
  });

  it('reads JSON when the language is json', () => {
    expect(checkAgainstSchema('{"actions": []}', 'json', schema)).toEqual({
      ok: true,
      value: { actions: [] },
    });
  });

  it('names the path of each problem', () => {
    expect(
      schemaProblems('actions:\n  - script: x\n  - name: b\n    kind: pod\n', 'yaml', schema),
    ).toEqual([
      "/actions/0: must have required property 'name'",
      '/actions/1/kind: must be equal to one of the allowed values: exec, http',
    ]);
    expect(schemaProblems('other: 1\n', 'yaml', schema)).toEqual([
      "/: must have required property 'actions'",
    ]);
  });

  it("gives the parser's message for a text that does not parse", () => {
    const result = checkAgainstSchema('actions:\n  - name: [unclosed\n', 'yaml', schema);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.syntax).toBe(true);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(/^Invalid YAML: .+/);
    expect(schemaProblems('{', 'json', schema)[0]).toMatch(/^Invalid JSON: /);
  });

  it('checks nothing with a schema that does not compile (the server still does)', () => {
    expect(checkAgainstSchema('a: 1', 'yaml', { type: 'no-such-type' }).ok).toBe(true);
  });
});

describe('CodeField schema error', () => {
  it('is the first problem, with how many follow', () => {
    expect(schemaFieldError('actions:\n  - {}\n  - {}\n', 'yaml', schema)).toBe(
      "/actions/0: must have required property 'name' (and 1 more)",
    );
    expect(schemaFieldError('actions: []\n', 'yaml', schema)).toBeUndefined();
  });
});

describe('schemaCheck with a schema fetched again', () => {
  it('checks a second copy with the same $id too', () => {
    const withId = { ...schema, $id: 'https://example.com/spec.schema.json' };
    const copy = JSON.parse(JSON.stringify(withId)) as typeof withId;
    expect(schemaProblems('other: 1', 'yaml', withId)).toHaveLength(1);
    expect(schemaProblems('other: 1', 'yaml', copy)).toEqual([
      "/: must have required property 'actions'",
    ]);
  });
});
