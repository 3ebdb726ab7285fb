import { Card, FormGroup, TagInput } from '@blueprintjs/core';
import type { MutableRefObject } from 'react';
import { useEffect, useId, useRef } from 'react';
import { useField, useForm } from 'react-final-form';
import { useGetConfigTypesQuery } from '../../../api/endpoints/catalog';
import { KitField, useFieldDisabled } from '../../../ui/form/FormFieldGroup';
import type { Validator } from '../../../ui/form/fieldError';
import { NumberField } from '../../../ui/form/NumberField';
import { AddRowButton, RemoveRowButton } from '../../../ui/form/RowButtons';
import { SelectField, SwitchField } from '../../../ui/form/SelectField';
import { cleanTags } from '../../../ui/form/TagsField';
import { TextField } from '../../../ui/form/TextField';
import type { InhibitionFormValue, RuleFormValues } from './model/ruleForm';
import {
  INHIBITION_DIRECTIONS,
  INHIBITION_DIRECTION_LABELS,
  inhibitionErrors,
  newInhibition,
} from './model/ruleForm';

/** What an inhibition does, in one sentence with an example. */
export const INHIBITIONS_HELP =
  'A notification about a resource of a To type is held back when the rule notified, within ' +
  'its repeat interval, about a related resource of the From type: for example, Outgoing from ' +
  'Kubernetes::Deployment to Kubernetes::Pod, a Deployment notification inhibits those of its Pods.';

const DIRECTION_OPTIONS = INHIBITION_DIRECTIONS.map((direction) => ({
  value: direction,
  label: INHIBITION_DIRECTION_LABELS[direction],
}));

/** The error of one field of the inhibition at `index`, from `inhibitionErrors`. */
const errorOf =
  (index: number, key: 'from' | 'to' | 'depth') =>
  (_value: unknown, all: object): string | undefined =>
    inhibitionErrors((all as RuleFormValues).inhibitions?.[index])[key];

interface ResourceTypesFieldProps {
  name: string;
  /** The id of the `<datalist>` of known resource types. */
  listId: string;
  validate: Validator<string[] | undefined>;
}

/** Several resource types as tags: typed (with the known types suggested), Enter adds one. */
function ResourceTypesField({ name, listId, validate }: ResourceTypesFieldProps) {
  return (
    <KitField<string[] | undefined>
      name={name}
      label="To"
      required
      helperText="The types whose notifications are held back; Enter adds one"
      validate={validate}
    >
      {({ input, id, disabled, invalid }) => {
        const values = input.value || [];
        return (
          <TagInput
            values={values}
            onAdd={(added) => input.onChange(cleanTags([...values, ...added]))}
            onRemove={(_, index) => input.onChange(values.filter((__, at) => at !== index))}
            addOnBlur
            fill
            disabled={disabled}
            intent={invalid.intent}
            placeholder={values.length === 0 ? 'Kubernetes::Pod' : undefined}
            inputProps={{
              id,
              list: listId,
              'aria-invalid': invalid['aria-invalid'],
              onBlur: () => input.onBlur(),
              // Enter adds what was typed; it must not also submit the form around.
              onKeyDown: (event) => {
                if (event.key === 'Enter' && event.currentTarget.value.trim() !== '') {
                  event.preventDefault();
                }
              },
            }}
          />
        );
      }}
    </KitField>
  );
}

interface InhibitionEditorProps {
  index: number;
  listId: string;
  /** The rows added since the last removal, by index. */
  added: MutableRefObject<Map<number, InhibitionFormValue>>;
  onRemove: () => void;
}

/**
 * One inhibition: direction, From, To, depth, soft relationships, and its remove button. A
 * field mounting where the form's initial values hold something is given that value by
 * react-final-form, so a row added where a removed one was would bring the removed one back:
 * an added row sets its own values once its fields are mounted (effects run children first).
 */
function InhibitionEditor({ index, listId, added, onRemove }: InhibitionEditorProps) {
  const form = useForm();
  const disabled = useFieldDisabled(undefined);
  const name = (field: keyof InhibitionFormValue) => `inhibitions[${index}].${field}`;
  useEffect(() => {
    const row = added.current.get(index);
    if (row !== undefined) form.change(`inhibitions[${index}]`, row);
  }, [form, index, added]);
  return (
    <Card
      className="mc-rule-inhibition"
      compact
      role="group"
      aria-label={`Inhibition ${index + 1}`}
    >
      <div className="mc-rule-inhibition-head">
        <strong>{`Inhibition ${index + 1}`}</strong>
        <RemoveRowButton noun="inhibition" index={index} disabled={disabled} onClick={onRemove} />
      </div>
      <div className="mc-rule-inhibition-fields">
        <SelectField
          name={name('direction')}
          label="Direction"
          options={DIRECTION_OPTIONS}
          helperText="Outgoing: the To resources are below From (its children); Incoming: above it; Both: either"
        />
        <TextField
          name={name('from')}
          label="From"
          required
          list={listId}
          placeholder="Kubernetes::Deployment"
          helperText="The type whose notifications inhibit"
          validate={errorOf(index, 'from')}
        />
        <div className="mc-rule-inhibition-to">
          <ResourceTypesField name={name('to')} listId={listId} validate={errorOf(index, 'to')} />
        </div>
        <NumberField
          name={name('depth')}
          label="Depth"
          decimals
          placeholder="5"
          helperText="How many relationships away; 5 when empty"
          validate={errorOf(index, 'depth')}
        />
        <SwitchField name={name('soft')} label="Soft relationships" />
      </div>
    </Card>
  );
}

/**
 * The inhibitions of a rule: rows of a direction, From, To, depth and soft relationships, the
 * estate's config types suggested for From and To. "Add inhibition" appends an empty row.
 */
export function InhibitionsField() {
  const form = useForm<RuleFormValues>();
  const { input } = useField<InhibitionFormValue[]>('inhibitions', {
    subscription: { value: true },
  });
  const disabled = useFieldDisabled(undefined);
  const listId = useId();
  const added = useRef(new Map<number, InhibitionFormValue>());
  const inhibitions = input.value || [];
  // The suggestions are read only once there is a row to type them in.
  const { data: types = [] } = useGetConfigTypesQuery(undefined, {
    skip: inhibitions.length === 0,
  });
  const replace = (next: InhibitionFormValue[]) => form.change('inhibitions', next);
  return (
    <FormGroup label="Inhibitions" helperText={INHIBITIONS_HELP}>
      <div className="mc-rule-inhibitions" role="group" aria-label="Inhibitions">
        {inhibitions.map((_, index) => (
          <InhibitionEditor
            // Inhibitions have no id of their own; their place is their identity in the form.
            key={index}
            index={index}
            listId={listId}
            added={added}
            onRemove={() => {
              added.current.clear();
              replace(inhibitions.filter((__, other) => other !== index));
            }}
          />
        ))}
        <AddRowButton
          noun="inhibition"
          disabled={disabled}
          onClick={() => {
            const row = newInhibition();
            added.current.set(inhibitions.length, row);
            replace([...inhibitions, row]);
          }}
        />
      </div>
      <datalist id={listId}>
        {types.map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
    </FormGroup>
  );
}
