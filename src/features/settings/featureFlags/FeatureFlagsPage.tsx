import { Classes, Tooltip } from '@blueprintjs/core';
import { useState } from 'react';
import { useDeletePropertyMutation } from '../../../api/endpoints/properties';
import { useGetPropertiesQuery } from '../../../api/endpoints/system';
import type { Property } from '../../../api/schemas/system';
import { useCan } from '../../../auth/hooks';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DataTable } from '../../../ui/DataTable/DataTable';
import { EditDeleteActions } from '../../../ui/DataTable/EditDeleteActions';
import { PageAction, usePageHeader } from '../../../ui/pageHeader';
import { tableQueryState } from '../../../widgets/tableQueryState';
import { useListPage } from '../../../widgets/useListPage';
import { useRecordDialog } from '../../../widgets/useRecordDialog';
import { FeatureFlagDialog } from './FeatureFlagDialog';
import {
  FEATURE_FLAG_COLUMNS,
  featureFlagSortValue,
  isReadOnlyProperty,
} from './featureFlagColumns';

export const PAGE_TITLE = 'Feature Flags';

/**
 * `/settings/feature-flags`: the effective properties (PROP-01) by name, with add, edit and delete for
 * users who may write feature flags. Properties set in the server's configuration are listed
 * but read-only. The open dialog is in the address (`?id={name}` or `?new=1`), so a reload
 * keeps it.
 */
export function FeatureFlagsPage() {
  usePageHeader({ title: PAGE_TITLE });
  const canWrite = useCan('feature_flags', 'write');
  const list = useListPage({ defaultSort: { sortBy: 'name' } });
  const { data, isLoading, error, refetch, isFetching } = useGetPropertiesQuery();
  const [deleteProperty] = useDeletePropertyMutation();
  const dialog = useRecordDialog();
  const [deleting, setDeleting] = useState<Property | undefined>();
  const found = dialog.editing(data, (property) => property.name);
  const editing = found && canWrite && !isReadOnlyProperty(found) ? found : undefined;

  return (
    <div className="mc-page">
      <PageAction allowed={canWrite} text="Add" onClick={dialog.openCreate} />
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
                  <EditDeleteActions
                    name={property.name}
                    onEdit={() => dialog.openEdit(property.name)}
                    onDelete={() => setDeleting(property)}
                  />
                )
            : undefined
        }
        {...tableQueryState({ isLoading, isFetching, error, refetch })}
        errorTitle="Feature flags could not be loaded"
        emptyText="No feature flags"
      />
      {(editing || (dialog.state.mode === 'create' && canWrite)) && (
        <FeatureFlagDialog
          key={editing?.name ?? 'new'}
          property={editing && { name: editing.name, value: editing.value }}
          onClose={dialog.close}
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
