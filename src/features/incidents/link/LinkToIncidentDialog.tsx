import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  TextArea,
} from '@blueprintjs/core';
import type { FormEvent } from 'react';
import { useId } from 'react';
import type {
  EvidenceDraft,
  IncidentChoice,
  LinkFailure,
} from '../../../../machines/incidents/linkToIncident';
import { AppDialog } from '../../../ui/AppDialog';
import type { Choice } from '../model/incidentValues';
import { INCIDENT_SEVERITIES, INCIDENT_TYPES } from '../model/incidentValues';
import { IncidentPicker } from '../../../widgets/peoplePickers';
import { HypothesisField } from './HypothesisField';
import type { LinkTextField } from './useLinkToIncident';
import { useLinkToIncident } from './useLinkToIncident';
import './link.css';

export const LINK_DIALOG_TITLE = 'Link to Incident';

/** The submit button, and what it reads while the link runs (spec 002 §2.2). */
export const LINK_BUTTON = { idle: 'Link', busy: 'Linking..' } as const;

/** What a failed link says, by the step that failed. */
export const LINK_FAILURE_TITLES: Record<LinkFailure['step'], string> = {
  incident: 'The incident could not be created',
  hypothesis: 'The hypothesis could not be created',
  evidence: 'The evidence could not be attached',
};

/** Said before the cleanup's reason when what the attempt made could not be removed. */
export const CLEANUP_FAILED = 'What this attempt created could not be removed:';

interface SelectFieldProps {
  label: string;
  field: LinkTextField;
  value: string;
  choices: readonly Choice[];
  placeholder: string;
  error?: string;
  disabled: boolean;
  onChange: (field: LinkTextField, value: string) => void;
}

/** Type or severity of a new incident: the labels shown, the backend's values sent. */
function ChoiceField({
  label,
  field,
  value,
  choices,
  placeholder,
  error,
  disabled,
  onChange,
}: SelectFieldProps) {
  const id = useId();
  return (
    <FormGroup label={label} labelFor={id} helperText={error} intent={error ? 'danger' : 'none'}>
      <HTMLSelect
        id={id}
        fill
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(field, event.currentTarget.value)}
        options={[{ value: '', label: placeholder }, ...choices]}
      />
    </FormGroup>
  );
}

/** A new incident's type and severity, in the order shown. */
const NEW_INCIDENT_CHOICES = [
  { field: 'type', label: 'Type', choices: INCIDENT_TYPES, placeholder: 'Select a type' },
  {
    field: 'severity',
    label: 'Severity',
    choices: INCIDENT_SEVERITIES,
    placeholder: 'Select a severity',
  },
] as const satisfies ReadonlyArray<
  Pick<SelectFieldProps, 'label' | 'choices' | 'placeholder'> & { field: 'type' | 'severity' }
>;

function FailureCallout({ failure }: { failure: LinkFailure }) {
  return (
    <Callout intent="danger" role="alert" title={LINK_FAILURE_TITLES[failure.step]}>
      <p>{failure.message}</p>
      {failure.cleanupMessage !== undefined && (
        <p>
          {CLEANUP_FAILED} {failure.cleanupMessage}
        </p>
      )}
    </Callout>
  );
}

/** The picker's value: an incident's id, or a new one's title (it has no id yet). */
function incidentValue(incident: IncidentChoice): string | undefined {
  if (incident.kind === 'existing') return incident.id;
  return incident.kind === 'new' ? incident.title : undefined;
}

interface LinkFormProps {
  evidence: EvidenceDraft;
  onClose: (linked: boolean) => void;
}

function LinkForm({ evidence, onClose }: LinkFormProps) {
  const link = useLinkToIncident(evidence, { onLinked: () => onClose(true) });
  const descriptionId = useId();
  const { context, busy } = link;
  const { errors, incident } = context;

  const close = () => {
    // A running link finishes (or is undone) before the dialog can go.
    if (busy) return;
    link.close();
    onClose(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) link.submit();
  };

  return (
    <AppDialog
      isOpen
      onClose={close}
      title={LINK_DIALOG_TITLE}
      icon="add-to-artifact"
      size="small"
      expandable={false}
    >
      <form onSubmit={submit} noValidate aria-label={LINK_DIALOG_TITLE}>
        <DialogBody>
          <IncidentPicker
            value={incidentValue(incident)}
            valueLabel={incident.kind === 'none' ? undefined : incident.title}
            clearable={false}
            onChange={(option) => {
              if (option) link.selectIncident(option.value, option.label);
            }}
            onCreate={link.createIncident}
            error={errors.incident}
            disabled={busy}
          />
          {incident.kind === 'new' && (
            <div className="mc-link-new-incident">
              {NEW_INCIDENT_CHOICES.map(({ field, ...choice }) => (
                <ChoiceField
                  key={field}
                  field={field}
                  {...choice}
                  value={context[field]}
                  error={errors[field]}
                  disabled={busy}
                  onChange={link.setField}
                />
              ))}
            </div>
          )}
          <HypothesisField
            incident={incident}
            value={context.hypothesis}
            options={context.hypotheses}
            loading={link.loadingHypotheses}
            loadError={context.hypothesesError}
            onSelect={link.selectHypothesis}
            onCreate={link.createHypothesis}
            onRetry={link.retryHypotheses}
            error={errors.hypothesis}
            disabled={busy}
          />
          <FormGroup label="Description" labelFor={descriptionId} labelInfo="(optional)">
            <TextArea
              id={descriptionId}
              fill
              rows={3}
              value={context.description}
              disabled={busy}
              onChange={(event) => link.setField('description', event.currentTarget.value)}
            />
          </FormGroup>
          {/* Said once what the attempt created is removed again (the button stays busy till then). */}
          {context.failure && !busy && <FailureCallout failure={context.failure} />}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={close} disabled={busy} />
              <Button
                type="submit"
                intent="primary"
                text={busy ? LINK_BUTTON.busy : LINK_BUTTON.idle}
                icon={busy ? 'refresh' : 'link'}
                aria-busy={busy}
                disabled={busy}
              />
            </>
          }
        />
      </form>
    </AppDialog>
  );
}

export interface LinkToIncidentDialogProps {
  /** What is attached. */
  evidence: EvidenceDraft;
  /** Whether the dialog is shown; each opening starts with an empty form. Default true. */
  isOpen?: boolean;
  /**
   * Called as the dialog closes: true after the evidence was linked (the success toast is
   * shown), false when it was closed without a link (failures keep it open with the reason).
   */
  onClose: (linked: boolean) => void;
}

/**
 * Link to Incident (spec 002 §2.2, §4.1, §5.1): choose an incident (or name a new one, with its
 * type and severity), a hypothesis (or a new one), an optional description, then Link. Driven by
 * the `linkToIncident` machine, which creates what is new, attaches the evidence, and on a
 * failure removes what the attempt created.
 */
export function LinkToIncidentDialog({
  evidence,
  isOpen = true,
  onClose,
}: LinkToIncidentDialogProps) {
  return isOpen ? <LinkForm evidence={evidence} onClose={onClose} /> : null;
}
