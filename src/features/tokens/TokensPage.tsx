import { Button } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useDeleteTokenMutation, useGetTokensQuery } from '../../api/endpoints/tokens';
import type { Token } from '../../api/schemas/tokens';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable/DataTable';
import { PageAction, usePageHeader } from '../../ui/pageHeader';
import { tableQueryState } from '../../widgets/tableQueryState';
import { useListPage } from '../../widgets/useListPage';
import { useRecordDialog } from '../../widgets/useRecordDialog';
import { CreateTokenDialog } from './CreateTokenDialog';
import { TOKENS_DEFAULT_SORT, tokenColumns, tokenSortValue } from './tokenColumns';
import { useCanDeleteToken } from './useCanDeleteToken';

export const PAGE_TITLE = 'API Tokens';

/**
 * `/settings/tokens`: the API tokens (AUTH-10) with their owner, creation and expiry; new tokens
 * for users who may write `auth` (`?new=1` in the address while the dialog is open; the token
 * shown once created never is), and Delete for a token's creator or an admin.
 */
export function TokensPage() {
  usePageHeader({ title: PAGE_TITLE });
  const canCreate = useCan('auth', 'write');
  const formatDate = useFormatDate();
  const list = useListPage({ defaultSort: TOKENS_DEFAULT_SORT });
  const { data, isLoading, error, refetch, isFetching } = useGetTokensQuery();
  const canDelete = useCanDeleteToken();
  const [deleteToken] = useDeleteTokenMutation();
  const dialog = useRecordDialog();
  const [deleting, setDeleting] = useState<Token | undefined>();
  const columns = useMemo(() => tokenColumns(formatDate), [formatDate]);
  const tokens = data ?? [];
  const anyDeletable = tokens.some(canDelete);

  return (
    <div className="mc-page">
      <PageAction allowed={canCreate} text="Create new token" onClick={dialog.openCreate} />
      <DataTable<Token>
        aria-label="API tokens"
        columns={columns}
        rows={list.sortLocally(tokens, tokenSortValue)}
        getRowId={(token) => token.id}
        sort={list.sort}
        onSortChange={list.setSort}
        rowActions={
          anyDeletable
            ? (token) =>
                canDelete(token) && (
                  <Button
                    variant="minimal"
                    icon="trash"
                    intent="danger"
                    aria-label={`Delete ${token.name}`}
                    onClick={() => setDeleting(token)}
                  />
                )
            : undefined
        }
        {...tableQueryState({ isLoading, isFetching, error, refetch })}
        errorTitle="Tokens could not be loaded"
      />
      <CreateTokenDialog
        isOpen={dialog.state.mode === 'create' && canCreate}
        onClose={dialog.close}
      />
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title="Delete token"
        onClose={() => setDeleting(undefined)}
        onConfirm={() => deleting && deleteToken(deleting.id).unwrap()}
      >
        Are you sure you want to delete the token <strong>{deleting?.name}</strong>? Anything that
        uses it loses access. This action cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
