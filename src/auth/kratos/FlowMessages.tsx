import { Callout, Intent } from '@blueprintjs/core';
import type { UiText } from '@ory/client';
import type { FlowNotice } from '../../../machines/auth/selfServiceFlow';

export interface FlowMessagesProps {
  /** The flow's `ui.messages`. Default none. */
  messages?: readonly UiText[];
  /** A sentence of the console's own (expired flow, CSRF, no answer), shown first. */
  notice?: FlowNotice;
}

function intentOf(type: string): Intent {
  if (type === 'error') return Intent.DANGER;
  if (type === 'success') return Intent.SUCCESS;
  return Intent.PRIMARY;
}

/** Flow-wide messages, one callout each, shown above the form. */
export function FlowMessages({ messages = [], notice }: FlowMessagesProps) {
  if (!notice && messages.length === 0) return null;
  return (
    <div className="kratos-flow-messages" role="status">
      {notice && (
        <Callout intent={intentOf(notice.type)} compact>
          {notice.text}
        </Callout>
      )}
      {messages.map((message, index) => (
        <Callout
          key={`${message.id}-${index}`}
          intent={intentOf(message.type)}
          compact
          data-message-id={message.id}
        >
          {message.text}
        </Callout>
      ))}
    </div>
  );
}
