import { Button } from '@blueprintjs/core';
import type { LoginFlow } from '@ory/client';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { SelfServiceFlowInput } from '../../../machines/auth/selfServiceFlow';
import { AuthCard } from './AuthCard';
import { FlowView } from './FlowView';
import { isRefresh, loginInput } from './flowInput';
import { kratosPaths } from './kratosPaths';
import { useSelfServiceFlow } from './useSelfServiceFlow';
import { useSignOut } from './useSignOut';

export const LOGIN_TITLES = {
  signIn: 'Sign In to your account',
  refresh: 'Confirm Action',
  secondFactor: 'Two-Factor Authentication',
} as const;

/** The heading for the flow on screen, or for the one asked for while it loads. */
export function loginTitle(flow: LoginFlow | undefined, input: SelfServiceFlowInput): string {
  const refresh = flow ? flow.refresh === true : input.refresh === true;
  const aal = flow ? flow.requested_aal : input.aal;
  if (refresh) return LOGIN_TITLES.refresh;
  if (aal === 'aal2') return LOGIN_TITLES.secondFactor;
  return LOGIN_TITLES.signIn;
}

function LoginFlowPage() {
  const [query] = useSearchParams();
  const [input] = useState(() => loginInput(query));
  const view = useSelfServiceFlow(input);
  const title = loginTitle(view.flow as LoginFlow | undefined, input);
  const signOut = useSignOut();
  // A second factor or a confirmation is asked of someone already signed in: they may prefer
  // to leave (another account, no authenticator at hand) rather than answer.
  const signedIn = title !== LOGIN_TITLES.signIn;
  return (
    <AuthCard
      title={title}
      footer={
        <>
          <Link to={kratosPaths.recovery.getHref()}>Reset password</Link>
          {signedIn && (
            <Button
              variant="minimal"
              size="small"
              text="Sign out"
              onClick={() => void signOut(query.get('return_to') ?? '/')}
            />
          )}
        </>
      }
    >
      <FlowView view={view} formLabel={title} />
    </AuthCard>
  );
}

/**
 * `/login` (spec 000 §2.2): `?flow`, `?return_to` (default `/`), `?refresh`, `?aal`, and
 * `?username=&password=` to sign in at once. A change of `aal` or `refresh` (a second factor
 * or a re-authentication asked for while on this page) starts a new flow.
 */
export function LoginPage() {
  const [query] = useSearchParams();
  return <LoginFlowPage key={`${query.get('aal') ?? ''}|${isRefresh(query)}`} />;
}
