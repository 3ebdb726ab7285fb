import type { CreateIncidentBody } from '../../../../api/endpoints/incidents';
import type { IncidentSeverity, IncidentStatus, IncidentType } from '../../model/incidentValues';
import { DEFAULT_INCIDENT_STATUS } from '../../model/incidentValues';

/** The create dialog's title and the list's button that opens it. */
export const CREATE_TITLE = 'Create incident';

/** A person as the commander picker holds them: the id sent, the name shown. */
export interface PersonChoice {
  value: string;
  label: string;
}

/** What the "Create incident" form holds. */
export interface CreateIncidentValues {
  title?: string;
  description?: string;
  type: IncidentType | string;
  severity: IncidentSeverity | string;
  status: IncidentStatus | string;
  /** None when the choice was cleared: the incident then has no commander. */
  commander?: PersonChoice;
}

/** New incidents are about availability (spec 002 §3.1). */
export const DEFAULT_TYPE: IncidentType = 'availability';
/** New incidents are of low severity unless chosen. */
export const DEFAULT_SEVERITY: IncidentSeverity = 'low';

/** The form of a new incident: availability, low, open, commanded by the signed-in user. */
export function createIncidentDefaults(user?: {
  id: string;
  name?: string | null;
}): CreateIncidentValues {
  return {
    title: '',
    description: '',
    type: DEFAULT_TYPE,
    severity: DEFAULT_SEVERITY,
    status: DEFAULT_INCIDENT_STATUS,
    ...(user ? { commander: { value: user.id, label: user.name || user.id } } : {}),
  };
}

/**
 * INC-05's body from the form: the incident `id` chosen here, created by the user, who also
 * communicates; the commander as chosen (none when cleared). Text is trimmed.
 */
export function createIncidentBody(
  values: CreateIncidentValues,
  userId: string,
  id: string,
): CreateIncidentBody {
  return {
    id,
    title: (values.title ?? '').trim(),
    description: (values.description ?? '').trim(),
    type: values.type,
    severity: values.severity,
    status: values.status,
    created_by: userId,
    commander_id: values.commander?.value ?? null,
    communicator_id: userId,
  };
}
