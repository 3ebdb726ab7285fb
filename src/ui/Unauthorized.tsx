import { NonIdealState } from '@blueprintjs/core';

export const UNAUTHORIZED_TITLE = 'Unauthorized';
export const UNAUTHORIZED_TEXT = 'You do not have permission to access this page.';

/** Shown instead of a page the user may not see, or whose feature is switched off. */
export function Unauthorized() {
  return (
    <div className="mc-centered-page">
      <NonIdealState icon="lock" title={UNAUTHORIZED_TITLE} description={UNAUTHORIZED_TEXT} />
    </div>
  );
}
