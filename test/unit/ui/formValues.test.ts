import { emptyEnvVar, envVarSource } from '../../../src/ui/form/EnvVarField';
import { mapOfPairs, sameMap } from '../../../src/ui/form/KeyValueMapField';

describe('the source of a value (EnvVar)', () => {
  it('is a secret or config map reference when one is given, else a plain value', () => {
    expect(envVarSource(undefined)).toBe('value');
    expect(envVarSource({ value: 'x' })).toBe('value');
    expect(envVarSource({ valueFrom: { secretKeyRef: { name: 'a', key: 'b' } } })).toBe('secret');
    expect(envVarSource({ valueFrom: { configMapKeyRef: {} } })).toBe('configMap');
    expect(envVarSource({ valueFrom: { serviceAccount: 'sa' } })).toBe('value');
  });

  it('starts empty for the chosen source', () => {
    expect(emptyEnvVar('value')).toBeUndefined();
    expect(emptyEnvVar('secret')).toEqual({ valueFrom: { secretKeyRef: {} } });
    expect(emptyEnvVar('configMap')).toEqual({ valueFrom: { configMapKeyRef: {} } });
  });
});

describe('string maps edited as pairs', () => {
  it('holds the pairs with a key, or nothing', () => {
    expect(mapOfPairs([])).toBeUndefined();
    expect(mapOfPairs([{ key: ' ', value: 'x' }])).toBeUndefined();
    expect(
      mapOfPairs([
        { key: 'a', value: '1' },
        { key: '', value: '' },
      ]),
    ).toEqual({ a: '1' });
  });

  it('compares maps by their entries', () => {
    expect(sameMap({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true);
    expect(sameMap({ a: '1' }, { a: '2' })).toBe(false);
    expect(sameMap({ a: '1' }, { a: '1', b: '2' })).toBe(false);
  });
});
