import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { MemoryRouter } from 'react-router-dom';
import type { Actor } from 'xstate';
import type { ToolCall } from '../../../contracts/llm/chat';
import type { StreamAnswerInput } from '../../../machines/assistant/chat';
import { chatMachine } from '../../../machines/assistant/chat';
import { AssistantConversation } from '../../../src/features/assistant/AssistantConversation';
import { conversationProps } from '../../../src/features/assistant/conversationProps';
import { startControllable } from '../../support/machineReplay';
import type { ActorCall } from '../../support/machineReplay';

const CHECKOUT = '0b8e8a2e-5d0c-4f6a-9a3e-1c2d3e4f5a6b';
const SEARCH: ToolCall = {
  id: 'call_1',
  name: 'search_catalog',
  arguments: { query: 'type=Kubernetes::Deployment' },
};
const RUN: ToolCall = { id: 'call_2', name: 'run_playbook', arguments: { playbook_id: 'p' } };

function Conversation({ actor }: { actor: Actor<typeof chatMachine> }) {
  const snapshot = useSelector(actor, (s) => s);
  return <AssistantConversation {...conversationProps(snapshot, actor.send)} />;
}

function start() {
  const run = startControllable(chatMachine, ['streamAnswer', 'callTool'] as const, {});
  render(
    <MemoryRouter>
      <Conversation actor={run.actor} />
    </MemoryRouter>,
  );
  return run;
}

/** What the relay or a tool does, as React sees it happen. */
async function answer(happen: () => void): Promise<void> {
  await act(async () => {
    happen();
    await Promise.resolve();
  });
}

/** The latest call of an actor. */
function last(calls: Array<ActorCall<string>>, name: string) {
  const call = [...calls].reverse().find((c) => c.name === name);
  if (!call) throw new Error(`no call of ${name}`);
  return call;
}

describe('the assistant’s conversation', () => {
  it('sends the question, shows the answer as it streams and links the config items named', async () => {
    const user = userEvent.setup();
    const { calls } = start();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(
      screen.getByRole('textbox', { name: 'Message' }),
      'which deployments are unhealthy?',
    );
    await user.click(send);
    expect(screen.getByText('which deployments are unhealthy?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();

    const asked = last(calls, 'streamAnswer');
    await answer(() => asked.resolve({ text: '', toolCalls: [SEARCH], stop: 'tool_calls' }));
    const approval = await screen.findByRole('group', { name: 'Tool call to approve' });
    expect(within(approval).getByText('Run search_catalog?')).toBeInTheDocument();
    expect(within(approval).getByText(/type=Kubernetes::Deployment/)).toBeInTheDocument();
    await user.click(within(approval).getByRole('button', { name: 'Allow' }));

    expect(await screen.findByText('Running')).toBeInTheDocument();
    expect(last(calls, 'callTool').input).toEqual({ call: SEARCH });
    await answer(() =>
      last(calls, 'callTool').resolve({
        content: JSON.stringify({ results: [{ kind: 'config', id: CHECKOUT, name: 'checkout' }] }),
        isError: false,
      }),
    );
    expect(await screen.findByText('Ran')).toBeInTheDocument();

    const answering = last(calls, 'streamAnswer');
    await answer(() => (answering.input as StreamAnswerInput).onText('**checkout** '));
    expect(await screen.findByText('checkout')).toBeInTheDocument();
    await answer(() =>
      (answering.input as StreamAnswerInput).onText(`(${CHECKOUT}) is unhealthy.`),
    );
    await answer(() =>
      answering.resolve({
        text: `**checkout** (${CHECKOUT}) is unhealthy.`,
        toolCalls: [],
        stop: 'end',
      }),
    );
    const link = await screen.findByRole('link', { name: CHECKOUT });
    expect(link).toHaveAttribute('href', `/catalog/${CHECKOUT}`);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('shows a denied call as denied, and a failure with Retry', async () => {
    const user = userEvent.setup();
    const { calls } = start();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'restart checkout{Enter}');
    await answer(() =>
      last(calls, 'streamAnswer').resolve({
        text: 'I can restart it.',
        toolCalls: [RUN],
        stop: 'tool_calls',
      }),
    );
    const approval = await screen.findByRole('group', { name: 'Tool call to approve' });
    await user.click(within(approval).getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('Denied')).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'callTool')).toHaveLength(0);

    await answer(() =>
      last(calls, 'streamAnswer').reject(new Error('openai answered 401: bad key')),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('openai answered 401: bad key');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((call) => call.name === 'streamAnswer')).toHaveLength(3);
  });
});
