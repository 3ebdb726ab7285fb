import { Spinner } from '@blueprintjs/core';

/** A full-page spinner with an accessible name. */
export function CenteredSpinner({ label }: { label: string }) {
  return (
    <main className="mc-centered-page">
      <Spinner aria-label={label} />
    </main>
  );
}
