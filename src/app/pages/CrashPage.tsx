import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { NonIdealState, Button } from '@blueprintjs/core';

export const CRASH_TITLE = 'Sorry.. there was an error';

/** The top-level error view: shown when rendering a route fails; the error is logged. */
export function CrashPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <main className="mc-centered-page">
      <NonIdealState
        icon="warning-sign"
        title={CRASH_TITLE}
        description={detail}
        action={<Button text="Reload" icon="refresh" onClick={() => window.location.reload()} />}
      />
    </main>
  );
}
