import { FormGroup, InputGroup, SegmentedControl } from '@blueprintjs/core';
import { useId } from 'react';
import {
  useLookupNotificationsQuery,
  useLookupPeopleQuery,
  useLookupPlaybooksQuery,
  useLookupTeamsQuery,
} from '../../../api/endpoints/lookups';
import { toErrorMessage } from '../../../api/errors';
import type { SubjectKind } from '../model/inference';
import { SUBJECT_KINDS, SUBJECT_KIND_LABELS } from '../model/inference';
import type { PermissionFormValues } from '../model/permissionForm';
import { OptionPicker } from './OptionPicker';

export interface SubjectFieldProps {
  values: PermissionFormValues;
  /** Sets form fields. */
  onChange: (changes: Partial<PermissionFormValues>) => void;
  /** Chooses another subject kind. */
  onKindChange: (kind: SubjectKind) => void;
  /** The name of the subject when it is not in the loaded list (from the summary row). */
  subjectLabel?: string;
  error?: string;
  disabled: boolean;
}

interface PickerProps {
  value?: string;
  onChange: (value: string | undefined) => void;
  valueLabel?: string;
  error?: string;
  disabled: boolean;
}

function PersonPicker(props: PickerProps) {
  const { data = [], isLoading, error } = useLookupPeopleQuery();
  return (
    <OptionPicker
      label="Person"
      {...props}
      loading={isLoading}
      loadError={error ? toErrorMessage(error) : undefined}
      options={data.map((p) => ({
        value: p.id,
        label: p.email ? `${p.name} (${p.email})` : p.name,
      }))}
    />
  );
}

function TeamPicker(props: PickerProps) {
  const { data = [], isLoading, error } = useLookupTeamsQuery();
  return (
    <OptionPicker
      label="Team"
      {...props}
      loading={isLoading}
      loadError={error ? toErrorMessage(error) : undefined}
      options={data.map((t) => ({ value: t.id, label: t.name }))}
    />
  );
}

function NotificationPicker(props: PickerProps) {
  const { data = [], isLoading, error } = useLookupNotificationsQuery();
  return (
    <OptionPicker
      label="Notification"
      {...props}
      loading={isLoading}
      loadError={error ? toErrorMessage(error) : undefined}
      options={data.map((n) => {
        const name = n.name ?? n.title ?? n.id;
        return { value: n.id, label: n.namespace ? `${n.namespace}/${name}` : name };
      })}
    />
  );
}

function PlaybookSubjectPicker(props: PickerProps) {
  const { data = [], isLoading, error } = useLookupPlaybooksQuery();
  return (
    <OptionPicker
      label="Playbook"
      {...props}
      loading={isLoading}
      loadError={error ? toErrorMessage(error) : undefined}
      options={data.map((p) => ({ value: p.id, label: p.title || p.name }))}
    />
  );
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
          onChange={(person_id) => onChange({ person_id })}
        />
      );
      break;
    case 'team':
      picker = (
        <TeamPicker
          {...common}
          value={values.team_id}
          onChange={(team_id) => onChange({ team_id })}
        />
      );
      break;
    case 'notification':
      picker = (
        <NotificationPicker
          {...common}
          value={values.notification_id}
          onChange={(notification_id) => onChange({ notification_id })}
        />
      );
      break;
    case 'playbook':
      picker = (
        <PlaybookSubjectPicker
          {...common}
          value={values.subject}
          onChange={(subject) => onChange({ subject })}
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
            onValueChange={(subject) => onChange({ subject })}
          />
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
