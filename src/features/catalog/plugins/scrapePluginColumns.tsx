import type { ScrapePluginRow } from '../../../api/schemas/scrapePlugins';
import type { FormatDateFn } from '../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import { nameColumn, textColumn } from '../../../widgets/columns';

/** The parts of a plugin's spec, as the Transforms column names them, in their order. */
export const PLUGIN_SPEC_PARTS = [
  ['changes', 'Changes'],
  ['retention', 'Retention'],
  ['relationship', 'Relationships'],
  ['properties', 'Properties'],
  ['locations', 'Locations'],
  ['aliases', 'Aliases'],
] as const;

/** What a plugin does: the parts its spec sets (a part left empty does nothing), comma separated. */
export function pluginTransforms(spec: unknown): string {
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) return '';
  const parts = spec as Record<string, unknown>;
  return PLUGIN_SPEC_PARTS.filter(([key]) => {
    const value = parts[key];
    if (value === undefined || value === null) return false;
    if (Array.isArray(value)) return value.length > 0;
    if (typeof value === 'object') return Object.keys(value).length > 0;
    return true;
  })
    .map(([, label]) => label)
    .join(', ');
}

/** Who created the plugin: the embedded person's name or email, else nothing. */
export function pluginCreator(plugin: ScrapePluginRow): string {
  const creator = plugin.created_by;
  if (!creator || typeof creator === 'string') return '';
  return creator.name || creator.email || '';
}

/** A plugin's name as its row and dialog show it (a plugin may have none). */
export function pluginName(plugin: ScrapePluginRow): string {
  return plugin.name || plugin.id;
}

/** The value a plugin is sorted by for each sortable column. */
export function pluginSortValue(plugin: ScrapePluginRow, sortBy: string): string | null {
  switch (sortBy) {
    case 'namespace':
      return plugin.namespace ?? null;
    case 'source':
      return plugin.source ?? null;
    case 'updated_at':
      return plugin.updated_at ?? plugin.created_at ?? null;
    default:
      return pluginName(plugin);
  }
}

/** The list's columns: Name, Namespace, Transforms, Source, Created By and Updated. */
export function scrapePluginColumns(formatDate: FormatDateFn): DataTableColumn<ScrapePluginRow>[] {
  return [
    nameColumn(pluginName),
    textColumn({ id: 'namespace', header: 'Namespace', width: 160 }, (row) => row.namespace ?? ''),
    {
      id: 'transforms',
      header: 'Transforms',
      minWidth: 200,
      cell: (row) => pluginTransforms(row.spec),
    },
    textColumn({ id: 'source', header: 'Source', width: 140 }, (row) => row.source ?? ''),
    { id: 'createdBy', header: 'Created By', width: 180, cell: pluginCreator },
    textColumn({ id: 'updated', header: 'Updated', sortKey: 'updated_at', width: 180 }, (row) => {
      const at = row.updated_at ?? row.created_at;
      return at ? formatDate(at) : '';
    }),
  ];
}
