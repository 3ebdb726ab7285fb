/**
 * The rule form's values and how they become NOTIF-03 / NOTIF-04 bodies (and back).
 *
 * Recipient: exactly one of a person, a team, a playbook or custom services (one or more
 * channels of the 16 types of `channelTypes.ts`). Only the chosen one is written; on update
 * the others are cleared (`null`), so a rule never keeps two recipients.
 *
 * Credentials of a channel: the service URL is composed with `$(username)` / `$(password)`
 * placeholders (`composeService`). Mission Control fills those only from a connection: a
 * service with its own URL is sent with that URL as written. So, for a channel without a
 * connection, the typed credentials are written into the saved URL (`inlineSecrets`) and the
 * form warns that they will be stored in the rule; choosing a connection keeps them out of
 * the rule (the service then carries `connection` and no URL). A placeholder read back from a
 * saved rule stays a placeholder.
 *
 * Durations: `repeat_interval` is stored as text (`4h`); `wait_for` as a Go duration, i.e.
 * nanoseconds. The form shows both as text such as `1h30m` and checks them.
 *
 * Inhibitions: rows of a direction, one `from` type, one or more `to` types, an optional depth
 * (hops; the backend's default when empty) and whether soft relationships count. Creating
 * writes them only when there are some; updating writes `null` when none remain.
 */
import type {
  RuleBody,
  RuleInhibitionBody,
  RuleServiceBody,
} from '../../../../api/endpoints/notificationRules';
import type {
  NotificationRule,
  RuleInhibition,
  RuleService,
} from '../../../../api/schemas/notificationRules';
import type { AnyChannelTypeId, ChannelValues } from '../../model/channelTypes';
import { defaultChannelValues } from '../../model/channelTypes';
import type { ServiceExtras } from '../../model/serviceUrl';
import {
  channelSecrets,
  composeService,
  inlineSecrets,
  parseService,
  validateChannel,
} from '../../model/serviceUrl';

/** Who a rule notifies. */
export const RECIPIENT_KINDS = ['person', 'team', 'playbook', 'services'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];

/** How each recipient kind reads in the form. */
export const RECIPIENT_LABELS: Record<RecipientKind, string> = {
  person: 'Person',
  team: 'Team',
  playbook: 'Playbook',
  services: 'Channels',
};

/** A rule's namespace when none is given. */
export const DEFAULT_NAMESPACE = 'default';

/** Messages of the rule form. */
export const RULE_FORM_MESSAGES = {
  duration: 'Enter a duration such as 30s, 5m, 1h or 1h30m',
  noChannel: 'Add at least one channel',
  chooseType: 'Choose the channel type',
  secretsInline:
    'The credentials typed here are written into the service URL stored in the rule. ' +
    'Choose a connection to keep them out of the rule.',
  inhibitionFrom: 'Enter the resource type whose notifications inhibit the others',
  inhibitionTo: 'Add at least one resource type to inhibit',
  inhibitionDepth: 'Enter a whole number of 1 or more, or leave it empty',
} as const;

/** The directions of an inhibition, as stored. */
export const INHIBITION_DIRECTIONS = ['incoming', 'outgoing', 'all'] as const;
export type InhibitionDirection = (typeof INHIBITION_DIRECTIONS)[number];

/** How each direction reads in the form. */
export const INHIBITION_DIRECTION_LABELS: Record<InhibitionDirection, string> = {
  incoming: 'Incoming',
  outgoing: 'Outgoing',
  all: 'Both',
};

/** One inhibition, as the form holds it. */
export interface InhibitionFormValue {
  direction: InhibitionDirection;
  /** The inhibiting resource type; '' until typed. */
  from: string;
  /** The inhibited resource types. */
  to: string[];
  /** Hops to follow: a number, the text typed, or none for the backend's default. */
  depth?: number | string;
  /** Whether soft relationships count. */
  soft: boolean;
}

/** One channel of the custom services, as the form holds it. */
export interface ChannelFormValue {
  /** The channel type; '' until one is chosen. */
  type: AnyChannelTypeId | '';
  values: ChannelValues;
  /** What a saved service had that no field holds, written back unchanged. */
  extras: ServiceExtras;
  /** The service's own CEL filter (`filters`), kept as it was. */
  filters?: string;
}

/** The rule form's values. */
export interface RuleFormValues {
  name?: string;
  namespace?: string;
  title?: string;
  events?: string[];
  filter?: string;
  template?: string;
  repeat_interval?: string;
  wait_for?: string;
  wait_for_eval_period?: string;
  group_by?: string[];
  recipient: RecipientKind;
  person_id?: string;
  /** How the chosen person reads (from the saved rule or the picker). */
  person_label?: string;
  team_id?: string;
  team_label?: string;
  playbook_id?: string;
  channels: ChannelFormValue[];
  inhibitions: InhibitionFormValue[];
}

// ---------------------------------------------------------------- durations

const UNIT_NANOS: Record<string, number> = {
  ns: 1,
  us: 1e3,
  µs: 1e3,
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
  d: 86400e9,
  w: 604800e9,
};

const DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h|d|w))+$/;

/** Nanoseconds of a duration such as `1h30m` or `500ms`; undefined when it is not one. */
export function parseDuration(text: string): number | undefined {
  const value = text.trim();
  if (!DURATION.test(value)) return undefined;
  let total = 0;
  for (const [, amount = '0', , unit = 's'] of value.matchAll(
    /(\d+(\.\d+)?)(ns|us|µs|ms|s|m|h|d|w)/g,
  ))
    total += Number(amount) * (UNIT_NANOS[unit] ?? 0);
  return Math.round(total);
}

/** The message of a duration that is not one; undefined when empty or valid. */
export function durationError(text: string | undefined): string | undefined {
  if (!text || text.trim() === '') return undefined;
  return parseDuration(text) === undefined ? RULE_FORM_MESSAGES.duration : undefined;
}

/** Nanoseconds as the shortest text of hours, minutes, seconds and milliseconds (`1h30m`). */
export function formatDuration(nanos: number): string {
  if (!Number.isFinite(nanos) || nanos <= 0) return '';
  let rest = Math.round(nanos / 1e6);
  if (rest === 0) return `${nanos}ns`;
  const parts: string[] = [];
  for (const [unit, size] of [
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
    ['ms', 1],
  ] as const) {
    const amount = Math.floor(rest / size);
    if (amount > 0) parts.push(`${amount}${unit}`);
    rest -= amount * size;
  }
  return parts.join('');
}

// ---------------------------------------------------------------- channels

/** A new channel of `type` (or of no type yet): the type's defaults. */
export function newChannel(type: AnyChannelTypeId | '' = ''): ChannelFormValue {
  return { type, values: type ? defaultChannelValues(type) : {}, extras: {} };
}

/**
 * The channel after its type changed: the new type's defaults, keeping the name, the namespace
 * and the connection typed so far.
 */
export function changeChannelType(
  channel: ChannelFormValue,
  type: AnyChannelTypeId,
): ChannelFormValue {
  const kept: ChannelValues = {};
  for (const key of ['name', 'namespace', 'connection']) {
    const value = channel.values[key];
    if (value !== undefined && value !== '') kept[key] = value;
  }
  return { type, values: { ...defaultChannelValues(type), ...kept }, extras: {} };
}

/** Whether a channel has credentials typed in (not placeholders) and no connection. */
export function hasInlineSecrets(channel: ChannelFormValue): boolean {
  if (!channel.type) return false;
  const connection = channel.values.connection;
  if (typeof connection === 'string' && connection.trim() !== '') return false;
  const secrets = channelSecrets(channel.type, channel.values);
  return secrets.username !== undefined || secrets.password !== undefined;
}

/** The field errors of a channel (none for a channel of no type yet: its type is asked for). */
export function channelErrors(channel: ChannelFormValue | undefined): Record<string, string> {
  if (!channel?.type) return {};
  return validateChannel(channel.type, channel.values);
}

/** The custom service of a channel, its typed credentials inlined when it has no connection. */
export function channelService(channel: ChannelFormValue): RuleServiceBody {
  if (!channel.type) throw new Error(RULE_FORM_MESSAGES.chooseType);
  const composed = composeService(channel.type, channel.values, channel.extras);
  const service: RuleServiceBody = { name: composed.name };
  if (composed.url !== undefined) {
    service.url = inlineSecrets(composed.url, channelSecrets(channel.type, channel.values));
  }
  if (composed.connection) service.connection = composed.connection;
  if (Object.keys(composed.properties).length > 0) service.properties = composed.properties;
  if (channel.filters) service.filters = channel.filters;
  return service;
}

/** The form's channel of a saved service. */
export function channelOfService(service: RuleService): ChannelFormValue {
  const properties: Record<string, string> = {};
  for (const [key, value] of Object.entries(service.properties ?? {})) {
    if (value !== undefined && value !== null)
      properties[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  const parsed = parseService({
    name: service.name ?? '',
    ...(service.url ? { url: service.url } : {}),
    ...(service.connection ? { connection: service.connection } : {}),
    properties,
  });
  const channel: ChannelFormValue = {
    type: parsed.type,
    values: parsed.values,
    extras: { extraProperties: parsed.extraProperties, extraQuery: parsed.extraQuery },
  };
  if (service.filters) channel.filters = service.filters;
  return channel;
}

// ---------------------------------------------------------------- inhibitions

const trimmed = (value: string | undefined) => value?.trim() ?? '';

/** A new inhibition: outgoing (from a resource to its children), nothing typed yet. */
export function newInhibition(): InhibitionFormValue {
  return { direction: 'outgoing', from: '', to: [], soft: false };
}

/** The depth of a row: undefined when empty, NaN when it is not a number. */
function depthOf(depth: InhibitionFormValue['depth']): number | undefined {
  if (depth === undefined || depth === null) return undefined;
  if (typeof depth === 'number') return depth;
  const text = depth.trim();
  return text === '' ? undefined : Number(text);
}

/** The field errors of an inhibition (`from`, `to`, `depth`); none when it is valid. */
export function inhibitionErrors(
  inhibition: InhibitionFormValue | undefined,
): Partial<Record<'from' | 'to' | 'depth', string>> {
  if (!inhibition) return {};
  const errors: Partial<Record<'from' | 'to' | 'depth', string>> = {};
  if (trimmed(inhibition.from) === '') errors.from = RULE_FORM_MESSAGES.inhibitionFrom;
  if (!(inhibition.to ?? []).some((type) => type.trim() !== ''))
    errors.to = RULE_FORM_MESSAGES.inhibitionTo;
  const depth = depthOf(inhibition.depth);
  if (depth !== undefined && !(Number.isInteger(depth) && depth >= 1))
    errors.depth = RULE_FORM_MESSAGES.inhibitionDepth;
  return errors;
}

/** The inhibition written for a row (assumed valid): `depth` and `soft` only when given. */
export function inhibitionBody(inhibition: InhibitionFormValue): RuleInhibitionBody {
  const body: RuleInhibitionBody = {
    direction: inhibition.direction,
    from: trimmed(inhibition.from),
    to: [...new Set(inhibition.to.map((type) => type.trim()).filter(Boolean))],
  };
  const depth = depthOf(inhibition.depth);
  if (depth !== undefined) body.depth = depth;
  if (inhibition.soft) body.soft = true;
  return body;
}

/** The form's row of a saved inhibition; an unknown direction reads as both. */
export function inhibitionOfRule(inhibition: RuleInhibition): InhibitionFormValue {
  const direction = inhibition.direction;
  const row: InhibitionFormValue = {
    direction: direction === 'incoming' || direction === 'outgoing' ? direction : 'all',
    from: inhibition.from ?? '',
    to: [...(inhibition.to ?? [])],
    soft: inhibition.soft === true,
  };
  const depth = Number(inhibition.depth ?? NaN);
  if (Number.isFinite(depth)) row.depth = depth;
  return row;
}

// ---------------------------------------------------------------- rule

/** Whether a rule may be changed in the console: only rules made there (`UI`, or no source). */
export function isRuleEditable(rule: Pick<NotificationRule, 'source'>): boolean {
  return !rule.source || rule.source === 'UI';
}

/** The recipient kind of a saved rule. */
export function recipientOf(rule: NotificationRule): RecipientKind {
  if (rule.person_id) return 'person';
  if (rule.team_id) return 'team';
  if (rule.playbook_id) return 'playbook';
  return 'services';
}

/** The values of a new rule. */
export function newRuleValues(): RuleFormValues {
  return {
    namespace: DEFAULT_NAMESPACE,
    events: [],
    recipient: 'services',
    channels: [],
    inhibitions: [],
  };
}

/** The form's values of a saved rule. */
export function ruleValues(rule: NotificationRule): RuleFormValues {
  const nanos = (value: string | number | null | undefined) =>
    value === undefined || value === null ? NaN : Number(value);
  const waitFor = nanos(rule.wait_for);
  const evalPeriod = nanos(rule.wait_for_eval_period);
  const values: RuleFormValues = {
    name: rule.name ?? '',
    namespace: rule.namespace ?? '',
    title: rule.title ?? '',
    events: [...(rule.events ?? [])],
    filter: rule.filter ?? '',
    template: rule.template ?? '',
    repeat_interval: rule.repeat_interval ?? '',
    wait_for: Number.isFinite(waitFor) ? formatDuration(waitFor) : '',
    wait_for_eval_period: Number.isFinite(evalPeriod) ? formatDuration(evalPeriod) : '',
    group_by: [...(rule.group_by ?? [])],
    recipient: recipientOf(rule),
    channels: (rule.custom_services ?? []).map(channelOfService),
    inhibitions: (rule.inhibitions ?? []).map(inhibitionOfRule),
  };
  if (rule.person_id) {
    values.person_id = rule.person_id;
    values.person_label = rule.person?.name ?? rule.person?.email ?? rule.person_id;
  }
  if (rule.team_id) {
    values.team_id = rule.team_id;
    values.team_label = rule.team?.name ?? rule.team_id;
  }
  if (rule.playbook_id) values.playbook_id = rule.playbook_id;
  return values;
}

/**
 * The NOTIF-03 / NOTIF-04 body of the form. Creating leaves out what is empty; updating sends
 * every field the form edits, empty ones as `null`, and clears the recipients not chosen.
 * Assumes the form validated (a chosen recipient, every channel typed and valid).
 */
export function ruleBody(values: RuleFormValues, mode: 'create' | 'edit'): RuleBody {
  const editing = mode === 'edit';
  const body: RuleBody = { name: trimmed(values.name), events: [...(values.events ?? [])] };
  const namespace = trimmed(values.namespace);
  if (namespace || !editing) body.namespace = namespace || DEFAULT_NAMESPACE;

  const optional = (key: 'title' | 'filter' | 'template' | 'repeat_interval', text?: string) => {
    const value = trimmed(text);
    if (value) body[key] = value;
    else if (editing) (body as unknown as Record<string, unknown>)[key] = null;
  };
  optional('title', values.title);
  optional('filter', values.filter);
  optional('template', values.template);
  optional('repeat_interval', values.repeat_interval);
  const duration = (key: 'wait_for' | 'wait_for_eval_period', text?: string) => {
    const value = trimmed(text);
    if (value) body[key] = parseDuration(value) ?? null;
    else if (editing) body[key] = null;
  };
  duration('wait_for', values.wait_for);
  duration('wait_for_eval_period', values.wait_for_eval_period);
  const groupBy = (values.group_by ?? []).map((field) => field.trim()).filter(Boolean);
  if (groupBy.length > 0) body.group_by = groupBy;
  else if (editing) body.group_by = null;
  const inhibitions = (values.inhibitions ?? []).map(inhibitionBody);
  if (inhibitions.length > 0) body.inhibitions = inhibitions;
  else if (editing) body.inhibitions = null;

  const recipient = values.recipient;
  const person = recipient === 'person' ? trimmed(values.person_id) : '';
  const team = recipient === 'team' ? trimmed(values.team_id) : '';
  const playbook = recipient === 'playbook' ? trimmed(values.playbook_id) : '';
  const services = recipient === 'services' ? values.channels.map(channelService) : [];
  if (person) body.person_id = person;
  else if (editing) body.person_id = null;
  if (team) body.team_id = team;
  else if (editing) body.team_id = null;
  if (playbook) body.playbook_id = playbook;
  else if (editing) body.playbook_id = null;
  if (services.length > 0) body.custom_services = services;
  else if (editing) body.custom_services = null;
  return body;
}

/** Whether the chosen recipient is missing: the form-level error, or undefined. */
export function recipientError(values: RuleFormValues): string | undefined {
  if (values.recipient === 'services') {
    if (values.channels.length === 0) return RULE_FORM_MESSAGES.noChannel;
    if (values.channels.some((channel) => !channel.type)) return RULE_FORM_MESSAGES.chooseType;
  }
  return undefined;
}
