import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetConfigsByQueryQuery } from '../../../api/endpoints/savedQueries';
import type { ConfigListItem } from '../../../api/schemas/catalog';
import { paths } from '../../../shell/paths';
import type { TableClock } from '../../../widgets/columns';
import { ListTable } from '../../../widgets/ListPage';
import { useClockColumns } from '../../../widgets/useAnsweredAt';
import { configColumns } from '../configColumns';

export const RESULTS_ERROR = 'Error running the query';

/** The catalog list's columns a query's rows have (no counts of changes or insights). */
const RESULT_COLUMNS = ['name', 'type', 'tags', 'owner', 'health', 'status', 'created_at'];

const buildColumns = ({ formatDate, now }: TableClock) =>
  configColumns(formatDate, now).filter((column) => RESULT_COLUMNS.includes(column.id));

export interface QueryResultsProps {
  /** The query run (CAT-38), as in the address. */
  query: string;
  /** What the list is called: the saved query's name, or "Results". */
  title: string;
}

/** The rows of a query as a catalog list; a row with an id opens its item. */
export function QueryResults({ query, title }: QueryResultsProps) {
  const navigate = useNavigate();
  const result = useGetConfigsByQueryQuery(query);
  const columns = useClockColumns(buildColumns, result.fulfilledTimeStamp);
  const rows = result.data ?? [];
  const open = useCallback(
    (row: ConfigListItem) => {
      if (!row.id.startsWith('row-')) navigate(paths.catalogItem.getHref(row.id));
    },
    [navigate],
  );
  return (
    <section className="mc-query-results" aria-label="Query results">
      <h2 className="mc-query-heading">
        {title}
        {result.data && !result.isFetching && (
          <span className="mc-meta-text">
            {' · '}
            {rows.length === 1 ? '1 item' : `${rows.length.toLocaleString()} items`}
          </span>
        )}
      </h2>
      <pre className="mc-query-text" aria-label="Query run">
        {query}
      </pre>
      <ListTable<ConfigListItem>
        aria-label="Query results"
        className="mc-catalog-table"
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        rowLabel={(row) => row.name ?? row.id}
        onRowOpen={open}
        query={result}
        errorTitle={RESULTS_ERROR}
        empty={{ icon: 'search', emptyTitle: 'No items match this query' }}
        unsorted
      />
    </section>
  );
}
