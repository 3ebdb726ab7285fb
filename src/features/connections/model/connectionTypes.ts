import type { IconName } from '@blueprintjs/icons';
import { SMTP_AUTH_METHODS, SMTP_ENCRYPTION_METHODS, SMTP_URL } from './smtp';

/**
 * The connection type catalogue (spec 001 §3 "Connection type catalogue" and "Fields per
 * type"): what the picker offers, the `type` value Mission Control stores, the icon, and each
 * type's fields with where the value is kept in a `connections` row (CONN-04/05): one of the
 * row's columns, or a string under `properties`.
 */

/** The row columns a field can be kept in. */
export type ConnectionColumn = 'url' | 'username' | 'password' | 'certificate' | 'insecure_tls';

/**
 * How a field is edited:
 * - `text`: one line of text;
 * - `multiline`: several lines (a certificate, a key pasted as it is);
 * - `secret`: a value, a Secret key or a ConfigMap key (the kit's `EnvVarField`), stored as one
 *   string (see secretRef.ts);
 * - `switch`: a boolean;
 * - `select`: one of the field's `options`;
 * - `number`: a whole number, stored as its text;
 * - `map`: name and value pairs, stored as a JSON object.
 */
export type ConnectionFieldControl =
  'text' | 'multiline' | 'secret' | 'switch' | 'select' | 'number' | 'map';

/** One choice of a `select` field. */
export interface ConnectionFieldOption {
  value: string;
  label: string;
}

/**
 * The ways an HTTP-like connection authenticates. Fields tagged with one are shown under the
 * form's "Authentication" choice only when it is chosen; with none chosen, none is saved.
 */
export type ConnectionAuthMethod = 'basic' | 'bearer' | 'oauth';

/** The labels of the authentication methods, in the order the choice offers them. */
export const CONNECTION_AUTH_METHODS: Readonly<Record<ConnectionAuthMethod, string>> = {
  basic: 'Basic',
  bearer: 'Bearer Token',
  oauth: 'OAuth',
};

export interface ConnectionField {
  /** The form's key: the column's name, or the property's key. */
  key: string;
  label: string;
  control: ConnectionFieldControl;
  /** Where the value is kept: a row column, or `properties[key]`. */
  store: 'column' | 'property';
  required?: boolean;
  /** The value a new connection starts with (a property's text, or a switch's state). */
  defaultValue?: string | boolean;
  placeholder?: string;
  helperText?: string;
  /** The choices of a `select`. */
  options?: readonly ConnectionFieldOption[];
  /** The authentication method the field belongs to (see `ConnectionAuthMethod`). */
  auth?: ConnectionAuthMethod;
}

/**
 * A URL composed from a type's other fields (SMTP keeps host, port and options in its URL as
 * well as in `properties`): written on every save, read where the row lacks a property.
 */
export interface ConnectionUrlCodec {
  /** The URL of what is saved: its properties (as strings) and its Insecure TLS switch. */
  compose: (saved: {
    properties: Readonly<Record<string, string>>;
    insecureTls: boolean;
  }) => string;
  /** The properties a stored URL holds, by field key. */
  read: (url: string) => Record<string, string>;
}

export interface ConnectionType {
  /** The `type` value as Mission Control stores it. */
  type: string;
  /** The label shown in the picker and as the dialog's title. */
  label: string;
  icon: IconName;
  fields: readonly ConnectionField[];
  /** Not offered in the picker (JMeter); its connections can still be opened. */
  hidden?: boolean;
  /**
   * The AI providers: the body is reduced to `{ name, url, password, properties{ model} }`
   * plus `type` (api.md CONN-04).
   */
  reducedBody?: boolean;
  /** The URL is composed from the other fields rather than typed. */
  urlCodec?: ConnectionUrlCodec;
}

const column = (
  key: ConnectionColumn,
  label: string,
  control: ConnectionFieldControl,
  extra: Partial<ConnectionField> = {},
): ConnectionField => ({ key, label, control, store: 'column', ...extra });

const property = (
  key: string,
  label: string,
  extra: Partial<ConnectionField> = {},
): ConnectionField => ({ key, label, control: 'text', store: 'property', ...extra });

const url = (label = 'URL', extra: Partial<ConnectionField> = {}) =>
  column('url', label, 'text', { required: true, ...extra });
const username = (label = 'Username', extra: Partial<ConnectionField> = {}) =>
  column('username', label, 'secret', extra);
const password = (label = 'Password', extra: Partial<ConnectionField> = {}) =>
  column('password', label, 'secret', extra);
const certificate = (label: string, extra: Partial<ConnectionField> = {}) =>
  column('certificate', label, 'secret', extra);
const insecureTls = column('insecure_tls', 'Insecure TLS', 'switch', { defaultValue: false });
const model = (defaultValue: string) => property('model', 'Model', { defaultValue });

const select = (
  key: string,
  label: string,
  options: readonly string[],
  defaultValue: string,
): ConnectionField => ({
  ...property(key, label, { defaultValue }),
  control: 'select',
  options: options.map((option) => ({ value: option, label: option })),
});
/** A secret kept under `properties` (a token, a client secret). */
const secretProperty = (key: string, label: string, extra: Partial<ConnectionField> = {}) =>
  property(key, label, { control: 'secret', ...extra });

/** URL, username, password: what most types have (spec 001 §3). */
const credentials = (urlLabel = 'URL', urlExtra: Partial<ConnectionField> = {}) => [
  url(urlLabel, urlExtra),
  username(),
  password(),
];

/** Username and password, asked for only when "Basic" authentication is chosen. */
const basicAuth = [
  username('Username', { auth: 'basic' }),
  password('Password', { auth: 'basic' }),
];

/**
 * A bearer token and OAuth client credentials: the properties Mission Control's HTTP
 * connection reads (`bearer`, `clientID`, `clientSecret`, `tokenURL`, `scopes`).
 */
const tokenAuth = [
  secretProperty('bearer', 'Bearer Token', { auth: 'bearer' }),
  secretProperty('clientID', 'Client ID', { auth: 'oauth' }),
  secretProperty('clientSecret', 'Client Secret', { auth: 'oauth' }),
  property('tokenURL', 'Token URL', { auth: 'oauth' }),
  property('scopes', 'Scopes', { auth: 'oauth', helperText: 'Separated by commas' }),
];

/** An HTTP endpoint with an optional authentication (none, basic, a token or OAuth). */
const httpEndpoint = (withTokens: boolean, extra: readonly ConnectionField[] = []) => [
  url(),
  ...basicAuth,
  ...(withTokens ? tokenAuth : []),
  ...extra,
  insecureTls,
];

/** The key a KMS encrypts with, as its provider names it. */
const keyId = (placeholder: string) => property('keyID', 'Key ID', { required: true, placeholder });

/** The AI providers share one shape: an optional endpoint, an API key and a model. */
const aiProvider = (
  type: string,
  label: string,
  defaultModel: string,
  keyRequired: boolean,
  urlExtra: Partial<ConnectionField> = {},
): ConnectionType => ({
  type,
  label,
  icon: 'predictive-analysis',
  reducedBody: true,
  fields: [
    url('URL', { required: false, ...urlExtra }),
    password('API Key', { required: keyRequired }),
    model(defaultModel),
  ],
});

/** Every type, in the catalogue's order. */
export const CONNECTION_TYPES: readonly ConnectionType[] = [
  aiProvider('anthropic', 'Anthropic', 'claude-3-7-sonnet-latest', true, {
    placeholder: 'https://api.anthropic.com',
  }),
  aiProvider('openai', 'OpenAI', 'gpt-4o', true, { placeholder: 'https://api.openai.com/v1' }),
  aiProvider('ollama', 'Ollama', 'llama3.1', false, {
    required: true,
    defaultValue: 'http://localhost:11434',
  }),
  {
    // Gemini takes no endpoint: an API key and a model.
    type: 'gemini',
    label: 'Gemini',
    icon: 'predictive-analysis',
    reducedBody: true,
    fields: [password('API Key', { required: true }), model('gemini-2.5-flash')],
  },
  {
    type: 'postgres',
    label: 'Postgres',
    icon: 'database',
    fields: [
      ...credentials('URL', {
        placeholder: 'postgres://$(username):$(password)@host:5432/db?sslmode=require',
      }),
      insecureTls,
    ],
  },
  {
    type: 'mysql',
    label: 'MySQL',
    icon: 'database',
    fields: [
      ...credentials('URL', { placeholder: 'mysql://$(username):$(password)@host:3306/db' }),
      insecureTls,
    ],
  },
  {
    type: 'sql_server',
    label: 'SQL Server',
    icon: 'database',
    fields: [
      ...credentials('URL', {
        placeholder: 'sqlserver://$(username):$(password)@host:1433?database=db',
      }),
      insecureTls,
    ],
  },
  { type: 'http', label: 'HTTP', icon: 'globe-network', fields: httpEndpoint(true) },
  {
    type: 'prometheus',
    label: 'Prometheus',
    icon: 'timeline-line-chart',
    fields: httpEndpoint(true),
  },
  {
    type: 'elasticsearch',
    label: 'Elasticsearch',
    icon: 'search',
    fields: httpEndpoint(false),
  },
  {
    type: 'loki',
    label: 'Loki',
    icon: 'align-justify',
    fields: [url('URL', { placeholder: 'http://loki:3100' }), ...basicAuth],
  },
  {
    // OpenSearch reads Insecure TLS from its properties first (as its resources write it).
    type: 'opensearch',
    label: 'OpenSearch',
    icon: 'search-text',
    fields: [
      url('URL', { placeholder: 'https://opensearch:9200' }),
      ...basicAuth,
      property('index', 'Index'),
      { ...property('insecure_tls', 'Insecure TLS'), control: 'switch', defaultValue: false },
    ],
  },
  {
    type: 'mongo',
    label: 'Mongo',
    icon: 'database',
    fields: [
      ...credentials('URL', { placeholder: 'mongodb://$(username):$(password)@host:27017/db' }),
      property('db', 'Database'),
      insecureTls,
    ],
  },
  {
    type: 'ldap',
    label: 'LDAP',
    icon: 'people',
    fields: [...credentials('URL', { placeholder: 'ldaps://ldap.example.com:636' }), insecureTls],
  },
  {
    type: 'redis',
    label: 'Redis',
    icon: 'layers',
    fields: [...credentials('URL', { placeholder: 'redis://host:6379' }), property('db', 'DB')],
  },
  {
    type: 'windows',
    label: 'Windows',
    icon: 'desktop',
    fields: [username(), password(), property('domain', 'Domain')],
  },
  {
    type: 'google_cloud',
    label: 'Google Cloud',
    icon: 'cloud',
    fields: [
      url('Endpoint', { required: false }),
      certificate('Credentials', { required: true, helperText: 'Service account JSON key' }),
    ],
  },
  {
    type: 'gcs',
    label: 'Google Cloud Storage',
    icon: 'cloud-server',
    fields: [
      property('bucket', 'Bucket', { required: true }),
      url('Endpoint', { required: false }),
      certificate('Credentials', { helperText: 'Service account JSON key' }),
    ],
  },
  {
    type: 'gcp_kms',
    label: 'GCP KMS',
    icon: 'key',
    fields: [
      keyId('projects/PROJECT/locations/LOCATION/keyRings/RING/cryptoKeys/KEY'),
      property('project', 'Project'),
      certificate('Credentials', { helperText: 'Service account JSON key' }),
      url('Endpoint', { required: false }),
    ],
  },
  {
    type: 'sftp',
    label: 'SFTP',
    icon: 'folder-close',
    fields: [
      url('Host', { placeholder: 'sftp.example.com' }),
      property('port', 'Port', { defaultValue: '22' }),
      property('path', 'Path'),
      username('Username', { required: true }),
      password(),
    ],
  },
  {
    type: 'aws',
    label: 'AWS',
    icon: 'cloud',
    fields: [
      username('Access Key'),
      password('Secret Key'),
      property('region', 'Region', { placeholder: 'eu-west-1' }),
      property('profile', 'Profile'),
      url('Endpoint', { required: false }),
      insecureTls,
    ],
  },
  {
    type: 's3',
    label: 'AWS S3',
    icon: 'archive',
    fields: [
      property('bucket', 'Bucket', { required: true }),
      username('Access Key'),
      password('Secret Key'),
      property('region', 'Region', { placeholder: 'eu-west-1' }),
      property('profile', 'Profile'),
      url('Endpoint', { required: false }),
      { ...property('usePathStyle', 'Use Path Style'), control: 'switch', defaultValue: false },
      insecureTls,
    ],
  },
  {
    type: 'aws_kms',
    label: 'AWS KMS',
    icon: 'key',
    fields: [
      keyId('alias/ExampleAlias or arn:aws:kms:…'),
      username('Access Key'),
      password('Secret Key'),
      property('region', 'Region', { placeholder: 'eu-west-1' }),
      property('profile', 'Profile'),
      url('Endpoint', { required: false }),
      insecureTls,
    ],
  },
  {
    type: 'kubernetes',
    label: 'Kubernetes',
    icon: 'cube',
    fields: [certificate('Kubeconfig', { required: true })],
  },
  {
    type: 'azure_devops',
    label: 'Azure Devops',
    icon: 'git-merge',
    fields: [
      url('URL', { required: false, placeholder: 'https://dev.azure.com' }),
      username('Organization', { required: true }),
      password('Personal Access Token', { required: true }),
    ],
  },
  {
    type: 'azure',
    label: 'Azure',
    icon: 'cloud',
    fields: [
      username('Client ID', { required: true }),
      password('Client Secret', { required: true }),
      property('tenant', 'Tenant ID', { required: true }),
    ],
  },
  {
    type: 'azure_key_vault',
    label: 'Azure Key Vault',
    icon: 'lock',
    fields: [
      keyId('https://VAULT.vault.azure.net/keys/KEY'),
      username('Client ID', { required: true }),
      password('Client Secret', { required: true }),
      property('tenant', 'Tenant ID', { required: true }),
    ],
  },
  {
    type: 'github',
    label: 'GitHub',
    icon: 'git-repo',
    fields: [
      url('URL', { required: false, defaultValue: 'https://api.github.com' }),
      password('Personal Access Token', { required: true }),
    ],
  },
  {
    type: 'gitlab',
    label: 'Gitlab',
    icon: 'git-repo',
    fields: [
      url('URL', { required: false, defaultValue: 'https://gitlab.com' }),
      password('Personal Access Token', { required: true }),
    ],
  },
  {
    type: 'restic',
    label: 'Restic',
    icon: 'floppy-disk',
    fields: [
      url('Repository URL'),
      password('Repository Password', { required: true }),
      username('Access Key'),
      certificate('Secret Key'),
    ],
  },
  {
    type: 'smb',
    label: 'SMB',
    icon: 'folder-close',
    fields: [
      url('Server', { placeholder: 'fileserver.example.com' }),
      property('port', 'Port', { defaultValue: '445' }),
      property('share', 'Share'),
      property('domain', 'Domain'),
      username('Username', { required: true }),
      password(),
    ],
  },
  {
    // Mission Control keeps the options both in the URL it sends with and in `properties`.
    type: 'email',
    label: 'SMTP',
    icon: 'envelope',
    urlCodec: SMTP_URL,
    fields: [
      property('host', 'Host', { required: true, placeholder: 'smtp.example.com' }),
      { ...property('port', 'Port', { defaultValue: '587' }), control: 'number' },
      username(),
      password(),
      select('auth', 'Auth Method', SMTP_AUTH_METHODS, 'Plain'),
      select('encryptionMethod', 'Encryption Method', SMTP_ENCRYPTION_METHODS, 'Auto'),
      property('from', 'From', { required: true, placeholder: 'alerts@example.com' }),
      property('fromname', 'From Name'),
      property('to', 'To', { placeholder: 'ops@example.com, sre@example.com' }),
      property('subject', 'Subject'),
      { ...property('headers', 'Headers'), control: 'map' },
      insecureTls,
    ],
  },
  {
    type: 'dynatrace',
    label: 'Dynatrace',
    icon: 'heat-grid',
    fields: [
      property('host', 'Host', { required: true, placeholder: 'abc12345.live.dynatrace.com' }),
      property('scheme', 'Scheme', { defaultValue: 'https' }),
      password('API Key', { required: true }),
    ],
  },
  {
    type: 'git',
    label: 'Git',
    icon: 'git-branch',
    fields: [
      url('URL', { placeholder: 'https://github.com/org/repo.git' }),
      property('ref', 'Ref', { defaultValue: 'main' }),
      username(),
      password(),
      certificate('SSH Key'),
    ],
  },
  {
    type: 'folder',
    label: 'Folder',
    icon: 'folder-close',
    fields: [property('path', 'Path', { required: true })],
  },
  {
    type: 'jmeter',
    label: 'JMeter',
    icon: 'lab-test',
    hidden: true,
    fields: [url('Host'), property('port', 'Port')],
  },
];

/** Stored types read by other names (older rows, the CLI's short names). */
const TYPE_ALIASES: Readonly<Record<string, string>> = {
  gcp: 'google_cloud',
  mssql: 'sql_server',
  'google cloud': 'google_cloud',
  'azure devops': 'azure_devops',
  smtp: 'email',
};

const BY_TYPE = new Map(CONNECTION_TYPES.map((entry) => [entry.type, entry]));

/** The generic form of a stored type the catalogue does not know (a notification's, say). */
function genericType(type: string): ConnectionType {
  return {
    type,
    label: type,
    icon: 'data-connection',
    fields: [
      url('URL', { required: false }),
      username(),
      password(),
      certificate('Certificate'),
      insecureTls,
    ],
  };
}

function knownType(type: string | null | undefined): ConnectionType | undefined {
  const lower = (type ?? '').trim().toLowerCase();
  return BY_TYPE.get(lower) ?? BY_TYPE.get(TYPE_ALIASES[lower] ?? '');
}

/** The catalogue's entry of a stored `type` (any case, known aliases), or a generic one. */
export function connectionTypeOf(type: string | null | undefined): ConnectionType {
  return knownType(type) ?? genericType((type ?? '').trim());
}

/** One authentication method a type offers and the fields (keys) it owns. */
export interface ConnectionAuthChoice {
  value: ConnectionAuthMethod;
  label: string;
  owns: string[];
}

/**
 * The authentication methods a type offers, in the order of `CONNECTION_AUTH_METHODS`, each
 * with the keys of its fields; none when its fields take no part in such a choice.
 */
export function connectionAuthChoices(entry: ConnectionType): ConnectionAuthChoice[] {
  return (Object.keys(CONNECTION_AUTH_METHODS) as ConnectionAuthMethod[]).flatMap((method) => {
    const owns = entry.fields.filter((field) => field.auth === method).map((field) => field.key);
    return owns.length === 0
      ? []
      : [{ value: method, label: CONNECTION_AUTH_METHODS[method], owns }];
  });
}

/** Whether the catalogue knows the stored `type`. */
export function isKnownConnectionType(type: string | null | undefined): boolean {
  return knownType(type) !== undefined;
}

/**
 * The picker's choices: every type but the hidden ones, sorted by label (case-insensitive),
 * narrowed to the labels containing `search` when one is typed.
 */
export function pickableConnectionTypes(search = ''): ConnectionType[] {
  const needle = search.trim().toLowerCase();
  return CONNECTION_TYPES.filter(
    (entry) => !entry.hidden && (needle === '' || entry.label.toLowerCase().includes(needle)),
  ).sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }));
}
