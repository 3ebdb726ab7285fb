import {
  envVarFromStored,
  storedFromEnvVar,
} from '../../../src/features/connections/model/secretRef';

describe('connection secret values', () => {
  it('reads a stored secret reference as a Secret key', () => {
    expect(envVarFromStored('secret://orders-db/password')).toEqual({
      valueFrom: { secretKeyRef: { name: 'orders-db', key: 'password' } },
    });
  });

  it('reads a stored config map reference as a ConfigMap key, keeping dots and slashes in the key', () => {
    expect(envVarFromStored('configmap://gcp/creds/sa.json')).toEqual({
      valueFrom: { configMapKeyRef: { name: 'gcp', key: 'creds/sa.json' } },
    });
  });

  it('reads anything else, incomplete references included, as a plain value', () => {
    expect(envVarFromStored('hunter2')).toEqual({ value: 'hunter2' });
    expect(envVarFromStored('secret://only-a-name')).toEqual({ value: 'secret://only-a-name' });
    expect(envVarFromStored('secret://name/')).toEqual({ value: 'secret://name/' });
    expect(envVarFromStored('postgres://$(username):$(password)@db/x')).toEqual({
      value: 'postgres://$(username):$(password)@db/x',
    });
  });

  it('reads nothing stored as no value', () => {
    expect(envVarFromStored(undefined)).toBeUndefined();
    expect(envVarFromStored(null)).toBeUndefined();
    expect(envVarFromStored('')).toBeUndefined();
  });

  it('stores a plain value as typed', () => {
    expect(storedFromEnvVar({ value: ' s3cr3t ' })).toBe(' s3cr3t ');
    expect(storedFromEnvVar('bare')).toBe('bare');
  });

  it('stores a Secret key as secret://name/key and a ConfigMap key as configmap://name/key', () => {
    expect(
      storedFromEnvVar({ valueFrom: { secretKeyRef: { name: ' aws ', key: 'secret-key' } } }),
    ).toBe('secret://aws/secret-key');
    expect(
      storedFromEnvVar({ valueFrom: { configMapKeyRef: { name: 'settings', key: 'url' } } }),
    ).toBe('configmap://settings/url');
  });

  it('stores nothing for an empty value or an incomplete reference', () => {
    expect(storedFromEnvVar(undefined)).toBeUndefined();
    expect(storedFromEnvVar({ value: '' })).toBeUndefined();
    expect(storedFromEnvVar({})).toBeUndefined();
    expect(storedFromEnvVar({ valueFrom: { secretKeyRef: { name: 'aws' } } })).toBeUndefined();
    expect(storedFromEnvVar({ valueFrom: { configMapKeyRef: {} } })).toBeUndefined();
    expect(storedFromEnvVar({ valueFrom: {} })).toBeUndefined();
  });

  it('round-trips every stored form', () => {
    for (const stored of ['plain', 'secret://a/b', 'configmap://c/d.e']) {
      expect(storedFromEnvVar(envVarFromStored(stored))).toBe(stored);
    }
  });
});
