import { Button } from '@blueprintjs/core';
import { PageAlert } from './PageAlert';

export interface BootErrorPageProps {
  /** Why the console could not start. */
  message: string;
  /** Called when the user asks to try again. */
  onRetry: () => void;
}

/** Full-page message shown when `/config.json` cannot be loaded at start-up. */
export function BootErrorPage({ message, onRetry }: BootErrorPageProps) {
  return (
    <PageAlert
      icon="offline"
      title="The console could not start"
      message={message}
      action={<Button intent="primary" icon="refresh" text="Retry" onClick={onRetry} />}
    />
  );
}
