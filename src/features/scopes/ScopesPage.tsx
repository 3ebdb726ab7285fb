import { Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useGetScopesQuery } from '../../api/endpoints/scopes';
import { toErrorMessage } from '../../api/errors';
import type { Scope } from '../../api/schemas/scopes';
import { useCan } from '../../auth/hooks';
import { PageExtras, usePageHeader } from '../../ui/pageHeader';
import { DeleteScopeDialog } from './components/DeleteScopeDialog';
import { ScopeDialog } from './components/ScopeDialog';
import { ScopesTable } from './components/ScopesTable';
import './scopes.css';
import { useRefreshKey } from '../../shell/useRefreshKey';
import { useScopeActions } from './useScopeActions';

export const PAGE_TITLE = 'Scopes';
export const LOAD_ERROR = 'Error loading scopes';
export const NO_DATA = 'No data available';

type DialogState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; scope: Scope };

/**
 * `/settings/scopes`: every scope that is not deleted. A row opens Edit Scope; users with write
 * access add scopes and delete the ones made in the console.
 */
export function ScopesPage() {
  usePageHeader({ title: PAGE_TITLE, refreshKey: 'scopes' });
  const canWrite = useCan('scopes', 'write');
  const { data, isLoading, error, refetch, isFetching } = useGetScopesQuery();
  useRefreshKey('scopes', refetch);
  const actions = useScopeActions();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<Scope | undefined>();
  const closeDialog = () => setDialog({ mode: 'closed' });

  let content;
  if (isLoading) {
    content = <Spinner aria-label="Loading scopes" />;
  } else if (error) {
    content = (
      <Callout intent="danger" title={LOAD_ERROR} role="alert">
        <p>{toErrorMessage(error)}</p>
        <Button text="Retry" icon="refresh" loading={isFetching} onClick={() => void refetch()} />
      </Callout>
    );
  } else if (!data || data.length === 0) {
    content = <NonIdealState icon="layers" title={NO_DATA} />;
  } else {
    content = <ScopesTable scopes={data} onOpen={(scope) => setDialog({ mode: 'edit', scope })} />;
  }

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
      {content}
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
      {deleting && (
        <DeleteScopeDialog
          deleting={actions.isDeleting}
          onCancel={() => setDeleting(undefined)}
          onConfirm={async () => {
            const deleted = await actions.remove(deleting);
            setDeleting(undefined);
            if (deleted) closeDialog();
          }}
        />
      )}
    </div>
  );
}
