import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from './AuthCard';
import { FlowView } from './FlowView';
import { flowInput } from './flowInput';
import { kratosPaths } from './kratosPaths';
import { useSelfServiceFlow } from './useSelfServiceFlow';

export const RECOVERY_TITLE = 'Recover account';

/** `/recovery` (spec 000 §2.2): email, then the emailed code, then the settings page. */
export function RecoveryPage() {
  const [query] = useSearchParams();
  const [input] = useState(() => flowInput('recovery', query));
  const view = useSelfServiceFlow(input);
  return (
    <AuthCard title={RECOVERY_TITLE} footer={<Link to={kratosPaths.login.getHref()}>Go back</Link>}>
      <FlowView view={view} formLabel={RECOVERY_TITLE} />
    </AuthCard>
  );
}
