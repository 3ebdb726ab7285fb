import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  settingsResourceListTags,
  useGetSettingsResourcesQuery,
} from '../../api/endpoints/settingsResources';
import type { SettingsResource } from '../../api/schemas/settingsResources';
import { relativeOrDate } from '../../lib/relativeTime';
import { paths } from '../../shell/paths';
import type { FormatDateFn } from '../../shell/useFormatDate';
import { useFormatDate } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { TagList } from '../../ui/TagList';
import { ListPage } from '../../widgets/ListPage';
import './applications.css';
import { nameColumn, textColumn } from '../../widgets/columns';
import { useListScreen } from '../../widgets/useListScreen';

/** The list's words. */
export const APPLICATIONS_LIST = {
  title: 'Applications',
  loadError: 'Error loading applications',
  empty: 'No applications defined yet',
} as const;

/** The table the applications are read from (api.md §21). */
const TABLE = 'applications';

const LIST_TAGS = settingsResourceListTags(TABLE);

/** The columns: Name, Namespace, Description, Labels, Created; the sortable ones on the server. */
export function applicationColumns(formatDate: FormatDateFn): DataTableColumn<SettingsResource>[] {
  return [
    nameColumn((row) => row.name),
    textColumn({ id: 'namespace', header: 'Namespace', width: 160 }, (row) => row.namespace),
    textColumn(
      { id: 'description', header: 'Description', minWidth: 240 },
      (row) => row.description,
    ),
    {
      id: 'labels',
      header: 'Labels',
      width: 260,
      cell: (row) => <TagList tags={row.labels} noun="labels" />,
    },
    textColumn({ id: 'created', header: 'Created', sortKey: 'created_at', width: 150 }, (row) =>
      relativeOrDate(row.created_at, formatDate),
    ),
  ];
}

/**
 * `/applications`: the applications (api.md §21 list of table `applications`, newest first
 * unless the address sorts it). A row opens the application's audit report.
 */
export function ApplicationsPage() {
  const list = useListScreen({ title: APPLICATIONS_LIST.title, refreshTags: LIST_TAGS });
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const { sortBy, sortOrder } = list.sort;
  const query = useGetSettingsResourcesQuery({ table: TABLE, sortBy, sortOrder });
  const columns = useMemo(() => applicationColumns(formatDate), [formatDate]);
  return (
    <ListPage<SettingsResource>
      pageClassName="mc-applications-page"
      aria-label={APPLICATIONS_LIST.title}
      columns={columns}
      rows={query.data ?? []}
      getRowId={(row) => row.id}
      onRowOpen={(row) => {
        if (row.namespace && row.name) {
          navigate(paths.application.getHref(row.namespace, row.name));
        }
      }}
      list={list}
      query={query}
      errorTitle={APPLICATIONS_LIST.loadError}
      empty={APPLICATIONS_LIST.empty}
    />
  );
}
