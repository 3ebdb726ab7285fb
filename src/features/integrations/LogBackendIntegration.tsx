import {
  useDeleteLogBackendMutation,
  useGetLogBackendQuery,
  useSaveLogBackendMutation,
} from '../../api/endpoints/logBackends';
import { useCan } from '../../auth/hooks';
import { usePageHeader } from '../../ui/pageHeader';
import { INTEGRATION_EDIT_TEXT, Loaded, useBackToList } from './integrationEditParts';
import { LogBackendForm } from './LogBackendForm';
import { INTEGRATION_ACCESS, INTEGRATION_TYPE_LABELS } from './model/integrationRow';
import { mergedRecord } from './model/records';

/** A log backend by its INT-02 read, saved and deleted through LOG-03. */
export function LogBackendIntegration({ id }: { id: string }) {
  const query = useGetLogBackendQuery(id, { refetchOnMountOrArgChange: true });
  usePageHeader({
    title: INTEGRATION_EDIT_TEXT.title(INTEGRATION_TYPE_LABELS.logging_backends, query.data?.name),
  });
  const canWrite = useCan(INTEGRATION_ACCESS.logging_backends, 'write');
  const [save] = useSaveLogBackendMutation();
  const [remove] = useDeleteLogBackendMutation();
  const toList = useBackToList();
  return (
    <Loaded query={query}>
      {(row) => (
        <LogBackendForm
          record={row}
          readOnly={!canWrite}
          save={async (values) => {
            await save({ id, values: mergedRecord(row, { ...values }) }).unwrap();
            toList();
          }}
          remove={async () => {
            await remove(id).unwrap();
            toList();
          }}
          onCancel={toList}
        />
      )}
    </Loaded>
  );
}
