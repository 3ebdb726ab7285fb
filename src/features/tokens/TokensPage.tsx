import { Alert, Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useGetTokensQuery } from '../../api/endpoints/tokens';
import { toErrorMessage } from '../../api/errors';
import type { Token } from '../../api/schemas/tokens';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { PageExtras, usePageHeader } from '../../ui/pageHeader';
import { CreateTokenDialog } from './CreateTokenDialog';
import { TokensTable } from './TokensTable';
import { useTokenActions } from './useTokenActions';

export const PAGE_TITLE = 'API Tokens';
export const EMPTY_TEXT = 'No data available';

/** Newest first. */
function byCreatedDesc(a: Token, b: Token): number {
  return (b.created_at ?? '').localeCompare(a.created_at ?? '');
}

/**
 * `/settings/tokens`: the API tokens (AUTH-10) with their owner, creation and expiry; new tokens
 * for users who may write `auth`, and Delete for a token's creator or an admin.
 */
export function TokensPage() {
  usePageHeader({ title: PAGE_TITLE });
  const canCreate = useCan('auth', 'write');
  const formatDate = useFormatDate();
  const { data, isLoading, error, refetch, isFetching } = useGetTokensQuery();
  const tokens = useMemo(() => (data ? [...data].sort(byCreatedDesc) : []), [data]);
  const actions = useTokenActions();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Token | undefined>();

  let content;
  if (isLoading) {
    content = <Spinner aria-label="Loading tokens" />;
  } else if (error) {
    content = (
      <Callout intent="danger" title="Tokens could not be loaded" role="alert">
        <p>{toErrorMessage(error)}</p>
        <Button text="Retry" icon="refresh" loading={isFetching} onClick={() => void refetch()} />
      </Callout>
    );
  } else if (tokens.length === 0) {
    content = <NonIdealState icon="key" title={EMPTY_TEXT} />;
  } else {
    content = (
      <TokensTable
        tokens={tokens}
        formatDate={formatDate}
        canDelete={actions.canDelete}
        onDelete={setDeleting}
      />
    );
  }

  return (
    <div className="mc-page">
      {canCreate && (
        <PageExtras>
          <Button
            intent="primary"
            icon="plus"
            text="Create new token"
            onClick={() => setCreating(true)}
          />
        </PageExtras>
      )}
      {content}
      <CreateTokenDialog isOpen={creating} onClose={() => setCreating(false)} />
      <Alert
        isOpen={deleting !== undefined}
        intent="danger"
        icon="trash"
        cancelButtonText="Cancel"
        confirmButtonText="Delete"
        loading={actions.isDeleting}
        onCancel={() => setDeleting(undefined)}
        onConfirm={async () => {
          if (!deleting) return;
          await actions.remove(deleting);
          setDeleting(undefined);
        }}
      >
        <p>
          Are you sure you want to delete the token <strong>{deleting?.name}</strong>? Anything that
          uses it loses access. This action cannot be undone.
        </p>
      </Alert>
    </div>
  );
}
