import { Classes, Tooltip } from '@blueprintjs/core';
import { useDeletePropertyMutation } from '../../../api/endpoints/properties';
import { useGetPropertiesQuery } from '../../../api/endpoints/system';
import type { Property } from '../../../api/schemas/system';
import { useCan } from '../../../auth/hooks';
import { EditDeleteActions } from '../../../ui/DataTable/EditDeleteActions';
import { usePageHeader } from '../../../ui/pageHeader';
import { lazyPart } from '../../../ui/LazyPart';
import { ListPage } from '../../../widgets/ListPage';
import { useListPage } from '../../../widgets/useListPage';
import { useRecordDialog } from '../../../widgets/useRecordDialog';
import { useRowDeletion } from '../../../widgets/useRowDeletion';
import {
  FEATURE_FLAG_COLUMNS,
  featureFlagSortValue,
  isReadOnlyProperty,
} from './featureFlagColumns';

/** The flag's form loads when it opens, from a click or from the address. */
const FeatureFlagDialog = lazyPart(
  async () => (await import('./FeatureFlagDialog')).FeatureFlagDialog,
);

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
  const query = useGetPropertiesQuery();
  const [deleteProperty] = useDeletePropertyMutation();
  const dialog = useRecordDialog();
  const deletion = useRowDeletion<Property>({
    title: 'Delete feature flag',
    question: (property) => (
      <>
        Delete the feature flag <code>{property.name}</code>?
      </>
    ),
    onConfirm: (property) => deleteProperty(property.name).unwrap(),
  });
  const found = dialog.editing(query.data, (property) => property.name);
  const editing = found && canWrite && !isReadOnlyProperty(found) ? found : undefined;

  return (
    <ListPage<Property>
      action={{ allowed: canWrite, text: 'Add', onClick: dialog.openCreate }}
      aria-label="Feature flags"
      columns={FEATURE_FLAG_COLUMNS}
      rows={list.sortLocally(query.data ?? [], featureFlagSortValue)}
      getRowId={(property) => property.name}
      list={list}
      query={query}
      errorTitle="Feature flags could not be loaded"
      empty="No feature flags"
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
                  onDelete={() => deletion.ask(property)}
                />
              )
          : undefined
      }
    >
      {(editing || (dialog.state.mode === 'create' && canWrite)) && (
        <FeatureFlagDialog
          key={editing?.name ?? 'new'}
          property={editing && { name: editing.name, value: editing.value }}
          onClose={dialog.close}
        />
      )}
      {deletion.dialog}
    </ListPage>
  );
}
