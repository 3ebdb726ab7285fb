import { Callout } from '@blueprintjs/core';
import {
  useGetSilenceQuery,
  useUpdateSilenceMutation,
} from '../../../api/endpoints/notificationSilences';
import { toErrorMessage } from '../../../api/errors';
import { browserTimezone } from '../../../lib/timezones';
import { useFormatDate } from '../../../shell/useFormatDate';
import { FormDialog } from '../../../ui/form/FormDialog';
import { SwitchField } from '../../../ui/form/SelectField';
import { TextAreaField, TextField } from '../../../ui/form/TextField';
import { recurrenceErrors } from './model/recurrence';
import type { SilenceEditValues } from './model/silenceForm';
import { editValues, isEditable, updateSilenceBody, windowError } from './model/silenceForm';
import { RecurrenceFields } from './RecurrenceFields';
import { INDEFINITELY_TEXT, SilenceTarget } from './silenceColumns';
import { SilenceWindowField } from './SilenceWindowField';
import { useRecurringSilences } from './useRecurringSilences';

export const EDIT_TITLE = 'Edit silence';
export const NOT_FOUND = 'This silence does not exist or was deleted';

export interface EditSilenceDialogProps {
  /** The silence to edit (NOTIF-10 reads it). */
  id: string;
  /** Whether the user may write notifications; else the dialog only shows the silence. */
  canWrite: boolean;
  onClose: () => void;
}

/**
 * A silence's edit dialog (NOTIF-12): name, description, its CEL filter (when it has one),
 * recursion (when it targets a resource), a new window (kept as it is unless one is chosen)
 * and, where the backend has them, its maintenance window (written as null once Repeats is
 * turned off). Silences from a Kubernetes CRD open read-only under the banner.
 */
export function EditSilenceDialog({ id, canWrite, onClose }: EditSilenceDialogProps) {
  const { data: silence, isLoading, error } = useGetSilenceQuery(id);
  const [update] = useUpdateSilenceMutation();
  const { supported: recurring } = useRecurringSilences();
  const formatDate = useFormatDate();
  const editable = silence ? isEditable(silence) : false;
  const readOnly = silence && !editable ? 'crd' : !canWrite;
  const missing = !isLoading && (error || !silence);

  const current = silence
    ? `${formatDate(silence.from)} to ${silence.until ? formatDate(silence.until) : INDEFINITELY_TEXT}`
    : '';
  const hasResource = Boolean(
    silence?.config_id || silence?.component_id || silence?.check_id || silence?.canary_id,
  );

  return (
    <FormDialog<SilenceEditValues>
      title={EDIT_TITLE}
      icon="notifications-snooze"
      size="medium"
      mode="edit"
      loading={isLoading}
      readOnly={missing ? true : readOnly}
      initialValues={silence ? editValues(silence, browserTimezone()) : {}}
      validate={(values) => recurrenceErrors(values)}
      onClose={onClose}
      onSubmit={async (values) => {
        if (!silence) return;
        await update(updateSilenceBody(silence, values, new Date(), recurring)).unwrap();
      }}
    >
      {missing ? (
        <Callout intent="danger" role="alert">
          {error ? toErrorMessage(error) : NOT_FOUND}
        </Callout>
      ) : (
        <>
          {silence && (
            <div className="mc-silence-edit-target mc-row">
              <span>Silences: </span>
              <SilenceTarget row={silence} />
            </div>
          )}
          <TextField name="name" label="Name" required />
          <TextAreaField name="description" label="Description" />
          {silence?.filter && <TextAreaField name="filter" label="Filter (CEL)" required />}
          {hasResource && (
            <SwitchField name="recursive" label="Also silence the resource's children" />
          )}
          <SilenceWindowField
            name="window"
            placeholder={current}
            helperText="Left as it is unless another duration is chosen"
            validate={(value) => (value ? windowError(value, new Date()) : undefined)}
          />
          {recurring && <RecurrenceFields />}
        </>
      )}
    </FormDialog>
  );
}
