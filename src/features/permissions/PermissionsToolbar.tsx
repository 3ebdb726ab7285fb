import { InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { ROLES } from '../../../contracts/access';
import type { PermissionResourceKind } from '../../api/endpoints/permissions';
import type { SearchKind } from '../../api/endpoints/resources';
import { FilterSelect } from '../../ui/FilterSelect';
import { ClearFiltersButton, FilterBar } from '../../widgets/FilterBar';
import { KindPicker } from '../../widgets/pickers';
import { NotificationPicker, PersonPicker, TeamPicker } from '../../widgets/peoplePickers';
import { SUBJECT_KINDS, SUBJECT_KIND_LABELS } from './model/inference';
import type { PermissionFilters } from './model/filters';
import {
  EFFECTS,
  FILTER_ACTIONS,
  FILTER_GLOBAL_OBJECTS,
  FILTER_RESOURCE_KINDS,
  PERMISSION_FILTER_LABELS as LABELS,
} from './model/filters';

/** The kinds whose objects are searched (MISC-03). */
const SEARCHED: Partial<Record<PermissionResourceKind, SearchKind>> = {
  config: 'configs',
  component: 'components',
  connection: 'connections',
  playbook: 'playbooks',
  canary: 'canaries',
};

export interface PermissionsToolbarProps {
  filters: PermissionFilters;
  onChange: (changes: Partial<PermissionFilters>) => void;
  /** Some filter is set: "Clear filters" is offered. */
  filtered: boolean;
  onClear: () => void;
}

/**
 * A group (or role) name, applied when the field is left or Enter is pressed; keyed by the
 * applied value, so that an address change shows the new one.
 */
function GroupFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const [text, setText] = useState(value ?? '');
  const apply = () => {
    if (text.trim() !== (value ?? '')) onChange(text.trim() || undefined);
  };
  return (
    <>
      <InputGroup
        aria-label={LABELS.groupName}
        placeholder={LABELS.groupPlaceholder}
        value={text}
        list="mc-permission-filter-roles"
        onValueChange={setText}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply();
        }}
      />
      <datalist id="mc-permission-filter-roles">
        {ROLES.map((role) => (
          <option key={role} value={role} />
        ))}
      </datalist>
    </>
  );
}

/** The picker of one subject of the chosen type. */
function SubjectFilter({
  filters,
  onChange,
}: Omit<PermissionsToolbarProps, 'filtered' | 'onClear'>) {
  const common = {
    value: filters.subject,
    onChange: (option: { value: string } | undefined) => onChange({ subject: option?.value }),
  };
  switch (filters.subjectType) {
    case 'person':
      return <PersonPicker {...common} />;
    case 'team':
      return <TeamPicker {...common} />;
    case 'notification':
      return <NotificationPicker {...common} />;
    case 'playbook':
      return <KindPicker kind="playbooks" label="Playbook" {...common} />;
    case 'group':
      return (
        <GroupFilter
          key={filters.subject ?? ''}
          value={filters.subject}
          onChange={(subject) => onChange({ subject })}
        />
      );
    default:
      return null;
  }
}

/** The picker of one object of the chosen resource type. */
function ResourceFilter({
  filters,
  onChange,
}: Omit<PermissionsToolbarProps, 'filtered' | 'onClear'>) {
  const kind = filters.resourceKind;
  if (!kind) return null;
  if (kind === 'global') {
    return (
      <FilterSelect
        label={LABELS.object}
        allLabel={LABELS.anyObject}
        value={filters.resource}
        options={FILTER_GLOBAL_OBJECTS}
        onChange={(resource) => onChange({ resource })}
      />
    );
  }
  const search = SEARCHED[kind];
  if (!search) return null;
  return (
    <KindPicker
      kind={search}
      placeholder={LABELS.anyObject}
      value={filters.resource}
      onChange={(option) => onChange({ resource: option?.value })}
    />
  );
}

/**
 * The permissions table's filters: the subject (its type, then one subject), the resource (its
 * type, then one object), the action and the effect; "Clear filters" while one is set.
 */
export function PermissionsToolbar({
  filters,
  onChange,
  filtered,
  onClear,
}: PermissionsToolbarProps) {
  return (
    <FilterBar<PermissionFilters>
      label={LABELS.group}
      className="mc-permissions-toolbar"
      filters={filters}
      onChange={onChange}
      selects={[
        {
          field: 'subjectType',
          label: LABELS.subjectType,
          allLabel: LABELS.anySubjectType,
          options: SUBJECT_KINDS.map((kind) => ({ value: kind, label: SUBJECT_KIND_LABELS[kind] })),
        },
      ]}
    >
      <SubjectFilter filters={filters} onChange={onChange} />
      <FilterSelect
        label={LABELS.resourceKind}
        allLabel={LABELS.anyResourceKind}
        value={filters.resourceKind}
        options={FILTER_RESOURCE_KINDS.map((kind) => ({
          value: kind,
          label: LABELS.resourceKinds[kind],
        }))}
        onChange={(resourceKind) =>
          onChange({ resourceKind: resourceKind as PermissionFilters['resourceKind'] })
        }
      />
      <ResourceFilter filters={filters} onChange={onChange} />
      <FilterSelect
        label={LABELS.action}
        allLabel={LABELS.anyAction}
        value={filters.action}
        options={FILTER_ACTIONS}
        onChange={(action) => onChange({ action })}
      />
      <FilterSelect
        label={LABELS.effect}
        allLabel={LABELS.anyEffect}
        value={filters.effect}
        options={EFFECTS.map((effect) => ({ value: effect, label: LABELS.effects[effect] }))}
        onChange={(effect) => onChange({ effect: effect as PermissionFilters['effect'] })}
      />
      {filtered && <ClearFiltersButton onClick={onClear} />}
    </FilterBar>
  );
}
