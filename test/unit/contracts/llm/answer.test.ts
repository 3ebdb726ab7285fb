import { AnswerError, answerReader } from '../../../../contracts/llm/answer';
import { ANSWER_CUT_SHORT } from '../../../../contracts/llm/chat';

const SEARCH = { id: 'call_1', name: 'search_catalog', arguments: { query: 'nginx*' } };

function lines(...events: unknown[]): string {
  return events.map((event) => `${JSON.stringify(event)}\n`).join('');
}

function read(stream: string, size: number) {
  const texts: string[] = [];
  const reader = answerReader((text) => texts.push(text));
  for (let start = 0; start < stream.length; start += size) {
    reader.push(stream.slice(start, start + size));
  }
  return { texts, end: () => reader.end() };
}

describe('reading the relay’s stream', () => {
  it.each([1, 9, 10_000])(
    'hands on text as it comes and gives the whole answer (parts of %i)',
    (size) => {
      const { texts, end } = read(
        lines(
          { type: 'text', text: 'Let me ' },
          { type: 'text', text: 'look.' },
          { type: 'tool_call', call: SEARCH },
          { type: 'done', stop: 'tool_calls' },
        ),
        size,
      );
      expect(end()).toEqual({ text: 'Let me look.', toolCalls: [SEARCH], stop: 'tool_calls' });
      expect(texts.join('')).toBe('Let me look.');
    },
  );

  it('fails with the reason of an error line, and reads nothing after it', () => {
    const { texts, end } = read(
      lines(
        { type: 'text', text: 'Two' },
        { type: 'error', message: 'openai stream failed: socket hang up' },
        { type: 'text', text: 'more' },
      ),
      5,
    );
    expect(end).toThrow(new AnswerError('openai stream failed: socket hang up'));
    expect(texts).toEqual(['Two']);
  });

  it('fails when the stream ends before the answer was done', () => {
    const { end } = read(lines({ type: 'text', text: 'Two' }), 4);
    expect(end).toThrow(ANSWER_CUT_SHORT);
  });

  it('fails on a line that is not JSON', () => {
    const { end } = read('{"type":"text","text":"a"}\nnot json\n', 100);
    expect(end).toThrow('The answer could not be read');
  });
});
