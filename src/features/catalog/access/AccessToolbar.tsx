import { SegmentedControl } from '@blueprintjs/core';
import type { AccessFilterOptions } from '../../../api/schemas/configAccess';
import type { FilterChoice } from '../../../ui/FilterSelect';
import { FilterBar } from '../../../widgets/FilterBar';
import type { AccessGrouping, AccessUrlFilters } from './model/accessParams';
import { ACCESS_GROUPINGS } from './model/accessParams';

export interface AccessToolbarProps {
  grouping: AccessGrouping;
  onGroup: (grouping: AccessGrouping) => void;
  filters: AccessUrlFilters;
  onChange: (changes: Partial<AccessUrlFilters>) => void;
  /** The filters' options (`rpc/config_access_filter_options`), once known. */
  options: AccessFilterOptions | undefined;
}

/** The distinct non-empty values, in their first order. */
function distinct(values: ReadonlyArray<string | null | undefined>): string[] {
  return [...new Set(values.filter((value): value is string => Boolean(value)))];
}

/** The users offered: each by name (with the email when there is one), chosen by id. */
function userChoices(options: AccessFilterOptions | undefined): FilterChoice[] {
  return (options?.users ?? []).map((user) => ({
    value: user.external_user_id,
    label: user.email
      ? `${user.user || user.email} (${user.email})`
      : user.user || user.external_user_id,
  }));
}

/**
 * The access review's toolbar: how it groups (Users, Groups, Catalog or every row) and its
 * filters (config type, user, role, user type), whose options each reflect the other filters.
 */
export function AccessToolbar({
  grouping,
  onGroup,
  filters,
  onChange,
  options,
}: AccessToolbarProps) {
  return (
    <div className="mc-access-toolbar">
      <span className="mc-access-grouping">
        <span aria-hidden>Group by</span>
        <SegmentedControl
          size="small"
          aria-label="Group by"
          options={ACCESS_GROUPINGS.map(({ value, label }) => ({ value, label }))}
          value={grouping}
          onValueChange={(value) => onGroup(value as AccessGrouping)}
        />
      </span>
      <FilterBar
        className="mc-access-filters"
        filters={filters}
        onChange={onChange}
        selects={[
          {
            field: 'configType',
            label: 'Config type',
            allLabel: 'All config types',
            options: distinct((options?.catalogs ?? []).map((config) => config.config_type)).sort(),
          },
          { field: 'user', label: 'User', allLabel: 'All users', options: userChoices(options) },
          {
            field: 'role',
            label: 'Role',
            allLabel: 'All roles',
            options: distinct((options?.roles ?? []).map((row) => row.role)),
          },
          {
            field: 'userType',
            label: 'User type',
            allLabel: 'All user types',
            options: distinct((options?.user_types ?? []).map((row) => row.user_type)),
          },
        ]}
      />
    </div>
  );
}
