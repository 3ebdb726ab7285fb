import { Button, Icon, Menu, MenuItem, Popover, Spinner } from '@blueprintjs/core';
import { Suspense, lazy, useState } from 'react';
import type { PlaybookResource, PlaybookToRun } from '../../../api/endpoints/playbooks';
import { useGetPlaybooksToRunQuery } from '../../../api/endpoints/playbooks';
import { toErrorMessage } from '../../../api/errors';
import { useCan, useFeatureFlags } from '../../../auth/hooks';
import type { PlaybooksMenuProps, PlaybooksMenuResource } from '../../../widgets/slots/slotTypes';
import { playbookIcon } from '../list/model/playbookList';

/** The menu's own words. */
export const PLAYBOOKS_MENU_LABELS = {
  button: 'Playbooks',
  loading: 'Loading playbooks',
  empty: 'No playbooks',
  retry: 'Retry',
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
      <Popover
        placement="bottom-end"
        // The content mounts (and asks PB-07) only while the menu is open.
        content={<PlaybooksMenuContent resource={menuResource(resource)} onChoose={setChosen} />}
      >
        <Button icon="play" endIcon="caret-down" text={PLAYBOOKS_MENU_LABELS.button} />
      </Popover>
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

/** The menu: a spinner while PB-07 loads, the playbooks, "No playbooks", or the reason. */
function PlaybooksMenuContent({
  resource,
  onChoose,
}: {
  resource: PlaybookResource;
  onChoose: (playbook: PlaybookToRun) => void;
}) {
  const { data, isLoading, isError, error, refetch } = useGetPlaybooksToRunQuery(resource);
  if (isLoading) {
    return (
      <Menu aria-label={PLAYBOOKS_MENU_LABELS.button}>
        <li className="mc-playbooks-menu-loading">
          <Spinner size={20} aria-label={PLAYBOOKS_MENU_LABELS.loading} />
        </li>
      </Menu>
    );
  }
  if (isError) {
    return (
      <Menu aria-label={PLAYBOOKS_MENU_LABELS.button}>
        <MenuItem disabled icon="error" intent="danger" text={toErrorMessage(error)} />
        <MenuItem
          icon="refresh"
          text={PLAYBOOKS_MENU_LABELS.retry}
          shouldDismissPopover={false}
          onClick={() => void refetch()}
        />
      </Menu>
    );
  }
  const playbooks = data ?? [];
  return (
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
  );
}
