import { Classes } from '@blueprintjs/core';
import { useUpdateIncidentMutation } from '../../../api/endpoints/incidents';
import type { IncidentDetail } from '../../../api/schemas/incidents';
import { InlineText } from './InlineText';
import { descriptionEdit } from './model/edits';

export interface IncidentDescriptionProps {
  incident: IncidentDetail;
  /** Write on `incident`: the description is edited in place (INC-06). */
  canEdit: boolean;
}

/** What the incident is about; writers edit it in place (Enter saves, Shift+Enter breaks a line). */
export function IncidentDescription({ incident, canEdit }: IncidentDescriptionProps) {
  const [update] = useUpdateIncidentMutation();
  const description = incident.description ?? '';
  return (
    <section className="mc-incident-section" aria-labelledby="mc-incident-description">
      <h3 id="mc-incident-description" className={Classes.HEADING}>
        Description
      </h3>
      {canEdit ? (
        <InlineText
          label="Description"
          value={description}
          multiline
          check={descriptionEdit}
          placeholder="Add a description…"
          className="mc-incident-description"
          onSave={(value) => update({ id: incident.id, changes: { description: value } }).unwrap()}
        />
      ) : (
        <p className="mc-incident-description">
          {description || <span className={Classes.TEXT_MUTED}>No description.</span>}
        </p>
      )}
    </section>
  );
}
