import { useCallback } from 'react';
import {
  useDeleteSavedQueryMutation,
  savedQueryTags,
  useGetSavedQueriesQuery,
} from '../../../api/endpoints/savedQueries';
import type { SavedQuery } from '../../../api/schemas/savedQueries';
import { useCan } from '../../../auth/hooks';
import { usePageHeader } from '../../../ui/pageHeader';
import { useInvalidateTags } from '../../../widgets/useInvalidateTags';
import { useRowDeletion } from '../../../widgets/useRowDeletion';
import { useUrlState } from '../../../widgets/useUrlState';
import { CatalogSections } from '../components/CatalogSections';
import '../catalog.css';
import { QueryBuilder } from './QueryBuilder';
import { QueryResults } from './QueryResults';
import { SavedQueriesList, savedQueryName } from './SavedQueriesList';
import { RenameQueryDialog, SaveQueryDialog } from './SavedQueryDialogs';
import { QUERY_PAGE_STATE } from './queryState';
import type { QueryFields } from './model/queryText';
import { builtQuery } from './model/queryText';
import './queries.css';

export const PAGE_TITLE = 'Queries';

/**
 * `/catalog/queries`: the query builder (its fields, the query they write with a live count,
 * Run and Save), the saved queries (open, rename, delete), and the rows of the query run as a
 * catalog list. The fields, the query run, the saved query it came from and the open dialog
 * live in the address, so a link reopens the same list.
 */
export function CatalogQueriesPage() {
  usePageHeader({ title: PAGE_TITLE, onRefresh: useInvalidateTags(savedQueryTags) });
  const { state, update } = useUrlState(QUERY_PAGE_STATE);
  const canWrite = useCan('database', 'write');
  const savedQueries = useGetSavedQueriesQuery();
  const [deleteSaved] = useDeleteSavedQueryMutation();
  const fields: QueryFields = state;
  const saved = savedQueries.data?.find((row) => row.id === state.saved);
  const renaming = savedQueries.data?.find((row) => row.id === state.rename);

  const open = useCallback((row: SavedQuery) => update({ q: row.query, saved: row.id }), [update]);
  const deletion = useRowDeletion<SavedQuery>({
    title: 'Delete query',
    question: (row) => `Are you sure you want to delete the saved query "${savedQueryName(row)}"?`,
    onConfirm: async (row) => {
      await deleteSaved(row.id).unwrap();
      if (state.saved === row.id) update({ saved: undefined });
    },
  });

  return (
    <div className="mc-page mc-catalog mc-catalog-queries">
      <CatalogSections />
      <div className="mc-queries-top">
        <QueryBuilder
          fields={fields}
          onChange={(changed) => update(changed)}
          onRun={(q) => update({ q, saved: undefined })}
          {...(canWrite ? { onSave: () => update({ save: '1' }) } : {})}
        />
        <SavedQueriesList
          query={savedQueries}
          onOpen={open}
          {...(canWrite
            ? { onRename: (row: SavedQuery) => update({ rename: row.id }), onDelete: deletion.ask }
            : {})}
        />
      </div>
      {state.q && (
        <QueryResults query={state.q} title={saved ? savedQueryName(saved) : 'Results'} />
      )}
      {canWrite && state.save === '1' && (
        <SaveQueryDialog
          query={builtQuery(fields)}
          onClose={() => update({ save: undefined }, { history: 'replace' })}
          onSaved={(row) =>
            update({ save: undefined, q: row.query, saved: row.id }, { history: 'replace' })
          }
        />
      )}
      {canWrite && renaming && (
        <RenameQueryDialog
          saved={renaming}
          onClose={() => update({ rename: undefined }, { history: 'replace' })}
        />
      )}
      {deletion.dialog}
    </div>
  );
}
