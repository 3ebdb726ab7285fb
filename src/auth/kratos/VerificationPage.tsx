import { SelfServicePage } from './SelfServicePage';

export const VERIFICATION_TITLE = 'Verify your account';

/** `/verification` (spec 000 §2.2): email, then the emailed code. */
export function VerificationPage() {
  return <SelfServicePage flow="verification" title={VERIFICATION_TITLE} />;
}
