import { Button } from '@blueprintjs/core';
import { lazy } from 'react';
import type { SettingsResource } from '../../../api/schemas/settingsResources';
import { useCan } from '../../../auth/hooks';
import { defineUrlState, dialogId } from '../../../lib/urlState';
import { LazyDialog } from '../../../ui/LazyPart';
import { useUrlState } from '../../../widgets/useUrlState';

/** The dialog (and the machine with it) loads when it is first opened. */
const RunScraperDialog = lazy(async () => ({
  default: (await import('./RunScraperDialog')).RunScraperDialog,
}));

export const RUN_NOW = 'Run Now';

/** Room in a list's actions cell for Run Now. */
const ACTIONS_WIDTH = 110;

/** The scraper whose Run Now dialog is open (`?run={id}`). */
const RUN_STATE = defineUrlState({ run: dialogId() });

/**
 * Run Now on catalog scrapers, for those who may write them: a button per list row or in the
 * editor (`button(row)`), and the dialog of the one chosen, its id in the address (`?run=`).
 * `enabled: false` (other tables) gives nothing.
 */
export function useRunScraperAction(enabled: boolean, rows: readonly SettingsResource[]) {
  const canRun = useCan('config_scrapers', 'write') && enabled;
  const { state, update } = useUrlState(RUN_STATE);
  const button = (row: SettingsResource) =>
    canRun ? (
      <Button
        size="small"
        icon="play"
        text={RUN_NOW}
        aria-label={`${RUN_NOW}: ${row.name ?? row.id}`}
        onClick={(event) => {
          // Not the row's own click, which opens the editor.
          event.stopPropagation();
          update({ run: row.id });
        }}
      />
    ) : null;
  const chosen = canRun && state.run ? rows.find((row) => row.id === state.run) : undefined;
  const dialog = (
    <LazyDialog isOpen={chosen !== undefined}>
      {chosen && (
        <RunScraperDialog
          key={chosen.id}
          isOpen
          scraperId={chosen.id}
          name={chosen.name ?? chosen.id}
          onClose={() => update({ run: undefined })}
        />
      )}
    </LazyDialog>
  );
  return {
    button,
    dialog,
    listActions: canRun ? { rowActions: button, actionsWidth: ACTIONS_WIDTH } : {},
  };
}
