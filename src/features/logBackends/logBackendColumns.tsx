import type { LogBackendRow } from '../../api/schemas/logBackends';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { nameColumn, textColumn } from '../../widgets/columns';

/** Who created the backend: the embedded person's name or email, else nothing. */
export function logBackendCreator(backend: LogBackendRow): string {
  const creator = backend.created_by;
  if (!creator || typeof creator === 'string') return '';
  return creator.name || creator.email || '';
}

/** The value a backend is sorted by for each sortable column. */
export function logBackendSortValue(backend: LogBackendRow, sortBy: string): string | null {
  switch (sortBy) {
    case 'source':
      return backend.source ?? null;
    case 'created_at':
      return backend.created_at ?? null;
    default:
      return backend.name;
  }
}

/** The log backends list's columns (LOG-02): Name, Source, Created By and Created. */
export function logBackendColumns(formatDate: FormatDateFn): DataTableColumn<LogBackendRow>[] {
  return [
    nameColumn((row) => row.name),
    textColumn({ id: 'source', header: 'Source', width: 160 }, (row) => row.source ?? ''),
    { id: 'createdBy', header: 'Created By', width: 180, cell: logBackendCreator },
    textColumn({ id: 'created', header: 'Created', sortKey: 'created_at', width: 180 }, (row) =>
      row.created_at ? formatDate(row.created_at) : '',
    ),
  ];
}
