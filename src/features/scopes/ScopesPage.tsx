import { Button } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useGetScopesQuery } from '../../api/endpoints/scopes';
import { toErrorMessage } from '../../api/errors';
import type { Scope } from '../../api/schemas/scopes';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { useRefreshKey } from '../../shell/useRefreshKey';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable/DataTable';
import { PageExtras, usePageHeader } from '../../ui/pageHeader';
import { useListPage } from '../../widgets/useListPage';
import { ScopeDialog } from './components/ScopeDialog';
import { scopeColumns, scopeSortValue } from './scopeColumns';
import './scopes.css';
import { useScopeActions } from './useScopeActions';

export const PAGE_TITLE = 'Scopes';
export const LOAD_ERROR = 'Error loading scopes';
export const DELETE_SCOPE_TITLE = 'Delete Scope';
export const DELETE_SCOPE_TEXT =
  'Are you sure you want to delete this scope? This action cannot be undone.';

type DialogState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; scope: Scope };

/**
 * `/settings/scopes`: every scope that is not deleted. A row opens Edit Scope; users with write
 * access add scopes and delete the ones made in the console.
 */
export function ScopesPage() {
  usePageHeader({ title: PAGE_TITLE, refreshKey: 'scopes' });
  const canWrite = useCan('scopes', 'write');
  const formatDate = useFormatDate();
  const list = useListPage();
  const { data, isLoading, error, refetch, isFetching } = useGetScopesQuery();
  useRefreshKey('scopes', refetch);
  const actions = useScopeActions();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<Scope | undefined>();
  const columns = useMemo(() => scopeColumns(formatDate), [formatDate]);
  const closeDialog = () => setDialog({ mode: 'closed' });

  return (
    <div className="mc-page">
      {canWrite && (
        <PageExtras>
          <Button
            intent="primary"
            icon="plus"
            text="Add Scope"
            onClick={() => setDialog({ mode: 'add' })}
          />
        </PageExtras>
      )}
      <DataTable<Scope>
        aria-label="Scopes"
        columns={columns}
        rows={list.sortLocally(data ?? [], scopeSortValue)}
        getRowId={(scope) => scope.id}
        onRowOpen={(scope) => setDialog({ mode: 'edit', scope })}
        sort={list.sort}
        onSortChange={list.setSort}
        loading={isLoading}
        error={error ? toErrorMessage(error) : undefined}
        errorTitle={LOAD_ERROR}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
      {dialog.mode !== 'closed' && (
        <ScopeDialog
          scope={dialog.mode === 'edit' ? dialog.scope : undefined}
          canWrite={canWrite}
          onClose={closeDialog}
          onSave={(values) =>
            actions.save(values, dialog.mode === 'edit' ? dialog.scope : undefined)
          }
          onDelete={setDeleting}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title={DELETE_SCOPE_TITLE}
        onClose={() => setDeleting(undefined)}
        onConfirm={async () => {
          if (deleting && (await actions.remove(deleting))) closeDialog();
        }}
      >
        {DELETE_SCOPE_TEXT}
      </ConfirmDialog>
    </div>
  );
}
