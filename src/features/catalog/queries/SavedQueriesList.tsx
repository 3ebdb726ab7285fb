import { useMemo } from 'react';
import type { SavedQuery } from '../../../api/schemas/savedQueries';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import { EditDeleteActions } from '../../../ui/DataTable/EditDeleteActions';
import { ListTable } from '../../../widgets/ListPage';
import type { TableQueryResult } from '../../../widgets/tableQueryState';

export const SAVED_ERROR = 'Error loading the saved queries';

/** A saved query's name: its description, else its text. */
export function savedQueryName(saved: SavedQuery): string {
  return saved.description?.trim() || saved.query;
}

const COLUMNS: DataTableColumn<SavedQuery>[] = [
  { id: 'name', header: 'Name', minWidth: 160, cell: savedQueryName },
  {
    id: 'query',
    header: 'Query',
    minWidth: 240,
    cell: (row) => <code className="mc-query-cell">{row.query}</code>,
  },
];

export interface SavedQueriesListProps {
  query: TableQueryResult & { data?: SavedQuery[] | undefined };
  /** Open: list the saved query's rows. */
  onOpen: (saved: SavedQuery) => void;
  /** Rename and Delete; absent for a user who may not write. */
  onRename?: (saved: SavedQuery) => void;
  onDelete?: (saved: SavedQuery) => void;
}

/** The saved queries (CAT-39) by name; a row opens its list, with Rename and Delete. */
export function SavedQueriesList({ query, onOpen, onRename, onDelete }: SavedQueriesListProps) {
  const rows = useMemo(
    () =>
      [...(query.data ?? [])].sort((a, b) => savedQueryName(a).localeCompare(savedQueryName(b))),
    [query.data],
  );
  return (
    <section className="mc-saved-queries" aria-label="Saved queries">
      <h2 className="mc-query-heading">Saved queries</h2>
      <ListTable<SavedQuery>
        aria-label="Saved queries"
        columns={COLUMNS}
        rows={rows}
        getRowId={(row) => row.id}
        rowLabel={savedQueryName}
        onRowOpen={onOpen}
        rowActions={
          onRename && onDelete
            ? (row) => (
                <EditDeleteActions
                  name={savedQueryName(row)}
                  onEdit={() => onRename(row)}
                  onDelete={() => onDelete(row)}
                />
              )
            : undefined
        }
        query={query}
        errorTitle={SAVED_ERROR}
        empty={{ icon: 'search-template', emptyTitle: 'No saved queries' }}
        unsorted
      />
    </section>
  );
}
