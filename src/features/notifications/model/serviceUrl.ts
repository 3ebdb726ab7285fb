/**
 * Composition of a channel's form values into a rule's custom service
 * (`custom_services[{name, filters, url, connection, properties}]`, api.md NOTIF-01) and back.
 *
 * - The URL follows the shoutrrr format of the channel type (`discord://token@id`,
 *   `smtp://user:pass@host:port/?…`, `generic+https://…`, …).
 * - Credentials are never written as typed: the URL carries `$(username)` / `$(password)`,
 *   the placeholders Mission Control resolves from a connection's username and password.
 *   `channelSecrets()` returns the typed values so the caller can store them as that
 *   connection's secrets; `inlineSecrets()` substitutes them (URL-encoded) when a caller
 *   really needs a self-contained URL.
 * - Fields whose target is `properties` go to the service's `properties`.
 * - With a connection chosen (`values.connection`, e.g. `connection://namespace/name`), the
 *   connection supplies the URL: the service has no `url` and only its properties are composed.
 *   Mission Control then sends with the connection's URL (its `$(username)` / `$(password)`
 *   resolved from the connection's secrets) and merges the connection's properties under the
 *   service's. A service with its own URL is sent with that URL as written, so the placeholders
 *   only resolve once the secrets live in a connection; until then the caller either saves
 *   `channelSecrets()` as a connection and references it, or inlines them with `inlineSecrets()`.
 *
 * `parseService` is the inverse, so a saved rule opens with its fields filled; a placeholder
 * comes back as the field value itself (`$(password)`), meaning "kept, not shown", and composes
 * back to the same placeholder. Unknown URL schemes open as the raw-URL fallback.
 */
import {
  CHANNEL_TYPES,
  RAW_CHANNEL_TYPE,
  channelFields,
  type AnyChannelTypeId,
  type ChannelField,
  type ChannelFieldValue,
  type ChannelTypeId,
  type ChannelValues,
  type SecretSlot,
} from './channelTypes';

/** The placeholder of a connection's username in a URL. */
export const USERNAME_PLACEHOLDER = '$(username)';
/** The placeholder of a connection's password in a URL. */
export const PASSWORD_PLACEHOLDER = '$(password)';

const PLACEHOLDER: Record<SecretSlot, string> = {
  username: USERNAME_PLACEHOLDER,
  password: PASSWORD_PLACEHOLDER,
};

/** Whether a value is a `$(…)` placeholder rather than a typed secret. */
export function isPlaceholder(value: unknown): boolean {
  return typeof value === 'string' && /^\$\([A-Za-z0-9_.-]+\)$/.test(value);
}

/** A rule's custom service as stored (api.md NOTIF-01). */
export interface CustomService {
  name: string;
  url?: string;
  connection?: string;
  properties?: Record<string, string>;
  filters?: string;
}

/** A composed custom service: `url` is absent when a connection supplies it. */
export interface ComposedService {
  name: string;
  url?: string;
  connection?: string;
  properties: Record<string, string>;
}

/** What `composeService` keeps from a parsed service that no field holds. */
export interface ServiceExtras {
  /** Properties that no field of the type maps. */
  extraProperties?: Record<string, string>;
  /** Raw `key=value` query parameters of the URL that no field maps. */
  extraQuery?: readonly string[];
}

/** A parsed custom service: the channel type, its field values and what no field holds. */
export interface ParsedService extends Required<ServiceExtras> {
  type: AnyChannelTypeId;
  values: ChannelValues;
}

/** The typed credentials of a channel, for storing as a connection's username/password. */
export interface ChannelSecrets {
  username?: string;
  password?: string;
}

// ---------------------------------------------------------------- encoding

/** Percent-encodes, keeping `$ ( )` (placeholders) and, unless `strict`, `@ : , /` readable. */
function encode(value: string, strict = false): string {
  const kept = strict ? /%(24|28|29)/g : /%(24|28|29|40|3A|2C|2F)/g;
  return encodeURIComponent(value).replace(kept, (escaped) => decodeURIComponent(escaped));
}

/** Decodes percent escapes (and `+` in a query, as Go's query parser does); invalid ones stay. */
function decode(value: string, query = false): string {
  const text = query ? value.replace(/\+/g, ' ') : value;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Splits a comma-separated list, trimmed, without empty items. */
function list(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** The parts of a URL as written (nothing decoded). */
interface UrlParts {
  scheme: string;
  user?: string;
  password?: string;
  /** Host with its port, as written. */
  hostPort: string;
  host: string;
  port: string;
  /** Path segments, without empty ones. */
  segments: string[];
  query: string[];
}

/** Splits `scheme://[user[:password]@]host[:port][/path][?query]`; undefined if not that shape. */
function splitUrl(url: string): UrlParts | undefined {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(?:\?([^#]*))?(?:#.*)?$/.exec(
    url.trim(),
  );
  if (!match) return undefined;
  const [, scheme = '', authority = '', path = '', query] = match;
  const at = authority.lastIndexOf('@');
  const userinfo = at === -1 ? undefined : authority.slice(0, at);
  const hostPort = authority.slice(at + 1);
  const colon = userinfo?.indexOf(':') ?? -1;
  const portMatch = /^(.*?)(?::(\d*))?$/.exec(hostPort);
  return {
    scheme: scheme.toLowerCase(),
    user: userinfo === undefined ? undefined : colon === -1 ? userinfo : userinfo.slice(0, colon),
    password: userinfo === undefined || colon === -1 ? undefined : userinfo.slice(colon + 1),
    hostPort,
    host: portMatch?.[1] ?? hostPort,
    port: portMatch?.[2] ?? '',
    segments: path.split('/').filter(Boolean),
    query: query ? query.split('&').filter(Boolean) : [],
  };
}

/** A query string from `[key, value]` pairs, skipping empty values, plus raw extra parameters. */
function queryString(
  pairs: ReadonlyArray<[string, string]>,
  extra: readonly string[] = [],
): string {
  const parts = pairs
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}=${encode(value)}`);
  parts.push(...extra);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Reads query parameters case-insensitively and remembers which were read. */
class QueryReader {
  private readonly used = new Set<number>();
  constructor(private readonly raw: readonly string[]) {}

  /** The decoded value of `key` ('' if absent). */
  get(key: string): string {
    const index = this.raw.findIndex(
      (part) => (part.split('=')[0] ?? '').toLowerCase() === key.toLowerCase(),
    );
    if (index === -1) return '';
    this.used.add(index);
    const part = this.raw[index] ?? '';
    const eq = part.indexOf('=');
    return eq === -1 ? '' : decode(part.slice(eq + 1), true);
  }

  /** The parameters never read. */
  rest(): string[] {
    return this.raw.filter((_, index) => !this.used.has(index));
  }
}

// ---------------------------------------------------------------- values

/** Reads a channel's values with the catalogue's defaults applied. */
class ValueReader {
  private readonly fields: Map<string, ChannelField>;
  constructor(
    type: AnyChannelTypeId,
    private readonly values: ChannelValues,
  ) {
    this.fields = new Map(channelFields(type).map((field) => [field.name, field]));
  }

  /** The value as text, trimmed; the default when empty. */
  text(name: string): string {
    const value = this.values[name];
    const text = value === undefined ? '' : String(value).trim();
    if (text !== '') return text;
    const fallback = this.fields.get(name)?.default;
    return fallback === undefined ? '' : String(fallback);
  }

  /** A checkbox value with its default. */
  flag(name: string): boolean {
    const value = this.values[name];
    if (typeof value === 'boolean') return value;
    if (typeof value === 'string' && value !== '') return /^(true|yes|1)$/i.test(value);
    return this.fields.get(name)?.default === true;
  }

  /** The URL form of a secret field: its placeholder when it has a value, else ''. */
  secret(name: string): string {
    const slot = this.fields.get(name)?.secret;
    const text = this.text(name);
    if (!slot || text === '') return '';
    return isPlaceholder(text) ? text : PLACEHOLDER[slot];
  }
}

const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');
const parseYesNo = (value: string, fallback: boolean) =>
  value === '' ? fallback : /^(yes|true|1)$/i.test(value);

/** `user[:password]@` or '' when both are empty (each already URL-encoded or a placeholder). */
function userinfo(user: string, password: string): string {
  if (!user && !password) return '';
  return `${user}${password ? `:${password}` : ''}@`;
}

/** `host` or `host:port`. */
const hostPort = (host: string, port: string) => (port ? `${host}:${port}` : host);

/** The Teams webhook URL shape: organisation host, four ids and the signature. */
const TEAMS_WEBHOOK =
  /^https:\/\/([^/\s]+\.webhook\.office\.com)\/webhookb2\/([^/@\s]+)@([^/\s]+)\/IncomingWebhook\/([^/\s]+)\/([^/\s]+)\/([^/\s?#]+)\/?$/;

/** Whether a URL is a Teams incoming webhook URL. */
export function isTeamsWebhookUrl(url: string): boolean {
  return TEAMS_WEBHOOK.test(url.trim());
}

// ---------------------------------------------------------------- per type

/** How one type's URL is written and read back. */
interface UrlCodec {
  compose(v: ValueReader, extraQuery: readonly string[]): string;
  /** The URL fields' values, from a URL of one of the type's schemes. */
  parse(parts: UrlParts, query: QueryReader, url: string): ChannelValues;
}

const d = (value: string | undefined) => decode(value ?? '');

/** Mattermost's and Rocket.Chat's shared shape: `scheme://[user@]host/token[/channel]`. */
function chatUrl(scheme: string, v: ValueReader, extra: readonly string[]): string {
  const user = v.text('username');
  const channel = v.text('channel');
  return (
    `${scheme}://${user ? `${encode(user, true)}@` : ''}${v.text('host')}/${v.secret('token')}` +
    (channel ? `/${encode(channel, true)}` : '') +
    queryString([], extra)
  );
}
const seg = (parts: UrlParts, index: number) => d(parts.segments[index]);

/** A query parameter of a type's URL: written from a field's value and read back into it. */
interface QueryParam {
  key: string;
  field: string;
  write(v: ValueReader): string;
  read(query: QueryReader): ChannelFieldValue;
}

/** A text field as a query parameter (a secret field as its placeholder). */
const param = (key: string, field = key, secret = false): QueryParam => ({
  key,
  field,
  write: (v) => (secret ? v.secret(field) : v.text(field)),
  read: (query) => query.get(key),
});

/** A comma-separated list as a query parameter, its items trimmed. */
const listParam = (key: string, field = key): QueryParam => ({
  ...param(key, field),
  write: (v) => list(v.text(field)).join(','),
});

/**
 * A checkbox as a `yes`/`no` query parameter, read back as `fallback` when absent; with
 * `onlyYes`, an unchecked box leaves the parameter out.
 */
const yesNoParam = (
  key: string,
  field: string,
  fallback: boolean,
  onlyYes = false,
): QueryParam => ({
  key,
  field,
  write: (v) => (onlyYes && !v.flag(field) ? '' : yesNo(v.flag(field))),
  read: (query) => parseYesNo(query.get(key), fallback),
});

/** The query of `params` from the channel's values, then the extra parameters. */
const queryOf = (params: readonly QueryParam[], v: ValueReader, extra: readonly string[]) =>
  queryString(
    params.map((one) => [one.key, one.write(v)]),
    extra,
  );

/** The fields of `params` read back from a URL's query. */
const readQuery = (params: readonly QueryParam[], query: QueryReader): ChannelValues =>
  Object.fromEntries(params.map((one) => [one.field, one.read(query)]));

/** A type whose URL is `base` followed by the query of `params`, and read back the same way. */
function queryCodec(
  base: (v: ValueReader) => string,
  params: readonly QueryParam[],
  parsePath: (parts: UrlParts) => ChannelValues,
): UrlCodec {
  return {
    compose: (v, extra) => base(v) + queryOf(params, v, extra),
    parse: (parts, query) => ({ ...parsePath(parts), ...readQuery(params, query) }),
  };
}

/** `user:password@host[:port]/` of the fields `username`, `password`, `host` and `port`. */
const loginHost = (v: ValueReader) =>
  `${userinfo(v.secret('username'), v.secret('password'))}${hostPort(v.text('host'), v.text('port'))}/`;

/** The fields of `loginHost` read back. */
const parseLoginHost = (p: UrlParts): ChannelValues => ({
  host: p.host,
  port: p.port,
  username: d(p.user),
  password: d(p.password),
});

/** The generic webhook's options. */
const GENERIC_PARAMS = [
  param('contenttype', 'contentType'),
  param('requestmethod', 'requestMethod'),
  param('messagekey', 'messageKey'),
  param('titlekey', 'titleKey'),
];

const CODECS: Record<ChannelTypeId, UrlCodec> = {
  discord: {
    compose: (v, extra) =>
      `discord://${v.secret('token')}@${encode(v.text('webhookId'), true)}${queryString([], extra)}`,
    parse: (p) => ({ token: d(p.user), webhookId: d(p.hostPort) }),
  },
  email: queryCodec(
    (v) => `smtp://${loginHost(v)}`,
    [param('auth', 'authMethod'), param('encryption', 'encryptionMethod')],
    parseLoginHost,
  ),
  googlechat: queryCodec(
    (v) => `googlechat://chat.googleapis.com/v1/spaces/${encode(v.text('space'), true)}/messages`,
    [param('key'), param('token', 'token', true)],
    (p) => ({ space: seg(p, 2) }),
  ),
  ifttt: queryCodec(
    (v) => `ifttt://${v.secret('webhookKey')}/`,
    [listParam('events'), param('value1'), param('value2'), param('value3')],
    (p) => ({ webhookKey: d(p.hostPort) }),
  ),
  mattermost: {
    compose: (v, extra) => chatUrl('mattermost', v, extra),
    parse: (p) => ({ host: p.hostPort, username: d(p.user), token: seg(p, 0), channel: seg(p, 1) }),
  },
  matrix: queryCodec(
    (v) => `matrix://${loginHost(v)}`,
    [listParam('rooms'), yesNoParam('disableTLS', 'disableTLS', false, true)],
    parseLoginHost,
  ),
  ntfy: queryCodec(
    (v) =>
      `ntfy://${userinfo(v.secret('username'), v.secret('password'))}${v.text('host')}/${encode(v.text('topic'), true)}`,
    [param('priority'), listParam('tags')],
    (p) => ({ host: p.hostPort, topic: seg(p, 0), username: d(p.user), password: d(p.password) }),
  ),
  opsgenie: {
    compose: (v, extra) =>
      `opsgenie://${hostPort(v.text('host'), v.text('port'))}/${v.secret('apiKey')}${queryString([], extra)}`,
    parse: (p) => ({ host: p.host, port: p.port, apiKey: seg(p, 0) }),
  },
  pushbullet: {
    compose: (v, extra) =>
      `pushbullet://${v.secret('token')}` +
      list(v.text('targets'))
        .map((target) => `/${encode(target, true)}`)
        .join('') +
      queryString([], extra),
    parse: (p) => ({ token: d(p.hostPort), targets: p.segments.map((part) => d(part)).join(', ') }),
  },
  pushover: queryCodec(
    (v) => `pushover://shoutrrr:${v.secret('token')}@${v.secret('userKey')}/`,
    [listParam('devices'), param('priority')],
    (p) => ({ token: d(p.password), userKey: d(p.hostPort) }),
  ),
  rocketchat: {
    compose: (v, extra) => chatUrl('rocketchat', v, extra),
    parse: (p) => {
      // A placeholder stands for both token parts; a literal token is two path segments.
      const tokenParts = isPlaceholder(d(p.segments[0])) ? 1 : 2;
      return {
        host: p.hostPort,
        username: d(p.user),
        token: p.segments
          .slice(0, tokenParts)
          .map((part) => d(part))
          .join('/'),
        channel: seg(p, tokenParts),
      };
    },
  },
  slack: queryCodec(
    (v) => `slack://${v.secret('token')}@${encode(v.text('channel'), true)}`,
    [param('botname'), param('color'), param('icon')],
    (p) => ({ token: d(p.user), channel: d(p.hostPort) }),
  ),
  teams: {
    compose: (v, extra) => {
      const match = TEAMS_WEBHOOK.exec(v.text('webhookUrl'));
      if (!match) return '';
      const [, host, group, tenant, altId, owner, signature] = match;
      const secret = signature && isPlaceholder(signature) ? signature : PASSWORD_PLACEHOLDER;
      return (
        `teams://${group}@${tenant}/${altId}/${owner}/${secret}` +
        queryString(
          [
            ['host', host ?? ''],
            ['title', v.text('title')],
            ['color', v.text('color')],
          ],
          extra,
        )
      );
    },
    parse: (p, q) => {
      const host = q.get('host');
      const [altId = '', owner = '', signature = ''] = p.segments;
      return {
        webhookUrl:
          `https://${host}/webhookb2/${p.user ?? ''}@${p.hostPort}/IncomingWebhook/` +
          `${altId}/${owner}/${signature}`,
        title: q.get('title'),
        color: q.get('color'),
      };
    },
  },
  telegram: queryCodec(
    (v) => `telegram://${v.secret('token')}@telegram`,
    [
      listParam('chats'),
      param('parsemode', 'parseMode'),
      yesNoParam('preview', 'preview', true),
      yesNoParam('notification', 'notification', true),
    ],
    (p) => ({ token: d(p.user) }),
  ),
  zulip: queryCodec(
    (v) => `zulip://${userinfo(v.secret('botMail'), v.secret('botKey'))}${v.text('host')}/`,
    [param('stream'), param('topic')],
    (p) => ({ host: p.hostPort, botMail: d(p.user), botKey: d(p.password) }),
  ),
  generic: {
    compose: (v, extra) => {
      const target = v.text('url');
      const params = queryOf(GENERIC_PARAMS, v, extra);
      return `generic+${target}${target.includes('?') ? params.replace('?', '&') : params}`;
    },
    parse: (p, q, url) => {
      const values = readQuery(GENERIC_PARAMS, q);
      // The target's own query parameters stay in its URL.
      const rest = q.rest();
      const base = url.replace(/^generic\+/i, '').split(/[?#]/)[0] ?? '';
      const target =
        p.scheme === 'generic'
          ? base.replace(/^generic:/i, q.get('disabletls') === 'yes' ? 'http:' : 'https:')
          : base;
      return { ...values, url: rest.length ? `${target}?${rest.join('&')}` : target };
    },
  },
};

/** The channel type of a URL scheme, if it is one of the 16. */
export function channelTypeOfUrl(url: string): ChannelTypeId | undefined {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url.trim())?.[1]?.toLowerCase();
  if (!scheme) return undefined;
  return CHANNEL_TYPES.find((type) => type.schemes.includes(scheme))?.id;
}

/** Properties of the fields whose target is `properties`, skipping empty ones. */
function composeProperties(type: AnyChannelTypeId, v: ValueReader): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const field of channelFields(type)) {
    if (field.target !== 'properties') continue;
    const value =
      field.format === 'emails' ? list(v.text(field.name)).join(',') : v.text(field.name);
    if (value !== '') properties[field.name] = value;
  }
  return properties;
}

/**
 * The custom service of a channel. Assumes `validateChannel` found no error; with a
 * connection chosen (`values.connection`), the URL fields are not used.
 */
export function composeService(
  type: AnyChannelTypeId,
  values: ChannelValues,
  extras: ServiceExtras = {},
): ComposedService {
  const v = new ValueReader(type, values);
  const properties = { ...extras.extraProperties, ...composeProperties(type, v) };
  const service: ComposedService = { name: v.text('name'), properties };
  const connection = v.text('connection');
  if (connection) {
    service.connection = connection;
    return service;
  }
  service.url =
    type === RAW_CHANNEL_TYPE ? v.text('url') : CODECS[type].compose(v, extras.extraQuery ?? []);
  return service;
}

/** The type of a service without a URL (a connection's), guessed from its name (e.g. `slack`). */
function typeFromName(name: string): ChannelTypeId | undefined {
  const key = name.toLowerCase().replace(/[^a-z]/g, '');
  return CHANNEL_TYPES.find(
    (type) => type.id === key || type.label.toLowerCase().replace(/[^a-z]/g, '') === key,
  )?.id;
}

/** The channel form state of a saved custom service. */
export function parseService(service: CustomService): ParsedService {
  const url = service.url?.trim() ?? '';
  const allProperties = { ...service.properties };
  const common: ChannelValues = { name: service.name };
  if (service.connection) common.connection = service.connection;

  const type = url ? channelTypeOfUrl(url) : typeFromName(service.name);
  const parts = url ? splitUrl(url) : undefined;
  if (!type || (url && !parts)) {
    return {
      type: RAW_CHANNEL_TYPE,
      values: { ...common, url },
      extraProperties: allProperties,
      extraQuery: [],
    };
  }

  const values: ChannelValues = { ...common };
  const extraProperties: Record<string, string> = {};
  const propertyFields = new Set(
    channelFields(type)
      .filter((field) => field.target === 'properties')
      .map((field) => field.name),
  );
  for (const [key, value] of Object.entries(allProperties)) {
    if (propertyFields.has(key)) values[key] = value;
    else extraProperties[key] = value;
  }

  let extraQuery: string[] = [];
  if (parts) {
    const query = new QueryReader(parts.query);
    Object.assign(values, CODECS[type].parse(parts, query, url));
    if (type !== 'generic') extraQuery = query.rest();
  }
  for (const field of channelFields(type)) {
    if (
      field.kind === 'number' &&
      typeof values[field.name] === 'string' &&
      values[field.name] !== ''
    ) {
      const number = Number(values[field.name]);
      if (Number.isFinite(number)) values[field.name] = number;
    }
  }
  return { type, values, extraProperties, extraQuery };
}

/**
 * The typed credentials of a channel (placeholders and empty values left out), to store as
 * the `username` / `password` of the connection its URL placeholders refer to.
 */
export function channelSecrets(type: AnyChannelTypeId, values: ChannelValues): ChannelSecrets {
  const secrets: ChannelSecrets = {};
  const v = new ValueReader(type, values);
  for (const field of channelFields(type)) {
    if (!field.secret) continue;
    let value = v.text(field.name);
    if (type === 'teams') value = TEAMS_WEBHOOK.exec(value)?.[6] ?? '';
    if (value !== '' && !isPlaceholder(value)) secrets[field.secret] = value;
  }
  return secrets;
}

/** The URL with `$(username)` / `$(password)` replaced by the URL-encoded secrets given. */
export function inlineSecrets(url: string, secrets: ChannelSecrets): string {
  let result = url;
  if (secrets.username !== undefined)
    result = result.split(USERNAME_PLACEHOLDER).join(encodeURIComponent(secrets.username));
  if (secrets.password !== undefined)
    result = result.split(PASSWORD_PLACEHOLDER).join(encodeURIComponent(secrets.password));
  return result;
}

// ---------------------------------------------------------------- validation

/** Validation messages. */
export const CHANNEL_MESSAGES = {
  required: 'This field is required',
  number: 'Enter a number',
  integer: 'Enter a whole number',
  port: 'Enter a port between 1 and 65535',
  email: 'Enter a valid email address',
  emails: 'Enter valid email addresses, separated by commas',
  url: 'Enter a valid http:// or https:// URL',
  host: 'Enter a host name without scheme, path or spaces',
  hostWithoutPort: 'Enter the host without a port: the port has its own field',
  teamsWebhook:
    'Enter the incoming webhook URL (https://<organisation>.webhook.office.com/webhookb2/…)',
  range: (min: number, max: number) => `Enter a number between ${min} and ${max}`,
  option: (options: readonly string[]) => `Choose one of ${options.join(', ')}`,
} as const;

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The message of a format check, or undefined when the value passes. */
function formatError(field: ChannelField, value: string): string | undefined {
  if (field.kind === 'number' || field.format === 'port' || field.format === 'integer') {
    if (!/^[+-]?\d+(\.\d+)?$/.test(value)) return CHANNEL_MESSAGES.number;
    const number = Number(value);
    if (field.format === 'port')
      return Number.isInteger(number) && number >= 1 && number <= 65535
        ? undefined
        : CHANNEL_MESSAGES.port;
    if (field.format === 'integer' && !Number.isInteger(number)) return CHANNEL_MESSAGES.integer;
    if (
      (field.min !== undefined && number < field.min) ||
      (field.max !== undefined && number > field.max)
    )
      return CHANNEL_MESSAGES.range(field.min ?? -Infinity, field.max ?? Infinity);
    return undefined;
  }
  if (field.kind === 'select' && field.options && !field.options.includes(value))
    return CHANNEL_MESSAGES.option(field.options);
  switch (field.format) {
    case 'email':
      return isPlaceholder(value) || EMAIL.test(value) ? undefined : CHANNEL_MESSAGES.email;
    case 'emails': {
      const items = list(value);
      return items.length > 0 && items.every((item) => EMAIL.test(item))
        ? undefined
        : CHANNEL_MESSAGES.emails;
    }
    case 'url':
      return isHttpUrl(value) ? undefined : CHANNEL_MESSAGES.url;
    case 'host':
      return /^[^\s/?#@]+$/.test(value) && !value.includes('://')
        ? undefined
        : CHANNEL_MESSAGES.host;
    case 'teamsWebhook':
      return isTeamsWebhookUrl(value) ? undefined : CHANNEL_MESSAGES.teamsWebhook;
    default:
      return undefined;
  }
}

/**
 * Field errors of a channel, by field name (empty when valid): required fields, numbers,
 * ports 1–65535, email addresses, URLs. With a connection chosen, URL fields are not checked.
 */
export function validateChannel(
  type: AnyChannelTypeId,
  values: ChannelValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const v = new ValueReader(type, values);
  const viaConnection = v.text('connection') !== '';
  for (const field of channelFields(type)) {
    if (viaConnection && field.target === 'url') continue;
    if (field.kind === 'checkbox') continue;
    const value = v.text(field.name);
    if (value === '') {
      if (field.required) errors[field.name] = CHANNEL_MESSAGES.required;
      continue;
    }
    const hasPortField = channelFields(type).some((other) => other.name === 'port');
    const error =
      field.format === 'host' && hasPortField && value.includes(':')
        ? CHANNEL_MESSAGES.hostWithoutPort
        : formatError(field, value);
    if (error) errors[field.name] = error;
  }
  return errors;
}
