import {
  AI_DISABLE_PROPERTY,
  assistantAvailable,
} from '../../../src/features/assistant/model/availability';
import {
  configIdsOfContext,
  configIdsOfTool,
  configLinkParts,
} from '../../../src/features/assistant/model/configLinks';
import {
  ASSISTANT_SYSTEM_PROMPT,
  CONFIG_QUICK_PROMPTS,
  configQuestion,
  withSystemPrompt,
} from '../../../src/features/assistant/model/prompts';

const CHECKOUT = '0b8e8a2e-5d0c-4f6a-9a3e-1c2d3e4f5a6b';
const PAYMENTS = '7C1D2E3F-4A5B-4C6D-8E7F-9A0B1C2D3E4F';
const INCIDENT = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

describe('whether the assistant is offered', () => {
  it('needs a connection', () => {
    expect(assistantAvailable({ connected: false, properties: [] })).toBe(false);
    expect(assistantAvailable({ connected: true, properties: [] })).toBe(true);
  });

  it('is hidden by ai.disable = true, the first property of the name deciding', () => {
    const off = { name: AI_DISABLE_PROPERTY, value: 'true' };
    const on = { name: AI_DISABLE_PROPERTY, value: 'false' };
    expect(assistantAvailable({ connected: true, properties: [off] })).toBe(false);
    expect(assistantAvailable({ connected: true, properties: [on, off] })).toBe(true);
    expect(assistantAvailable({ connected: true, properties: [off, on] })).toBe(false);
    expect(assistantAvailable({ connected: true, properties: [{ ...off, value: 'TRUE' }] })).toBe(
      true,
    );
  });
});

describe('config ids as links', () => {
  it('cuts the answer at the ids the console knows, in any case, leaving other ids as text', () => {
    const known = new Set([CHECKOUT, PAYMENTS.toLowerCase()]);
    expect(
      configLinkParts(`${CHECKOUT} and ${PAYMENTS} are unhealthy; see ${INCIDENT}.`, known),
    ).toEqual([
      { kind: 'config', id: CHECKOUT },
      { kind: 'text', text: ' and ' },
      { kind: 'config', id: PAYMENTS.toLowerCase() },
      { kind: 'text', text: ` are unhealthy; see ${INCIDENT}.` },
    ]);
    expect(configLinkParts('nothing to link', known)).toEqual([
      { kind: 'text', text: 'nothing to link' },
    ]);
  });

  it('knows the config items a tool named, and only those', () => {
    const search = JSON.stringify({
      count: 2,
      results: [
        { kind: 'config', id: CHECKOUT, name: 'checkout', type: 'Kubernetes::Deployment' },
        { kind: 'check', id: INCIDENT, name: 'http', type: 'http' },
      ],
    });
    expect(configIdsOfTool('search_catalog', search)).toEqual([CHECKOUT]);
    expect(
      configIdsOfTool('get_config', JSON.stringify({ config: { id: PAYMENTS }, changes: [] })),
    ).toEqual([PAYMENTS.toLowerCase()]);
    expect(configIdsOfTool('list_incidents', JSON.stringify([{ id: INCIDENT }]))).toEqual([]);
    expect(configIdsOfTool('search_catalog', 'forbidden')).toEqual([]);
    expect(configIdsOfContext({ configs: [{ id: CHECKOUT }, { id: PAYMENTS }] })).toEqual([
      CHECKOUT,
      PAYMENTS.toLowerCase(),
    ]);
  });
});

describe('prompts', () => {
  it('offers the three quick prompts of Send to AI', () => {
    expect(CONFIG_QUICK_PROMPTS.map((prompt) => prompt.label)).toEqual([
      'Summarise',
      'Why is it unhealthy?',
      'What changed?',
    ]);
  });

  it('asks about a config item with its context', () => {
    const message = configQuestion(
      'What changed?',
      { id: CHECKOUT, name: 'checkout', type: 'Kubernetes::Deployment' },
      { configs: [{ id: CHECKOUT }], edges: [] },
    );
    expect(message.role).toBe('user');
    expect(message.content).toContain(`checkout (Kubernetes::Deployment, id ${CHECKOUT})`);
    expect(message.content).toContain('"edges": []');
  });

  it('starts a conversation with the system prompt, once', () => {
    const started = withSystemPrompt([{ role: 'user', content: 'hi' }]);
    expect(started[0]).toEqual({ role: 'system', content: ASSISTANT_SYSTEM_PROMPT });
    expect(withSystemPrompt(started)).toEqual(started);
  });
});
