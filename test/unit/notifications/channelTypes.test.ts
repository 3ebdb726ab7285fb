import { IconNames } from '@blueprintjs/icons';
import {
  CHANNEL_TYPES,
  CHANNEL_TYPE_IDS,
  RAW_CHANNEL_TYPE,
  channelFields,
  channelLabel,
  channelType,
  defaultChannelValues,
  isChannelTypeId,
  type ChannelTypeId,
} from '../../../src/features/notifications/model/channelTypes';

const field = (type: ChannelTypeId, name: string) => {
  const found = channelType(type).fields.find((f) => f.name === name);
  if (!found) throw new Error(`${type} has no field ${name}`);
  return found;
};

describe('notification channel catalogue', () => {
  it('has exactly the 16 types of the spec, spelled and ordered as in the spec', () => {
    expect(CHANNEL_TYPES.map((type) => type.label)).toEqual([
      'Discord',
      'Email',
      'Google Chat',
      'IFTTT',
      'Mattermost',
      'Matrix',
      'Ntfy',
      'OpsGenie',
      'Pushbullet',
      'Pushover',
      'Rocketchat',
      'Slack',
      'Teams',
      'Telegram',
      'Zulip Chat',
      'Generic Webhook',
    ]);
    expect(CHANNEL_TYPES.map((type) => type.id)).toEqual([...CHANNEL_TYPE_IDS]);
  });

  it('gives every type a required name and a required namespace defaulting to "default"', () => {
    for (const type of CHANNEL_TYPES) {
      const [name, namespace] = type.fields;
      expect(name).toMatchObject({ name: 'name', required: true, target: 'service' });
      expect(namespace).toMatchObject({
        name: 'namespace',
        required: true,
        default: 'default',
        target: 'service',
      });
    }
  });

  it('uses Blueprint icon names and unique field names', () => {
    const icons = new Set<string>(Object.values(IconNames));
    for (const type of CHANNEL_TYPES) {
      expect(icons.has(type.icon)).toBe(true);
      const names = type.fields.map((f) => f.name);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('has the spec defaults for ports, the Ntfy host, Email and Generic Webhook', () => {
    expect(field('email', 'port').default).toBe(587);
    expect(field('opsgenie', 'port').default).toBe(443);
    expect(field('ntfy', 'host').default).toBe('ntfy.sh');
    expect(field('email', 'encryptionMethod')).toMatchObject({
      kind: 'select',
      options: ['None', 'ExplicitTLS', 'ImplicitTLS', 'Auto'],
      default: 'Auto',
    });
    expect(field('email', 'authMethod')).toMatchObject({
      kind: 'select',
      options: ['None', 'Plain', 'CRAMMD5', 'Unknown', 'OAuth2'],
      default: 'Unknown',
    });
    expect(field('email', 'from').target).toBe('properties');
    expect(field('email', 'fromName').target).toBe('properties');
    expect(field('generic', 'contentType').default).toBe('application/json');
    expect(field('generic', 'requestMethod')).toMatchObject({
      kind: 'select',
      options: ['POST', 'GET'],
      default: 'POST',
    });
    expect(field('generic', 'messageKey').default).toBe('message');
    expect(field('generic', 'titleKey').default).toBe('title');
  });

  it('keeps select defaults within their options and secrets out of properties', () => {
    for (const type of CHANNEL_TYPES) {
      for (const f of type.fields) {
        if (f.kind === 'select' && f.default !== undefined) expect(f.options).toContain(f.default);
        if (f.secret) expect(f.target).toBe('url');
      }
    }
    expect(field('email', 'password')).toMatchObject({ kind: 'password', secret: 'password' });
    expect(field('email', 'username').secret).toBe('username');
  });

  it('builds the initial values of a new channel from the defaults', () => {
    expect(defaultChannelValues('email')).toEqual({
      namespace: 'default',
      port: 587,
      encryptionMethod: 'Auto',
      authMethod: 'Unknown',
    });
    expect(defaultChannelValues('ntfy')).toMatchObject({ host: 'ntfy.sh', priority: 'default' });
    expect(defaultChannelValues(RAW_CHANNEL_TYPE)).toEqual({});
  });

  it('knows the raw-URL fallback and rejects unknown ids', () => {
    expect(isChannelTypeId('slack')).toBe(true);
    expect(isChannelTypeId('raw')).toBe(false);
    expect(channelLabel(RAW_CHANNEL_TYPE)).toBe('URL');
    expect(channelFields(RAW_CHANNEL_TYPE).map((f) => f.name)).toEqual(['name', 'url']);
    expect(() => channelType('fax' as ChannelTypeId)).toThrow('Unknown notification channel type');
  });
});
