import { Classes, Tag } from '@blueprintjs/core';
import type { Property } from '../../../api/schemas/system';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';

/** Properties that come from the server's own settings, not from the database. */
export function isReadOnlyProperty(property: Property): boolean {
  return property.source === 'local';
}

/** Name (with its description), Value and Source of every effective property. */
export const FEATURE_FLAG_COLUMNS: DataTableColumn<Property>[] = [
  {
    id: 'name',
    header: 'Name',
    sortKey: 'name',
    cell: (property) => (
      <>
        <code>{property.name}</code>
        {property.description && (
          <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
            {property.description}
          </div>
        )}
      </>
    ),
  },
  { id: 'value', header: 'Value', sortKey: 'value', cell: (property) => property.value },
  {
    id: 'source',
    header: 'Source',
    width: 120,
    cell: (property) => (property.source ? <Tag minimal>{property.source}</Tag> : null),
  },
];

/** The value a property is sorted by for each sortable column. */
export function featureFlagSortValue(property: Property, sortBy: string): string {
  return sortBy === 'value' ? property.value : property.name;
}
