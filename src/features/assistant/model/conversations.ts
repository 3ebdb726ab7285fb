/**
 * Conversations kept in the browser, per user (docs/assistant.md): each user's list under its
 * own key, newest first, at most `MAX_CONVERSATIONS`; what is stored is checked when read back,
 * and a list that does not read is forgotten rather than shown.
 */
import { array, is, object, string } from 'superstruct';
import type { ChatMessage } from '../../../../contracts/llm/chat';
import { ChatMessageStruct } from '../../../api/schemas/assistant';

export const MAX_CONVERSATIONS = 20;

export interface Conversation {
  id: string;
  /** The first question, shortened: how the list names it. */
  title: string;
  updatedAt: string;
  messages: ChatMessage[];
  /** Tools the user allowed always in it. */
  alwaysAllowed: string[];
}

const ConversationsStruct = array(
  object({
    id: string(),
    title: string(),
    updatedAt: string(),
    messages: array(ChatMessageStruct),
    alwaysAllowed: array(string()),
  }),
);

/** The storage key of a user's conversations. */
export function conversationsKey(userId: string): string {
  return `mc.assistant.conversations.${userId}`;
}

/** The conversations stored as `text`; none when there is nothing or it does not read. */
export function readConversations(text: string | null): Conversation[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return is(value, ConversationsStruct) ? (value as Conversation[]) : [];
  } catch {
    return [];
  }
}

/** How a conversation is named: its first question, on one line, at most 60 characters. */
export function conversationTitle(messages: readonly ChatMessage[]): string {
  const first = messages.find((message) => message.role === 'user')?.content ?? '';
  const line = first.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/** The list with `conversation` saved: put first, replacing its older copy, the oldest dropped. */
export function saveConversation(
  list: readonly Conversation[],
  conversation: Conversation,
): Conversation[] {
  return [conversation, ...list.filter((kept) => kept.id !== conversation.id)].slice(
    0,
    MAX_CONVERSATIONS,
  );
}
