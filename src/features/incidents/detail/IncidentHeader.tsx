import { Tag } from '@blueprintjs/core';
import type { CreateIncidentBody } from '../../../api/endpoints/incidents';
import { useGetPersonQuery, useUpdateIncidentMutation } from '../../../api/endpoints/incidents';
import type { IncidentDetail } from '../../../api/schemas/incidents';
import { relativeOrDate } from '../../../lib/relativeTime';
import { useFormatDate } from '../../../shell/useFormatDate';
import { PersonLabel } from '../../../ui/Avatar';
import type { ChoiceOption } from './ChoiceSelect';
import { ChoiceSelect } from './ChoiceSelect';
import { InlineText } from './InlineText';
import { PersonField } from './PersonField';
import { StatusSelector } from './StatusSelector';
import { titleEdit } from './model/edits';
import { findPerson, idOf, peopleOfIncident, personOf } from './model/people';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_TYPES,
  SEVERITY_LOOK,
  TYPE_ICONS,
  isIncidentSeverity,
  isIncidentType,
  labelOf,
} from '../model/incidentValues';

export interface IncidentHeaderProps {
  incident: IncidentDetail;
  /** Write on `incident`: the fields are editable; otherwise they are only shown. */
  canEdit: boolean;
}

/** Incident changes the header sends (INC-06). */
export type IncidentChanges = Partial<CreateIncidentBody>;

const SEVERITY_OPTIONS: ChoiceOption[] = INCIDENT_SEVERITIES.map(({ value, label }) => ({
  value,
  label,
  ...SEVERITY_LOOK[value],
}));

const TYPE_OPTIONS: ChoiceOption[] = INCIDENT_TYPES.map(({ value, label }) => ({
  value,
  label,
  icon: TYPE_ICONS[value],
}));

/** A severity with its icon and intent; a value outside the list as sent. */
export function severityOption(severity: string | null | undefined): ChoiceOption {
  const value = severity ?? '';
  if (!isIncidentSeverity(value)) return { value, label: value || 'No severity' };
  return { value, label: labelOf(INCIDENT_SEVERITIES, value), ...SEVERITY_LOOK[value] };
}

/** A type with its icon; a value outside the list as sent. */
export function typeOption(type: string | null | undefined): ChoiceOption {
  const value = type ?? '';
  if (!isIncidentType(value)) return { value, label: value || 'No type' };
  return { value, label: labelOf(INCIDENT_TYPES, value), icon: TYPE_ICONS[value] };
}

/** Who opened the incident: named by the incident's embeds, else looked up (AUTH-02). */
function CreatedBy({ incident }: { incident: IncidentDetail }) {
  const embedded = personOf(incident.created_by);
  const id = idOf(incident.created_by);
  const known = embedded?.name ? embedded : findPerson(id, peopleOfIncident(incident));
  const { data: fetched } = useGetPersonQuery(id ?? '', { skip: !id || known !== undefined });
  return <PersonLabel person={known ?? fetched} fallback={id ? 'Unknown person' : 'Nobody'} />;
}

/** When the incident was opened: how long ago, with the exact time as its tooltip. */
function CreatedAt({ createdAt }: { createdAt: string | null | undefined }) {
  const formatDate = useFormatDate();
  if (!createdAt) return null;
  const exact = formatDate(createdAt);
  return (
    <time dateTime={createdAt} title={exact}>
      {relativeOrDate(createdAt, formatDate)}
    </time>
  );
}

/**
 * The incident's title (edited in place), its id, severity, type, status with the transitions
 * it may take, commander and communicator, and who opened it when. Each edit is one INC-06.
 */
export function IncidentHeader({ incident, canEdit }: IncidentHeaderProps) {
  const [update] = useUpdateIncidentMutation();
  const save = (changes: IncidentChanges) => update({ id: incident.id, changes }).unwrap();
  const title = incident.title ?? '';
  return (
    <header className="mc-incident-header">
      <div className="mc-incident-heading">
        {incident.incident_id && (
          <Tag minimal large className="mc-incident-id" title="Incident id">
            {incident.incident_id}
          </Tag>
        )}
        {canEdit ? (
          <div className="mc-incident-heading-title">
            <InlineText
              label="Title"
              headingLevel={2}
              value={title}
              check={titleEdit}
              onSave={(value) => save({ title: value })}
              placeholder="Incident title"
            />
          </div>
        ) : (
          <h2 className="mc-incident-heading-title">
            {title || incident.incident_id || incident.id}
          </h2>
        )}
      </div>
      <div className="mc-incident-facts">
        <div className="mc-incident-fact">
          <span className="mc-incident-fact-label">Severity</span>
          <ChoiceSelect
            label="Severity"
            current={severityOption(incident.severity)}
            options={SEVERITY_OPTIONS}
            readOnly={!canEdit}
            onChange={(severity) => void save({ severity }).catch(() => undefined)}
          />
        </div>
        <div className="mc-incident-fact">
          <span className="mc-incident-fact-label">Type</span>
          <ChoiceSelect
            label="Type"
            current={typeOption(incident.type)}
            options={TYPE_OPTIONS}
            readOnly={!canEdit}
            onChange={(type) => void save({ type }).catch(() => undefined)}
          />
        </div>
        <div className="mc-incident-fact">
          <span className="mc-incident-fact-label">Status</span>
          <StatusSelector
            status={incident.status}
            readOnly={!canEdit}
            onChange={(status) => void save({ status }).catch(() => undefined)}
          />
        </div>
        <div className="mc-incident-fact">
          <span className="mc-incident-fact-label">Created by</span>
          <CreatedBy incident={incident} />
        </div>
        <div className="mc-incident-fact">
          <span className="mc-incident-fact-label">Created</span>
          <CreatedAt createdAt={incident.created_at} />
        </div>
      </div>
      <div className="mc-incident-people">
        <PersonField
          label="Commander"
          person={personOf(incident.commander)}
          canEdit={canEdit}
          onChange={(id) => void save({ commander_id: id }).catch(() => undefined)}
        />
        <PersonField
          label="Communicator"
          person={personOf(incident.communicator_id)}
          canEdit={canEdit}
          onChange={(id) => void save({ communicator_id: id }).catch(() => undefined)}
        />
      </div>
    </header>
  );
}
