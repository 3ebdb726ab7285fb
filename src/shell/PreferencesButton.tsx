import { Button, PopoverNext } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';

/** The preferences form, with the time zone list, loads with the popover's first opening. */
const PreferencesForm = lazy(async () => ({
  default: (await import('./PreferencesPanel')).PreferencesForm,
}));

/** The top bar's cog: the preferences in a popover; every change is stored at once. */
export function PreferencesPanel() {
  return (
    <PopoverNext
      shouldReturnFocusOnClose={false}
      placement="bottom-end"
      content={
        <Suspense fallback={null}>
          <PreferencesForm />
        </Suspense>
      }
    >
      <Button variant="minimal" icon="cog" aria-label="Preferences" />
    </PopoverNext>
  );
}
