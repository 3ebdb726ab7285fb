import type { Conversation } from '../../../src/features/assistant/model/conversations';
import {
  MAX_CONVERSATIONS,
  conversationTitle,
  conversationsKey,
  readConversations,
  saveConversation,
} from '../../../src/features/assistant/model/conversations';
import {
  ACTION_RESULT_LIMIT,
  diagnoseRunQuestion,
} from '../../../src/features/assistant/model/prompts';

function conversation(id: string, question = 'which deployments are unhealthy?'): Conversation {
  return {
    id,
    title: question,
    updatedAt: '2026-11-30T04:00:00.000Z',
    messages: [
      { role: 'user', content: question },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'c1', name: 'search_catalog', arguments: { query: 'x' } }],
      },
      { role: 'tool', toolCallId: 'c1', name: 'search_catalog', content: '[]', isError: false },
      { role: 'assistant', content: 'None.' },
    ],
    alwaysAllowed: ['search_catalog'],
  };
}

describe('conversations kept per user', () => {
  it('keeps each user’s under its own key', () => {
    expect(conversationsKey('u-1')).not.toBe(conversationsKey('u-2'));
  });

  it('reads back what was saved, and forgets what does not read', () => {
    const saved = [conversation('a')];
    expect(readConversations(JSON.stringify(saved))).toEqual(saved);
    expect(readConversations(null)).toEqual([]);
    expect(readConversations('{not json')).toEqual([]);
    expect(readConversations(JSON.stringify([{ ...conversation('a'), messages: [{}] }]))).toEqual(
      [],
    );
  });

  it('puts the saved one first, once, and keeps the newest few', () => {
    let list: Conversation[] = [];
    for (let i = 0; i < MAX_CONVERSATIONS + 2; i += 1) {
      list = saveConversation(list, conversation(`c${i}`));
    }
    expect(list).toHaveLength(MAX_CONVERSATIONS);
    expect(list[0]?.id).toBe(`c${MAX_CONVERSATIONS + 1}`);
    list = saveConversation(list, conversation('c5', 'again'));
    expect(list.map((kept) => kept.id).filter((id) => id === 'c5')).toHaveLength(1);
    expect(list[0]?.title).toBe('again');
  });

  it('names a conversation by its first question, on one line and short', () => {
    expect(conversationTitle([{ role: 'user', content: '  why\n is  checkout down? ' }])).toBe(
      'why is checkout down?',
    );
    expect(conversationTitle([{ role: 'user', content: 'x'.repeat(80) }])).toHaveLength(60);
    expect(conversationTitle([])).toBe('');
  });
});

describe('Diagnose failure', () => {
  it('asks about the failed run with its actions, a long result cut to its end', () => {
    const long = `${'a'.repeat(ACTION_RESULT_LIMIT)}THE END`;
    const message = diagnoseRunQuestion(
      {
        id: 'run-1',
        status: 'failed',
        error: 'action restart failed',
        parameters: { replicas: 3 },
        playbook: { name: 'restart-deployment', title: 'Restart deployment' },
        resource: 'checkout',
      },
      [
        { name: 'scale', status: 'completed', result: { stdout: 'scaled' } },
        { name: 'restart', status: 'failed', error: 'exit status 1', result: long },
      ],
    );
    expect(message.role).toBe('user');
    expect(message.content).toMatch(/^Diagnose why this run of Restart deployment failed/);
    const json = JSON.parse(/```json\n([\s\S]*)\n```/.exec(message.content)?.[1] ?? '{}') as {
      run: Record<string, unknown>;
      actions: Array<Record<string, unknown>>;
    };
    expect(json.run).toEqual({
      id: 'run-1',
      playbook: 'Restart deployment',
      status: 'failed',
      error: 'action restart failed',
      resource: 'checkout',
      parameters: { replicas: 3 },
    });
    expect(json.actions[0]).toEqual({
      name: 'scale',
      status: 'completed',
      result: '{\n  "stdout": "scaled"\n}',
    });
    expect(json.actions[1]?.error).toBe('exit status 1');
    expect(String(json.actions[1]?.result).endsWith('THE END')).toBe(true);
    expect(String(json.actions[1]?.result)).toHaveLength(ACTION_RESULT_LIMIT + 2);
  });
});
