import { Radio, RadioGroup } from '@blueprintjs/core';
import { Field, useField, useForm } from 'react-final-form';
import { useGetPlaybookNamesQuery } from '../../../api/endpoints/playbooks';
import { useFieldDisabled } from '../../../ui/form/FormFieldGroup';
import { requiredValue, shownError } from '../../../ui/form/fieldError';
import { SelectField } from '../../../ui/form/SelectField';
import { PersonPicker, TeamPicker } from '../../../widgets/peoplePickers';
import { ChannelsField } from './ChannelsField';
import type { RecipientKind, RuleFormValues } from './model/ruleForm';
import { RECIPIENT_KINDS, RECIPIENT_LABELS, recipientError } from './model/ruleForm';

interface PickedFieldProps {
  kind: 'person' | 'team';
}

/** A person or a team, picked by searching; its name is kept beside its id for display. */
function PickedField({ kind }: PickedFieldProps) {
  const form = useForm<RuleFormValues>();
  const labelField = useField<string | undefined>(`${kind}_label`, {
    subscription: { value: true },
  });
  const disabled = useFieldDisabled(undefined);
  const Picker = kind === 'person' ? PersonPicker : TeamPicker;
  return (
    <Field<string | undefined> name={`${kind}_id`} validate={requiredValue}>
      {({ input, meta }) => (
        <Picker
          required
          disabled={disabled}
          value={input.value || undefined}
          valueLabel={labelField.input.value || undefined}
          error={shownError(meta)}
          onChange={(option) => {
            form.batch(() => {
              input.onChange(option?.value ?? '');
              form.change(`${kind}_label`, option?.label ?? '');
            });
            input.onBlur();
          }}
        />
      )}
    </Field>
  );
}

/** A playbook of PB-01, by title. */
function PlaybookField() {
  const { data, isLoading } = useGetPlaybookNamesQuery();
  const options = (data ?? []).map((playbook) => ({
    value: playbook.id,
    label: playbook.title || playbook.name || playbook.id,
  }));
  return (
    <SelectField
      name="playbook_id"
      label="Playbook"
      required
      placeholder={isLoading ? 'Loading playbooks…' : 'Select a playbook'}
      options={options}
    />
  );
}

/**
 * Who the rule notifies: exactly one of a person, a team, a playbook or channels; the choice
 * shows that recipient's field.
 */
export function RecipientField() {
  const disabled = useFieldDisabled(undefined);
  return (
    <Field<RecipientKind>
      name="recipient"
      validate={(_value, all) => recipientError(all as RuleFormValues)}
    >
      {({ input, meta }) => {
        const error = shownError(meta);
        return (
          <div className="mc-rule-recipient">
            <RadioGroup
              label="Recipient"
              inline
              selectedValue={input.value}
              disabled={disabled}
              onChange={(event) => input.onChange(event.currentTarget.value as RecipientKind)}
            >
              {RECIPIENT_KINDS.map((kind) => (
                <Radio key={kind} value={kind} label={RECIPIENT_LABELS[kind]} />
              ))}
            </RadioGroup>
            {input.value === 'person' && <PickedField kind="person" />}
            {input.value === 'team' && <PickedField kind="team" />}
            {input.value === 'playbook' && <PlaybookField />}
            {input.value === 'services' && <ChannelsField />}
            {error && (
              <p className="mc-rule-recipient-error" role="alert">
                {error}
              </p>
            )}
          </div>
        );
      }}
    </Field>
  );
}
