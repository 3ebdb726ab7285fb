import { Button, Callout } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import { Form, useField, useForm, useFormState } from 'react-final-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useCreateSilenceMutation } from '../../../api/endpoints/notificationSilences';
import { INDEFINITELY } from '../../../lib/timeRange';
import { browserTimezone } from '../../../lib/timezones';
import { paths } from '../../../shell/paths';
import { CodeEditor } from '../../../ui/CodeEditor/CodeEditor';
import { submissionMessage } from '../../../ui/form/FormDialog';
import { FormDisabledContext, KitField, useFieldDisabled } from '../../../ui/form/FormFieldGroup';
import { SwitchField } from '../../../ui/form/SelectField';
import { TextAreaField, TextField } from '../../../ui/form/TextField';
import { usePageHeader } from '../../../ui/pageHeader';
import { ResourceRefPicker, refKinds } from '../../../widgets/ResourceRefPicker';
import { useSelectorFacts } from '../../../widgets/useSelectorFacts';
import { NotificationSections } from '../history/NotificationSections';
import { recurrenceErrors, recurrenceOf } from './model/recurrence';
import type { ResourceKind, SilenceFormValues } from './model/silenceForm';
import {
  DEFAULT_WINDOW,
  MANY_TARGETS,
  RESOURCE_KINDS,
  createSilenceBody,
  selectorsError,
  givenTargets,
  initialFormValues,
  previewArgs,
  silenceTarget,
  targetError,
  windowError,
} from './model/silenceForm';
import { RecurrenceFields } from './RecurrenceFields';
import { SilenceExamples } from './SilenceExamples';
import { SilencePreview } from './SilencePreview';
import { SilenceWindowField } from './SilenceWindowField';
import { useRecurringSilences } from './useRecurringSilences';
import './silences.css';

export const ADD_TITLE = 'Add silence';
/** The form-level error key of the target rule (exactly one target). */
const TARGET = 'target';

/** The kinds of resource a silence can target, in the order offered. */
const SILENCE_KINDS = refKinds(RESOURCE_KINDS);

/**
 * The resource target: its kind, then a search of that kind (MISC-03). The chosen resource
 * reads as its name; a prefilled one's name is read by the picker (as its id until then).
 */
function ResourceField() {
  const form = useForm<SilenceFormValues>();
  const disabled = useFieldDisabled(false);
  const kind = useField<ResourceKind>('resourceKind').input.value || 'config';
  const id = useField<string | undefined>('resourceId').input.value || undefined;
  const label = useField<string | undefined>('resourceLabel').input.value || undefined;
  return (
    <ResourceRefPicker
      className="mc-silence-resource"
      kinds={SILENCE_KINDS}
      kind={kind}
      value={id ? { kind, id } : undefined}
      {...(label ? { valueLabel: label } : {})}
      disabled={disabled}
      onKindChange={(next) => form.change('resourceKind', next)}
      onChange={(ref, option) =>
        form.batch(() => {
          form.change('resourceId', ref?.id);
          form.change('resourceLabel', option?.label);
        })
      }
    />
  );
}

/** Resource selectors typed as YAML: a list of mappings, checked as the user types. */
function SelectorsField() {
  const selectorFacts = useSelectorFacts();
  return (
    <KitField<string | undefined>
      name="selectors"
      label="Selectors (YAML)"
      helperText="A list of resource selectors, e.g. - name: web-*"
      validate={selectorsError}
    >
      {({ input, error, disabled }) => (
        <div
          className={error ? 'mc-code-field mc-code-field-invalid' : 'mc-code-field'}
          onBlur={() => input.onBlur()}
        >
          <CodeEditor
            label="Selectors (YAML)"
            value={input.value ?? ''}
            language="yaml"
            readOnly={disabled}
            onChange={(text) => input.onChange(text)}
            height="140px"
            selectorFacts={selectorFacts}
          />
        </div>
      )}
    </KitField>
  );
}

/** The target rule's message: two or more targets at once, none once a save was tried. */
function TargetMessage() {
  const { errors, submitFailed, values } = useFormState<SilenceFormValues>({
    subscription: { errors: true, submitFailed: true, values: true },
  });
  const message = errors?.[TARGET] as string | undefined;
  if (!message) return null;
  const many = givenTargets(values).length > 1;
  if (!many && !submitFailed) return null;
  return (
    <Callout intent="danger" role="alert" className="mc-silence-target-error">
      {many ? MANY_TARGETS : message}
    </Callout>
  );
}

/** Recursion only means something for a resource. */
function RecursiveField() {
  const id = useField<string | undefined>('resourceId').input.value;
  return (
    <SwitchField
      name="recursive"
      label="Also silence the resource's children (recursive)"
      disabled={!id}
    />
  );
}

/** The preview of the current target (and recurrence), once it is valid. */
function LivePreview() {
  const { values } = useFormState<SilenceFormValues>({ subscription: { values: true } });
  const target = silenceTarget(values);
  return (
    <SilencePreview
      args={target ? previewArgs(target) : undefined}
      recurrence={values.repeats ? (recurrenceOf(values) ?? null) : undefined}
    />
  );
}

/**
 * The window field: while the silence repeats it bounds when the silence applies at all, so
 * turning Repeats on with the first window (an hour from now) makes it indefinite.
 */
function WindowAndRecurrence({ recurring }: { recurring: boolean }) {
  const form = useForm<SilenceFormValues>();
  const repeats = useField<boolean>('repeats', { subscription: { value: true } }).input.value;
  return (
    <>
      <SilenceWindowField
        name="window"
        helperText={
          repeats
            ? 'When the silence applies at all; inside it, it mutes only during its windows'
            : 'A relative duration starts now'
        }
        validate={(value) => windowError(value, new Date())}
      />
      {recurring && (
        <RecurrenceFields
          onRepeatsChange={(on) => {
            const window = form.getState().values.window;
            if (on && JSON.stringify(window) === JSON.stringify(DEFAULT_WINDOW)) {
              form.change('window', { type: 'relative', range: INDEFINITELY });
            }
          }}
        />
      )}
    </>
  );
}

/**
 * `/notifications/silences/add`: a new silence (NOTIF-11). Name, description, how long it
 * lasts (a future range, `Indefinitely` included), where the backend has them a maintenance
 * window (Repeats: a schedule, its time zone and the length of each window) and exactly one
 * target: a resource (with its children when recursive), a CEL filter, or selectors in YAML,
 * with examples of each. The address may prefill the target (`config_id`, `component_id`,
 * `check_id`, `filter`). Beside the form, the notifications of the last 15 days the silence
 * would have muted (NOTIF-14), and for a recurring one its last and next windows. Saving goes
 * back to the list; the server's reason for refusing stays in the form with the values.
 */
export function AddSilencePage() {
  usePageHeader({ title: ADD_TITLE });
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [create] = useCreateSilenceMutation();
  const { supported: recurring } = useRecurringSilences();
  // Read once: later changes of the address do not reset what the user typed.
  const [initialValues] = useState(() => initialFormValues(params, browserTimezone()));

  const submit = async (values: SilenceFormValues) => {
    try {
      await create(createSilenceBody(values, new Date())).unwrap();
    } catch (error) {
      return { [FORM_ERROR]: submissionMessage(error) };
    }
    navigate(paths.notificationSilences.getHref());
    return undefined;
  };

  return (
    <div className="mc-page mc-silence-add">
      <NotificationSections />
      <Form<SilenceFormValues>
        initialValues={initialValues}
        initialValuesEqual={() => true}
        validate={(values) => {
          const message = targetError(values);
          return { ...recurrenceErrors(values), ...(message ? { [TARGET]: message } : {}) };
        }}
        onSubmit={submit}
        render={({ handleSubmit, submitting, submitError }) => (
          <div className="mc-silence-add-layout">
            <form
              onSubmit={handleSubmit}
              noValidate
              aria-label={ADD_TITLE}
              className="mc-silence-form"
            >
              <FormDisabledContext.Provider value={submitting === true}>
                <TextField name="name" label="Name" required autoFocus />
                <TextAreaField name="description" label="Description" />
                <WindowAndRecurrence recurring={recurring} />
                <fieldset className="mc-silence-targets">
                  <legend>What to silence (exactly one)</legend>
                  <SilenceExamples />
                  <ResourceField />
                  <RecursiveField />
                  <TextAreaField
                    name="filter"
                    label="Filter (CEL)"
                    placeholder={'config.type == "Kubernetes::Pod"'}
                    rows={2}
                  />
                  <SelectorsField />
                  <TargetMessage />
                </fieldset>
                {typeof submitError === 'string' && (
                  <Callout intent="danger" role="alert">
                    {submitError}
                  </Callout>
                )}
                <div className="mc-silence-form-actions">
                  <Button
                    text="Cancel"
                    disabled={submitting}
                    onClick={() => navigate(paths.notificationSilences.getHref())}
                  />
                  <Button
                    type="submit"
                    intent="primary"
                    text={submitting ? 'Saving' : 'Save'}
                    aria-busy={submitting}
                    disabled={submitting}
                  />
                </div>
              </FormDisabledContext.Provider>
            </form>
            <LivePreview />
          </div>
        )}
      />
    </div>
  );
}
