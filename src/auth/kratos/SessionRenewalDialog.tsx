import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import type { SelfServiceFlowInput } from '../../../machines/auth/selfServiceFlow';
import { FlowView } from './FlowView';
import { loginTitle } from './LoginPage';
import type { FlowInPlace } from './useSelfServiceFlow';
import { useSelfServiceFlow } from './useSelfServiceFlow';

export const SESSION_RENEWAL_TITLE = 'Your session has ended';
export const SESSION_RENEWAL_TEXT =
  'Sign in again to carry on where you were: this page and what you typed are kept.';
export const SESSION_RENEWAL_LEAVE = 'Go to the sign-in page';

export interface SessionRenewalDialogProps {
  /** The page to come back to, for the flow's `return_to`. */
  returnTo: string;
  /** Signed in; the new session is being confirmed. */
  confirming: boolean;
  /** Why confirming the new session failed. */
  failure: string | undefined;
  onSignedIn: () => void;
  /** The sign-in page instead (`href` undefined), or the flow goes on at `href`. */
  onLeave: (href?: string) => void;
}

function RenewalForm({ input, inPlace }: { input: SelfServiceFlowInput; inPlace: FlowInPlace }) {
  const view = useSelfServiceFlow(input, inPlace);
  return <FlowView view={view} formLabel={loginTitle(view.flow as never, input)} />;
}

/**
 * Signing in again over the page (identity-service mode): the login flow in a dialog that
 * cannot be dismissed by a stray click or Escape, since requests wait for it. A second factor
 * or a confirmation asked by the flow continues in the same dialog.
 */
export function SessionRenewalDialog({
  returnTo,
  confirming,
  failure,
  onSignedIn,
  onLeave,
}: SessionRenewalDialogProps) {
  const [input, setInput] = useState<SelfServiceFlowInput>({ kind: 'login', returnTo });
  const [inPlace] = useState<FlowInPlace>(() => ({
    onDone: onSignedIn,
    onLogin: (next) => setInput(next),
    onLeave: (href) => onLeave(href),
  }));
  const formKey = `${input.aal ?? ''}|${input.refresh === true}`;
  return (
    <Dialog
      isOpen
      title={SESSION_RENEWAL_TITLE}
      icon="lock"
      isCloseButtonShown={false}
      canEscapeKeyClose={false}
      canOutsideClickClose={false}
      className="mc-session-renewal"
    >
      <DialogBody>
        <p className={Classes.TEXT_MUTED}>{SESSION_RENEWAL_TEXT}</p>
        {failure !== undefined && (
          <Callout intent="danger" role="alert">
            {failure}
          </Callout>
        )}
        {confirming ? (
          <p role="status">Signing in…</p>
        ) : (
          <RenewalForm key={formKey} input={input} inPlace={inPlace} />
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <Button
            variant="minimal"
            text={SESSION_RENEWAL_LEAVE}
            disabled={confirming}
            onClick={() => onLeave()}
          />
        }
      />
    </Dialog>
  );
}
