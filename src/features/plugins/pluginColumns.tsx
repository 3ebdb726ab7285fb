import { pluginVersion } from '../../api/endpoints/plugins';
import type { PluginRow } from '../../api/schemas/plugins';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import type { TableClock } from '../../widgets/columns';
import { nameColumn, textColumn, timeColumn } from '../../widgets/columns';

/**
 * Where a plugin comes from: the package its binary is installed from, or the address a remote
 * plugin is dialled at; empty when its spec says neither.
 */
export function pluginOrigin(row: PluginRow): string {
  return row.spec?.source || row.spec?.address || '';
}

/** The value a plugin is sorted by for each sortable column. */
export function pluginSortValue(row: PluginRow, sortBy: string): string | null {
  switch (sortBy) {
    case 'namespace':
      return row.namespace ?? null;
    case 'source':
      return pluginOrigin(row) || null;
    case 'version':
      return pluginVersion(row) ?? null;
    case 'created_at':
      return row.created_at ?? null;
    default:
      return row.name;
  }
}

/** The Plugins page's columns: Name, Namespace, Source, Version and Created. */
export function pluginColumns(clock: TableClock): DataTableColumn<PluginRow>[] {
  return [
    nameColumn((row) => row.name),
    textColumn({ id: 'namespace', header: 'Namespace', width: 180 }, (row) => row.namespace ?? ''),
    textColumn({ id: 'source', header: 'Source', minWidth: 240 }, pluginOrigin),
    textColumn({ id: 'version', header: 'Version', width: 140 }, (row) => pluginVersion(row) ?? ''),
    timeColumn(
      clock,
      { id: 'created', header: 'Created', sortKey: 'created_at', width: 150 },
      (row) => row.created_at ?? null,
    ),
  ];
}
