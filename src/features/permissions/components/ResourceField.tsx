import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useId } from 'react';
import type { ResourceKind } from '../model/inference';
import {
  GLOBAL_OBJECTS,
  RESOURCE_KINDS,
  RESOURCE_KIND_LABELS,
  selectedPlaybookName,
} from '../model/inference';
import type { PermissionFormValues } from '../model/permissionForm';
import { playbookPickChanges, viewSelectorChanges } from '../model/permissionForm';
import type { SearchKind } from '../../../api/endpoints/resources';
import { KindPicker } from '../../../widgets/pickers';
import type { RefKind } from '../../../widgets/ResourceRefPicker';
import { ResourceRefPicker } from '../../../widgets/ResourceRefPicker';
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

/** The kinds searched by MISC-03, and the form field holding the chosen one's id. */
const SEARCHED: Partial<Record<ResourceKind, { search: SearchKind; field: IdField }>> = {
  catalog: { search: 'configs', field: 'config_id' },
  component: { search: 'components', field: 'component_id' },
  connection: { search: 'connections', field: 'connection_id' },
  canary: { search: 'canaries', field: 'canary_id' },
};
type IdField = 'config_id' | 'component_id' | 'connection_id' | 'canary_id';

/** The kinds offered: a canary only for a permission that is on one already. */
function kindsFor(kind: ResourceKind): Record<ResourceKind, RefKind> {
  const kinds = kind === 'canary' ? [...RESOURCE_KINDS, kind] : RESOURCE_KINDS;
  return Object.fromEntries(
    kinds.map((k) => [k, { label: RESOURCE_KIND_LABELS[k], search: SEARCHED[k]?.search }]),
  ) as Record<ResourceKind, RefKind>;
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
  const viewIds = { name: useId(), namespace: useId() };
  const kind = values.resourceKind;
  const searched = SEARCHED[kind];
  const id = searched ? (values[searched.field] ?? undefined) : undefined;

  const renderKind = (shown: ResourceKind) => {
    switch (shown) {
      case 'playbook':
        return (
          <PlaybookResourcePicker
            valueLabel={resourceLabel}
            error={error}
            disabled={disabled}
            values={values}
            onChange={onChange}
          />
        );
      case 'scope':
        return (
          <ScopesPicker
            value={values.object_selector?.scopes ?? []}
            error={error}
            disabled={disabled}
            onChange={(scopes) =>
              onChange({ object_selector: scopes.length > 0 ? { scopes } : undefined })
            }
          />
        );
      case 'view': {
        const view = values.object_selector?.views?.[0];
        const name = view?.name ?? '';
        const namespace = view?.namespace ?? '';
        return (
          <div className="mc-permission-view">
            <FormGroup
              label="View name"
              labelFor={viewIds.name}
              helperText={error ?? 'A name, a prefix ending in *, or * for every view'}
              intent={error ? 'danger' : 'none'}
            >
              <InputGroup
                id={viewIds.name}
                value={name}
                disabled={disabled}
                placeholder="*"
                onValueChange={(next) => onChange(viewSelectorChanges(next, namespace))}
              />
            </FormGroup>
            <FormGroup label="View namespace" labelFor={viewIds.namespace}>
              <InputGroup
                id={viewIds.namespace}
                value={namespace}
                disabled={disabled}
                placeholder="Any namespace"
                onValueChange={(next) => onChange(viewSelectorChanges(name, next))}
              />
            </FormGroup>
          </div>
        );
      }
      case 'global': {
        const object = values.object ?? '';
        const objects: string[] = [...GLOBAL_OBJECTS];
        if (object !== '' && !objects.includes(object)) objects.push(object);
        return (
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
      }
      default:
        return undefined;
    }
  };

  return (
    <fieldset className="mc-permission-section" aria-label="Resource">
      <legend>Resource</legend>
      <ResourceRefPicker
        kinds={kindsFor(kind)}
        kindControl="segmented"
        kind={kind}
        value={id ? { kind, id } : undefined}
        {...(resourceLabel !== undefined ? { valueLabel: resourceLabel } : {})}
        error={error}
        disabled={disabled}
        renderKind={renderKind}
        onKindChange={onKindChange}
        onChange={(ref) => {
          if (searched) onChange({ [searched.field]: ref?.id });
        }}
      />
    </fieldset>
  );
}
