import { Button, NonIdealState } from '@blueprintjs/core';

export interface BootErrorPageProps {
  /** Why the console could not start. */
  message: string;
  /** Called when the user asks to try again. */
  onRetry: () => void;
}

/** Full-page message shown when `/config.json` cannot be loaded at start-up. */
export function BootErrorPage({ message, onRetry }: BootErrorPageProps) {
  return (
    <main className="mc-centered-page">
      <NonIdealState
        icon="offline"
        title="The console could not start"
        description={<p role="alert">{message}</p>}
        action={<Button intent="primary" icon="refresh" text="Retry" onClick={onRetry} />}
      />
    </main>
  );
}
