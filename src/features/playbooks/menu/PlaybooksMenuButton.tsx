import { Button, Icon, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { Suspense, lazy, useState } from 'react';
import type { PlaybookResource, PlaybookToRun } from '../../../api/endpoints/playbooks';
import { useGetPlaybooksToRunQuery } from '../../../api/endpoints/playbooks';
import { useCan, useFeatureFlags } from '../../../auth/hooks';
import { QueryView } from '../../../ui/QueryView';
import { queryViewState } from '../../../widgets/tableQueryState';
import type { PlaybooksMenuProps, PlaybooksMenuResource } from '../../../widgets/slots/slotTypes';
import { playbookIcon } from '../list/model/playbookList';
import './playbooksMenu.css';

/** The menu's own words. */
export const PLAYBOOKS_MENU_LABELS = {
  button: 'Playbooks',
  loading: 'Loading playbooks',
  empty: 'No playbooks',
  error: 'Playbooks could not be loaded',
} as const;

// The run dialog (its machine and fields) loads when a playbook is first chosen.
const RunPlaybookDialog = lazy(async () => ({
  default: (await import('../run/RunPlaybookDialog')).RunPlaybookDialog,
}));

/** The resource of PB-07 for the menu's resource ids. */
export function menuResource(resource: PlaybooksMenuResource): PlaybookResource {
  if ('config_id' in resource) return { kind: 'config', id: resource.config_id };
  if ('component_id' in resource) return { kind: 'component', id: resource.component_id };
  return { kind: 'check', id: resource.check_id };
}

/**
 * "Playbooks": a menu of the playbooks runnable on `resource` (PB-07, titles and icons from
 * PB-03), asked when the menu opens; each opens the run dialog with the resource preset.
 * Shown only to users who may run playbooks (write on `playbook_runs`) and only while the
 * playbooks feature is on (spec 002 §2.7, §6.1); hidden until the feature flags are known. The
 * app supplies it to the other areas as the `PlaybooksMenu` slot.
 */
export function PlaybooksMenuButton({ resource }: PlaybooksMenuProps) {
  const canRun = useCan('playbook_runs', 'write');
  const { flags, isLoading } = useFeatureFlags();
  const [chosen, setChosen] = useState<PlaybookToRun | null>(null);
  if (!canRun || isLoading || !flags.isEnabled('playbooks')) return null;
  return (
    <>
      <PopoverNext
        shouldReturnFocusOnClose={false}
        placement="bottom-end"
        // The content mounts (and asks PB-07) only while the menu is open.
        content={<PlaybooksMenuContent resource={menuResource(resource)} onChoose={setChosen} />}
      >
        <Button icon="play" endIcon="caret-down" text={PLAYBOOKS_MENU_LABELS.button} />
      </PopoverNext>
      {chosen && (
        <Suspense fallback={null}>
          <RunPlaybookDialog
            playbook={{
              id: chosen.id,
              name: chosen.name ?? undefined,
              title: chosen.title,
              spec: chosen.spec,
            }}
            resource={resource}
            onClose={() => setChosen(null)}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * The menu: a spinner while PB-07 loads, the server's reason with Retry when it failed (the
 * kit's `QueryView`), then the playbooks or "No playbooks".
 */
function PlaybooksMenuContent({
  resource,
  onChoose,
}: {
  resource: PlaybookResource;
  onChoose: (playbook: PlaybookToRun) => void;
}) {
  const query = useGetPlaybooksToRunQuery(resource);
  return (
    <div className="mc-playbooks-menu">
      <QueryView
        {...queryViewState(query)}
        size="panel"
        loadingLabel={PLAYBOOKS_MENU_LABELS.loading}
        errorTitle={PLAYBOOKS_MENU_LABELS.error}
      >
        {(playbooks) => (
          <Menu aria-label={PLAYBOOKS_MENU_LABELS.button}>
            {playbooks.length === 0 ? (
              <MenuItem disabled text={PLAYBOOKS_MENU_LABELS.empty} />
            ) : (
              playbooks.map((playbook) => (
                <MenuItem
                  key={playbook.id}
                  icon={<Icon icon={playbookIcon(playbook.icon)} />}
                  text={playbook.title}
                  title={playbook.description ?? undefined}
                  onClick={() => onChoose(playbook)}
                />
              ))
            )}
          </Menu>
        )}
      </QueryView>
    </div>
  );
}
