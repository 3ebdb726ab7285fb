import { is } from 'superstruct';
import type { NotificationRule } from '../../../src/api/schemas/notificationRules';
import { NotificationRuleStruct } from '../../../src/api/schemas/notificationRules';
import type { InhibitionFormValue } from '../../../src/features/notifications/rules/model/ruleForm';
import {
  RULE_FORM_MESSAGES,
  inhibitionErrors,
  newInhibition,
  newRuleValues,
  ruleBody,
  ruleValues,
} from '../../../src/features/notifications/rules/model/ruleForm';

const RULE: NotificationRule = {
  id: 'r-1',
  name: 'nodes',
  namespace: 'ops',
  events: ['config.unhealthy'],
  source: 'UI',
  team_id: 't-1',
  inhibitions: [
    { direction: 'outgoing', from: 'Kubernetes::Node', to: ['Kubernetes::Pod'], soft: true },
    {
      direction: 'incoming',
      from: 'Kubernetes::Pod',
      to: ['Kubernetes::Deployment', 'Kubernetes::ReplicaSet'],
      depth: 2,
    },
  ],
};

const row = (changes: Partial<InhibitionFormValue>): InhibitionFormValue => ({
  ...newInhibition(),
  from: 'Kubernetes::Node',
  to: ['Kubernetes::Pod'],
  ...changes,
});

describe('rule inhibitions', () => {
  it('reads a saved rule whose inhibitions are partial or null', () => {
    expect(is(RULE, NotificationRuleStruct)).toBe(true);
    expect(is({ id: 'r-2', inhibitions: null }, NotificationRuleStruct)).toBe(true);
    expect(
      is({ id: 'r-3', inhibitions: [{ from: 'x', depth: '3' }] }, NotificationRuleStruct),
    ).toBe(true);
  });

  it('opens them as rows, an unknown direction as both and a depth as a number', () => {
    expect(ruleValues(RULE).inhibitions).toEqual([
      { direction: 'outgoing', from: 'Kubernetes::Node', to: ['Kubernetes::Pod'], soft: true },
      {
        direction: 'incoming',
        from: 'Kubernetes::Pod',
        to: ['Kubernetes::Deployment', 'Kubernetes::ReplicaSet'],
        depth: 2,
        soft: false,
      },
    ]);
    const odd = ruleValues({
      ...RULE,
      inhibitions: [{ direction: 'sideways', from: null, to: null, depth: '3' }],
    });
    expect(odd.inhibitions).toEqual([
      { direction: 'all', from: '', to: [], depth: 3, soft: false },
    ]);
    expect(ruleValues({ ...RULE, inhibitions: null }).inhibitions).toEqual([]);
  });

  it('writes them back as they were', () => {
    const values = ruleValues(RULE);
    expect(ruleBody(values, 'edit').inhibitions).toEqual(RULE.inhibitions);
    expect(ruleBody(values, 'create').inhibitions).toEqual(RULE.inhibitions);
  });

  it('writes depth and soft only when given, the types trimmed and once each', () => {
    const values = {
      ...newRuleValues(),
      inhibitions: [
        row({ from: ' Kubernetes::Node ', to: [' Kubernetes::Pod', 'Kubernetes::Pod', ''] }),
        row({ direction: 'all', depth: '4', soft: true }),
        row({ depth: '' }),
      ],
    };
    expect(ruleBody(values, 'create').inhibitions).toEqual([
      { direction: 'outgoing', from: 'Kubernetes::Node', to: ['Kubernetes::Pod'] },
      { direction: 'all', from: 'Kubernetes::Node', to: ['Kubernetes::Pod'], depth: 4, soft: true },
      { direction: 'outgoing', from: 'Kubernetes::Node', to: ['Kubernetes::Pod'] },
    ]);
  });

  it('leaves them out of a new rule without any, and clears them on update', () => {
    expect(ruleBody(newRuleValues(), 'create')).not.toHaveProperty('inhibitions');
    expect(ruleBody({ ...ruleValues(RULE), inhibitions: [] }, 'edit').inhibitions).toBeNull();
  });

  it('asks for From, at least one To, and a depth of a whole number of 1 or more', () => {
    expect(inhibitionErrors(row({}))).toEqual({});
    expect(inhibitionErrors(row({ depth: 3 }))).toEqual({});
    expect(inhibitionErrors(row({ depth: ' 3 ' }))).toEqual({});
    expect(inhibitionErrors(newInhibition())).toEqual({
      from: RULE_FORM_MESSAGES.inhibitionFrom,
      to: RULE_FORM_MESSAGES.inhibitionTo,
    });
    expect(inhibitionErrors(row({ from: '  ', to: [' '] }))).toEqual({
      from: RULE_FORM_MESSAGES.inhibitionFrom,
      to: RULE_FORM_MESSAGES.inhibitionTo,
    });
    for (const depth of [0, -1, 1.5, 'two', '0']) {
      expect(inhibitionErrors(row({ depth })).depth).toBe(RULE_FORM_MESSAGES.inhibitionDepth);
    }
    expect(inhibitionErrors(undefined)).toEqual({});
  });
});
