import { useActorRef, useSelector as useActorSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { useListAssistantToolsQuery } from '../../api/endpoints/assistant';
import { useAppDispatch, useAppSelector } from '../../shell/hooks';
import { useInspect } from '../../ui/inspect';
import type { AssistantConversationProps } from './AssistantConversation';
import { createChatLogic } from './chatLogic';
import { conversationProps } from './conversationProps';
import type { Conversation } from './model/conversations';
import {
  conversationTitle,
  conversationsKey,
  readConversations,
  saveConversation,
} from './model/conversations';

/** The signed-in user's conversations, from the browser's storage. */
export function useStoredConversations(): Conversation[] {
  const userId = useAppSelector((state) => state.session.user?.id);
  return userId ? readConversations(window.localStorage.getItem(conversationsKey(userId))) : [];
}

let lastId = 0;
function newConversationId(): string {
  lastId += 1;
  return `${Date.now().toString(36)}-${lastId}`;
}

/** A conversation's view, and how the console asks a question it prepared. */
export interface AssistantChat extends AssistantConversationProps {
  ask: (content: string) => void;
}

/**
 * One conversation (a new one, or `kept` to go on with): the chat machine with its actors on
 * RTK Query, the tools of `/api/mcp` offered to the model, and the conversation saved for the
 * signed-in user each time an answer is complete.
 */
export function useAssistantChat(
  kept?: Conversation,
  onSaved?: () => void,
  newId?: string,
): AssistantChat {
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) => state.session.user?.id);
  // Asked for here, read by the chat from the store at each question.
  useListAssistantToolsQuery();
  const [logic] = useState(() => createChatLogic(dispatch));
  const [id] = useState(() => kept?.id ?? newId ?? newConversationId());
  const inspect = useInspect();
  const actor = useActorRef(logic, {
    input: { messages: kept?.messages, alwaysAllowed: kept?.alwaysAllowed },
    inspect,
  });
  const snapshot = useActorSelector(actor, (s) => s);
  const { messages, alwaysAllowed } = snapshot.context;
  const idle = snapshot.value === 'idle';

  useEffect(() => {
    if (!userId || !idle || messages.length === 0) return;
    const key = conversationsKey(userId);
    const list = readConversations(window.localStorage.getItem(key));
    const conversation: Conversation = {
      id,
      title: conversationTitle(messages),
      updatedAt: new Date().toISOString(),
      messages: [...messages],
      alwaysAllowed: [...alwaysAllowed],
    };
    window.localStorage.setItem(key, JSON.stringify(saveConversation(list, conversation)));
    onSaved?.();
  }, [userId, idle, messages, alwaysAllowed, id, onSaved]);

  const ask = useCallback((content: string) => actor.send({ type: 'ask', content }), [actor]);
  return { ...conversationProps(snapshot, actor.send), ask };
}
