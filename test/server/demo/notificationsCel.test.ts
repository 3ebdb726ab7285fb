import { CelError, compileCel } from '../../../server/demo/notifications/cel';
import { filterEnv, type NotifiedResource } from '../../../server/demo/notifications/resources';

const pod: NotifiedResource = {
  kind: 'config',
  id: '0e1a7c52-3f7e-4c55-9d0e-2b8a4a3f6a10',
  name: 'api-7f9',
  namespace: 'payments',
  type: 'Kubernetes::Pod',
  status: 'CrashLoopBackOff',
  health: 'unhealthy',
  tags: { namespace: 'payments', cluster: 'prod' },
  labels: { 'app.kubernetes.io/name': 'api' },
  deleted: false,
  path: '',
  canaryId: null,
  row: {
    id: '0e1a7c52-3f7e-4c55-9d0e-2b8a4a3f6a10',
    name: 'api-7f9',
    type: 'Kubernetes::Pod',
    config_class: 'Pod',
    status: 'CrashLoopBackOff',
    health: 'unhealthy',
    restarts: 4,
    created_at: '2026-01-02T03:04:05.000Z',
  },
};

const check: NotifiedResource = {
  ...pod,
  kind: 'check',
  name: 'api-health',
  type: 'http',
  status: 'unhealthy',
  tags: {},
  labels: { watchdog: 'true' },
  row: { id: pod.id, name: 'api-health', type: 'http', severity: 'critical', labels: {} },
};

const matches = (source: string, resource: NotifiedResource) =>
  compileCel(source).test(filterEnv(resource));

describe('CEL filters over the variables of a notified resource', () => {
  it('matches filters on the resource, its aliases, tags and labels', () => {
    expect(
      matches("config.type == 'Kubernetes::Pod' && config.status == 'CrashLoopBackOff'", pod),
    ).toBe(true);
    expect(matches("config.tags.cluster == 'prod' && cluster == 'prod'", pod)).toBe(true);
    expect(matches("config.type in ['AWS::S3::Bucket', 'Kubernetes::Pod']", pod)).toBe(true);
    expect(matches("labels['app.kubernetes.io/name'] == 'api' && health == 'unhealthy'", pod)).toBe(
      true,
    );
    expect(
      matches("name.startsWith('api-') && !name.endsWith('x') && name.contains('7f')", pod),
    ).toBe(true);
    expect(matches("config.name.matches('^api-[0-9a-f]+$')", pod)).toBe(true);
    expect(matches('config.restarts > 3 && size(tags) == 2 && tags.size() == 2', pod)).toBe(true);
    expect(matches('has(config.tags.namespace) && !has(config.tags.team)', pod)).toBe(true);
    expect(matches("check.severity in ['high', 'critical']", check)).toBe(true);
    expect(matches("check.labels.watchdog == 'true'", check)).toBe(true);
  });

  it('does not match a different resource', () => {
    expect(matches("config.type == 'Kubernetes::Node'", pod)).toBe(false);
    expect(matches("config.name.matches('^web-')", pod)).toBe(false);
    expect(matches("check.type == 'http'", pod)).toBe(false);
    expect(matches("config.type == 'Kubernetes::Pod'", check)).toBe(false);
  });

  it('treats a missing field as an error: the filter does not match', () => {
    const missing = compileCel("config.tags.team == 'platform'");
    expect(() => missing.evaluate(filterEnv(pod))).toThrow(CelError);
    expect(() => missing.evaluate(filterEnv(pod))).toThrow('no such key: team at position');
    expect(missing.test(filterEnv(pod))).toBe(false);
    expect(matches("config.tags.team != 'platform'", pod)).toBe(false);
    // `has()` guards a field; `||` and `&&` absorb the error when the other side decides.
    expect(matches("!has(config.tags.team) || config.tags.team == 'x'", pod)).toBe(true);
    expect(matches("config.tags.team == 'x' || config.type == 'Kubernetes::Pod'", pod)).toBe(true);
    expect(matches("false && config.tags.team == 'x'", pod)).toBe(false);
  });

  it('returns values as plain JavaScript, integers as numbers', () => {
    const env = filterEnv(pod);
    expect(compileCel('config.restarts > 3 ? 1 : 2').evaluate(env)).toBe(1);
    expect(compileCel('[size(name), 2.5]').evaluate(env)).toEqual([7, 2.5]);
    expect(compileCel('config.name').evaluate(env)).toBe('api-7f9');
  });

  it('rejects a filter that does not parse, naming the problem and its position', () => {
    expect(() => compileCel('config.name ==')).toThrow(CelError);
    expect(() => compileCel('config.name ==')).toThrow('unexpected token: EOF at position 15');
    expect(() => compileCel("config.name == 'x")).toThrow('unterminated string');
    expect(() => compileCel('config.name = 1')).toThrow('unexpected character: = at position 13');
    expect(() => compileCel('   ')).toThrow('expression is empty');
    expect(() => compileCel(`name == '${'x'.repeat(5000)}'`)).toThrow('too long');
  });

  it('rejects unknown functions and arguments no overload takes when compiling', () => {
    expect(() => compileCel('exec(config)')).toThrow('unknown function "exec" at position 1');
    expect(() => compileCel("config.name.explode('x')")).toThrow('unknown function "explode"');
    expect(() => compileCel('size(1)')).toThrow("no matching overload for 'size(int)'");
    expect(() => compileCel('has(config)')).toThrow('has() invalid argument');
  });

  it('only accepts short literal patterns for matches() that compile', () => {
    expect(() => compileCel("name.matches('(')")).toThrow('invalid regular expression "("');
    expect(() => compileCel(`name.matches('${'a'.repeat(300)}')`)).toThrow('pattern is too long');
    expect(() => compileCel('name.matches(config.name)')).toThrow('literal string pattern');
    expect(compileCel("name.matches('^api') && !name.matches('^web')").test(filterEnv(pod))).toBe(
      true,
    );
  });

  it('limits how deeply an expression nests', () => {
    const deep = `${'('.repeat(100)}true${')'.repeat(100)}`;
    expect(() => compileCel(deep)).toThrow(CelError);
    expect(compileCel(`${'('.repeat(10)}true${')'.repeat(10)}`).test({})).toBe(true);
  });
});
