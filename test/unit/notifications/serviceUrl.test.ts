import fc from 'fast-check';
import {
  CHANNEL_TYPES,
  type ChannelField,
  type ChannelTypeId,
  type ChannelValues,
} from '../../../src/features/notifications/model/channelTypes';
import {
  CHANNEL_MESSAGES,
  channelSecrets,
  channelTypeOfUrl,
  composeService,
  inlineSecrets,
  parseService,
  validateChannel,
} from '../../../src/features/notifications/model/serviceUrl';

const TEAMS_HOOK =
  'https://contoso.webhook.office.com/webhookb2/1111-aaaa@2222-bbbb/IncomingWebhook/33cc/4444-dddd/V2sig_ZZ';

interface Case {
  type: ChannelTypeId;
  values: ChannelValues;
  url: string;
  properties?: Record<string, string>;
  secrets: { username?: string; password?: string };
}

/** One channel per type, with only what the user must type: the defaults fill the rest. */
const CASES: Case[] = [
  {
    type: 'discord',
    values: { webhookId: '123456', token: 'disc-token' },
    url: 'discord://$(password)@123456',
    secrets: { password: 'disc-token' },
  },
  {
    type: 'email',
    values: {
      host: 'smtp.example.com',
      username: 'smtp-user',
      password: 'p@ss:word',
      from: 'alerts@example.com',
      fromName: 'Mission Control',
      to: 'ops@example.com, sre@example.com',
    },
    url: 'smtp://$(username):$(password)@smtp.example.com:587/?auth=Unknown&encryption=Auto',
    properties: {
      from: 'alerts@example.com',
      fromName: 'Mission Control',
      to: 'ops@example.com,sre@example.com',
    },
    secrets: { username: 'smtp-user', password: 'p@ss:word' },
  },
  {
    type: 'googlechat',
    values: { space: 'AAAA123', key: 'api-key', token: 'chat-token' },
    url: 'googlechat://chat.googleapis.com/v1/spaces/AAAA123/messages?key=api-key&token=$(password)',
    secrets: { password: 'chat-token' },
  },
  {
    type: 'ifttt',
    values: { webhookKey: 'wk', events: 'deploy, alert', value1: 'a b&c' },
    url: 'ifttt://$(password)/?events=deploy,alert&value1=a%20b%26c',
    secrets: { password: 'wk' },
  },
  {
    type: 'mattermost',
    values: { host: 'mm.example.com:8065', token: 'mm-token', username: 'bot', channel: 'ops' },
    url: 'mattermost://bot@mm.example.com:8065/$(password)/ops',
    secrets: { password: 'mm-token' },
  },
  {
    type: 'matrix',
    values: {
      host: 'matrix.example.com',
      username: '@bot:example.com',
      password: 'mx',
      rooms: '!room:example.com, #ops:example.com',
    },
    url: 'matrix://$(username):$(password)@matrix.example.com/?rooms=!room:example.com,%23ops:example.com',
    secrets: { username: '@bot:example.com', password: 'mx' },
  },
  {
    type: 'ntfy',
    values: { topic: 'alerts' },
    url: 'ntfy://ntfy.sh/alerts?priority=default',
    secrets: {},
  },
  {
    type: 'opsgenie',
    values: { apiKey: 'og-key', responders: 'team:sre', priority: 'P2' },
    url: 'opsgenie://api.opsgenie.com:443/$(password)',
    properties: { responders: 'team:sre', priority: 'P2' },
    secrets: { password: 'og-key' },
  },
  {
    type: 'pushbullet',
    values: { token: 'pb', targets: 'phone, #ops, me@example.com' },
    url: 'pushbullet://$(password)/phone/%23ops/me%40example.com',
    secrets: { password: 'pb' },
  },
  {
    type: 'pushover',
    values: { token: 'app-token', userKey: 'user-key', devices: 'iphone' },
    url: 'pushover://shoutrrr:$(password)@$(username)/?devices=iphone',
    secrets: { username: 'user-key', password: 'app-token' },
  },
  {
    type: 'rocketchat',
    values: { host: 'chat.example.com', token: 'tokA/tokB', channel: '#ops' },
    url: 'rocketchat://chat.example.com/$(password)/%23ops',
    secrets: { password: 'tokA/tokB' },
  },
  {
    type: 'slack',
    values: { token: 'xoxb-123', channel: 'C0123', botname: 'Mission Control' },
    url: 'slack://$(password)@C0123?botname=Mission%20Control',
    secrets: { password: 'xoxb-123' },
  },
  {
    type: 'teams',
    values: { webhookUrl: TEAMS_HOOK, title: 'Alert' },
    url: 'teams://1111-aaaa@2222-bbbb/33cc/4444-dddd/$(password)?host=contoso.webhook.office.com&title=Alert',
    secrets: { password: 'V2sig_ZZ' },
  },
  {
    type: 'telegram',
    values: { token: '123:abc', chats: '@ops, 42' },
    url: 'telegram://$(password)@telegram?chats=@ops,42&parsemode=None&preview=yes&notification=yes',
    secrets: { password: '123:abc' },
  },
  {
    type: 'zulip',
    values: { host: 'acme.zulipchat.com', botMail: 'bot@acme.io', botKey: 'zk', topic: 'on call' },
    url: 'zulip://$(username):$(password)@acme.zulipchat.com/?topic=on%20call',
    secrets: { username: 'bot@acme.io', password: 'zk' },
  },
  {
    type: 'generic',
    values: { url: 'https://hooks.example.com/in?team=sre' },
    url: 'generic+https://hooks.example.com/in?team=sre&contenttype=application/json&requestmethod=POST&messagekey=message&titlekey=title',
    secrets: {},
  },
];

const base = { name: 'ops-channel', namespace: 'default' };

describe('composeService', () => {
  it('has a case for each of the 16 types', () => {
    expect(CASES.map((c) => c.type)).toEqual(CHANNEL_TYPES.map((type) => type.id));
  });

  it.each(CASES)('composes $type with defaults applied and secrets as placeholders', (c) => {
    const service = composeService(c.type, { ...base, ...c.values });
    expect(service).toEqual({ name: 'ops-channel', url: c.url, properties: c.properties ?? {} });
    // The typed secrets are nowhere in what would be stored.
    for (const secret of Object.values(c.secrets)) {
      expect(JSON.stringify(service)).not.toContain(secret);
    }
    expect(channelSecrets(c.type, c.values)).toEqual(c.secrets);
    expect(validateChannel(c.type, { ...base, ...c.values })).toEqual({});
  });

  it.each(CASES)('reads $type back into its fields, and composes it again unchanged', (c) => {
    const first = composeService(c.type, { ...base, ...c.values });
    const parsed = parseService(first);
    expect(parsed.type).toBe(c.type);
    expect(parsed.values.name).toBe('ops-channel');
    // The secrets come back as their placeholders ("kept, not shown").
    for (const f of CHANNEL_TYPES.find((t) => t.id === c.type)?.fields ?? []) {
      if (f.secret && c.values[f.name] && c.type !== 'teams')
        expect(parsed.values[f.name]).toBe(`$(${f.secret})`);
    }
    expect(composeService(parsed.type, parsed.values, parsed)).toEqual(first);
  });

  it('fills the fields of an Email service, with the port as a number', () => {
    const parsed = parseService(
      composeService('email', { ...base, ...CASES[1]?.values, port: '2525', authMethod: 'Plain' }),
    );
    expect(parsed.values).toMatchObject({
      host: 'smtp.example.com',
      port: 2525,
      authMethod: 'Plain',
      encryptionMethod: 'Auto',
      username: '$(username)',
      password: '$(password)',
      from: 'alerts@example.com',
      to: 'ops@example.com,sre@example.com',
    });
  });

  it('leaves the URL to a chosen connection and keeps the properties', () => {
    const service = composeService('email', {
      ...base,
      connection: 'connection://mission-control/smtp-corporate',
      host: 'ignored.example.com',
      to: 'sre@example.com',
    });
    expect(service).toEqual({
      name: 'ops-channel',
      connection: 'connection://mission-control/smtp-corporate',
      properties: { to: 'sre@example.com' },
    });
    expect(
      validateChannel('email', {
        ...base,
        connection: 'connection://mission-control/smtp-corporate',
        from: 'a@example.com',
        to: 'sre@example.com',
      }),
    ).toEqual({});
  });

  it('keeps properties and query parameters that no field maps', () => {
    const stored = {
      name: 'slack',
      url: 'slack://$(password)@C1?botname=mc&thread_ts=123',
      properties: { 'slack.footer': 'x' },
    };
    const parsed = parseService(stored);
    expect(parsed.extraQuery).toEqual(['thread_ts=123']);
    expect(parsed.extraProperties).toEqual({ 'slack.footer': 'x' });
    expect(composeService(parsed.type, parsed.values, parsed)).toEqual(stored);
  });
});

describe('parseService', () => {
  it('opens a connection-only service by its name', () => {
    const parsed = parseService({
      name: 'opsgenie',
      connection: 'connection://mission-control/opsgenie-oncall',
      properties: { priority: 'P2', responders: 'team:sre' },
    });
    expect(parsed.type).toBe('opsgenie');
    expect(parsed.values).toMatchObject({
      connection: 'connection://mission-control/opsgenie-oncall',
      priority: 'P2',
      responders: 'team:sre',
    });
  });

  it('falls back to a raw URL for unknown schemes, and composes it back as is', () => {
    const stored = {
      name: 'gotify',
      url: 'gotify://push.example.com/token',
      properties: { a: '1' },
    };
    const parsed = parseService(stored);
    expect(parsed).toEqual({
      type: 'raw',
      values: { name: 'gotify', url: 'gotify://push.example.com/token' },
      extraProperties: { a: '1' },
      extraQuery: [],
    });
    expect(composeService(parsed.type, parsed.values, parsed)).toEqual(stored);
  });

  it('reads literal credentials and decodes them', () => {
    const parsed = parseService({
      name: 'm',
      url: 'smtp://me%40x.io:p%3Aw@mail.x.io:465/?auth=Plain',
    });
    expect(parsed.values).toMatchObject({ username: 'me@x.io', password: 'p:w', port: 465 });
    expect(channelSecrets('email', parsed.values)).toEqual({
      username: 'me@x.io',
      password: 'p:w',
    });
  });

  it('reads a generic:// URL as a webhook to https', () => {
    expect(channelTypeOfUrl('generic://hooks.example.com/x')).toBe('generic');
    const parsed = parseService({
      name: 'g',
      url: 'generic://hooks.example.com/x?titlekey=subject',
    });
    expect(parsed.values).toMatchObject({
      url: 'https://hooks.example.com/x',
      titleKey: 'subject',
    });
  });
});

describe('inlineSecrets', () => {
  it('substitutes URL-encoded secrets for the placeholders', () => {
    expect(
      inlineSecrets('smtp://$(username):$(password)@h:587/', { username: 'a@b', password: 'p/w' }),
    ).toBe('smtp://a%40b:p%2Fw@h:587/');
  });
});

describe('validateChannel', () => {
  it('requires the required fields, name and namespace included', () => {
    expect(validateChannel('slack', { namespace: '' })).toEqual({
      name: CHANNEL_MESSAGES.required,
      token: CHANNEL_MESSAGES.required,
      channel: CHANNEL_MESSAGES.required,
    });
  });

  it('checks numbers and ports', () => {
    const email = { ...base, host: 'h', from: 'a@b.io', to: 'c@d.io' };
    expect(validateChannel('email', { ...email, port: 'abc' })).toEqual({
      port: CHANNEL_MESSAGES.number,
    });
    expect(validateChannel('email', { ...email, port: 0 })).toEqual({
      port: CHANNEL_MESSAGES.port,
    });
    expect(validateChannel('email', { ...email, port: 65536 })).toEqual({
      port: CHANNEL_MESSAGES.port,
    });
    expect(validateChannel('email', { ...email, port: 65535 })).toEqual({});
    expect(
      validateChannel('pushover', { ...base, token: 't', userKey: 'u', priority: '3' }),
    ).toEqual({ priority: CHANNEL_MESSAGES.range(-2, 2) });
  });

  it('checks email addresses for Email from and to', () => {
    expect(
      validateChannel('email', { ...base, host: 'h', from: 'not-an-email', to: 'a@b.io, nope' }),
    ).toEqual({ from: CHANNEL_MESSAGES.email, to: CHANNEL_MESSAGES.emails });
  });

  it('checks URLs, hosts and the Teams webhook shape', () => {
    expect(validateChannel('generic', { ...base, url: 'ftp://x' })).toEqual({
      url: CHANNEL_MESSAGES.url,
    });
    expect(validateChannel('ntfy', { ...base, host: 'https://ntfy.sh', topic: 't' })).toEqual({
      host: CHANNEL_MESSAGES.host,
    });
    expect(
      validateChannel('email', { ...base, host: 'smtp.x.io:25', from: 'a@b.io', to: 'c@d.io' }),
    ).toEqual({ host: CHANNEL_MESSAGES.hostWithoutPort });
    expect(validateChannel('teams', { ...base, webhookUrl: 'https://example.com/hook' })).toEqual({
      webhookUrl: CHANNEL_MESSAGES.teamsWebhook,
    });
  });

  it('rejects a select value outside its options', () => {
    expect(
      validateChannel('email', {
        ...base,
        host: 'h',
        from: 'a@b.io',
        to: 'c@d.io',
        authMethod: 'X',
      }),
    ).toEqual({
      authMethod: CHANNEL_MESSAGES.option(['None', 'Plain', 'CRAMMD5', 'Unknown', 'OAuth2']),
    });
  });
});

// ---------------------------------------------------------------- property

const TEXT_CHARS = [...'abcXYZ019 -_.~@:/?&=#%+,!$()é'];
const HOST_CHARS = [...'abcdefz0129-.'];

const textArb = (chars: string[], minLength = 0) =>
  fc
    .array(fc.constantFrom(...chars), { minLength, maxLength: 12 })
    .map((items) => items.join(''))
    .filter((text) => minLength === 0 || text.trim() !== '');

const LIST_FIELDS = new Set(['events', 'rooms', 'tags', 'chats', 'devices', 'targets', 'to']);

/** Values a form could hold for one field (valid where the URL shape depends on it). */
function fieldArb(type: ChannelTypeId, field: ChannelField): fc.Arbitrary<ChannelValues[string]> {
  const minLength = field.required ? 1 : 0;
  if (field.kind === 'checkbox') return fc.boolean();
  if (field.kind === 'select') return fc.constantFrom(...(field.options ?? []), '');
  if (field.kind === 'number') return fc.oneof(fc.integer({ min: 1, max: 65535 }), fc.constant(''));
  if (field.name === 'host') {
    const host = textArb(HOST_CHARS, 1);
    return ['mattermost', 'rocketchat', 'ntfy', 'zulip'].includes(type)
      ? fc
          .tuple(host, fc.option(fc.integer({ min: 1, max: 65535 })))
          .map(([h, p]) => (p ? `${h}:${p}` : h))
      : host;
  }
  if (field.format === 'teamsWebhook') {
    const id = textArb([...'abc0129-'], 1);
    return fc
      .tuple(textArb(HOST_CHARS, 1), id, id, id, id, id)
      .map(
        ([org, g, t, a, o, s]) =>
          `https://${org}.webhook.office.com/webhookb2/${g}@${t}/IncomingWebhook/${a}/${o}/${s}`,
      );
  }
  if (field.format === 'url') {
    return fc
      .tuple(textArb(HOST_CHARS, 1), textArb([...'abc/-_'], 0), fc.option(textArb([...'abc=1'], 1)))
      .map(([host, path, query]) => `https://${host}/${path}${query ? `?q${query}` : ''}`);
  }
  if (LIST_FIELDS.has(field.name))
    return textArb([...TEXT_CHARS.filter((c) => c !== ','), ','], minLength);
  return textArb(TEXT_CHARS, minLength);
}

describe('compose → parse → compose', () => {
  it.each(CHANNEL_TYPES.map((type) => type.id))('is stable for any %s channel', (type) => {
    const fields = CHANNEL_TYPES.find((t) => t.id === type)?.fields ?? [];
    const valuesArb = fc.record(
      Object.fromEntries(fields.map((f) => [f.name, fieldArb(type, f)])) as Record<
        string,
        fc.Arbitrary<ChannelValues[string]>
      >,
    );
    fc.assert(
      fc.property(valuesArb, (values) => {
        const first = composeService(type, values);
        const parsed = parseService(first);
        expect(parsed.type).toBe(type);
        expect(composeService(parsed.type, parsed.values, parsed)).toEqual(first);
        // The stored service does not depend on what was typed in a secret field.
        if (type !== 'teams') {
          const otherSecrets = { ...values };
          for (const f of fields)
            if (f.secret && String(values[f.name] ?? '').trim() !== '')
              otherSecrets[f.name] = 'other';
          expect(composeService(type, otherSecrets)).toEqual(first);
        }
      }),
      { numRuns: 150 },
    );
  });
});
