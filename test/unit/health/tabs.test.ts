import { LOCAL_AGENT_ID } from '../../../src/api/schemas/healthSummary';
import { agentIdsOf, checksInTab, isTabBy, tabsOf } from '../../../src/features/health/model/tabs';
import { makeCheck } from './fixtures';

describe('tabs', () => {
  const checks = [
    makeCheck({ namespace: 'prod', agent_id: 'agent-b', labels: { env: 'live' } }),
    makeCheck({ namespace: 'dev', agent_id: LOCAL_AGENT_ID, labels: { env: 'test' } }),
    makeCheck({ namespace: 'prod', agent_id: null, labels: {} }),
    makeCheck({ namespace: null, agent_id: 'agent-a', labels: { env: 'live' } }),
  ];

  it('puts All first, then one tab per namespace sorted, with counts', () => {
    expect(tabsOf(checks, 'namespace')).toEqual([
      { value: null, label: 'All', count: 4 },
      { value: '', label: '(none)', count: 1 },
      { value: 'dev', label: 'dev', count: 1 },
      { value: 'prod', label: 'prod', count: 2 },
    ]);
  });

  it('names agent tabs, the local agent as local', () => {
    const names = new Map([['agent-b', 'Berlin']]);
    expect(tabsOf(checks, 'agent', names).map((tab) => [tab.value, tab.label, tab.count])).toEqual([
      [null, 'All', 4],
      ['agent-b', 'Berlin', 1],
      ['agent-a', 'agent-a', 1],
      [LOCAL_AGENT_ID, 'local', 2],
    ]);
    expect(agentIdsOf(checks)).toEqual(['agent-a', 'agent-b']);
  });

  it('makes one tab per value of a label; checks without it are only in All', () => {
    expect(tabsOf(checks, 'label:env').map((tab) => [tab.label, tab.count])).toEqual([
      ['All', 4],
      ['live', 2],
      ['test', 1],
    ]);
    expect(checksInTab(checks, 'label:env', 'live')).toEqual([checks[0], checks[3]]);
  });

  it('keeps every check in All and only the tab value otherwise', () => {
    expect(checksInTab(checks, 'namespace', null)).toBe(checks);
    expect(checksInTab(checks, 'namespace', 'prod')).toEqual([checks[0], checks[2]]);
    expect(checksInTab(checks, 'agent', LOCAL_AGENT_ID)).toEqual([checks[1], checks[2]]);
  });

  it('recognises the Tab By choices', () => {
    expect(['namespace', 'agent', 'label:env', 'label:', 'type'].map(isTabBy)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
