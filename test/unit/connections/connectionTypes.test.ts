import { IconNames } from '@blueprintjs/icons';
import {
  CONNECTION_TYPES,
  connectionAuthChoices,
  connectionTypeOf,
  isKnownConnectionType,
  pickableConnectionTypes,
} from '../../../src/features/connections/model/connectionTypes';
import { expectAnswers } from '../../support/answers';

const ICONS = new Set<string>(Object.values(IconNames));

describe('connection type catalogue', () => {
  it('has the types of the catalogue, and those newer Mission Control adds, with their labels', () => {
    expect(CONNECTION_TYPES.map((entry) => entry.label)).toEqual([
      'Anthropic',
      'OpenAI',
      'Ollama',
      'Gemini',
      'Postgres',
      'MySQL',
      'SQL Server',
      'HTTP',
      'Prometheus',
      'Elasticsearch',
      'Loki',
      'OpenSearch',
      'Mongo',
      'LDAP',
      'Redis',
      'Windows',
      'Google Cloud',
      'Google Cloud Storage',
      'GCP KMS',
      'SFTP',
      'AWS',
      'AWS S3',
      'AWS KMS',
      'Kubernetes',
      'Azure Devops',
      'Azure',
      'Azure Key Vault',
      'GitHub',
      'Gitlab',
      'Restic',
      'SMB',
      'SMTP',
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
    expect(labels).toHaveLength(CONNECTION_TYPES.length - 1);
    expect(labels).not.toContain('JMeter');
    expect(labels.slice(0, 5)).toEqual(['Anthropic', 'AWS', 'AWS KMS', 'AWS S3', 'Azure']);
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
    expect(connectionTypeOf('smtp').type).toBe('email');
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
      ['gemini', { model: 'gemini-2.5-flash' }],
      ['email', { port: '587', auth: 'Plain', encryptionMethod: 'Auto', insecure_tls: false }],
      ['opensearch', { insecure_tls: false }],
    ]);
  });

  it('stores the newer types under the type values and keys Mission Control reads', () => {
    const keys = (type: string) =>
      connectionTypeOf(type).fields.map((field) => `${field.store}:${field.key}`);
    expectAnswers(keys, [
      ['gemini', ['column:password', 'property:model']],
      ['loki', ['column:url', 'column:username', 'column:password']],
      [
        'opensearch',
        [
          'column:url',
          'column:username',
          'column:password',
          'property:index',
          'property:insecure_tls',
        ],
      ],
      [
        'aws_kms',
        [
          'property:keyID',
          'column:username',
          'column:password',
          'property:region',
          'property:profile',
          'column:url',
          'column:insecure_tls',
        ],
      ],
      ['gcp_kms', ['property:keyID', 'property:project', 'column:certificate', 'column:url']],
      [
        'azure_key_vault',
        ['property:keyID', 'column:username', 'column:password', 'property:tenant'],
      ],
    ]);
  });

  it('puts the credentials of HTTP-like types under an authentication choice', () => {
    const choices = (type: string) =>
      connectionAuthChoices(connectionTypeOf(type)).map((choice) => [choice.label, choice.owns]);
    const basic = ['Basic', ['username', 'password']];
    const tokens = [
      ['Bearer Token', ['bearer']],
      ['OAuth', ['clientID', 'clientSecret', 'tokenURL', 'scopes']],
    ];
    expectAnswers(choices, [
      ['http', [basic, ...tokens]],
      ['prometheus', [basic, ...tokens]],
      ['elasticsearch', [basic]],
      ['loki', [basic]],
      ['opensearch', [basic]],
      ['postgres', []],
      ['email', []],
    ]);
  });

  it('gives a select field its options and a valid default', () => {
    for (const entry of CONNECTION_TYPES) {
      for (const field of entry.fields.filter((candidate) => candidate.control === 'select')) {
        const values = (field.options ?? []).map((option) => option.value);
        expect(values.length).toBeGreaterThan(1);
        if (field.defaultValue !== undefined) expect(values).toContain(field.defaultValue);
      }
    }
    const smtp = connectionTypeOf('email');
    expect(smtp.fields.find((field) => field.key === 'auth')?.options?.map((o) => o.value)).toEqual(
      ['None', 'Plain', 'CRAMMD5', 'Unknown', 'OAuth2'],
    );
    expect(
      smtp.fields.find((field) => field.key === 'encryptionMethod')?.options?.map((o) => o.value),
    ).toEqual(['None', 'ExplicitTLS', 'ImplicitTLS', 'Auto']);
  });
});
