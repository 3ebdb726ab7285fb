import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AuthCard } from './AuthCard';
import { FlowView } from './FlowView';
import { flowInput } from './flowInput';
import { useSelfServiceFlow } from './useSelfServiceFlow';

export const VERIFICATION_TITLE = 'Verify your account';

/** `/verification` (spec 000 §2.2): email, then the emailed code. */
export function VerificationPage() {
  const [query] = useSearchParams();
  const [input] = useState(() => flowInput('verification', query));
  const view = useSelfServiceFlow(input);
  return (
    <AuthCard title={VERIFICATION_TITLE}>
      <FlowView view={view} formLabel={VERIFICATION_TITLE} />
    </AuthCard>
  );
}
