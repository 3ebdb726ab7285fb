import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { playbooksPageTags } from '../../api/endpoints/playbooks';
import { useCan } from '../../auth/hooks';
import { lazyPart } from '../../ui/LazyPart';
import { LoadErrorCallout } from '../../ui/LoadErrorCallout';
import { SearchBox } from '../../ui/SearchBox';
import { PageExtras, usePageHeader } from '../../ui/pageHeader';
import { RUN_DIALOG_STATE } from '../../shell/paths';
import { useCanCheckAccess } from '../../widgets/AccessCheckButton';
import { Slot } from '../../widgets/slots/SlotsProvider';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { useRecordDialog } from '../../widgets/useRecordDialog';
import { useUrlState } from '../../widgets/useUrlState';
import { PlaybookCard } from './list/PlaybookCard';
import type { PlaybookEntry } from './list/model/playbookList';
import type { PlaybookList } from './list/usePlaybookList';
import { usePlaybookList, usePlaybookSearch } from './list/usePlaybookList';
import { NO_RUN_DIALOG, runDialogOf } from './run/runParams';
import { SPEC_DIALOG_STATE } from './spec/model/dialogParams';
import { PERMISSIONS_DIALOG_STATE } from './permissions/model/dialogParams';
import './playbooks.css';

// The run form and the spec editor (with its permissions) load when opened, from a click or
// from the address.
const RunPlaybookDialog = lazyPart(
  async () => (await import('./run/RunPlaybookDialog')).RunPlaybookDialog,
);
const PlaybookSpecDialog = lazyPart(
  async () => (await import('./spec/PlaybookSpecDialog')).PlaybookSpecDialog,
);
const PlaybookPermissionsDialog = lazyPart(
  async () => (await import('./permissions/PlaybookPermissionsDialog')).PlaybookPermissionsDialog,
);

/** The page's own words. */
export const PLAYBOOKS_PAGE = {
  title: 'Playbooks',
  search: 'Search by title or name',
  loading: 'Loading playbooks',
  error: 'Error loading the playbooks',
  runsError: 'The recent runs could not be loaded',
  retry: 'Retry',
  empty: 'No playbooks',
  emptyHint: 'Playbooks defined in the cluster or created here are listed by category.',
  noMatch: 'No playbooks match the search',
  create: 'New Playbook',
} as const;

/**
 * `/playbooks` (spec 000 §2.3, spec 002 §2.1): the playbooks by category, each with its
 * resource kinds and latest runs, a search by title or name kept in the address (`?search=`),
 * a Run button for those who may run playbooks (write on `playbook_runs`) and a link to each
 * playbook's runs. Those who may change playbooks (write on `playbooks`) create them with "New
 * Playbook" and edit them from their cards; the form's state is in the address (`?new=1`,
 * `?edit={id}`). The run dialog is in the address too: `?run={id}` (with `config_id`,
 * `component_id` or `check_id`, the resource it runs on) while it is open. Those who read
 * permissions open a playbook's from its card: `?permissions={id}` (and `permissionsTab`).
 */
export function PlaybooksPage() {
  usePageHeader({ title: PLAYBOOKS_PAGE.title, onRefresh: useInvalidateTags(playbooksPageTags) });
  const [search, setSearch] = usePlaybookSearch();
  const list = usePlaybookList(search);
  const canRun = useCan('playbook_runs', 'write');
  const { state: runFields, update: updateRun } = useUrlState(RUN_DIALOG_STATE);
  const { run, config_id, component_id, check_id } = runFields;
  const requested = useMemo(
    () => runDialogOf({ run, config_id, component_id, check_id }),
    [run, config_id, component_id, check_id],
  );
  const openRun = useCallback(
    (playbook: PlaybookEntry) => updateRun({ ...NO_RUN_DIALOG, run: playbook.id }),
    [updateRun],
  );
  const closeRun = useCallback(() => updateRun(NO_RUN_DIALOG, { history: 'replace' }), [updateRun]);
  // A user who may not run playbooks is not left with the request in the address.
  useEffect(() => {
    if (requested && !canRun) closeRun();
  }, [requested, canRun, closeRun]);
  const requestedEntry = useMemo(
    () =>
      requested &&
      list.groups
        .flatMap((group) => group.playbooks)
        .find((entry) => entry.id === requested.playbookId),
    [requested, list.groups],
  );
  const canWrite = useCan('playbooks', 'write');
  const specDialog = useRecordDialog(SPEC_DIALOG_STATE);
  const { openEdit } = specDialog;
  const editPlaybook = useCallback((playbook: PlaybookEntry) => openEdit(playbook.id), [openEdit]);
  const canReadPermissions = useCan('permissions', 'read');
  const { state: permissionsState, update: updatePermissions } =
    useUrlState(PERMISSIONS_DIALOG_STATE);
  const openPermissions = useCallback(
    (playbook: PlaybookEntry) =>
      updatePermissions({ permissions: playbook.id, permissionsTab: 'inbound' }),
    [updatePermissions],
  );
  const closePermissions = useCallback(
    () =>
      updatePermissions(
        { permissions: undefined, permissionsTab: 'inbound' },
        { history: 'replace' },
      ),
    [updatePermissions],
  );

  const canCheckAccess = useCanCheckAccess();
  const [accessOf, setAccessOf] = useState<{ id: string; title: string }>();

  return (
    <div className="mc-page mc-playbooks">
      {canWrite && (
        <PageExtras>
          <Button
            intent="primary"
            icon="add"
            text={PLAYBOOKS_PAGE.create}
            onClick={specDialog.openCreate}
          />
        </PageExtras>
      )}
      <div className="mc-playbooks-toolbar">
        <SearchBox
          value={search}
          onSearch={setSearch}
          placeholder={PLAYBOOKS_PAGE.search}
          className="mc-playbooks-search"
        />
      </div>
      {list.runsError && (
        <LoadErrorCallout
          title={PLAYBOOKS_PAGE.runsError}
          message={list.runsError}
          onRetry={list.retryRuns}
          className="mc-playbooks-runs-error"
          compact
        />
      )}
      <PlaybookGroups
        list={list}
        search={search}
        onRun={canRun ? openRun : undefined}
        onEdit={canWrite ? editPlaybook : undefined}
        onPermissions={canReadPermissions ? openPermissions : undefined}
        onCheckAccess={canCheckAccess ? setAccessOf : undefined}
      />
      {accessOf && (
        <Slot
          name="AccessCheck"
          resource={{ kind: 'playbook', id: accessOf.id, name: accessOf.title }}
          onClose={() => setAccessOf(undefined)}
        />
      )}
      {canRun && requested && (requestedEntry || !list.loading) && (
        <RunPlaybookDialog
          key={requested.playbookId}
          playbook={
            requestedEntry
              ? {
                  id: requestedEntry.id,
                  name: requestedEntry.name,
                  title: requestedEntry.title,
                  spec: requestedEntry.spec,
                }
              : { id: requested.playbookId }
          }
          {...(requested.resource ? { resource: requested.resource } : {})}
          onClose={closeRun}
        />
      )}
      {specDialog.state.mode !== 'closed' && (
        <PlaybookSpecDialog
          key={specDialog.state.mode === 'edit' ? specDialog.state.id : 'new'}
          {...(specDialog.state.mode === 'edit' ? { playbookId: specDialog.state.id } : {})}
          canWrite={canWrite}
          onClose={specDialog.close}
        />
      )}
      {canReadPermissions && permissionsState.permissions && (
        <PlaybookPermissionsDialog
          key={permissionsState.permissions}
          playbookId={permissionsState.permissions}
          tab={permissionsState.permissionsTab}
          onTabChange={(permissionsTab) =>
            updatePermissions({ permissionsTab }, { history: 'replace' })
          }
          onCheckAccess={canCheckAccess ? setAccessOf : undefined}
          onClose={closePermissions}
        />
      )}
    </div>
  );
}

/** The playbooks by category, or the loading, error or empty state. */
function PlaybookGroups({
  list,
  search,
  onRun,
  onEdit,
  onPermissions,
  onCheckAccess,
}: {
  list: PlaybookList;
  search: string;
  onRun: ((playbook: PlaybookEntry) => void) | undefined;
  onEdit?: ((playbook: PlaybookEntry) => void) | undefined;
  onPermissions?: ((playbook: PlaybookEntry) => void) | undefined;
  onCheckAccess?: ((playbook: PlaybookEntry) => void) | undefined;
}) {
  const [now] = useState(() => new Date());
  if (list.loading) {
    return <Spinner className="mc-playbooks-state" aria-label={PLAYBOOKS_PAGE.loading} />;
  }
  if (list.error) {
    return (
      <LoadErrorCallout
        className="mc-playbooks-state"
        title={PLAYBOOKS_PAGE.error}
        message={list.error}
        onRetry={list.retry}
        retrying={list.retrying}
      />
    );
  }
  if (list.groups.length === 0) {
    const filtered = list.total > 0 && search.trim() !== '';
    return (
      <NonIdealState
        className="mc-playbooks-state"
        icon={filtered ? 'search' : 'play'}
        title={filtered ? PLAYBOOKS_PAGE.noMatch : PLAYBOOKS_PAGE.empty}
        {...(filtered ? {} : { description: PLAYBOOKS_PAGE.emptyHint })}
      />
    );
  }
  return (
    <div className="mc-playbooks-groups">
      {list.groups.map((group) => (
        <section key={group.category} className="mc-playbooks-group" aria-label={group.category}>
          <h2 className="mc-playbooks-group-title">{group.category}</h2>
          <ul className="mc-playbooks-cards">
            {group.playbooks.map((playbook) => (
              <li key={playbook.id}>
                <PlaybookCard
                  playbook={playbook}
                  runs={list.runs.get(playbook.id) ?? []}
                  now={now}
                  {...(onRun ? { onRun } : {})}
                  {...(onEdit ? { onEdit } : {})}
                  {...(onPermissions ? { onPermissions } : {})}
                  {...(onCheckAccess ? { onCheckAccess } : {})}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
