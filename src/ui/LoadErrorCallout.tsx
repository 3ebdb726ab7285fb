import { Button, Callout } from '@blueprintjs/core';

export interface LoadErrorCalloutProps {
  /** What could not be loaded, e.g. "Could not load the change". */
  title: string;
  /** Why, in the server's words. */
  message: string;
  /** Reads again. */
  onRetry: () => void;
  /** A retry is under way: Retry shows a spinner. */
  retrying?: boolean;
  /** Smaller, for a section of a page. */
  compact?: boolean;
  /** A class name on the callout, for layout. */
  className?: string;
  /** The reason's element id, for a form label that points at it. */
  messageId?: string;
  /** Retry cannot be pressed (e.g. while the form around it is busy). */
  disabled?: boolean;
}

/** Why something could not be loaded, in the server's words, with Retry. */
export function LoadErrorCallout({
  title,
  message,
  onRetry,
  retrying = false,
  compact = false,
  className,
  messageId,
  disabled = false,
}: LoadErrorCalloutProps) {
  return (
    <Callout intent="danger" title={title} role="alert" compact={compact} className={className}>
      <p id={messageId}>{message}</p>
      <Button
        text="Retry"
        icon="refresh"
        size={compact ? 'small' : undefined}
        loading={retrying}
        disabled={disabled}
        onClick={onRetry}
      />
    </Callout>
  );
}
