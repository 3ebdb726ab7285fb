import { FormGroup, InputGroup, SegmentedControl } from '@blueprintjs/core';
import { useId } from 'react';
import { ROLES } from '../../../../contracts/access';
import type { SubjectKind } from '../model/inference';
import { SUBJECT_KINDS, SUBJECT_KIND_LABELS } from '../model/inference';
import type { PermissionFormValues } from '../model/permissionForm';
import { KindPicker } from '../../../widgets/pickers';
import { NotificationPicker, PersonPicker, TeamPicker } from '../../../widgets/peoplePickers';

export interface SubjectFieldProps {
  values: PermissionFormValues;
  /** Sets form fields. */
  onChange: (changes: Partial<PermissionFormValues>) => void;
  /** Chooses another subject kind. */
  onKindChange: (kind: SubjectKind) => void;
  /** The name of the subject when it is not among the search results (from the summary row). */
  subjectLabel?: string;
  error?: string;
  disabled: boolean;
}

/** Who the permission is for: the kind of subject, then the person, team, rule, group or playbook. */
export function SubjectField({
  values,
  onChange,
  onKindChange,
  subjectLabel,
  error,
  disabled,
}: SubjectFieldProps) {
  const groupId = useId();
  const kind = values.subject_type;
  const common = { valueLabel: subjectLabel, error, disabled };
  let picker;
  switch (kind) {
    case 'person':
      picker = (
        <PersonPicker
          {...common}
          value={values.person_id}
          onChange={(option) => onChange({ person_id: option?.value })}
        />
      );
      break;
    case 'team':
      picker = (
        <TeamPicker
          {...common}
          value={values.team_id}
          onChange={(option) => onChange({ team_id: option?.value })}
        />
      );
      break;
    case 'notification':
      picker = (
        <NotificationPicker
          {...common}
          value={values.notification_id}
          onChange={(option) => onChange({ notification_id: option?.value })}
        />
      );
      break;
    case 'playbook':
      picker = (
        <KindPicker
          kind="playbooks"
          {...common}
          value={values.subject}
          onChange={(option) => onChange({ subject: option?.value })}
        />
      );
      break;
    case 'group':
      picker = (
        <FormGroup
          label="Group"
          labelFor={groupId}
          helperText={error}
          intent={error ? 'danger' : 'none'}
        >
          <InputGroup
            id={groupId}
            value={values.subject ?? ''}
            disabled={disabled}
            placeholder="Permission group name"
            list={`${groupId}-roles`}
            onValueChange={(subject) => onChange({ subject })}
          />
          {/* The roles are groups every installation has; any other group name may be typed. */}
          <datalist id={`${groupId}-roles`}>
            {ROLES.map((role) => (
              <option key={role} value={role} />
            ))}
          </datalist>
        </FormGroup>
      );
      break;
  }
  return (
    <fieldset className="mc-permission-section" aria-label="Subject">
      <legend>Subject</legend>
      <SegmentedControl
        aria-label="Subject type"
        value={kind}
        disabled={disabled}
        options={SUBJECT_KINDS.map((value) => ({ value, label: SUBJECT_KIND_LABELS[value] }))}
        onValueChange={(value) => {
          if (value !== kind) onKindChange(value as SubjectKind);
        }}
      />
      {picker}
    </fieldset>
  );
}
