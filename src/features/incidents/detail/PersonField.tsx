import type { IncidentPerson } from '../../../api/schemas/incidents';
import { PersonLabel } from '../../../ui/Avatar';
import { PersonPicker } from '../../../widgets/peoplePickers';

export interface PersonFieldProps {
  /** The role the person holds ("Commander"): the field's label. */
  label: string;
  /** Who holds it now. */
  person?: IncidentPerson;
  /** Offers a people picker; otherwise the person is only shown. */
  canEdit: boolean;
  /** Called with the person picked, or null when the field is cleared. */
  onChange: (personId: string | null) => void;
}

/** A role of the incident held by a person: a people picker, or the person's avatar and name. */
export function PersonField({ label, person, canEdit, onChange }: PersonFieldProps) {
  if (canEdit) {
    return (
      <div className="mc-incident-person-field">
        <PersonPicker
          label={label}
          value={person?.id ?? undefined}
          valueLabel={person?.name ?? undefined}
          placeholder="Search people…"
          onChange={(option) => {
            const id = option?.value ?? null;
            if (id !== (person?.id ?? null)) onChange(id);
          }}
        />
      </div>
    );
  }
  return (
    <div className="mc-incident-fact">
      <span className="mc-incident-fact-label">{label}</span>
      <PersonLabel person={person} fallback="Nobody" />
    </div>
  );
}
