import { FormGroup, HTMLSelect, SegmentedControl } from '@blueprintjs/core';
import { useId } from 'react';
import {
  useLookupCanariesQuery,
  useLookupComponentsQuery,
  useLookupConfigsQuery,
  useLookupConnectionsQuery,
  useLookupPlaybooksQuery,
} from '../../../api/endpoints/lookups';
import { toErrorMessage } from '../../../api/errors';
import type { ResourceKind } from '../model/inference';
import {
  GLOBAL_OBJECTS,
  RESOURCE_KINDS,
  RESOURCE_KIND_LABELS,
  selectedPlaybookName,
} from '../model/inference';
import type { PermissionFormValues } from '../model/permissionForm';
import { playbookPickChanges } from '../model/permissionForm';
import { OptionPicker } from './OptionPicker';
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

interface PickerProps {
  value?: string;
  onChange: (value: string | undefined) => void;
  valueLabel?: string;
  error?: string;
  disabled: boolean;
}

function ConfigPicker(props: PickerProps) {
  const { data = [], isLoading, error } = useLookupConfigsQuery();
  return (
    <OptionPicker
      label="Config"
      {...props}
      loading={isLoading}
      loadError={error ? toErrorMessage(error) : undefined}
      options={data.map((c) => ({
        value: c.id,
        label: c.type ? `${c.name ?? c.id} (${c.type})` : (c.name ?? c.id),
      }))}
    />
  );
}

function ComponentPicker(props: PickerProps) {
  const { data = [], isLoading, error } = useLookupComponentsQuery();
  return (
    <OptionPicker
      label="Component"
      {...props}
      loading={isLoading}
      loadError={error ? toErrorMessage(error) : undefined}
      options={data.map((c) => ({ value: c.id, label: c.type ? `${c.name} (${c.type})` : c.name }))}
    />
  );
}

function ConnectionPicker(props: PickerProps) {
  const { data = [], isLoading, error } = useLookupConnectionsQuery();
  return (
    <OptionPicker
      label="Connection"
      {...props}
      loading={isLoading}
      loadError={error ? toErrorMessage(error) : undefined}
      options={[...data]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((c) => ({
          value: c.id,
          label: c.namespace ? `${c.namespace}/${c.name}` : c.name,
        }))}
    />
  );
}

function CanaryPicker(props: PickerProps) {
  const { data = [], isLoading, error } = useLookupCanariesQuery();
  return (
    <OptionPicker
      label="Canary"
      {...props}
      loading={isLoading}
      loadError={error ? toErrorMessage(error) : undefined}
      options={data.map((c) => ({
        value: c.id,
        label: c.namespace ? `${c.namespace}/${c.name}` : c.name,
      }))}
    />
  );
}

/** Value of the playbook picker for a selector that names no listed playbook. */
const SELECTOR_VALUE_PREFIX = 'selector:';

interface PlaybookResourcePickerProps {
  values: PermissionFormValues;
  onChange: (changes: Partial<PermissionFormValues>) => void;
  valueLabel?: string;
  error?: string;
  disabled: boolean;
}

/** Picks one playbook: the object selector becomes that playbook on every config. */
function PlaybookResourcePicker({
  values,
  onChange,
  valueLabel,
  error,
  disabled,
}: PlaybookResourcePickerProps) {
  const { data = [], isLoading, error: loadError } = useLookupPlaybooksQuery();
  const selectedName = selectedPlaybookName(values.object_selector);
  const byName = selectedName ? data.find((p) => p.name === selectedName) : undefined;
  let value: string | undefined;
  let label = valueLabel;
  if (byName) value = byName.id;
  else if (selectedName) {
    value = `${SELECTOR_VALUE_PREFIX}${selectedName}`;
    label = selectedName === '*' ? 'All playbooks (*)' : selectedName;
  } else value = values.playbook_id ?? undefined;
  return (
    <OptionPicker
      label="Playbook"
      value={value}
      valueLabel={label}
      error={error}
      disabled={disabled}
      loading={isLoading}
      loadError={loadError ? toErrorMessage(loadError) : undefined}
      options={data.map((p) => ({ value: p.id, label: p.title || p.name }))}
      onChange={(id) => {
        const playbook = data.find((p) => p.id === id);
        if (playbook) onChange(playbookPickChanges(playbook.name));
        else if (!id) onChange({ object_selector: undefined, playbook_id: undefined });
      }}
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
        <ConfigPicker
          {...common}
          value={values.config_id ?? undefined}
          onChange={(config_id) => onChange({ config_id })}
        />
      );
      break;
    case 'component':
      picker = (
        <ComponentPicker
          {...common}
          value={values.component_id ?? undefined}
          onChange={(component_id) => onChange({ component_id })}
        />
      );
      break;
    case 'connection':
      picker = (
        <ConnectionPicker
          {...common}
          value={values.connection_id ?? undefined}
          onChange={(connection_id) => onChange({ connection_id })}
        />
      );
      break;
    case 'canary':
      picker = (
        <CanaryPicker
          {...common}
          value={values.canary_id ?? undefined}
          onChange={(canary_id) => onChange({ canary_id })}
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
