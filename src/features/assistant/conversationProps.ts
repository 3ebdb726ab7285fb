import type { SnapshotFrom } from 'xstate';
import type { ChatEvent, chatMachine } from '../../../machines/assistant/chat';
import type { AssistantConversationProps, ChatStage } from './AssistantConversation';
import { knownConfigIdsOf } from './model/configLinks';

type ChatSnapshot = SnapshotFrom<typeof chatMachine>;

/** The conversation view of a chat machine's snapshot, its buttons sending the machine's events. */
export function conversationProps(
  snapshot: ChatSnapshot,
  send: (event: ChatEvent) => void,
): AssistantConversationProps {
  const { messages, streamingText, pendingCalls, error, draft } = snapshot.context;
  return {
    messages,
    streamingText,
    stage: snapshot.value as ChatStage,
    pendingCall: pendingCalls[0],
    error,
    draft,
    knownConfigIds: knownConfigIdsOf(messages),
    onDraftChange: (text) => send({ type: 'draft.change', text }),
    onSend: () => send({ type: 'send' }),
    onStop: () => send({ type: 'stop' }),
    onAllow: () => send({ type: 'tool.allow' }),
    onAlwaysAllow: () => send({ type: 'tool.alwaysAllow' }),
    onDeny: () => send({ type: 'tool.deny' }),
    onRetry: () => send({ type: 'retry' }),
  };
}
