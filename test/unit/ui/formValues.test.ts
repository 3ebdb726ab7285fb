import { emptyEnvVar, envVarSource } from '../../../src/ui/form/EnvVarField';
import { mapOfPairs, sameMap } from '../../../src/ui/form/KeyValueMapField';
import { expectAnswers } from '../../support/answers';

describe('the source of a value (EnvVar)', () => {
  it('is a secret or config map reference when one is given, else a plain value', () => {
    expectAnswers(envVarSource, [
      [undefined, 'value'],
      [{ value: 'x' }, 'value'],
      [{ valueFrom: { secretKeyRef: { name: 'a', key: 'b' } } }, 'secret'],
      [{ valueFrom: { configMapKeyRef: {} } }, 'configMap'],
      [{ valueFrom: { serviceAccount: 'sa' } }, 'value'],
    ]);
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
