import { Button } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { scopeTags, useGetScopesQuery } from '../../api/endpoints/scopes';
import type { Scope } from '../../api/schemas/scopes';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { DataTable } from '../../ui/DataTable/DataTable';
import { PageExtras, usePageHeader } from '../../ui/pageHeader';
import { tableQueryState } from '../../widgets/tableQueryState';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { useListPage } from '../../widgets/useListPage';
import { ScopeDialog } from './components/ScopeDialog';
import { scopeColumns, scopeSortValue } from './scopeColumns';
import './scopes.css';

export const PAGE_TITLE = 'Scopes';
export const LOAD_ERROR = 'Error loading scopes';

type DialogState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; scope: Scope };

/**
 * `/settings/scopes`: every scope that is not deleted. A row opens Edit Scope; users with write
 * access add scopes and delete the ones made in the console.
 */
export function ScopesPage() {
  usePageHeader({ title: PAGE_TITLE, onRefresh: useInvalidateTags(scopeTags) });
  const canWrite = useCan('scopes', 'write');
  const formatDate = useFormatDate();
  const list = useListPage();
  const { data, isLoading, error, refetch, isFetching } = useGetScopesQuery();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
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
        {...tableQueryState({ isLoading, isFetching, error, refetch })}
        errorTitle={LOAD_ERROR}
      />
      {dialog.mode !== 'closed' && (
        <ScopeDialog
          scope={dialog.mode === 'edit' ? dialog.scope : undefined}
          canWrite={canWrite}
          onClose={closeDialog}
        />
      )}
    </div>
  );
}
