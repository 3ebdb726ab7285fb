import { Link } from 'react-router-dom';
import { kratosPaths } from './kratosPaths';
import { SelfServicePage } from './SelfServicePage';

export const RECOVERY_TITLE = 'Recover account';

/** Back to the sign-in page. */
const goBack = () => <Link to={kratosPaths.login.getHref()}>Go back</Link>;

/** `/recovery` (spec 000 §2.2): email, then the emailed code, then the settings page. */
export function RecoveryPage() {
  return <SelfServicePage flow="recovery" title={RECOVERY_TITLE} footer={goBack} />;
}
