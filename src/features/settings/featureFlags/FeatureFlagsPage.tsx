import { Alert, Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useGetPropertiesQuery } from '../../../api/endpoints/system';
import { toErrorMessage } from '../../../api/errors';
import type { Property } from '../../../api/schemas/system';
import { useCan } from '../../../auth/hooks';
import { PageExtras, usePageHeader } from '../../../ui/pageHeader';
import { FeatureFlagDialog } from './FeatureFlagDialog';
import { FeatureFlagsTable } from './FeatureFlagsTable';
import { useFeatureFlagActions } from './useFeatureFlagActions';

export const PAGE_TITLE = 'Feature Flags';

type DialogState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; property: Property };

/**
 * `/settings/feature-flags`: the effective properties (PROP-01) by name, with add, edit and delete for
 * users who may write feature flags. Properties set in the server's configuration are listed
 * but read-only.
 */
export function FeatureFlagsPage() {
  usePageHeader({ title: PAGE_TITLE });
  const canWrite = useCan('feature_flags', 'write');
  const { data, isLoading, error, refetch, isFetching } = useGetPropertiesQuery();
  const properties = useMemo(
    () => (data ? [...data].sort((a, b) => a.name.localeCompare(b.name)) : []),
    [data],
  );
  const actions = useFeatureFlagActions();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<Property | undefined>();
  const closeDialog = () => setDialog({ mode: 'closed' });

  let content;
  if (isLoading) {
    content = <Spinner aria-label="Loading properties" />;
  } else if (error) {
    content = (
      <Callout intent="danger" title="Feature flags could not be loaded" role="alert">
        <p>{toErrorMessage(error)}</p>
        <Button text="Retry" icon="refresh" loading={isFetching} onClick={() => void refetch()} />
      </Callout>
    );
  } else if (properties.length === 0) {
    content = <NonIdealState icon="flag" title="No feature flags" />;
  } else {
    content = (
      <FeatureFlagsTable
        properties={properties}
        canWrite={canWrite}
        onEdit={(property) => setDialog({ mode: 'edit', property })}
        onDelete={setDeleting}
      />
    );
  }

  return (
    <div className="mc-page">
      {canWrite && (
        <PageExtras>
          <Button
            intent="primary"
            icon="plus"
            text="Add"
            onClick={() => setDialog({ mode: 'add' })}
          />
        </PageExtras>
      )}
      {content}
      {dialog.mode !== 'closed' && (
        <FeatureFlagDialog
          isOpen
          property={
            dialog.mode === 'edit'
              ? { name: dialog.property.name, value: dialog.property.value }
              : undefined
          }
          onClose={closeDialog}
          onSave={(values) =>
            actions.save(values, dialog.mode === 'edit' ? dialog.property.name : undefined)
          }
        />
      )}
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
          await actions.remove(deleting.name);
          setDeleting(undefined);
        }}
      >
        <p>
          Delete the feature flag <code>{deleting?.name}</code>?
        </p>
      </Alert>
    </div>
  );
}
