import type { ArtifactRow } from '../../api/schemas/artifacts';
import { formatBytes } from '../../lib/bytes';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { NO_CONTENT_TYPE, artifactName, artifactOwner, countOf } from './model/artifactRows';

/** The list's columns: Name, Content Type, Size, Kept By, Created and Expires. */
export function artifactColumns(formatDate: FormatDateFn): DataTableColumn<ArtifactRow>[] {
  const date = (value: string | null | undefined) => (value ? formatDate(value) : '');
  return [
    { id: 'name', header: 'Name', minWidth: 220, cell: artifactName },
    {
      id: 'content_type',
      header: 'Content Type',
      width: 180,
      cell: (row) => row.content_type || NO_CONTENT_TYPE,
    },
    {
      id: 'size',
      header: 'Size',
      width: 100,
      align: 'right',
      cell: (row) => (row.size == null ? '' : formatBytes(countOf(row.size))),
    },
    { id: 'owner', header: 'Kept By', width: 140, cell: artifactOwner },
    { id: 'created_at', header: 'Created', width: 180, cell: (row) => date(row.created_at) },
    { id: 'expires_at', header: 'Expires', width: 180, cell: (row) => date(row.expires_at) },
  ];
}
