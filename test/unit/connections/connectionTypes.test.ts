import { IconNames } from '@blueprintjs/icons';
import {
  CONNECTION_TYPES,
  connectionTypeOf,
  isKnownConnectionType,
  pickableConnectionTypes,
} from '../../../src/features/connections/model/connectionTypes';
import { expectAnswers } from '../../support/answers';

const ICONS = new Set<string>(Object.values(IconNames));

describe('connection type catalogue', () => {
  it('has the 29 types of the catalogue with their labels', () => {
    expect(CONNECTION_TYPES.map((entry) => entry.label)).toEqual([
      'Anthropic',
      'OpenAI',
      'Ollama',
      'Postgres',
      'MySQL',
      'SQL Server',
      'HTTP',
      'Prometheus',
      'Elasticsearch',
      'Mongo',
      'LDAP',
      'Redis',
      'Windows',
      'Google Cloud',
      'Google Cloud Storage',
      'SFTP',
      'AWS',
      'AWS S3',
      'Kubernetes',
      'Azure Devops',
      'Azure',
      'GitHub',
      'Gitlab',
      'Restic',
      'SMB',
      'Dynatrace',
      'Git',
      'Folder',
      'JMeter',
    ]);
  });

  it('gives every type a known icon, a unique stored type and unique field keys', () => {
    const types = new Set<string>();
    for (const entry of CONNECTION_TYPES) {
      expect(ICONS.has(entry.icon)).toBe(true);
      expect(types.has(entry.type)).toBe(false);
      types.add(entry.type);
      const keys = entry.fields.map((field) => field.key);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys).not.toContain('name');
      expect(keys).not.toContain('namespace');
    }
  });

  it('offers every type but JMeter, sorted by label', () => {
    const labels = pickableConnectionTypes().map((entry) => entry.label);
    expect(labels).toHaveLength(28);
    expect(labels).not.toContain('JMeter');
    expect(labels.slice(0, 5)).toEqual(['Anthropic', 'AWS', 'AWS S3', 'Azure', 'Azure Devops']);
    expect(labels[labels.length - 1]).toBe('Windows');
  });

  it('narrows the choices by a search in the label, ignoring case', () => {
    expect(pickableConnectionTypes('  goo ').map((entry) => entry.label)).toEqual([
      'Google Cloud',
      'Google Cloud Storage',
    ]);
    expect(pickableConnectionTypes('sql').map((entry) => entry.label)).toEqual([
      'MySQL',
      'SQL Server',
    ]);
    expect(pickableConnectionTypes('jmeter')).toEqual([]);
  });

  it('finds a stored type in any case and by its older names', () => {
    expect(connectionTypeOf('postgres').label).toBe('Postgres');
    expect(connectionTypeOf('Postgres').label).toBe('Postgres');
    expect(connectionTypeOf('gcp').label).toBe('Google Cloud');
    expect(connectionTypeOf('mssql').label).toBe('SQL Server');
    expect(connectionTypeOf('jmeter').label).toBe('JMeter');
    expect(isKnownConnectionType('s3')).toBe(true);
  });

  it('gives an unknown stored type a generic form under its own name', () => {
    const slack = connectionTypeOf('slack');
    expect(isKnownConnectionType('slack')).toBe(false);
    expect(slack.label).toBe('slack');
    expect(slack.type).toBe('slack');
    expect(slack.fields.map((field) => field.key)).toEqual([
      'url',
      'username',
      'password',
      'certificate',
      'insecure_tls',
    ]);
  });

  it('has the defaults of the spec', () => {
    const defaults = (type: string) =>
      Object.fromEntries(
        connectionTypeOf(type)
          .fields.filter((field) => field.defaultValue !== undefined)
          .map((field) => [field.key, field.defaultValue]),
      );
    expectAnswers(defaults, [
      ['sftp', { port: '22' }],
      ['smb', { port: '445' }],
      ['git', { ref: 'main' }],
      ['anthropic', { model: 'claude-3-7-sonnet-latest' }],
      ['openai', { model: 'gpt-4o' }],
      ['ollama', { url: 'http://localhost:11434', model: 'llama3.1' }],
      ['postgres', { insecure_tls: false }],
    ]);
  });
});
