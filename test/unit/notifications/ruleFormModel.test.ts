import type { NotificationRule } from '../../../src/api/schemas/notificationRules';
import {
  changeChannelType,
  channelService,
  durationError,
  formatDuration,
  hasInlineSecrets,
  newChannel,
  newRuleValues,
  parseDuration,
  recipientError,
  ruleBody,
  ruleValues,
} from '../../../src/features/notifications/rules/model/ruleForm';
import { RULE_EVENTS } from '../../../src/features/notifications/rules/model/ruleEvents';
import { expectAnswers } from '../../support/answers';

const RULE: NotificationRule = {
  id: 'r-1',
  name: 'checks',
  namespace: 'ops',
  events: ['check.failed'],
  source: 'UI',
  wait_for: 90_000_000_000,
  repeat_interval: '2h',
  custom_services: [
    { name: 'slack', url: 'slack://xoxb-1@C1?botname=mc', properties: {} },
    { name: 'opsgenie', connection: 'connection://ops/pager', properties: { priority: 'P1' } },
  ],
};

describe('rule durations', () => {
  it('reads Go-style durations as nanoseconds', () => {
    expect(parseDuration('5m')).toBe(300e9);
    expect(parseDuration('1h30m')).toBe(5400e9);
    expect(parseDuration('1.5s')).toBe(1.5e9);
    expect(parseDuration('250ms')).toBe(250e6);
    expect(parseDuration('5 minutes')).toBeUndefined();
    expect(parseDuration('10')).toBeUndefined();
  });

  it('writes nanoseconds back as the shortest text', () => {
    expectAnswers(formatDuration, [
      [5400e9, '1h30m'],
      [300e9, '5m'],
      [1500e6, '1s500ms'],
      [0, ''],
    ]);
  });

  it('says why a duration is not one, and accepts empty', () => {
    expect(durationError('')).toBeUndefined();
    expect(durationError('4h')).toBeUndefined();
    expect(durationError('often')).toMatch(/duration/);
  });
});

describe('rule form values', () => {
  it('opens a saved rule with its recipient, durations and parsed channels', () => {
    const values = ruleValues(RULE);
    expect(values).toMatchObject({
      name: 'checks',
      namespace: 'ops',
      wait_for: '1m30s',
      repeat_interval: '2h',
      recipient: 'services',
    });
    expect(values.channels[0]).toMatchObject({
      type: 'slack',
      values: { name: 'slack', token: 'xoxb-1', channel: 'C1', botname: 'mc' },
    });
    expect(values.channels[1]).toMatchObject({
      type: 'opsgenie',
      values: { connection: 'connection://ops/pager', priority: 'P1' },
    });
  });

  it('saves the channels back as they were (typed secrets inlined, connections kept)', () => {
    const values = ruleValues(RULE);
    expect(values.channels.map(channelService)).toEqual([
      { name: 'slack', url: 'slack://xoxb-1@C1?botname=mc' },
      { name: 'opsgenie', connection: 'connection://ops/pager', properties: { priority: 'P1' } },
    ]);
  });

  it('keeps a placeholder as a placeholder and does not warn about it', () => {
    const channel = {
      ...newChannel('slack'),
      values: { name: 's', token: '$(password)', channel: 'C1' },
    };
    expect(channelService(channel).url).toBe('slack://$(password)@C1');
    expect(hasInlineSecrets(channel)).toBe(false);
    expect(hasInlineSecrets({ ...channel, values: { ...channel.values, token: 'xoxb' } })).toBe(
      true,
    );
  });

  it('applies the defaults of a new type, keeping the name, namespace and connection', () => {
    const email = { ...newChannel('email'), values: { name: 'n', namespace: 'ops', port: 25 } };
    expect(changeChannelType(email, 'opsgenie').values).toEqual({
      name: 'n',
      namespace: 'ops',
      host: 'api.opsgenie.com',
      port: 443,
    });
  });

  it('creates without empty fields and updates with them cleared', () => {
    const values = {
      ...newRuleValues(),
      name: ' r ',
      events: ['check.failed'],
      recipient: 'team' as const,
      team_id: 't-1',
    };
    expect(ruleBody(values, 'create')).toEqual({
      name: 'r',
      namespace: 'default',
      events: ['check.failed'],
      team_id: 't-1',
    });
    expect(ruleBody(values, 'edit')).toEqual({
      name: 'r',
      namespace: 'default',
      events: ['check.failed'],
      title: null,
      filter: null,
      template: null,
      repeat_interval: null,
      wait_for: null,
      wait_for_eval_period: null,
      group_by: null,
      inhibitions: null,
      person_id: null,
      team_id: 't-1',
      playbook_id: null,
      custom_services: null,
    });
  });

  it('carries the evaluation delay and the grouping both ways', () => {
    const values = ruleValues({
      ...RULE,
      wait_for_eval_period: 120_000_000_000,
      group_by: ['type', 'tag:namespace'],
    });
    expect(values).toMatchObject({
      wait_for_eval_period: '2m',
      group_by: ['type', 'tag:namespace'],
    });
    expect(ruleBody({ ...values, group_by: [' type ', ''] }, 'edit')).toMatchObject({
      wait_for_eval_period: 120_000_000_000,
      group_by: ['type'],
    });
    expect(ruleValues(RULE)).toMatchObject({ wait_for_eval_period: '', group_by: [] });
  });

  it('writes only the chosen recipient, even when others hold values', () => {
    const values = { ...ruleValues(RULE), recipient: 'playbook' as const, playbook_id: 'pb-1' };
    const body = ruleBody(values, 'edit');
    expect(body.playbook_id).toBe('pb-1');
    expect(body.custom_services).toBeNull();
  });

  it('asks for a channel, and for the type of each', () => {
    expect(recipientError(newRuleValues())).toMatch(/at least one channel/);
    expect(recipientError({ ...newRuleValues(), channels: [newChannel()] })).toMatch(/type/);
    expect(recipientError({ ...newRuleValues(), recipient: 'person' })).toBeUndefined();
  });

  it('lists every event once', () => {
    expect(new Set(RULE_EVENTS).size).toBe(RULE_EVENTS.length);
    expect(RULE_EVENTS).toEqual(
      expect.arrayContaining(['check.failed', 'config.unhealthy', 'incident.created']),
    );
  });
});
