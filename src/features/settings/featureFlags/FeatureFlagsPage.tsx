import { Button, ButtonGroup, Classes, Tooltip } from '@blueprintjs/core';
import { useState } from 'react';
import { useDeletePropertyMutation } from '../../../api/endpoints/properties';
import { useGetPropertiesQuery } from '../../../api/endpoints/system';
import type { Property } from '../../../api/schemas/system';
import { useCan } from '../../../auth/hooks';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DataTable } from '../../../ui/DataTable/DataTable';
import { PageExtras, usePageHeader } from '../../../ui/pageHeader';
import { tableQueryState } from '../../../widgets/tableQueryState';
import { useListPage } from '../../../widgets/useListPage';
import { FeatureFlagDialog } from './FeatureFlagDialog';
import {
  FEATURE_FLAG_COLUMNS,
  featureFlagSortValue,
  isReadOnlyProperty,
} from './featureFlagColumns';

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
  const list = useListPage({ defaultSort: { sortBy: 'name' } });
  const { data, isLoading, error, refetch, isFetching } = useGetPropertiesQuery();
  const [deleteProperty] = useDeletePropertyMutation();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<Property | undefined>();
  const closeDialog = () => setDialog({ mode: 'closed' });

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
      <DataTable<Property>
        aria-label="Feature flags"
        columns={FEATURE_FLAG_COLUMNS}
        rows={list.sortLocally(data ?? [], featureFlagSortValue)}
        getRowId={(property) => property.name}
        sort={list.sort}
        onSortChange={list.setSort}
        rowActions={
          canWrite
            ? (property) =>
                isReadOnlyProperty(property) ? (
                  <Tooltip content="Set in the server's configuration; change it there.">
                    <span className={Classes.TEXT_MUTED}>Read-only</span>
                  </Tooltip>
                ) : (
                  <ButtonGroup variant="minimal">
                    <Button
                      icon="edit"
                      aria-label={`Edit ${property.name}`}
                      onClick={() => setDialog({ mode: 'edit', property })}
                    />
                    <Button
                      icon="trash"
                      intent="danger"
                      aria-label={`Delete ${property.name}`}
                      onClick={() => setDeleting(property)}
                    />
                  </ButtonGroup>
                )
            : undefined
        }
        {...tableQueryState({ isLoading, isFetching, error, refetch })}
        errorTitle="Feature flags could not be loaded"
        emptyText="No feature flags"
      />
      {dialog.mode !== 'closed' && (
        <FeatureFlagDialog
          property={
            dialog.mode === 'edit'
              ? { name: dialog.property.name, value: dialog.property.value }
              : undefined
          }
          onClose={closeDialog}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title="Delete feature flag"
        onClose={() => setDeleting(undefined)}
        onConfirm={() => deleting && deleteProperty(deleting.name).unwrap()}
      >
        Delete the feature flag <code>{deleting?.name}</code>?
      </ConfirmDialog>
    </div>
  );
}
