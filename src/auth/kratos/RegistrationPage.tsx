import { Link } from 'react-router-dom';
import type { SelfServiceFlowInput } from '../../../machines/auth/selfServiceFlow';
import { kratosPaths } from './kratosPaths';
import { SelfServicePage } from './SelfServicePage';

export const REGISTRATION_TITLE = 'Create account';

/** To the sign-in page, keeping where to go afterwards. */
const signIn = ({ returnTo }: SelfServiceFlowInput) => (
  <Link to={kratosPaths.login.getHref({ returnTo })}>Sign in</Link>
);

/** `/registration` (spec 000 §2.2): after success, the flow's `return_to` or `/`. */
export function RegistrationPage() {
  return <SelfServicePage flow="registration" title={REGISTRATION_TITLE} footer={signIn} />;
}
