import { Button, Callout, Classes, HTMLSelect, Intent, Spinner, Tag } from '@blueprintjs/core';
import type { KeyboardEvent as ReactKeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useGetLlmConnectionQuery } from '../../api/endpoints/llmConnection';
import { toErrorMessage } from '../../api/errors';
import { useAppDispatch, useAppSelector } from '../../shell/hooks';
import './assistant.css';
import { AssistantConversation } from './AssistantConversation';
import type { Conversation } from './model/conversations';
import { conversationsKey, readConversations } from './model/conversations';
import type { AskedQuestion, AssistantRequest } from './model/requests';
import { ASSISTANT_LABEL } from './model/label';
import { preparingLabel } from './model/requests';
import { clampWidth, readPanelWidth, savePanelWidth, WIDTH_STEP } from './model/panelWidth';
import { prepareQuestion } from './prepareQuestion';
import { useAssistantChat } from './useAssistantChat';

/** The conversation shown: a new one (maybe asking a page's question) or one kept from before. */
interface Shown {
  key: string;
  kept?: Conversation;
  request?: AssistantRequest;
}

let shownCount = 0;
/** A new conversation's id, which it is kept under once answered. */
function freshKey(): string {
  shownCount += 1;
  return `${Date.now().toString(36)}-n${shownCount}`;
}

type Preparing =
  { status: 'ready' } | { status: 'preparing' } | { status: 'failed'; error: string };

/** One conversation: the chat, and a page's question prepared then asked once. */
function ConversationView({
  id,
  kept,
  request,
  onSaved,
}: {
  id: string;
  kept: Conversation | undefined;
  request: AssistantRequest | undefined;
  onSaved: () => void;
}) {
  const chat = useAssistantChat(kept, onSaved, id);
  const dispatch = useAppDispatch();
  const [preparing, setPreparing] = useState<Preparing>(
    request ? { status: 'preparing' } : { status: 'ready' },
  );
  const [attempt, setAttempt] = useState(0);
  const { ask } = chat;
  useEffect(() => {
    if (!request) return undefined;
    let live = true;
    prepareQuestion(request, dispatch).then(
      (content) => {
        if (!live) return;
        setPreparing({ status: 'ready' });
        ask(content);
      },
      (error: unknown) => {
        if (live) setPreparing({ status: 'failed', error: toErrorMessage(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [request, attempt, dispatch, ask]);

  return (
    <>
      {request && preparing.status === 'preparing' && (
        <div className="mc-assistant-preparing" role="status">
          <Spinner size={16} aria-hidden />
          <span>{preparingLabel(request)}…</span>
        </div>
      )}
      {preparing.status === 'failed' && (
        <Callout intent={Intent.DANGER} role="alert" title="The question could not be prepared">
          <p>{preparing.error}</p>
          <Button
            text="Try again"
            onClick={() => {
              setPreparing({ status: 'preparing' });
              setAttempt((n) => n + 1);
            }}
          />
        </Callout>
      )}
      <AssistantConversation {...chat} />
    </>
  );
}

export interface AssistantPanelProps {
  /** Whether it is shown: once opened it stays mounted, so an answer goes on while it is closed. */
  open: boolean;
  /** The question a page asked last: a new conversation asks it. */
  asked: AskedQuestion | undefined;
  onClose: () => void;
}

/**
 * The assistant beside the page: the model it talks to, the conversation (a new one, or one of
 * the user's kept conversations), and a handle on its left edge that resizes it by pointer or by
 * the arrow keys. Escape closes it.
 */
export default function AssistantPanel({ open, asked, onClose }: AssistantPanelProps) {
  const userId = useAppSelector((state) => state.session.user?.id);
  const connection = useGetLlmConnectionQuery();
  const [savedCount, setSavedCount] = useState(0);
  const onSaved = useCallback(() => setSavedCount((n) => n + 1), []);
  const conversations = useMemo(
    () => (userId ? readConversations(window.localStorage.getItem(conversationsKey(userId))) : []),
    // Read again each time a conversation was saved.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [userId, savedCount],
  );
  const [shown, setShown] = useState<Shown>(() => ({ key: freshKey(), request: asked?.request }));
  const lastAsked = useRef(asked?.seq);
  useEffect(() => {
    if (!asked || asked.seq === lastAsked.current) return;
    lastAsked.current = asked.seq;
    setShown({ key: freshKey(), request: asked.request });
  }, [asked]);

  const [width, setWidth] = useState(() => clampWidth(readPanelWidth(window.localStorage)));
  const resizeTo = useCallback((next: number) => {
    const clamped = clampWidth(next);
    setWidth(clamped);
    savePanelWidth(window.localStorage, clamped);
  }, []);
  const onHandlePointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    const startX = event.clientX;
    const startWidth = width;
    const move = (moved: PointerEvent) => resizeTo(startWidth + (startX - moved.clientX));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const onHandleKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') resizeTo(width + WIDTH_STEP);
    else if (event.key === 'ArrowRight') resizeTo(width - WIDTH_STEP);
    else return;
    event.preventDefault();
  };

  const keptShown = conversations.some((c) => c.id === shown.key) ? shown.key : '';
  const named = connection.data?.properties?.model;
  const model = typeof named === 'string' && named !== '' ? named : connection.data?.type;
  return (
    <aside
      className="mc-assistant-panel"
      aria-label={ASSISTANT_LABEL}
      hidden={!open}
      style={{ width }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) onClose();
      }}
    >
      <div
        className="mc-assistant-resize"
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize the assistant"
        aria-valuenow={width}
        tabIndex={0}
        onPointerDown={onHandlePointerDown}
        onKeyDown={onHandleKeyDown}
      />
      <header className="mc-assistant-header">
        <h2 className={Classes.HEADING}>{ASSISTANT_LABEL}</h2>
        {model && (
          <Tag minimal title={`${connection.data?.name ?? ''} (${connection.data?.type ?? ''})`}>
            {model}
          </Tag>
        )}
        <HTMLSelect
          aria-label="Conversation"
          value={keptShown}
          onChange={(event) => {
            const picked = conversations.find((c) => c.id === event.target.value);
            if (picked?.id === shown.key) return;
            setShown(picked ? { key: picked.id, kept: picked } : { key: freshKey() });
          }}
        >
          <option value="">New conversation</option>
          {conversations.map((conversation) => (
            <option key={conversation.id} value={conversation.id}>
              {conversation.title || 'Untitled'}
            </option>
          ))}
        </HTMLSelect>
        <Button
          variant="minimal"
          icon="plus"
          aria-label="New conversation"
          title="New conversation"
          onClick={() => setShown({ key: freshKey() })}
        />
        <Button
          variant="minimal"
          icon="cross"
          aria-label="Close the assistant"
          title="Close the assistant"
          onClick={onClose}
        />
      </header>
      <ConversationView
        key={shown.key}
        id={shown.key}
        kept={shown.kept}
        request={shown.request}
        onSaved={onSaved}
      />
    </aside>
  );
}
