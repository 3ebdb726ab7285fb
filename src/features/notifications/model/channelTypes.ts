/**
 * The catalogue of notification channel types a rule can send to as a custom service
 * (spec 001 §3 "Notification type catalogue" and "Fields per type"), as data: the rule form
 * renders a channel's fields from here and `serviceUrl.ts` composes them into the service URL
 * its notification library (shoutrrr) expects.
 *
 * Secrets: a field marked `secret` never reaches the URL as typed. The URL carries the
 * Mission Control connection placeholder `$(username)` or `$(password)` in its place (the
 * syntax a connection's URL uses for its own username and password), and the typed value is
 * handed back separately by `channelSecrets()` so it can be stored as a connection's secret.
 */
import type { IconName } from '@blueprintjs/core';

/** The channel types, in the spec's order. */
export const CHANNEL_TYPE_IDS = [
  'discord',
  'email',
  'googlechat',
  'ifttt',
  'mattermost',
  'matrix',
  'ntfy',
  'opsgenie',
  'pushbullet',
  'pushover',
  'rocketchat',
  'slack',
  'teams',
  'telegram',
  'zulip',
  'generic',
] as const;

/** One of the 16 channel types. */
export type ChannelTypeId = (typeof CHANNEL_TYPE_IDS)[number];

/** The pseudo type of a service whose URL scheme is not one of the 16: edited as a raw URL. */
export const RAW_CHANNEL_TYPE = 'raw';

/** A channel type or the raw-URL fallback. */
export type AnyChannelTypeId = ChannelTypeId | typeof RAW_CHANNEL_TYPE;

/** The input widget of a field. */
export type ChannelFieldKind = 'text' | 'password' | 'number' | 'select' | 'checkbox' | 'textarea';

/**
 * Where a field's value goes when the channel is composed:
 * - `service`: the custom service itself (its `name`) or only the form (`namespace`, used
 *   when the channel's secrets are saved as a connection);
 * - `url`: into the service URL (ignored when a connection supplies the URL);
 * - `properties`: into the service's `properties` object.
 */
export type ChannelFieldTarget = 'service' | 'url' | 'properties';

/** The connection secret a field stands for: written as `$(username)` / `$(password)`. */
export type SecretSlot = 'username' | 'password';

/** Value formats checked by `validateChannel` beyond "required". */
export type ChannelFieldFormat =
  'email' | 'emails' | 'url' | 'host' | 'port' | 'integer' | 'teamsWebhook';

/** A field value as the form holds it. */
export type ChannelFieldValue = string | number | boolean;

/** The values of one channel, by field name. */
export type ChannelValues = Record<string, ChannelFieldValue | undefined>;

/** One field of a channel type. */
export interface ChannelField {
  /** Key in `ChannelValues`. */
  name: string;
  /** Label shown beside the input. */
  label: string;
  kind: ChannelFieldKind;
  required: boolean;
  /** Value used when the field is left empty. */
  default?: ChannelFieldValue;
  /** Choices of a `select`. */
  options?: readonly string[];
  placeholder?: string;
  /** Short help under the input. */
  hint?: string;
  /** Set when the value is a credential replaced by a placeholder in the URL. */
  secret?: SecretSlot;
  target: ChannelFieldTarget;
  format?: ChannelFieldFormat;
  /** Bounds of a number (inclusive). */
  min?: number;
  max?: number;
}

/** A channel type: its label (spec spelling), icon and fields. */
export interface ChannelType {
  id: ChannelTypeId;
  label: string;
  icon: IconName;
  /** The URL scheme(s) of its service URL; the first one is used when composing. */
  schemes: readonly string[];
  /** All fields, `name` and `namespace` first. */
  fields: readonly ChannelField[];
}

const NAME: ChannelField = {
  name: 'name',
  label: 'Name',
  kind: 'text',
  required: true,
  target: 'service',
};

const NAMESPACE: ChannelField = {
  name: 'namespace',
  label: 'Namespace',
  kind: 'text',
  required: true,
  default: 'default',
  target: 'service',
};

/** A URL field. */
function urlField(field: Omit<ChannelField, 'target' | 'kind'> & { kind?: ChannelFieldKind }) {
  return { kind: 'text', ...field, target: 'url' } as ChannelField;
}

/** A credential in the URL, replaced by the `slot` placeholder. */
function secretField(name: string, label: string, slot: SecretSlot, required: boolean) {
  return {
    name,
    label,
    kind: 'password',
    required,
    secret: slot,
    target: 'url',
  } satisfies ChannelField;
}

const hostField = (label: string, extra: Partial<ChannelField> = {}): ChannelField =>
  urlField({ name: 'host', label, required: true, format: 'host', ...extra });

/** The Email encryption methods (shoutrrr `encryption`). */
export const EMAIL_ENCRYPTION_METHODS = ['None', 'ExplicitTLS', 'ImplicitTLS', 'Auto'] as const;
/** The Email authentication methods (shoutrrr `auth`). */
export const EMAIL_AUTH_METHODS = ['None', 'Plain', 'CRAMMD5', 'Unknown', 'OAuth2'] as const;
/** Generic Webhook request methods. */
export const WEBHOOK_REQUEST_METHODS = ['POST', 'GET'] as const;
/** Ntfy priorities. */
export const NTFY_PRIORITIES = ['min', 'low', 'default', 'high', 'max'] as const;
/** OpsGenie alert priorities. */
export const OPSGENIE_PRIORITIES = ['P1', 'P2', 'P3', 'P4', 'P5'] as const;
/** Telegram parse modes. */
export const TELEGRAM_PARSE_MODES = ['None', 'Markdown', 'HTML', 'MarkdownV2'] as const;

/** The public Ntfy server, the default host. */
export const NTFY_DEFAULT_HOST = 'ntfy.sh';
/** The OpsGenie API host used by default (the EU one is api.eu.opsgenie.com). */
export const OPSGENIE_DEFAULT_HOST = 'api.opsgenie.com';

const channel = (
  id: ChannelTypeId,
  label: string,
  icon: IconName,
  schemes: readonly string[],
  fields: readonly ChannelField[],
): ChannelType => ({ id, label, icon, schemes, fields: [NAME, NAMESPACE, ...fields] });

/** The 16 channel types, in the spec's order. */
export const CHANNEL_TYPES: readonly ChannelType[] = [
  channel(
    'discord',
    'Discord',
    'chat',
    ['discord'],
    [
      urlField({
        name: 'webhookId',
        label: 'Webhook ID',
        required: true,
        hint: 'The number after /api/webhooks/ in the webhook URL',
      }),
      secretField('token', 'Token', 'password', true),
    ],
  ),
  channel(
    'email',
    'Email',
    'envelope',
    ['smtp'],
    [
      hostField('SMTP Host', { placeholder: 'smtp.example.com' }),
      urlField({
        name: 'port',
        label: 'Port',
        kind: 'number',
        required: true,
        default: 587,
        format: 'port',
      }),
      secretField('username', 'Username', 'username', false),
      secretField('password', 'Password', 'password', false),
      urlField({
        name: 'encryptionMethod',
        label: 'Encryption Method',
        kind: 'select',
        required: true,
        options: EMAIL_ENCRYPTION_METHODS,
        default: 'Auto',
      }),
      urlField({
        name: 'authMethod',
        label: 'Auth Method',
        kind: 'select',
        required: true,
        options: EMAIL_AUTH_METHODS,
        default: 'Unknown',
      }),
      {
        name: 'from',
        label: 'From',
        kind: 'text',
        required: true,
        format: 'email',
        target: 'properties',
      },
      { name: 'fromName', label: 'From Name', kind: 'text', required: false, target: 'properties' },
      {
        name: 'to',
        label: 'To',
        kind: 'text',
        required: true,
        format: 'emails',
        placeholder: 'ops@example.com, sre@example.com',
        target: 'properties',
      },
    ],
  ),
  channel(
    'googlechat',
    'Google Chat',
    'comment',
    ['googlechat'],
    [
      urlField({ name: 'space', label: 'Space', required: true, placeholder: 'AAAAxxxxxxx' }),
      urlField({ name: 'key', label: 'Key', required: true }),
      secretField('token', 'Token', 'password', true),
    ],
  ),
  channel(
    'ifttt',
    'IFTTT',
    'exchange',
    ['ifttt'],
    [
      secretField('webhookKey', 'Webhook Key', 'password', true),
      urlField({ name: 'events', label: 'Events', required: true, placeholder: 'event1, event2' }),
      urlField({ name: 'value1', label: 'Value 1', required: false }),
      urlField({ name: 'value2', label: 'Value 2', required: false }),
      urlField({ name: 'value3', label: 'Value 3', required: false }),
    ],
  ),
  channel(
    'mattermost',
    'Mattermost',
    'chat',
    ['mattermost'],
    [
      hostField('Host', { placeholder: 'mattermost.example.com[:port]' }),
      secretField('token', 'Token', 'password', true),
      urlField({ name: 'username', label: 'Bot Name', required: false }),
      urlField({ name: 'channel', label: 'Channel', required: false }),
    ],
  ),
  channel(
    'matrix',
    'Matrix',
    'grid-view',
    ['matrix'],
    [
      hostField('Host', { placeholder: 'matrix.example.com' }),
      urlField({ name: 'port', label: 'Port', kind: 'number', required: false, format: 'port' }),
      secretField('username', 'Username', 'username', false),
      secretField('password', 'Password', 'password', true),
      urlField({ name: 'rooms', label: 'Rooms', required: false, placeholder: '!roomID, #alias' }),
      urlField({
        name: 'disableTLS',
        label: 'Disable TLS',
        kind: 'checkbox',
        required: false,
        default: false,
      }),
    ],
  ),
  channel(
    'ntfy',
    'Ntfy',
    'notifications',
    ['ntfy'],
    [
      hostField('Host', { default: NTFY_DEFAULT_HOST }),
      urlField({ name: 'topic', label: 'Topic', required: true }),
      secretField('username', 'Username', 'username', false),
      secretField('password', 'Password', 'password', false),
      urlField({
        name: 'priority',
        label: 'Priority',
        kind: 'select',
        required: false,
        options: NTFY_PRIORITIES,
        default: 'default',
      }),
      urlField({ name: 'tags', label: 'Tags', required: false, placeholder: 'warning, skull' }),
    ],
  ),
  channel(
    'opsgenie',
    'OpsGenie',
    'issue',
    ['opsgenie'],
    [
      hostField('Host', { default: OPSGENIE_DEFAULT_HOST }),
      urlField({
        name: 'port',
        label: 'Port',
        kind: 'number',
        required: true,
        default: 443,
        format: 'port',
      }),
      secretField('apiKey', 'API Key', 'password', true),
      {
        name: 'responders',
        label: 'Responders',
        kind: 'text',
        required: false,
        placeholder: 'team:sre',
        target: 'properties',
      },
      {
        name: 'priority',
        label: 'Priority',
        kind: 'select',
        required: false,
        options: OPSGENIE_PRIORITIES,
        target: 'properties',
      },
    ],
  ),
  channel(
    'pushbullet',
    'Pushbullet',
    'mobile-phone',
    ['pushbullet'],
    [
      secretField('token', 'Access Token', 'password', true),
      urlField({
        name: 'targets',
        label: 'Targets',
        required: false,
        placeholder: 'device, #channel, user@example.com',
      }),
    ],
  ),
  channel(
    'pushover',
    'Pushover',
    'notifications-updated',
    ['pushover'],
    [
      secretField('token', 'API Token', 'password', true),
      secretField('userKey', 'User Key', 'username', true),
      urlField({ name: 'devices', label: 'Devices', required: false }),
      urlField({
        name: 'priority',
        label: 'Priority',
        kind: 'number',
        required: false,
        format: 'integer',
        min: -2,
        max: 2,
      }),
    ],
  ),
  channel(
    'rocketchat',
    'Rocketchat',
    'rocket-slant',
    ['rocketchat'],
    [
      hostField('Host', { placeholder: 'rocketchat.example.com[:port]' }),
      {
        ...secretField('token', 'Token', 'password', true),
        hint: 'Both parts after /hooks/ in the webhook URL: tokenA/tokenB',
      },
      urlField({ name: 'username', label: 'Bot Name', required: false }),
      urlField({
        name: 'channel',
        label: 'Channel',
        required: false,
        placeholder: '#channel or @user',
      }),
    ],
  ),
  channel(
    'slack',
    'Slack',
    'comment',
    ['slack'],
    [
      secretField('token', 'Token', 'password', true),
      urlField({ name: 'channel', label: 'Channel', required: true, placeholder: 'C0123456789' }),
      urlField({ name: 'botname', label: 'Bot Name', required: false }),
      urlField({ name: 'color', label: 'Color', required: false }),
      urlField({ name: 'icon', label: 'Icon', required: false }),
    ],
  ),
  channel(
    'teams',
    'Teams',
    'people',
    ['teams'],
    [
      {
        ...urlField({
          name: 'webhookUrl',
          label: 'Webhook URL',
          required: true,
          format: 'teamsWebhook',
          placeholder: 'https://example.webhook.office.com/webhookb2/…',
        }),
        secret: 'password',
        hint: 'The last part of the URL is kept as a secret',
      },
      urlField({ name: 'title', label: 'Title', required: false }),
      urlField({ name: 'color', label: 'Color', required: false }),
    ],
  ),
  channel(
    'telegram',
    'Telegram',
    'send-message',
    ['telegram'],
    [
      secretField('token', 'Bot Token', 'password', true),
      urlField({
        name: 'chats',
        label: 'Chats',
        required: true,
        placeholder: '@channel, 123456789',
      }),
      urlField({
        name: 'parseMode',
        label: 'Parse Mode',
        kind: 'select',
        required: false,
        options: TELEGRAM_PARSE_MODES,
        default: 'None',
      }),
      urlField({
        name: 'preview',
        label: 'Link Preview',
        kind: 'checkbox',
        required: false,
        default: true,
      }),
      urlField({
        name: 'notification',
        label: 'Notification Sound',
        kind: 'checkbox',
        required: false,
        default: true,
      }),
    ],
  ),
  channel(
    'zulip',
    'Zulip Chat',
    'feed-subscribed',
    ['zulip'],
    [
      hostField('Host', { placeholder: 'example.zulipchat.com' }),
      { ...secretField('botMail', 'Bot Email', 'username', true), kind: 'text', format: 'email' },
      secretField('botKey', 'Bot Key', 'password', true),
      urlField({ name: 'stream', label: 'Stream', required: false }),
      urlField({ name: 'topic', label: 'Topic', required: false }),
    ],
  ),
  channel(
    'generic',
    'Generic Webhook',
    'globe-network',
    ['generic+http', 'generic+https', 'generic'],
    [
      urlField({
        name: 'url',
        label: 'URL',
        required: true,
        format: 'url',
        placeholder: 'https://example.com/hook',
      }),
      urlField({
        name: 'contentType',
        label: 'Content Type',
        required: true,
        default: 'application/json',
      }),
      urlField({
        name: 'requestMethod',
        label: 'Request Method',
        kind: 'select',
        required: true,
        options: WEBHOOK_REQUEST_METHODS,
        default: 'POST',
      }),
      urlField({ name: 'messageKey', label: 'Message Key', required: true, default: 'message' }),
      urlField({ name: 'titleKey', label: 'Title Key', required: true, default: 'title' }),
    ],
  ),
];

/** The raw-URL fallback for services whose scheme is not in the catalogue. */
export const RAW_CHANNEL_TYPE_FIELDS: readonly ChannelField[] = [
  NAME,
  { name: 'url', label: 'URL', kind: 'textarea', required: true, target: 'url' },
];

const BY_ID = new Map<string, ChannelType>(CHANNEL_TYPES.map((type) => [type.id, type]));

/** Whether `id` is one of the 16 channel types. */
export function isChannelTypeId(id: string): id is ChannelTypeId {
  return BY_ID.has(id);
}

/** The catalogue entry of a type. */
export function channelType(id: ChannelTypeId): ChannelType {
  const type = BY_ID.get(id);
  if (!type) throw new Error(`Unknown notification channel type: ${id}`);
  return type;
}

/** The fields of a type, or of the raw-URL fallback. */
export function channelFields(id: AnyChannelTypeId): readonly ChannelField[] {
  return id === RAW_CHANNEL_TYPE ? RAW_CHANNEL_TYPE_FIELDS : channelType(id).fields;
}

/** The label of a type ("URL" for the raw fallback). */
export function channelLabel(id: AnyChannelTypeId): string {
  return id === RAW_CHANNEL_TYPE ? 'URL' : channelType(id).label;
}

/** The values of a new channel: every field's default. */
export function defaultChannelValues(id: AnyChannelTypeId): ChannelValues {
  const values: ChannelValues = {};
  for (const field of channelFields(id))
    if (field.default !== undefined) values[field.name] = field.default;
  return values;
}
