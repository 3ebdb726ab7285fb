import { Button } from '@blueprintjs/core';
import { lazy, useMemo } from 'react';
import { useDeleteTokenMutation, useGetTokensQuery } from '../../api/endpoints/tokens';
import type { Token } from '../../api/schemas/tokens';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { LazyDialog } from '../../ui/LazyPart';
import { usePageHeader } from '../../ui/pageHeader';
import { ListPage } from '../../widgets/ListPage';
import { useListPage } from '../../widgets/useListPage';
import { useRecordDialog } from '../../widgets/useRecordDialog';
import { useRowDeletion } from '../../widgets/useRowDeletion';
import { TOKENS_DEFAULT_SORT, tokenColumns, tokenSortValue } from './tokenColumns';
import { useCanDeleteToken } from './useCanDeleteToken';

/** The create form (scopes, expiry) loads when it first opens, from a click or the address. */
const CreateTokenDialog = lazy(async () => ({
  default: (await import('./CreateTokenDialog')).CreateTokenDialog,
}));

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
  const query = useGetTokensQuery();
  const canDelete = useCanDeleteToken();
  const [deleteToken] = useDeleteTokenMutation();
  const dialog = useRecordDialog();
  const creating = dialog.state.mode === 'create' && canCreate;
  const deletion = useRowDeletion<Token>({
    title: 'Delete token',
    question: (token) => (
      <>
        Are you sure you want to delete the token <strong>{token.name}</strong>? Anything that uses
        it loses access. This action cannot be undone.
      </>
    ),
    onConfirm: (token) => deleteToken(token.id).unwrap(),
  });
  const columns = useMemo(() => tokenColumns(formatDate), [formatDate]);
  const tokens = query.data ?? [];

  return (
    <ListPage<Token>
      action={{ allowed: canCreate, text: 'Create new token', onClick: dialog.openCreate }}
      aria-label="API tokens"
      columns={columns}
      rows={list.sortLocally(tokens, tokenSortValue)}
      getRowId={(token) => token.id}
      list={list}
      query={query}
      errorTitle="Tokens could not be loaded"
      rowActions={
        tokens.some(canDelete)
          ? (token) =>
              canDelete(token) && (
                <Button
                  variant="minimal"
                  icon="trash"
                  intent="danger"
                  aria-label={`Delete ${token.name}`}
                  onClick={() => deletion.ask(token)}
                />
              )
          : undefined
      }
    >
      <LazyDialog isOpen={creating}>
        <CreateTokenDialog isOpen={creating} onClose={dialog.close} />
      </LazyDialog>
      {deletion.dialog}
    </ListPage>
  );
}
