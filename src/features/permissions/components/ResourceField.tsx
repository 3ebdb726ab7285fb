import { FormGroup, HTMLSelect, SegmentedControl } from '@blueprintjs/core';
import { useId } from 'react';
import type { ResourceKind } from '../model/inference';
import {
  GLOBAL_OBJECTS,
  RESOURCE_KINDS,
  RESOURCE_KIND_LABELS,
  selectedPlaybookName,
} from '../model/inference';
import type { PermissionFormValues } from '../model/permissionForm';
import { playbookPickChanges } from '../model/permissionForm';
import { KindPicker } from '../../../widgets/pickers';
import { ScopesPicker } from './ScopesPicker';

export interface ResourceFieldProps {
  values: PermissionFormValues;
  /** Sets form fields. */
  onChange: (changes: Partial<PermissionFormValues>) => void;
  /** Chooses another resource kind. */
  onKindChange: (kind: ResourceKind) => void;
  /** The name of the resource when it is not in the loaded list (from the summary row). */
  resourceLabel?: string;
  error?: string;
  disabled: boolean;
}

interface PlaybookResourcePickerProps {
  values: PermissionFormValues;
  onChange: (changes: Partial<PermissionFormValues>) => void;
  valueLabel?: string;
  error?: string;
  disabled: boolean;
}

/** Picks one playbook by name: the object selector becomes that playbook on every config. */
function PlaybookResourcePicker({
  values,
  onChange,
  valueLabel,
  error,
  disabled,
}: PlaybookResourcePickerProps) {
  const selectedName = selectedPlaybookName(values.object_selector);
  let value: string | undefined;
  let label = valueLabel;
  if (selectedName) {
    value = selectedName;
    label = selectedName === '*' ? 'All playbooks (*)' : selectedName;
  } else if (values.playbook_id) {
    value = values.playbook_id;
  }
  return (
    <KindPicker
      kind="playbooks"
      value={value}
      valueLabel={label}
      error={error}
      disabled={disabled}
      onChange={(option) =>
        onChange(
          option
            ? playbookPickChanges(option.label)
            : { object_selector: undefined, playbook_id: undefined },
        )
      }
    />
  );
}

/** What the permission is on: the kind of resource, then the resource itself. */
export function ResourceField({
  values,
  onChange,
  onKindChange,
  resourceLabel,
  error,
  disabled,
}: ResourceFieldProps) {
  const objectId = useId();
  const kind = values.resourceKind;
  const common = { valueLabel: resourceLabel, error, disabled };
  const kinds = kind === 'canary' ? [...RESOURCE_KINDS, kind] : RESOURCE_KINDS;
  let picker;
  switch (kind) {
    case 'catalog':
      picker = (
        <KindPicker
          kind="configs"
          {...common}
          value={values.config_id ?? undefined}
          onChange={(option) => onChange({ config_id: option?.value })}
        />
      );
      break;
    case 'component':
      picker = (
        <KindPicker
          kind="components"
          {...common}
          value={values.component_id ?? undefined}
          onChange={(option) => onChange({ component_id: option?.value })}
        />
      );
      break;
    case 'connection':
      picker = (
        <KindPicker
          kind="connections"
          {...common}
          value={values.connection_id ?? undefined}
          onChange={(option) => onChange({ connection_id: option?.value })}
        />
      );
      break;
    case 'canary':
      picker = (
        <KindPicker
          kind="canaries"
          {...common}
          value={values.canary_id ?? undefined}
          onChange={(option) => onChange({ canary_id: option?.value })}
        />
      );
      break;
    case 'playbook':
      picker = <PlaybookResourcePicker {...common} values={values} onChange={onChange} />;
      break;
    case 'scope':
      picker = (
        <ScopesPicker
          value={values.object_selector?.scopes ?? []}
          error={error}
          disabled={disabled}
          onChange={(scopes) =>
            onChange({ object_selector: scopes.length > 0 ? { scopes } : undefined })
          }
        />
      );
      break;
    case 'global': {
      const object = values.object ?? '';
      const objects: string[] = [...GLOBAL_OBJECTS];
      if (object !== '' && !objects.includes(object)) objects.push(object);
      picker = (
        <FormGroup
          label="Object"
          labelFor={objectId}
          helperText={error}
          intent={error ? 'danger' : 'none'}
        >
          <HTMLSelect
            id={objectId}
            value={object}
            disabled={disabled}
            options={[
              { value: '', label: 'Select object' },
              ...objects.map((name) => ({ value: name, label: name })),
            ]}
            onChange={(event) => onChange({ object: event.currentTarget.value || undefined })}
          />
        </FormGroup>
      );
      break;
    }
  }
  return (
    <fieldset className="mc-permission-section" aria-label="Resource">
      <legend>Resource</legend>
      <SegmentedControl
        aria-label="Resource type"
        value={kind}
        disabled={disabled}
        options={kinds.map((value) => ({ value, label: RESOURCE_KIND_LABELS[value] }))}
        onValueChange={(value) => {
          if (value !== kind) onKindChange(value as ResourceKind);
        }}
      />
      {picker}
    </fieldset>
  );
}
