import {
  configsParameterIds,
  configsParameterValue,
  durationMs,
} from '../../../contracts/playbooks';
import type { PlaybookParameter } from '../../../src/api/schemas/playbooks';
import {
  COMMON_DURATIONS,
  PARAMETER_MESSAGES as M,
  codeDefault,
  configIdsOf,
  durationOptions,
  fromRunValue,
  joinConfigIds,
  valuesFromParams,
  codeLanguage,
  codeSize,
  defaultValue,
  initialValues,
  isMultiline,
  joinBytes,
  parameterLabel,
  parameterOptions,
  parameterRoles,
  parameterType,
  parseCode,
  splitBytes,
  toRunParams,
  toRunValue,
  validateParameter,
  validateParameters,
} from '../../../src/features/playbooks/model/parameters';

const param = (
  type: string | undefined,
  properties: Record<string, unknown> = {},
  extra: Partial<PlaybookParameter> = {},
): PlaybookParameter => ({ name: 'p', type, properties, ...extra });

const required = (type: string, properties: Record<string, unknown> = {}) =>
  param(type, properties, { required: true });

describe('parameterType', () => {
  it.each([
    [undefined, {}, 'text'],
    ['', {}, 'text'],
    ['something-new', {}, 'text'],
    ['Number', {}, 'number'],
    ['team', {}, 'team'],
    ['text', { format: 'bytes' }, 'bytes'],
    ['text', { format: 'millicores' }, 'millicores'],
    ['text', { format: 'dns1123' }, 'dns1123'],
    [undefined, { format: 'email' }, 'email'],
    ['text', { format: 'date' }, 'text'],
    ['list', { format: 'bytes' }, 'list'],
  ])('type %j with %j is %s', (type, properties, expected) => {
    expect(parameterType(param(type, properties))).toBe(expected);
  });
});

describe('properties', () => {
  it('reads list options as text, from objects or plain strings, skipping broken ones', () => {
    expect(
      parameterOptions(
        param('list', {
          options: [{ label: 'Small', value: 's' }, { value: 2 }, 'x', { label: 'no value' }, null],
        }),
      ),
    ).toEqual([
      { label: 'Small', value: 's' },
      { label: '2', value: '2' },
      { label: 'x', value: 'x' },
    ]);
    expect(parameterOptions(param('list', { options: 'nope' }))).toEqual([]);
  });

  it('reads the code language (yaml by default) and size (small by default)', () => {
    expect(codeLanguage(param('code'))).toBe('yaml');
    expect(codeLanguage(param('code', { language: 'JSON' }))).toBe('json');
    expect(codeSize(param('code', { size: 'very-small' }))).toBe('very-small');
    expect(codeSize(param('code', { size: 'huge' }))).toBe('small');
  });

  it('reads multiline and the label', () => {
    expect(isMultiline(param('text', { multiline: true }))).toBe(true);
    expect(isMultiline(param('text', { multiline: 'true' }))).toBe(true);
    expect(isMultiline(param('text'))).toBe(false);
    expect(parameterLabel(param('text', {}, { label: 'Replicas' }))).toBe('Replicas');
    expect(parameterLabel(param('text', {}, { label: '  ' }))).toBe('p');
  });

  it('reads the roles a person must hold', () => {
    expect(parameterRoles(param('people', { role: 'responder' }))).toEqual(['responder']);
    expect(parameterRoles(param('people', { role: 'editor, viewer' }))).toEqual([
      'editor',
      'viewer',
    ]);
    expect(parameterRoles(param('people', { role: ['admin', 3, ' '] }))).toEqual(['admin']);
    expect(parameterRoles(param('people', { role: '' }))).toEqual([]);
    expect(parameterRoles(param('people'))).toEqual([]);
  });
});

describe('required', () => {
  it.each(['text', 'password', 'email', 'url', 'number', 'bytes', 'millicores', 'dns1123'])(
    'an empty or blank %s fails only when required',
    (type) => {
      expect(validateParameter(required(type), '')).toBe(M.required);
      expect(validateParameter(required(type), '   ')).toBe(M.required);
      expect(validateParameter(required(type), undefined)).toBe(M.required);
      expect(validateParameter(param(type), '')).toBeUndefined();
    },
  );

  it.each(['code', 'list', 'component', 'config', 'check', 'people', 'team'])(
    'an empty %s fails only when required',
    (type) => {
      expect(validateParameter(required(type), '')).toBe(M.required);
      expect(validateParameter(param(type), '')).toBeUndefined();
    },
  );

  it('never fails a checkbox, checked or not', () => {
    expect(validateParameter(required('checkbox'), false)).toBeUndefined();
    expect(validateParameter(required('checkbox'), true)).toBeUndefined();
  });
});

describe('text and password', () => {
  it.each(['text', 'password'])('%s honours minLength and maxLength, ends included', (type) => {
    const p = param(type, { minLength: 2, maxLength: 4 });
    expect(validateParameter(p, 'a')).toBe('Must be at least 2 characters');
    expect(validateParameter(p, 'ab')).toBeUndefined();
    expect(validateParameter(p, 'abcd')).toBeUndefined();
    expect(validateParameter(p, 'abcde')).toBe('Must be at most 4 characters');
  });

  it('takes numeric properties given as text', () => {
    expect(validateParameter(param('text', { maxLength: '3' }), 'abcd')).toBe(M.maxLength(3));
  });

  it('bounds a numeric text by min and max, and other text by its length', () => {
    const p = param('text', { min: 3, max: 10 });
    expect(validateParameter(p, '2')).toBe('Must be at least 3');
    expect(validateParameter(p, '3')).toBeUndefined();
    expect(validateParameter(p, '10')).toBeUndefined();
    expect(validateParameter(p, '11')).toBe('Must be at most 10');
    expect(validateParameter(p, 'ab')).toBe(M.minLength(3));
    expect(validateParameter(p, 'abcdefghijk')).toBe(M.maxLength(10));
    expect(validateParameter(p, 'abcd')).toBeUndefined();
  });

  it('matches the regex against the whole text', () => {
    const p = param('text', { regex: '[a-z]+-\\d+' });
    expect(validateParameter(p, 'web-12')).toBeUndefined();
    expect(validateParameter(p, 'xweb-12!')).toBe('Must match the pattern [a-z]+-\\d+');
    expect(validateParameter(p, 'WEB-12')).toBe(M.pattern('[a-z]+-\\d+'));
  });

  it('keeps alternatives of the regex inside the whole-text match', () => {
    const p = param('text', { regex: 'dev|prod' });
    expect(validateParameter(p, 'prod')).toBeUndefined();
    expect(validateParameter(p, 'devprod')).toBe(M.pattern('dev|prod'));
  });

  it('ignores a regex the browser cannot read', () => {
    expect(validateParameter(param('text', { regex: '([a-z' }), 'anything')).toBeUndefined();
  });

  it('applies the text rules to passwords too', () => {
    expect(validateParameter(param('password', { regex: '\\S{8,}' }), 'short')).toBe(
      M.pattern('\\S{8,}'),
    );
  });
});

describe('email', () => {
  it.each(['ops@example.com', ' a.b+c@sub.example.org '])('accepts %j', (value) => {
    expect(validateParameter(param('email'), value)).toBeUndefined();
  });
  it.each(['ops', 'ops@', '@example.com', 'ops@example', 'o ps@example.com'])(
    'refuses %j',
    (value) => {
      expect(validateParameter(param('email'), value)).toBe('Must be a valid email address');
    },
  );
});

describe('url', () => {
  it.each(['https://example.com', 'http://10.0.0.1:8080/path?q=1'])('accepts %j', (value) => {
    expect(validateParameter(param('url'), value)).toBeUndefined();
  });
  it.each(['example.com', 'http://', 'not a url'])('refuses %j', (value) => {
    expect(validateParameter(param('url'), value)).toBe('Must be a valid URL');
  });
});

describe('number', () => {
  it.each(['0', '-3', '2.5', '1e3', ' 7 '])('accepts %j', (value) => {
    expect(validateParameter(param('number'), value)).toBeUndefined();
  });
  it.each(['abc', '1,5', '12px', '--1'])('refuses %j with the spec words', (value) => {
    expect(validateParameter(param('number'), value)).toBe('This field must be a number');
  });
  it('honours min and max, ends included', () => {
    const p = param('number', { min: 1, max: 5 });
    expect(validateParameter(p, '0')).toBe(M.atLeast(1));
    expect(validateParameter(p, '1')).toBeUndefined();
    expect(validateParameter(p, '5')).toBeUndefined();
    expect(validateParameter(p, '6')).toBe(M.atMost(5));
  });
});

describe('bytes', () => {
  it.each(['512', '512Mi', '2Gi', '1.5Ti', '10 Gi'])('accepts %j', (value) => {
    expect(validateParameter(param('bytes'), value)).toBeUndefined();
  });
  it.each(['512Ki', '2GB', 'Gi', '-1Gi', '2gi', 'lots'])('refuses %j', (value) => {
    expect(validateParameter(param('bytes'), value)).toBe(
      'Must be a number with a unit Mi, Gi or Ti',
    );
  });
  it('splits and joins amount and unit, Mi by default', () => {
    expect(splitBytes('2Gi')).toEqual({ amount: '2', unit: 'Gi' });
    expect(splitBytes('300')).toEqual({ amount: '300', unit: 'Mi' });
    expect(splitBytes('odd')).toEqual({ amount: 'odd', unit: 'Mi' });
    expect(joinBytes('4', 'Ti')).toBe('4Ti');
    expect(joinBytes('4')).toBe('4Mi');
    expect(joinBytes(' ')).toBe('');
  });
});

describe('millicores', () => {
  it.each(['500', '500m', '0', '1500 m'])('accepts %j', (value) => {
    expect(validateParameter(param('millicores'), value)).toBeUndefined();
  });
  it.each(['0.5', '500mm', 'm', '1 core', '-100'])('refuses %j', (value) => {
    expect(validateParameter(param('millicores'), value)).toBe(
      'Must be a whole number of millicores, e.g. 500m',
    );
  });
  it('honours min and max on the number of millicores', () => {
    expect(validateParameter(param('millicores', { max: 1000 }), '1001m')).toBe(M.atMost(1000));
  });
});

describe('dns1123', () => {
  it.each(['web', 'web-1', 'a', 'api.prod.example', '0abc9'])('accepts %j', (value) => {
    expect(validateParameter(param('dns1123'), value)).toBeUndefined();
  });
  it.each(['Web', '-web', 'web-', 'web_1', 'a..b', '.a', 'a.', 'wé'])('refuses %j', (value) => {
    expect(validateParameter(param('dns1123'), value)).toBe(M.dns1123);
  });
  it('refuses more than 253 characters', () => {
    const name = Array.from({ length: 64 }, () => 'abc').join('.');
    expect(name.length).toBeGreaterThan(253);
    expect(validateParameter(param('dns1123'), name)).toBe('Must be at most 253 characters');
  });
});

describe('code', () => {
  it('checks YAML by default and JSON when the language says so', () => {
    expect(validateParameter(param('code'), 'replicas: 2\nimage: web')).toBeUndefined();
    expect(validateParameter(param('code'), 'a: [1, 2')).toMatch(/^Invalid YAML: /);
    expect(validateParameter(param('code', { language: 'json' }), '{"a": 1}')).toBeUndefined();
    expect(validateParameter(param('code', { language: 'json' }), '{a: 1}')).toMatch(
      /^Invalid JSON: /,
    );
  });

  it('accepts any text in other languages', () => {
    expect(validateParameter(param('code', { language: 'python' }), 'def f(:')).toBeUndefined();
  });

  it('parses by language', () => {
    expect(parseCode('a: 1', 'yaml')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseCode('[1]', 'json')).toEqual({ ok: true, value: [1] });
    expect(parseCode('x', 'shell')).toEqual({ ok: true, value: 'x' });
    expect(parseCode('{', 'json').ok).toBe(false);
  });

  it('shows defaults as YAML or JSON by language (spec 002 §4.5)', () => {
    expect(codeDefault(param('code', { language: 'json' }, { default: '{"a":1}' }))).toBe(
      '{\n  "a": 1\n}',
    );
    expect(codeDefault(param('code', {}, { default: { a: 1, b: ['x'] } }))).toBe(
      'a: 1\nb:\n  - x\n',
    );
    expect(codeDefault(param('code', { language: 'json' }, { default: { a: 1 } }))).toBe(
      '{\n  "a": 1\n}',
    );
    expect(codeDefault(param('code', {}, { default: '# keep\na: 1' }))).toBe('# keep\na: 1');
    expect(codeDefault(param('code', { language: 'json' }, { default: '{broken' }))).toBe(
      '{broken',
    );
    expect(codeDefault(param('code', { language: 'json' }, { default: '"text"' }))).toBe('"text"');
    expect(codeDefault(param('code'))).toBe('');
    expect(codeDefault(param('code', {}, { default: 3 }))).toBe('3');
  });
});

describe('list', () => {
  const p = param('list', { options: [{ label: 'One', value: '1' }, 'two'] });
  it('accepts one of the options and refuses anything else', () => {
    expect(validateParameter(p, '1')).toBeUndefined();
    expect(validateParameter(p, 'two')).toBeUndefined();
    expect(validateParameter(p, 'One')).toBe('Must be one of the options');
  });
  it('accepts any value when there are no options to choose from', () => {
    expect(validateParameter(param('list'), 'free')).toBeUndefined();
  });
});

describe('resource and people pickers', () => {
  it.each(['component', 'config', 'check', 'people', 'team'])(
    '%s accepts any chosen id',
    (type) => {
      expect(validateParameter(required(type), '018f-id')).toBeUndefined();
    },
  );
});

describe('defaults', () => {
  it.each([
    [param('text', {}, { default: 'web' }), 'web'],
    [param('text'), ''],
    [param('text', {}, { default: null }), ''],
    [param('number', {}, { default: 3 }), '3'],
    [param('checkbox', {}, { default: 'true' }), true],
    [param('checkbox', {}, { default: ' TRUE ' }), true],
    [param('checkbox', {}, { default: true }), true],
    [param('checkbox', {}, { default: 'false' }), false],
    [param('checkbox'), false],
    [param('millicores', {}, { default: '500m' }), '500'],
    [param('millicores', {}, { default: 250 }), '250'],
    [param('millicores', {}, { default: 'lots' }), 'lots'],
    [param('bytes', {}, { default: '2Gi' }), '2Gi'],
    [param('list', {}, { default: { a: 1 } }), '{"a":1}'],
    [param('code', { language: 'json' }, { default: { a: 1 } }), '{\n  "a": 1\n}'],
  ])('%j starts as %j', (parameter, expected) => {
    expect(defaultValue(parameter)).toEqual(expected);
  });

  it('gives the starting values by name', () => {
    expect(
      initialValues([
        { name: 'replicas', type: 'number', default: '2' },
        { name: 'force', type: 'checkbox' },
      ]),
    ).toEqual({ replicas: '2', force: false });
  });
});

describe('what PB-09 sends', () => {
  it.each([
    [param('number'), '007', '7'],
    [param('number'), ' 2.50 ', '2.5'],
    [param('bytes'), '512', '512Mi'],
    [param('bytes'), '2Gi', '2Gi'],
    [param('millicores'), '500', '500m'],
    [param('millicores'), '500m', '500m'],
    [param('checkbox'), true, 'true'],
    [param('checkbox'), false, 'false'],
    [param('text'), '  spaced  ', '  spaced  '],
    [param('password'), ' s3cret ', ' s3cret '],
    [param('code'), 'a: 1\n', 'a: 1\n'],
    [param('email'), ' ops@example.com ', 'ops@example.com'],
    [param('config'), 'cfg-1', 'cfg-1'],
    [param('list'), 'two', 'two'],
  ])('%j: %j → %j', (parameter, value, expected) => {
    expect(toRunValue(parameter, value)).toBe(expected);
  });

  it('leaves out empty values, but always sends a checkbox', () => {
    const parameters: PlaybookParameter[] = [
      { name: 'name', type: 'dns1123' },
      { name: 'memory', type: 'bytes' },
      { name: 'force', type: 'checkbox' },
      { name: 'note', type: 'text' },
    ];
    expect(toRunParams(parameters, { name: 'web', memory: '', force: false, note: ' ' })).toEqual({
      name: 'web',
      force: 'false',
    });
  });
});

describe('validateParameters', () => {
  it('names every failing field and nothing else', () => {
    const parameters: PlaybookParameter[] = [
      { name: 'replicas', type: 'number', required: true },
      { name: 'memory', type: 'bytes' },
      { name: 'name', type: 'dns1123' },
    ];
    expect(validateParameters(parameters, { replicas: '', memory: '1GB', name: 'web' })).toEqual({
      replicas: 'This field is required',
      memory: M.bytes,
    });
    expect(validateParameters(parameters, { replicas: '1', memory: '1Gi', name: 'web' })).toEqual(
      {},
    );
  });
});

describe('duration', () => {
  it.each(['90s', '1h30m', '2d', '1w', '1.5h', '300ms', '0', ' 15m '])('accepts %j', (text) => {
    expect(validateParameter(param('duration'), text)).toBeUndefined();
  });

  it.each(['5', '1 h', '10 minutes', 'h', '1h-5m', 'abc'])(
    'refuses %j with its message',
    (text) => {
      expect(validateParameter(param('duration'), text)).toBe(M.duration);
    },
  );

  it('refuses a negative duration, and one outside min and max', () => {
    expect(validateParameter(param('duration'), '-5m')).toBe(M.durationNegative);
    const bounded = param('duration', { min: '5m', max: '7d' });
    expect(validateParameter(bounded, '1m')).toBe('Must be at least 5m');
    expect(validateParameter(bounded, '8d')).toBe('Must be at most 7d');
    expect(validateParameter(bounded, '7d')).toBeUndefined();
  });

  it('is required like any other field, and sent trimmed', () => {
    expect(validateParameter(required('duration'), ' ')).toBe(M.required);
    expect(toRunValue(param('duration'), ' 1h30m ')).toBe('1h30m');
  });

  it('offers its own options, else the common durations', () => {
    expect(durationOptions(param('duration'))).toEqual([...COMMON_DURATIONS]);
    expect(durationOptions(param('duration', { options: ['1h', '', 2, '2h'] }))).toEqual([
      '1h',
      '2h',
    ]);
  });

  it('reads in milliseconds, with days and weeks, as the demo backend does', () => {
    expect(durationMs('1h30m')).toBe(5_400_000);
    expect(durationMs('2d')).toBe(172_800_000);
    expect(durationMs('1w')).toBe(604_800_000);
    expect(durationMs('-1s')).toBe(-1000);
    expect(durationMs('')).toBeNull();
  });
});

describe('configs', () => {
  const A = '018f4b8e-1111-7000-8000-000000000001';
  const B = '018f4b8e-1111-7000-8000-000000000002';

  it('holds the ids and sends a selector of them', () => {
    expect(toRunValue(param('configs'), `${A},${B}`)).toBe(JSON.stringify({ id: `${A},${B}` }));
    expect(toRunValue(param('configs'), '')).toBeUndefined();
    expect(validateParameter(required('configs'), '')).toBe(M.required);
    expect(validateParameter(required('configs'), A)).toBeUndefined();
  });

  it('starts from a default selector or list of ids', () => {
    expect(defaultValue(param('configs', {}, { default: `{"id":"${A}, ${B}"}` }))).toBe(
      `${A},${B}`,
    );
    expect(defaultValue(param('configs', {}, { default: `${A},${B}` }))).toBe(`${A},${B}`);
    expect(configIdsOf(` ${A} ,,${B}`)).toEqual([A, B]);
    expect(joinConfigIds([A, B])).toBe(`${A},${B}`);
  });

  it('reads the ids of a selector, a list, or nothing', () => {
    expect(configsParameterIds(`{"id":"${A},${B}"}`)).toEqual([A, B]);
    expect(configsParameterIds(`["${A}"]`)).toEqual([A]);
    expect(configsParameterIds('{"types":["Kubernetes::Pod"]}')).toEqual([]);
    expect(configsParameterIds('')).toEqual([]);
    expect(configsParameterIds('not json')).toBeUndefined();
    expect(configsParameterIds('{"id":5}')).toBeUndefined();
    expect(configsParameterValue([A])).toBe(`{"id":"${A}"}`);
  });
});

describe('an earlier run as the form', () => {
  const parameters: PlaybookParameter[] = [
    { name: 'force', type: 'checkbox', default: 'true' },
    { name: 'cpu', type: 'millicores' },
    { name: 'configs', type: 'configs' },
    { name: 'window', type: 'duration', default: '1h' },
    { name: 'note', type: 'text' },
  ];

  it('undoes what PB-09 sent, for the parameters the playbook still has', () => {
    const sent = {
      force: 'false',
      cpu: '500m',
      configs: '{"id":"a,b"}',
      window: '90s',
      gone: 'x',
    };
    expect(valuesFromParams(parameters, sent)).toEqual({
      force: false,
      cpu: '500',
      configs: 'a,b',
      window: '90s',
    });
    expect(fromRunValue(parameters[2]!, '{"types":["Pod"]}')).toBe('');
    // What the form makes of them is sent again unchanged.
    const values = { ...initialValues(parameters), ...valuesFromParams(parameters, sent) };
    expect(toRunParams(parameters, values)).toEqual({
      force: 'false',
      cpu: '500m',
      configs: '{"id":"a,b"}',
      window: '90s',
    });
  });
});
