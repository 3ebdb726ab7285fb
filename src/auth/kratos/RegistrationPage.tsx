import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from './AuthCard';
import { FlowView } from './FlowView';
import { flowInput } from './flowInput';
import { kratosPaths } from './kratosPaths';
import { useSelfServiceFlow } from './useSelfServiceFlow';

export const REGISTRATION_TITLE = 'Create account';

/** `/registration` (spec 000 §2.2): after success, the flow's `return_to` or `/`. */
export function RegistrationPage() {
  const [query] = useSearchParams();
  const [input] = useState(() => flowInput('registration', query));
  const view = useSelfServiceFlow(input);
  return (
    <AuthCard
      title={REGISTRATION_TITLE}
      footer={<Link to={kratosPaths.login.getHref({ returnTo: input.returnTo })}>Sign in</Link>}
    >
      <FlowView view={view} formLabel={REGISTRATION_TITLE} />
    </AuthCard>
  );
}
