import { useMemo } from 'react';
import { Field } from 'react-final-form';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { newId, useCreateIncidentWithRootMutation } from '../../../api/endpoints/incidents';
import { selectSession } from '../../../auth/sessionSlice';
import { paths } from '../../../shell/paths';
import { FormDialog } from '../../../ui/form/FormDialog';
import { useFieldDisabled } from '../../../ui/form/FormFieldGroup';
import { SelectField } from '../../../ui/form/SelectField';
import { TextAreaField, TextField } from '../../../ui/form/TextField';
import { PersonPicker } from '../../../widgets/peoplePickers';
import { INCIDENT_SEVERITIES, INCIDENT_STATUSES, INCIDENT_TYPES } from '../model/incidentValues';
import type { CreateIncidentValues, PersonChoice } from './model/createIncidentForm';
import {
  CREATE_TITLE,
  createIncidentBody,
  createIncidentDefaults,
} from './model/createIncidentForm';

export { CREATE_TITLE };
/** Shown when no one is signed in any more (the session ended while the dialog was open). */
export const NOT_SIGNED_IN = 'Sign in again to create an incident';

/** The commander: a person searched by name or email, the signed-in user at first. */
function CommanderField() {
  const disabled = useFieldDisabled(false);
  return (
    <Field<PersonChoice | undefined> name="commander">
      {({ input }) => (
        <PersonPicker
          label="Commander"
          value={input.value ? input.value.value : undefined}
          valueLabel={input.value ? input.value.label : undefined}
          disabled={disabled}
          placeholder="Search people…"
          onChange={(option) =>
            input.onChange(option ? { value: option.value, label: option.label } : undefined)
          }
        />
      )}
    </Field>
  );
}

export interface CreateIncidentDialogProps {
  onClose: () => void;
}

/**
 * "Create incident": title, description, type, severity, status and commander. Saving creates
 * the incident and its root hypothesis (INC-05, then INC-11) and opens the new incident; a
 * failure keeps what was typed and shows the server's reason.
 */
export function CreateIncidentDialog({ onClose }: CreateIncidentDialogProps) {
  const user = useSelector(selectSession).user;
  const navigate = useNavigate();
  const [createIncident] = useCreateIncidentWithRootMutation();
  // Read once: the form keeps its own values from then on.
  const initialValues = useMemo(() => createIncidentDefaults(user), [user]);

  return (
    <FormDialog<CreateIncidentValues>
      title={CREATE_TITLE}
      icon="error"
      size="medium"
      submitText="Create"
      busyText="Creating"
      initialValues={initialValues}
      onClose={onClose}
      // Saved, the new incident takes the open dialog's place in the history (the dialog is in
      // the address; closing it there would come back to the list).
      closeOnSuccess={false}
      onSubmit={async (values) => {
        if (!user) throw new Error(NOT_SIGNED_IN);
        const created = await createIncident(createIncidentBody(values, user.id, newId())).unwrap();
        navigate(paths.incident.getHref(created.id), { replace: true });
      }}
    >
      <TextField name="title" label="Title" required autoFocus />
      <TextAreaField name="description" label="Description" rows={4} />
      <div className="mc-incident-create-row">
        <SelectField name="type" label="Type" options={INCIDENT_TYPES} />
        <SelectField name="severity" label="Severity" options={INCIDENT_SEVERITIES} />
        <SelectField name="status" label="Status" options={INCIDENT_STATUSES} />
      </div>
      <CommanderField />
    </FormDialog>
  );
}
