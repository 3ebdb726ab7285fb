import { Button, ButtonGroup, Callout, Intent, Spinner, TextArea } from '@blueprintjs/core';
import { useCallback } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ChatMessage, ToolCall } from '../../../contracts/llm/chat';
import { TOOL_DENIED } from '../../../machines/assistant/chat';
import { paths } from '../../shell/paths';
import { Markdown } from '../../ui/Markdown';
import { configLinkParts } from './model/configLinks';
import { shownQuestion } from './model/requests';

/** Where the chat stands, as the chat machine says. */
export type ChatStage = 'idle' | 'streaming' | 'awaitingApproval' | 'runningTool' | 'failed';

export interface AssistantConversationProps {
  messages: readonly ChatMessage[];
  /** The answer's text so far, while it streams. */
  streamingText: string;
  stage: ChatStage;
  /** The tool call the user is asked about, or the one running. */
  pendingCall: ToolCall | undefined;
  error: string | undefined;
  draft: string;
  /** Config items the tools or the context named: their ids in answers are links. */
  knownConfigIds: ReadonlySet<string>;
  onDraftChange: (text: string) => void;
  onSend: () => void;
  onStop: () => void;
  onAllow: () => void;
  onAlwaysAllow: () => void;
  onDeny: () => void;
  onRetry: () => void;
}

/** How a tool call ended, from its result. */
function outcomeOf(result: ChatMessage | undefined): string {
  if (!result || result.role !== 'tool') return 'Not run';
  if (result.isError && result.content === TOOL_DENIED) return 'Denied';
  return result.isError ? 'Failed' : 'Ran';
}

function ToolCallSummary({ call, outcome }: { call: ToolCall; outcome: string }) {
  return (
    <div className="mc-assistant-tool-call" aria-label={`Tool call ${call.name}`}>
      <strong>{call.name}</strong> <span>{outcome}</span>
      <pre>{JSON.stringify(call.arguments, null, 2)}</pre>
    </div>
  );
}

/**
 * A conversation with the assistant: the messages (answers as Markdown, config ids the console
 * knows as links), the answer as it streams, the tool call waiting for Allow / Deny / Always
 * allow, a failure with Retry, and the composer.
 */
export function AssistantConversation(props: AssistantConversationProps) {
  const { messages, streamingText, stage, pendingCall, error, draft, knownConfigIds } = props;
  const linked = useCallback(
    (text: string): ReactNode =>
      configLinkParts(text, knownConfigIds).map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <Link key={index} to={paths.catalogItem.getHref(part.id)}>
            {part.id}
          </Link>
        ),
      ),
    [knownConfigIds],
  );
  const results = new Map(
    messages.flatMap((message) =>
      message.role === 'tool' ? [[message.toolCallId, message] as const] : [],
    ),
  );
  const busy = stage === 'streaming' || stage === 'runningTool';
  return (
    <div className="mc-assistant-conversation">
      <div role="log" aria-label="Conversation" aria-busy={busy}>
        {messages.map((message, index) => {
          if (message.role === 'user') {
            const shown = shownQuestion(message.content);
            return (
              <div key={index} className="mc-assistant-question">
                {shown.text}
                {shown.context && (
                  <details>
                    <summary>{shown.context.label}</summary>
                    <pre>{shown.context.json}</pre>
                  </details>
                )}
              </div>
            );
          }
          if (message.role !== 'assistant') return null;
          return (
            <div key={index} className="mc-assistant-answer">
              <Markdown source={message.content} renderText={linked} />
              {(message.toolCalls ?? []).map((call) =>
                stage === 'awaitingApproval' && call.id === pendingCall?.id ? null : (
                  <ToolCallSummary
                    key={call.id}
                    call={call}
                    outcome={
                      stage === 'runningTool' && call.id === pendingCall?.id
                        ? 'Running'
                        : outcomeOf(results.get(call.id))
                    }
                  />
                ),
              )}
            </div>
          );
        })}
        {stage === 'streaming' && (
          <div className="mc-assistant-answer">
            {streamingText ? (
              <Markdown source={streamingText} renderText={linked} />
            ) : (
              <Spinner size={16} aria-label="Waiting for the answer" />
            )}
          </div>
        )}
      </div>
      {stage === 'awaitingApproval' && pendingCall && (
        <Callout
          intent={Intent.WARNING}
          title={`Run ${pendingCall.name}?`}
          role="group"
          aria-label="Tool call to approve"
        >
          <pre>{JSON.stringify(pendingCall.arguments, null, 2)}</pre>
          <ButtonGroup>
            <Button intent={Intent.PRIMARY} text="Allow" onClick={props.onAllow} />
            <Button text="Deny" onClick={props.onDeny} />
            <Button
              text="Always allow"
              title="Allow this tool for the rest of this conversation"
              onClick={props.onAlwaysAllow}
            />
          </ButtonGroup>
        </Callout>
      )}
      {stage === 'failed' && (
        <Callout intent={Intent.DANGER} role="alert">
          {error}
          <Button text="Retry" onClick={props.onRetry} />
        </Callout>
      )}
      <form
        className="mc-assistant-composer"
        onSubmit={(event) => {
          event.preventDefault();
          props.onSend();
        }}
      >
        <TextArea
          aria-label="Message"
          value={draft}
          fill
          onChange={(event) => props.onDraftChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              props.onSend();
            }
          }}
        />
        {stage === 'streaming' ? (
          <Button text="Stop" onClick={props.onStop} />
        ) : (
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            text="Send"
            disabled={stage !== 'idle' || draft.trim() === ''}
          />
        )}
      </form>
    </div>
  );
}
