import {
  AGENT_STALE_AFTER_MS,
  agentCount,
  isAgentStale,
} from '../../../src/features/agents/model/agentRow';
import {
  agentHelmCommand,
  agentHelmValues,
  shellQuote,
  upstreamHost,
} from '../../../src/features/agents/model/installInstructions';
import { agentsPageRequest, deleteAgentBody } from '../../../src/api/endpoints/agents';
import { expectAnswers } from '../../support/answers';

const NOW = new Date('2024-06-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe('isAgentStale', () => {
  it('is false up to the threshold and true past it', () => {
    expect(isAgentStale(ago(AGENT_STALE_AFTER_MS), NOW)).toBe(false);
    expect(isAgentStale(ago(AGENT_STALE_AFTER_MS + 1_000), NOW)).toBe(true);
    expect(isAgentStale(ago(30_000), NOW)).toBe(false);
  });

  it('treats an agent that never reported as stale', () => {
    expect(isAgentStale(null, NOW)).toBe(true);
    expect(isAgentStale('not a date', NOW)).toBe(true);
  });

  it('never marks the local agent, which stands for Mission Control itself', () => {
    expect(isAgentStale(null, NOW, '00000000-0000-0000-0000-000000000000')).toBe(false);
    expect(isAgentStale(null, NOW, 'a1')).toBe(true);
  });
});

describe('agentCount', () => {
  it('reads numbers, numeric text and nothing', () => {
    expectAnswers(agentCount, [
      [4, 4],
      ['12', 12],
      [null, 0],
      [undefined, 0],
      ['x', 0],
    ]);
  });
});

describe('install instructions', () => {
  const agent = {
    name: 'edge',
    username: 'agent-edge',
    accessToken: "to'ken",
    upstreamHost: upstreamHost('https://mc.example.com/'),
  };

  it('points the agent at {origin}/api', () => {
    expect(agent.upstreamHost).toBe('https://mc.example.com/api');
  });

  it('writes the values with the upstream and the credentials', () => {
    expect(agentHelmValues(agent)).toBe(
      [
        'clusterName: "edge"',
        'upstream:',
        '  createSecret: true',
        '  host: "https://mc.example.com/api"',
        '  username: "agent-edge"',
        `  password: "to'ken"`,
        '',
      ].join('\n'),
    );
  });

  it('quotes every value of the helm command for the shell', () => {
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
    const command = agentHelmCommand(agent);
    expect(command).toContain('helm repo add flanksource https://flanksource.github.io/charts');
    expect(command).toContain('helm install mc-agent flanksource/mission-control-agent');
    expect(command).toContain(`--set upstream.password='to'\\''ken'`);
    expect(command).toContain(`--set upstream.host='https://mc.example.com/api'`);
  });
});

describe('AGENT requests', () => {
  it('sends the default order twice without a sort of its own', () => {
    const request = agentsPageRequest({ pageIndex: 0, pageSize: 50 });
    expect(decodeURIComponent(request.url)).toBe(
      '/api/db/agents_summary?select=*,created_by(id,name,avatar,email)&order=created_at.desc&&limit=50&offset=0&order=created_at.desc',
    );
    expect(request.prefer).toBe('count=exact');
  });

  it('adds cleanup to the delete only when asked', () => {
    expect(deleteAgentBody({ id: 'a', cleanup: false })).toEqual({ deleted_at: 'now()' });
    expect(deleteAgentBody({ id: 'a', cleanup: true })).toEqual({
      deleted_at: 'now()',
      cleanup: true,
    });
  });
});
