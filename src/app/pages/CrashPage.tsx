import { Button, NonIdealState } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { useShellOptions } from '../../shell/ShellContext';
import { retryFailedPageLoads } from '../pageLoad';

/** The generic boundary's title: rendering failed outside any page (spec 001 §8). */
export const BOUNDARY_TITLE = 'Sorry.. there was an error';
/** The error page's title: a page failed to render (spec 001 §8). */
export const CRASH_TITLE = 'Something went wrong';

/** The error's message, its cause (followed down) and its stack, as text. */
export function errorDetails(error: unknown): { message: string; cause?: string; stack?: string } {
  if (!(error instanceof Error)) {
    return { message: typeof error === 'string' ? error : 'Unknown error' };
  }
  const causes: string[] = [];
  let cause: unknown = error.cause;
  for (let depth = 0; cause !== undefined && depth < 5; depth += 1) {
    causes.push(cause instanceof Error ? cause.message : String(cause));
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return {
    message: error.message,
    ...(causes.length > 0 ? { cause: causes.join('\n') } : {}),
    ...(error.stack ? { stack: error.stack } : {}),
  };
}

export interface CrashPageProps {
  /** Outside the shell: the generic boundary's title. */
  generic?: boolean;
}

/**
 * The view of a route that failed to render: what failed, its cause and stack behind a
 * disclosure (unless `config.json` hides details), and Retry, which renders the page again (and
 * loads its code again when that failed to load).
 * The error is logged.
 */
export function CrashPage({ generic = false }: CrashPageProps) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const { hideErrorDetails } = useShellOptions();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const details = errorDetails(error);
  const retry = () => {
    retryFailedPageLoads();
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  };
  return (
    <main className="mc-centered-page mc-crash-page">
      <NonIdealState
        icon="warning-sign"
        title={generic ? BOUNDARY_TITLE : CRASH_TITLE}
        description={details.message}
        action={<Button text="Retry" icon="refresh" intent="primary" onClick={retry} />}
      >
        {!hideErrorDetails && (details.cause || details.stack) && (
          <details className="mc-crash-details">
            <summary>Details</summary>
            {details.cause && (
              <section aria-label="Cause">
                <h4>Cause</h4>
                <pre>{details.cause}</pre>
              </section>
            )}
            {details.stack && (
              <section aria-label="Stack">
                <h4>Stack</h4>
                <pre>{details.stack}</pre>
              </section>
            )}
          </details>
        )}
      </NonIdealState>
    </main>
  );
}
