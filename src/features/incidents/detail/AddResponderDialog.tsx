import { Callout, HTMLSelect, InputGroup, Radio, RadioGroup, Spinner } from '@blueprintjs/core';
import type { FormApi } from 'final-form';
import { Field } from 'react-final-form';
import { useSelector } from 'react-redux';
import { useAddResponderMutation, useGetTeamQuery } from '../../../api/endpoints/incidents';
import { toErrorMessage } from '../../../api/errors';
import { selectSession } from '../../../auth/sessionSlice';
import { KitField } from '../../../ui/form/FormFieldGroup';
import { FormDialog } from '../../../ui/form/FormDialog';
import { shownError } from '../../../ui/form/fieldError';
import { PersonPicker, TeamPicker } from '../../../widgets/peoplePickers';
import type { ResponderDraft } from './model/responders';
import { RESPONDER_MESSAGES, responderBody, responderTypesOf } from './model/responders';

/** What the form holds. */
export interface ResponderFormValues {
  kind: 'person' | 'team';
  personId?: string;
  teamId?: string;
  responderType?: string;
  externalId?: string;
}

/** The form's values as the model's draft. */
export function draftOf(values: ResponderFormValues): ResponderDraft {
  return values.kind === 'person'
    ? { kind: 'person', personId: values.personId }
    : {
        kind: 'team',
        teamId: values.teamId,
        responderType: values.responderType,
        externalId: values.externalId,
      };
}

const required = (message: string) => (value: unknown) =>
  typeof value === 'string' && value !== '' ? undefined : message;

function PersonFields() {
  return (
    <Field<string | undefined>
      name="personId"
      validate={required(RESPONDER_MESSAGES.personRequired)}
    >
      {({ input, meta }) => (
        <PersonPicker
          value={input.value || undefined}
          onChange={(option) => input.onChange(option?.value)}
          error={shownError(meta)}
          required
        />
      )}
    </Field>
  );
}

/** The team, the responder type among its responder clients, and the optional external id. */
function TeamFields({
  teamId,
  form,
}: {
  teamId: string | undefined;
  form: FormApi<ResponderFormValues>;
}) {
  const { data: team, error, isFetching } = useGetTeamQuery(teamId ?? '', { skip: !teamId });
  const types = teamId && team?.id === teamId ? responderTypesOf(team.spec) : [];
  return (
    <>
      <Field<string | undefined> name="teamId" validate={required(RESPONDER_MESSAGES.teamRequired)}>
        {({ input, meta }) => (
          <TeamPicker
            value={input.value || undefined}
            onChange={(option) => {
              input.onChange(option?.value);
              form.change('responderType', undefined);
            }}
            error={shownError(meta)}
            required
          />
        )}
      </Field>
      {teamId && isFetching && <Spinner size={16} aria-label="Loading the team" />}
      {teamId && error && (
        <Callout intent="danger" role="alert">
          {toErrorMessage(error)}
        </Callout>
      )}
      {teamId && !isFetching && !error && team && types.length === 0 && (
        <Callout intent="warning" role="status">
          {RESPONDER_MESSAGES.noClients}
        </Callout>
      )}
      <KitField<string | undefined>
        name="responderType"
        label="Responder type"
        required
        validateAll={required(RESPONDER_MESSAGES.typeRequired)}
        helperText="The channel the team is reached through."
      >
        {({ input, id, disabled, invalid }) => (
          <HTMLSelect
            id={id}
            value={input.value ?? ''}
            disabled={disabled || types.length === 0}
            aria-invalid={invalid['aria-invalid']}
            onChange={(event) => input.onChange(event.currentTarget.value || undefined)}
            onBlur={() => input.onBlur()}
            options={[
              { value: '', label: 'Choose a type' },
              ...types.map((type) => ({ value: type, label: type })),
            ]}
          />
        )}
      </KitField>
      <KitField<string | undefined>
        name="externalId"
        label="External id"
        helperText="The ticket or page at the team's tool, for its link."
      >
        {({ input, id, disabled }) => (
          <InputGroup
            {...input}
            value={input.value ?? ''}
            id={id}
            disabled={disabled}
            placeholder="e.g. OPS-1234"
          />
        )}
      </KitField>
    </>
  );
}

export interface AddResponderDialogProps {
  incidentId: string;
  /** Called on Cancel, Escape, and once the responder is added. */
  onClose: () => void;
}

/**
 * Adds a responder (INC-20): a person, or a team with the responder type it is reached through
 * and, optionally, the id of its ticket. The server's reason for a refusal shows in the dialog.
 */
export function AddResponderDialog({ incidentId, onClose }: AddResponderDialogProps) {
  const userId = useSelector(selectSession).user?.id ?? '';
  const [addResponder] = useAddResponderMutation();
  return (
    <FormDialog<ResponderFormValues>
      title="Add responder"
      icon="new-person"
      submitText="Add"
      busyText="Adding"
      initialValues={{ kind: 'person' }}
      onSubmit={async (values) => {
        await addResponder(responderBody(draftOf(values), incidentId, userId)).unwrap();
      }}
      onClose={onClose}
    >
      {({ values, form }) => (
        <>
          <Field<ResponderFormValues['kind']> name="kind">
            {({ input }) => (
              <RadioGroup
                label="Responder"
                inline
                selectedValue={input.value}
                onChange={(event) =>
                  input.onChange(event.currentTarget.value as ResponderFormValues['kind'])
                }
              >
                <Radio label="Person" value="person" />
                <Radio label="Team" value="team" />
              </RadioGroup>
            )}
          </Field>
          {values.kind === 'team' ? (
            <TeamFields teamId={values.teamId} form={form} />
          ) : (
            <PersonFields />
          )}
        </>
      )}
    </FormDialog>
  );
}
