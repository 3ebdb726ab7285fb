import type {
  ConnectionBody,
  ConnectionFormValues,
  StoredConnection,
} from '../../../src/features/connections/model/connectionForm';
import {
  connectionBody,
  connectionFormValues,
  connectionUrl,
  newConnectionValues,
} from '../../../src/features/connections/model/connectionForm';
import { CONNECTION_PREFIX } from '../../../src/widgets/pickers';
import {
  CONNECTION_TYPES,
  connectionTypeOf,
} from '../../../src/features/connections/model/connectionTypes';

const secret = (name: string, key: string) => ({ valueFrom: { secretKeyRef: { name, key } } });
const configMap = (name: string, key: string) => ({
  valueFrom: { configMapKeyRef: { name, key } },
});
const value = (text: string) => ({ value: text });

interface Case {
  /** What the row stores besides name, namespace and type. */
  stored: StoredConnection;
  /** The form's values besides name and namespace. */
  form: ConnectionFormValues;
  /** The create body besides name, namespace and type. */
  body: Partial<ConnectionBody>;
}

/** One stored connection per type, what the form shows of it, and the body it saves as. */
const CASES: Record<string, Case> = {
  anthropic: {
    stored: {
      url: 'https://api.anthropic.com',
      password: 'secret://ai/key',
      properties: { model: 'claude-x' },
    },
    form: { url: 'https://api.anthropic.com', password: secret('ai', 'key'), model: 'claude-x' },
    body: {
      url: 'https://api.anthropic.com',
      password: 'secret://ai/key',
      properties: { model: 'claude-x' },
    },
  },
  openai: {
    stored: { password: 'sk-1', properties: { model: 'gpt-4o-mini' } },
    form: { password: value('sk-1'), model: 'gpt-4o-mini' },
    body: { password: 'sk-1', properties: { model: 'gpt-4o-mini' } },
  },
  ollama: {
    stored: { url: 'http://ollama:11434', properties: { model: 'llama3.1' } },
    form: { url: 'http://ollama:11434', model: 'llama3.1' },
    body: { url: 'http://ollama:11434', properties: { model: 'llama3.1' } },
  },
  postgres: {
    stored: {
      url: 'postgres://db/x',
      username: 'secret://pg/user',
      password: 'secret://pg/pass',
      insecure_tls: true,
    },
    form: {
      url: 'postgres://db/x',
      username: secret('pg', 'user'),
      password: secret('pg', 'pass'),
      insecure_tls: true,
    },
    body: {
      url: 'postgres://db/x',
      username: 'secret://pg/user',
      password: 'secret://pg/pass',
      insecure_tls: true,
      properties: {},
    },
  },
  mysql: {
    stored: { url: 'mysql://db/x', username: 'root', password: 'configmap://cm/pw' },
    form: {
      url: 'mysql://db/x',
      username: value('root'),
      password: configMap('cm', 'pw'),
      insecure_tls: false,
    },
    body: {
      url: 'mysql://db/x',
      username: 'root',
      password: 'configmap://cm/pw',
      insecure_tls: false,
      properties: {},
    },
  },
  sql_server: {
    stored: { url: 'sqlserver://db', username: 'sa', password: 'p' },
    form: {
      url: 'sqlserver://db',
      username: value('sa'),
      password: value('p'),
      insecure_tls: false,
    },
    body: {
      url: 'sqlserver://db',
      username: 'sa',
      password: 'p',
      insecure_tls: false,
      properties: {},
    },
  },
  http: {
    stored: { url: 'https://x', username: 'u', password: 'p', insecure_tls: false },
    form: { url: 'https://x', username: value('u'), password: value('p'), insecure_tls: false },
    body: { url: 'https://x', username: 'u', password: 'p', insecure_tls: false, properties: {} },
  },
  gemini: {
    stored: { password: 'secret://ai/gemini', properties: { model: 'gemini-2.0-flash' } },
    form: { password: secret('ai', 'gemini'), model: 'gemini-2.0-flash' },
    body: { password: 'secret://ai/gemini', properties: { model: 'gemini-2.0-flash' } },
  },
  loki: {
    stored: { url: 'http://loki:3100', username: 'tenant', password: 'secret://loki/pw' },
    form: { url: 'http://loki:3100', username: value('tenant'), password: secret('loki', 'pw') },
    body: {
      url: 'http://loki:3100',
      username: 'tenant',
      password: 'secret://loki/pw',
      properties: {},
    },
  },
  opensearch: {
    stored: {
      url: 'https://os:9200',
      username: 'admin',
      password: 'secret://os/pw',
      properties: { index: 'logs-*', insecure_tls: 'true' },
    },
    form: {
      url: 'https://os:9200',
      username: value('admin'),
      password: secret('os', 'pw'),
      index: 'logs-*',
      insecure_tls: true,
    },
    body: {
      url: 'https://os:9200',
      username: 'admin',
      password: 'secret://os/pw',
      properties: { index: 'logs-*', insecure_tls: 'true' },
    },
  },
  aws_kms: {
    stored: {
      username: 'secret://aws/id',
      password: 'secret://aws/key',
      insecure_tls: false,
      properties: { keyID: 'alias/mc', region: 'eu-west-1' },
    },
    form: {
      keyID: 'alias/mc',
      username: secret('aws', 'id'),
      password: secret('aws', 'key'),
      region: 'eu-west-1',
      insecure_tls: false,
    },
    body: {
      username: 'secret://aws/id',
      password: 'secret://aws/key',
      insecure_tls: false,
      properties: { keyID: 'alias/mc', region: 'eu-west-1' },
    },
  },
  gcp_kms: {
    stored: {
      certificate: 'secret://gcp/sa.json',
      properties: { keyID: 'projects/p/locations/l/keyRings/r/cryptoKeys/k', project: 'p' },
    },
    form: {
      keyID: 'projects/p/locations/l/keyRings/r/cryptoKeys/k',
      project: 'p',
      certificate: secret('gcp', 'sa.json'),
    },
    body: {
      certificate: 'secret://gcp/sa.json',
      properties: { keyID: 'projects/p/locations/l/keyRings/r/cryptoKeys/k', project: 'p' },
    },
  },
  azure_key_vault: {
    stored: {
      username: 'client',
      password: 'secret://az/secret',
      properties: { keyID: 'https://v.vault.azure.net/keys/k', tenant: 't' },
    },
    form: {
      keyID: 'https://v.vault.azure.net/keys/k',
      username: value('client'),
      password: secret('az', 'secret'),
      tenant: 't',
    },
    body: {
      username: 'client',
      password: 'secret://az/secret',
      properties: { keyID: 'https://v.vault.azure.net/keys/k', tenant: 't' },
    },
  },
  email: {
    stored: {
      url: 'smtp://$(username):$(password)@mail.example.com:465/?UseStartTLS=false&Encryption=ImplicitTLS&Auth=Plain&from=mc@example.com',
      username: 'mc',
      password: 'secret://smtp/pw',
      insecure_tls: false,
      properties: {
        host: 'mail.example.com',
        port: '465',
        auth: 'Plain',
        encryptionMethod: 'ImplicitTLS',
        from: 'mc@example.com',
        fromname: 'Mission Control',
        headers: '{"X-Team":"sre"}',
      },
    },
    form: {
      host: 'mail.example.com',
      port: 465,
      username: value('mc'),
      password: secret('smtp', 'pw'),
      auth: 'Plain',
      encryptionMethod: 'ImplicitTLS',
      from: 'mc@example.com',
      fromname: 'Mission Control',
      headers: { 'X-Team': 'sre' },
      insecure_tls: false,
    },
    body: {
      url: 'smtp://$(username):$(password)@mail.example.com:465/?UseStartTLS=false&Encryption=ImplicitTLS&Auth=Plain&from=mc@example.com',
      username: 'mc',
      password: 'secret://smtp/pw',
      insecure_tls: false,
      properties: {
        host: 'mail.example.com',
        port: '465',
        auth: 'Plain',
        encryptionMethod: 'ImplicitTLS',
        from: 'mc@example.com',
        fromname: 'Mission Control',
        headers: '{"X-Team":"sre"}',
      },
    },
  },
  prometheus: {
    stored: { url: 'http://prom:9090' },
    form: { url: 'http://prom:9090', insecure_tls: false },
    body: { url: 'http://prom:9090', insecure_tls: false, properties: {} },
  },
  elasticsearch: {
    stored: { url: 'http://es:9200', username: 'elastic', password: 'secret://es/pw' },
    form: {
      url: 'http://es:9200',
      username: value('elastic'),
      password: secret('es', 'pw'),
      insecure_tls: false,
    },
    body: {
      url: 'http://es:9200',
      username: 'elastic',
      password: 'secret://es/pw',
      insecure_tls: false,
      properties: {},
    },
  },
  mongo: {
    stored: { url: 'mongodb://m/x', username: 'u', password: 'p', properties: { db: 'orders' } },
    form: {
      url: 'mongodb://m/x',
      username: value('u'),
      password: value('p'),
      db: 'orders',
      insecure_tls: false,
    },
    body: {
      url: 'mongodb://m/x',
      username: 'u',
      password: 'p',
      insecure_tls: false,
      properties: { db: 'orders' },
    },
  },
  ldap: {
    stored: { url: 'ldaps://l', username: 'cn=admin', password: 'p', insecure_tls: true },
    form: {
      url: 'ldaps://l',
      username: value('cn=admin'),
      password: value('p'),
      insecure_tls: true,
    },
    body: {
      url: 'ldaps://l',
      username: 'cn=admin',
      password: 'p',
      insecure_tls: true,
      properties: {},
    },
  },
  redis: {
    stored: { url: 'redis://r:6379', password: 'secret://redis/pw', properties: { db: '2' } },
    form: { url: 'redis://r:6379', password: secret('redis', 'pw'), db: '2' },
    body: { url: 'redis://r:6379', password: 'secret://redis/pw', properties: { db: '2' } },
  },
  windows: {
    stored: { username: 'admin', password: 'secret://win/pw', properties: { domain: 'CORP' } },
    form: { username: value('admin'), password: secret('win', 'pw'), domain: 'CORP' },
    body: { username: 'admin', password: 'secret://win/pw', properties: { domain: 'CORP' } },
  },
  google_cloud: {
    stored: { url: 'https://gcp', certificate: 'secret://gcp-sa/credentials.json' },
    form: { url: 'https://gcp', certificate: secret('gcp-sa', 'credentials.json') },
    body: {
      url: 'https://gcp',
      certificate: 'secret://gcp-sa/credentials.json',
      properties: {},
    },
  },
  gcs: {
    stored: { certificate: 'secret://gcs/key', properties: { bucket: 'backups' } },
    form: { bucket: 'backups', certificate: secret('gcs', 'key') },
    body: { certificate: 'secret://gcs/key', properties: { bucket: 'backups' } },
  },
  sftp: {
    stored: {
      url: 'sftp.example.com',
      username: 'deploy',
      password: 'secret://sftp/pw',
      properties: { port: '2222', path: '/upload' },
    },
    form: {
      url: 'sftp.example.com',
      port: '2222',
      path: '/upload',
      username: value('deploy'),
      password: secret('sftp', 'pw'),
    },
    body: {
      url: 'sftp.example.com',
      username: 'deploy',
      password: 'secret://sftp/pw',
      properties: { port: '2222', path: '/upload' },
    },
  },
  aws: {
    stored: {
      username: 'secret://aws/id',
      password: 'secret://aws/key',
      insecure_tls: false,
      properties: { region: 'eu-west-1', profile: 'prod' },
    },
    form: {
      username: secret('aws', 'id'),
      password: secret('aws', 'key'),
      region: 'eu-west-1',
      profile: 'prod',
      insecure_tls: false,
    },
    body: {
      username: 'secret://aws/id',
      password: 'secret://aws/key',
      insecure_tls: false,
      properties: { region: 'eu-west-1', profile: 'prod' },
    },
  },
  s3: {
    stored: {
      url: 'https://minio:9000',
      username: 'AK',
      password: 'secret://s3/sk',
      properties: { bucket: 'logs', region: 'us-east-1', usePathStyle: 'true' },
    },
    form: {
      bucket: 'logs',
      username: value('AK'),
      password: secret('s3', 'sk'),
      region: 'us-east-1',
      url: 'https://minio:9000',
      usePathStyle: true,
      insecure_tls: false,
    },
    body: {
      url: 'https://minio:9000',
      username: 'AK',
      password: 'secret://s3/sk',
      insecure_tls: false,
      properties: { bucket: 'logs', region: 'us-east-1', usePathStyle: 'true' },
    },
  },
  kubernetes: {
    stored: { certificate: 'secret://kubeconfig/config' },
    form: { certificate: secret('kubeconfig', 'config') },
    body: { certificate: 'secret://kubeconfig/config', properties: {} },
  },
  azure_devops: {
    stored: { url: 'https://dev.azure.com', username: 'acme', password: 'secret://ado/pat' },
    form: { url: 'https://dev.azure.com', username: value('acme'), password: secret('ado', 'pat') },
    body: {
      url: 'https://dev.azure.com',
      username: 'acme',
      password: 'secret://ado/pat',
      properties: {},
    },
  },
  azure: {
    stored: {
      username: 'client-id',
      password: 'secret://az/secret',
      properties: { tenant: 't-1' },
    },
    form: { username: value('client-id'), password: secret('az', 'secret'), tenant: 't-1' },
    body: { username: 'client-id', password: 'secret://az/secret', properties: { tenant: 't-1' } },
  },
  github: {
    stored: { url: 'https://api.github.com', password: 'secret://gh/token' },
    form: { url: 'https://api.github.com', password: secret('gh', 'token') },
    body: { url: 'https://api.github.com', password: 'secret://gh/token', properties: {} },
  },
  gitlab: {
    stored: { url: 'https://gitlab.example.com', password: 'glpat' },
    form: { url: 'https://gitlab.example.com', password: value('glpat') },
    body: { url: 'https://gitlab.example.com', password: 'glpat', properties: {} },
  },
  restic: {
    stored: {
      url: 's3:s3.amazonaws.com/bucket',
      password: 'secret://restic/pw',
      username: 'AK',
      certificate: 'secret://restic/sk',
    },
    form: {
      url: 's3:s3.amazonaws.com/bucket',
      password: secret('restic', 'pw'),
      username: value('AK'),
      certificate: secret('restic', 'sk'),
    },
    body: {
      url: 's3:s3.amazonaws.com/bucket',
      password: 'secret://restic/pw',
      username: 'AK',
      certificate: 'secret://restic/sk',
      properties: {},
    },
  },
  smb: {
    stored: {
      url: 'files.corp',
      username: 'svc',
      password: 'p',
      properties: { port: '445', share: 'docs', domain: 'CORP' },
    },
    form: {
      url: 'files.corp',
      port: '445',
      share: 'docs',
      domain: 'CORP',
      username: value('svc'),
      password: value('p'),
    },
    body: {
      url: 'files.corp',
      username: 'svc',
      password: 'p',
      properties: { port: '445', share: 'docs', domain: 'CORP' },
    },
  },
  dynatrace: {
    stored: {
      password: 'secret://dt/token',
      properties: { host: 'abc.live.dynatrace.com', scheme: 'https' },
    },
    form: { host: 'abc.live.dynatrace.com', scheme: 'https', password: secret('dt', 'token') },
    body: {
      password: 'secret://dt/token',
      properties: { host: 'abc.live.dynatrace.com', scheme: 'https' },
    },
  },
  git: {
    stored: {
      url: 'https://github.com/acme/repo.git',
      username: 'bot',
      password: 'secret://git/token',
      certificate: 'secret://git/ssh',
      properties: { ref: 'release' },
    },
    form: {
      url: 'https://github.com/acme/repo.git',
      ref: 'release',
      username: value('bot'),
      password: secret('git', 'token'),
      certificate: secret('git', 'ssh'),
    },
    body: {
      url: 'https://github.com/acme/repo.git',
      username: 'bot',
      password: 'secret://git/token',
      certificate: 'secret://git/ssh',
      properties: { ref: 'release' },
    },
  },
  folder: {
    stored: { properties: { path: '/data' } },
    form: { path: '/data' },
    body: { properties: { path: '/data' } },
  },
  jmeter: {
    stored: { url: 'jmeter.local', properties: { port: '1099' } },
    form: { url: 'jmeter.local', port: '1099' },
    body: { url: 'jmeter.local', properties: { port: '1099' } },
  },
};

const AI_TYPES = new Set(['anthropic', 'openai', 'ollama', 'gemini']);

describe('connection form mapping', () => {
  it('has a case for every type of the catalogue', () => {
    expect(Object.keys(CASES).sort()).toEqual(CONNECTION_TYPES.map((entry) => entry.type).sort());
  });

  describe.each(Object.entries(CASES))('%s', (type, { stored, form, body }) => {
    const entry = connectionTypeOf(type);
    const row: StoredConnection = { name: 'conn', namespace: 'ops', type, ...stored };

    it('maps the stored row into the form', () => {
      expect(connectionFormValues(entry, row)).toEqual({ name: 'conn', namespace: 'ops', ...form });
    });

    it('maps the form into the create body', () => {
      const values = { name: ' conn ', namespace: 'ops', ...form };
      const head = AI_TYPES.has(type)
        ? { name: 'conn', type }
        : { name: 'conn', namespace: 'ops', type };
      expect(connectionBody(entry, values)).toEqual({ ...head, ...body });
    });

    it('saves an unchanged form as it was stored', () => {
      const saved = connectionBody(entry, connectionFormValues(entry, row), row);
      expect(saved).toEqual(
        AI_TYPES.has(type)
          ? { name: 'conn', type, ...body }
          : { name: 'conn', namespace: 'ops', type, ...body },
      );
    });
  });

  it('starts a new connection in the default namespace with the type defaults', () => {
    expect(newConnectionValues(connectionTypeOf('sftp'))).toEqual({
      name: '',
      namespace: 'default',
      port: '22',
    });
    expect(newConnectionValues(connectionTypeOf('smb'))).toMatchObject({ port: '445' });
    expect(newConnectionValues(connectionTypeOf('git'))).toMatchObject({ ref: 'main' });
    expect(newConnectionValues(connectionTypeOf('s3'))).toMatchObject({
      usePathStyle: false,
      insecure_tls: false,
    });
  });

  it('saves an empty namespace as default and leaves out empty fields', () => {
    const entry = connectionTypeOf('postgres');
    expect(
      connectionBody(entry, {
        name: 'orders',
        namespace: '  ',
        url: 'postgres://db',
        username: { value: '' },
        password: { valueFrom: { secretKeyRef: { name: 'pg' } } },
      }),
    ).toEqual({
      name: 'orders',
      namespace: 'default',
      type: 'postgres',
      url: 'postgres://db',
      insecure_tls: false,
      properties: {},
    });
  });

  it('on update keeps the stored type and the properties the form does not edit, and clears emptied columns', () => {
    const row: StoredConnection = {
      name: 'aws-prod',
      namespace: 'default',
      type: 'AWS',
      url: 'https://sts.example.com',
      username: 'secret://aws/id',
      password: 'secret://aws/key',
      properties: { region: 'eu-west-1', assumeRole: 'arn:aws:iam::1:role/x' },
    };
    const entry = connectionTypeOf(row.type);
    const values = { ...connectionFormValues(entry, row), url: '', region: 'us-east-1' };
    expect(connectionBody(entry, values, row)).toEqual({
      name: 'aws-prod',
      namespace: 'default',
      type: 'AWS',
      url: null,
      username: 'secret://aws/id',
      password: 'secret://aws/key',
      insecure_tls: false,
      properties: { region: 'us-east-1', assumeRole: 'arn:aws:iam::1:role/x' },
    });
  });

  it('reduces an AI provider to name, url, password and the model, whatever else is stored', () => {
    const row: StoredConnection = {
      name: 'claude',
      namespace: 'ai',
      type: 'anthropic',
      username: 'ignored',
      password: 'secret://ai/key',
      properties: { model: 'claude-x', temperature: '0' },
    };
    const entry = connectionTypeOf('anthropic');
    expect(connectionBody(entry, connectionFormValues(entry, row), row)).toEqual({
      name: 'claude',
      type: 'anthropic',
      password: 'secret://ai/key',
      properties: { model: 'claude-x' },
    });
  });

  it('keeps a bearer token of an HTTP connection under properties', () => {
    const entry = connectionTypeOf('http');
    const row: StoredConnection = {
      name: 'api',
      namespace: 'default',
      type: 'http',
      url: 'https://api',
      properties: { bearer: 'secret://api/token', headers: '[]' },
    };
    const values = connectionFormValues(entry, row);
    expect(values).toEqual({
      name: 'api',
      namespace: 'default',
      url: 'https://api',
      bearer: secret('api', 'token'),
      insecure_tls: false,
    });
    expect(connectionBody(entry, values, row)).toEqual({
      name: 'api',
      namespace: 'default',
      type: 'http',
      url: 'https://api',
      insecure_tls: false,
      properties: { bearer: 'secret://api/token', headers: '[]' },
    });
  });

  it('reads an SMTP connection made elsewhere from its URL, and writes its URL from the options', () => {
    const entry = connectionTypeOf('email');
    const row: StoredConnection = {
      name: 'system',
      namespace: 'mc',
      type: 'email',
      url: 'smtp://$(username):$(password)@smtp.corp:25/?UseStartTLS=true&Encryption=auto&Auth=plain&from=noreply@corp&to=a@corp,b@corp',
      username: 'relay',
      insecure_tls: true,
      properties: { port: '25', subject: 'Alert', to: 'a@corp,b@corp', headers: '{}' },
    };
    const values = connectionFormValues(entry, row);
    expect(values).toEqual({
      name: 'system',
      namespace: 'mc',
      host: 'smtp.corp',
      port: 25,
      username: value('relay'),
      auth: 'Plain',
      encryptionMethod: 'Auto',
      from: 'noreply@corp',
      to: 'a@corp,b@corp',
      subject: 'Alert',
      insecure_tls: true,
    });
    const body = connectionBody(entry, { ...values, encryptionMethod: 'None', auth: 'None' }, row);
    expect(body.url).toBe(
      'smtp://$(username):$(password)@smtp.corp:25/?UseStartTLS=true&Encryption=None&Auth=None&from=noreply@corp&to=a@corp,b@corp',
    );
    expect(body.properties).toEqual({
      host: 'smtp.corp',
      port: '25',
      auth: 'None',
      encryptionMethod: 'None',
      from: 'noreply@corp',
      to: 'a@corp,b@corp',
      subject: 'Alert',
    });
  });

  it('starts an SMTP connection on port 587, Plain auth and Auto encryption', () => {
    expect(newConnectionValues(connectionTypeOf('email'))).toEqual({
      name: '',
      namespace: 'default',
      port: 587,
      auth: 'Plain',
      encryptionMethod: 'Auto',
      insecure_tls: false,
    });
  });

  it('reads a stored type the catalogue does not know with the generic fields', () => {
    const row: StoredConnection = {
      name: 'alerts',
      type: 'slack',
      password: 'secret://slack-bot/token',
      properties: { channel: '#sre' },
    };
    const entry = connectionTypeOf(row.type);
    const values = connectionFormValues(entry, row);
    expect(values).toEqual({
      name: 'alerts',
      namespace: 'default',
      password: secret('slack-bot', 'token'),
      insecure_tls: false,
    });
    expect(connectionBody(entry, values, row)).toEqual({
      name: 'alerts',
      namespace: 'default',
      type: 'slack',
      password: 'secret://slack-bot/token',
      insecure_tls: false,
      properties: { channel: '#sre' },
    });
  });
});

describe('connection URL', () => {
  it('is the reference the connection pickers write, in the default namespace when none', () => {
    expect(connectionUrl({ name: 'orders-db', namespace: 'shop' })).toBe(
      `${CONNECTION_PREFIX}shop/orders-db`,
    );
    expect(connectionUrl({ name: 'relay', namespace: null })).toBe('connection://default/relay');
  });
});
