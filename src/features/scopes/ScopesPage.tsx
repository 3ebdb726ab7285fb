import { useMemo } from 'react';
import { scopeTags, useGetScopesQuery } from '../../api/endpoints/scopes';
import type { Scope } from '../../api/schemas/scopes';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { lazyPart } from '../../ui/LazyPart';
import { ListPage } from '../../widgets/ListPage';
import { useListScreen } from '../../widgets/useListScreen';
import { useRecordDialog } from '../../widgets/useRecordDialog';
import { scopeColumns, scopeSortValue } from './scopeColumns';
import './scopes.css';

/** The scope's form (final-form, the target editor) loads when it opens. */
const ScopeDialog = lazyPart(async () => (await import('./components/ScopeDialog')).ScopeDialog);

export const PAGE_TITLE = 'Scopes';
export const LOAD_ERROR = 'Error loading scopes';

/**
 * `/settings/scopes`: every scope that is not deleted. A row opens Edit Scope; users with write
 * access add scopes and delete the ones made in the console. The open dialog is in the address
 * (`?id=` or `?new=1`), so a reload keeps it.
 */
export function ScopesPage() {
  const list = useListScreen({ title: PAGE_TITLE, refreshTags: scopeTags });
  const canWrite = useCan('scopes', 'write');
  const formatDate = useFormatDate();
  const query = useGetScopesQuery();
  const dialog = useRecordDialog();
  const columns = useMemo(() => scopeColumns(formatDate), [formatDate]);
  const editing = dialog.editing(query.data, (scope) => scope.id);

  return (
    <ListPage<Scope>
      action={{ allowed: canWrite, text: 'Add Scope', onClick: dialog.openCreate }}
      aria-label="Scopes"
      columns={columns}
      rows={list.sortLocally(query.data ?? [], scopeSortValue)}
      getRowId={(scope) => scope.id}
      onRowOpen={(scope) => dialog.openEdit(scope.id)}
      list={list}
      query={query}
      errorTitle={LOAD_ERROR}
    >
      {(editing || (dialog.state.mode === 'create' && canWrite)) && (
        <ScopeDialog
          key={editing?.id ?? 'new'}
          scope={editing}
          canWrite={canWrite}
          onClose={dialog.close}
        />
      )}
    </ListPage>
  );
}
