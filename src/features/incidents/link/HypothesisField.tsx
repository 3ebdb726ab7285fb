import { FormGroup, HTMLSelect, InputGroup, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import type {
  HypothesisChoice,
  HypothesisOption,
  IncidentChoice,
} from '../../../../machines/incidents/linkToIncident';
import { LoadErrorCallout } from '../../../ui/LoadErrorCallout';
import { HYPOTHESIS_TYPES, labelOf } from '../model/incidentValues';

/** The select's value of "type a new hypothesis". */
export const NEW_HYPOTHESIS = '__new__';

export const HYPOTHESIS_LABELS = {
  field: 'Hypothesis',
  choose: 'Select a hypothesis',
  noIncident: 'Choose an incident first',
  new: 'New hypothesis…',
  newTitle: 'New hypothesis title',
  loading: 'Loading hypotheses',
  loadFailed: 'The hypotheses could not be loaded',
  /** A new incident's root hypothesis is titled by the incident when none is typed. */
  newIncidentPlaceholder: "Root cause (the incident's title when empty)",
} as const;

/** How a hypothesis reads in the select: its title and its type. */
export function hypothesisLabel(option: HypothesisOption): string {
  const title = option.title.trim() || '(untitled)';
  return option.type ? `${title} (${labelOf(HYPOTHESIS_TYPES, option.type)})` : title;
}

export interface HypothesisFieldProps {
  incident: IncidentChoice;
  value: HypothesisChoice;
  /** The chosen incident's hypotheses (INC-09). */
  options: readonly HypothesisOption[];
  loading: boolean;
  /** Why the hypotheses could not be read. */
  loadError: string | undefined;
  onSelect: (id: string) => void;
  onCreate: (title: string) => void;
  onRetry: () => void;
  /** The validation message shown under the field. */
  error?: string;
  disabled?: boolean;
}

/**
 * The hypothesis the evidence goes under. For an existing incident: one of its hypotheses (read
 * when the incident is chosen; the only one is chosen for the user) or a new one typed here; a
 * failed read says why, with Retry. For a new incident: the title of its root hypothesis,
 * optional. Before an incident is chosen there is nothing to choose.
 */
export function HypothesisField({
  incident,
  value,
  options,
  loading,
  loadError,
  onSelect,
  onCreate,
  onRetry,
  error,
  disabled = false,
}: HypothesisFieldProps) {
  const id = useId();
  const newTitle = value.kind === 'new' ? value.title : '';
  const group = (children: ReactNode, optional = false) => (
    <FormGroup
      label={HYPOTHESIS_LABELS.field}
      labelFor={id}
      labelInfo={optional ? '(optional)' : undefined}
      helperText={error}
      intent={error ? 'danger' : 'none'}
    >
      {children}
    </FormGroup>
  );

  if (incident.kind === 'new') {
    return group(
      <InputGroup
        id={id}
        value={newTitle}
        placeholder={HYPOTHESIS_LABELS.newIncidentPlaceholder}
        disabled={disabled}
        onChange={(event) => onCreate(event.currentTarget.value)}
      />,
      true,
    );
  }

  if (incident.kind === 'none') {
    return group(
      <HTMLSelect id={id} disabled fill value="">
        <option value="">{HYPOTHESIS_LABELS.noIncident}</option>
      </HTMLSelect>,
    );
  }

  if (loading) {
    return group(
      <div id={id} className="mc-link-hypotheses-loading">
        <Spinner size={16} aria-label={HYPOTHESIS_LABELS.loading} />
      </div>,
    );
  }

  if (loadError !== undefined) {
    return group(
      <LoadErrorCallout
        title={HYPOTHESIS_LABELS.loadFailed}
        message={loadError}
        messageId={id}
        disabled={disabled}
        onRetry={onRetry}
      />,
    );
  }

  const selected =
    value.kind === 'existing' ? value.id : value.kind === 'new' ? NEW_HYPOTHESIS : '';
  return group(
    <>
      <HTMLSelect
        id={id}
        fill
        value={selected}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (next === NEW_HYPOTHESIS) onCreate(newTitle);
          else if (next !== '') onSelect(next);
        }}
      >
        <option value="" disabled>
          {HYPOTHESIS_LABELS.choose}
        </option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {hypothesisLabel(option)}
          </option>
        ))}
        <option value={NEW_HYPOTHESIS}>{HYPOTHESIS_LABELS.new}</option>
      </HTMLSelect>
      {value.kind === 'new' && (
        <InputGroup
          className="mc-link-new-hypothesis"
          aria-label={HYPOTHESIS_LABELS.newTitle}
          placeholder={HYPOTHESIS_LABELS.newTitle}
          value={newTitle}
          disabled={disabled}
          autoFocus
          onChange={(event) => onCreate(event.currentTarget.value)}
        />
      )}
    </>,
  );
}
