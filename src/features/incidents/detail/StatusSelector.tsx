import type { ChoiceOption } from './ChoiceSelect';
import { ChoiceSelect } from './ChoiceSelect';
import {
  INCIDENT_STATUSES,
  STATUS_INTENTS,
  isIncidentStatus,
  labelOf,
  nextStatuses,
} from '../model/incidentValues';

/** A status with its label and colour; a value outside the list as sent. */
export function statusOption(status: string | null | undefined): ChoiceOption {
  const value = status ?? '';
  if (!isIncidentStatus(value)) return { value, label: value || 'No status' };
  return { value, label: labelOf(INCIDENT_STATUSES, value), intent: STATUS_INTENTS[value] };
}

export interface StatusSelectorProps {
  /** The incident's status. */
  status: string | null | undefined;
  /** Called with the status picked among the transitions. */
  onChange: (status: string) => void;
  /** Shows the status only. Default false. */
  readOnly?: boolean;
}

/** The incident's status in its colour, offering only the statuses it may move to. */
export function StatusSelector({ status, onChange, readOnly = false }: StatusSelectorProps) {
  return (
    <ChoiceSelect
      label="Status"
      current={statusOption(status)}
      options={nextStatuses(status).map(statusOption)}
      onChange={onChange}
      readOnly={readOnly}
    />
  );
}
