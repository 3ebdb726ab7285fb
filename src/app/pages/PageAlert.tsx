import type { IconName } from '@blueprintjs/core';
import { NonIdealState } from '@blueprintjs/core';
import type { ReactElement } from 'react';

export interface PageAlertProps {
  icon: IconName;
  title: string;
  /** What went wrong, announced as an alert. */
  message: string;
  /** The way out: a retry, a link back. */
  action: ReactElement;
}

/** A whole page that says one thing went wrong, and the way out, centred. */
export function PageAlert({ icon, title, message, action }: PageAlertProps) {
  return (
    <main className="mc-centered-page">
      <NonIdealState
        icon={icon}
        title={title}
        description={<p role="alert">{message}</p>}
        action={action}
      />
    </main>
  );
}
