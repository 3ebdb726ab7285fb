import { parseSpecYaml, specToYaml } from '../../../src/features/editors/model/specYaml';
import { specFromCode } from '../../../machines/editors/typePicker';
import { checkTypes } from '../../../src/features/editors/checks/checkTypes';
import {
  filterTypes,
  fromFormValues,
  mirroredName,
  pickerTypes,
  specSchemaOf,
  toFormValues,
} from '../../../src/features/editors/model/typedResource';

describe('spec YAML', () => {
  const spec = {
    schedule: '@every 5m',
    http: [{ name: 'web', url: 'https://example.com', responseCodes: [200, 201] }],
  };

  it('round-trips a spec, schedule left to its own field', () => {
    const text = specToYaml(spec);
    expect(text).not.toContain('schedule');
    expect(text).toContain('url: https://example.com');
    const parsed = parseSpecYaml(text);
    expect(parsed).toEqual({ ok: true, spec: { http: spec.http } });
    expect(parsed.ok && specFromCode(parsed.spec, spec)).toEqual(spec);
  });

  it('shows an empty spec as an empty text, and reads it back as an empty map', () => {
    expect(specToYaml({ schedule: '@daily' })).toBe('');
    expect(parseSpecYaml('')).toEqual({ ok: true, spec: {} });
    expect(parseSpecYaml('   \n')).toEqual({ ok: true, spec: {} });
  });

  it('says why a text is not a spec', () => {
    const broken = parseSpecYaml('http:\n  - url: [unclosed');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.message).toMatch(/^Invalid YAML: /);
    expect(parseSpecYaml('- a\n- b')).toEqual({
      ok: false,
      message: 'The spec must be a map of keys (e.g. http: [...])',
    });
    expect(parseSpecYaml('just text').ok).toBe(false);
  });

  it('keeps a schedule typed in the code over the field', () => {
    expect(specFromCode({ schedule: '@hourly', tcp: [] }, { schedule: '@daily' })).toEqual({
      schedule: '@hourly',
      tcp: [],
    });
    expect(specFromCode({ tcp: [] }, { schedule: '' })).toEqual({ tcp: [] });
  });
});

describe('form values', () => {
  it('edits labels as pairs and gives back a trimmed resource over the stored one', () => {
    const stored = {
      id: 'c1',
      name: 'web',
      namespace: 'default',
      source: 'UI',
      labels: { team: 'ops' },
      spec: { http: [{ name: 'web' }], schedule: '@daily' },
    };
    const form = toFormValues(stored);
    expect(form.labels).toEqual([{ key: 'team', value: 'ops' }]);
    const values = fromFormValues(
      {
        ...form,
        name: ' web2 ',
        labels: [...form.labels, { key: 'env', value: 'prod' }],
        spec: { ...form.spec, schedule: '' },
      },
      stored,
    );
    expect(values).toEqual({
      id: 'c1',
      name: 'web2',
      namespace: 'default',
      source: 'UI',
      labels: { team: 'ops', env: 'prod' },
      spec: { http: [{ name: 'web' }] },
    });
  });
});

describe('the agent of a health check', () => {
  it('is carried from the stored values to the form and back, and left out when none', () => {
    const stored = { name: 'web', spec: {}, agent_id: 'a-1' };
    const form = toFormValues(stored);
    expect(form.agent_id).toBe('a-1');
    expect(fromFormValues({ ...form, agent_id: 'a-2' }, stored).agent_id).toBe('a-2');
    expect(toFormValues({ name: 'web', spec: {} })).not.toHaveProperty('agent_id');
    expect(fromFormValues(toFormValues({ name: 'web', spec: {} }), undefined)).toEqual({
      name: 'web',
      labels: {},
      spec: {},
    });
  });
});

describe('mirroredName', () => {
  const spec = { http: [{ name: 'web', url: 'x' }] };

  it('follows the resource name while the entry has the same name', () => {
    expect(mirroredName(spec, 'http', 'web', 'web2')).toEqual({
      path: 'spec.http[0].name',
      value: 'web2',
    });
    expect(mirroredName({ http: [{}] }, 'http', '', 'a')).toEqual({
      path: 'spec.http[0].name',
      value: 'a',
    });
  });

  it('leaves an entry with its own name, or no entry', () => {
    expect(mirroredName(spec, 'http', 'other', 'web2')).toBeUndefined();
    expect(mirroredName(spec, 'http', 'web', 'web')).toBeUndefined();
    expect(mirroredName({}, 'http', 'web', 'web2')).toBeUndefined();
    expect(mirroredName(spec, undefined, 'web', 'web2')).toBeUndefined();
  });
});

describe('picker', () => {
  it('searches by label, case-insensitively', () => {
    const types = checkTypes({});
    expect(filterTypes(types, 'aws').map((t) => t.label)).toEqual([
      'AWS Config',
      'AWS Config Rule',
      'AWS S3',
    ]);
    expect(filterTypes(types, '  ')).toHaveLength(types.length);
    expect(filterTypes(types, 'nothing like it')).toEqual([]);
  });

  it('tells the machine each type’s spec key and whether it has a form', () => {
    const Form = () => null;
    const types = pickerTypes(checkTypes({ http: { Form } }));
    expect(types.find((t) => t.id === 'http')).toMatchObject({ specKey: 'http', hasForm: true });
    expect(types.find((t) => t.id === 'smb')).toMatchObject({ specKey: 'folder', hasForm: false });
    expect(types.find((t) => t.id === 'custom')?.specKey).toBeUndefined();
  });
});

describe('specSchemaOf', () => {
  it('narrows a resource schema to its spec, keeping the definitions', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $ref: '#/$defs/Canary',
      $defs: {
        Canary: {
          type: 'object',
          properties: { kind: { type: 'string' }, spec: { $ref: '#/$defs/CanarySpec' } },
        },
        CanarySpec: { type: 'object', properties: { http: { type: 'array' } } },
      },
    };
    expect(specSchemaOf(schema)).toEqual({
      $ref: '#/$defs/CanarySpec',
      $schema: schema.$schema,
      $defs: schema.$defs,
    });
  });

  it('keeps a schema of the spec itself', () => {
    const schema = { type: 'object', properties: { http: { type: 'array' } } };
    expect(specSchemaOf(schema)).toBe(schema);
  });
});
