import { Spinner } from '@blueprintjs/core';
import { Suspense, lazy, useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RelatedConfigsArgs } from '../../../../api/endpoints/configItem';
import { useGetConfigItemRelationshipsQuery } from '../../../../api/endpoints/configItem';
import type { RelatedConfig } from '../../../../api/schemas/configItem';
import { paths } from '../../../../shell/paths';
import { useFormatDate } from '../../../../shell/useFormatDate';
import type { FilterOption } from '../../../../ui/FilterDropdown';
import { ListTable } from '../../../../widgets/ListPage';
import { queryViewState } from '../../../../widgets/tableQueryState';
import { useListPage } from '../../../../widgets/useListPage';
import { useUrlState } from '../../../../widgets/useUrlState';
import { useShowDeletedConfigs } from '../../useShowDeletedConfigs';
import {
  RELATIONSHIPS_STATE,
  filterByTags,
  relatedOthers,
  relationshipQueryFilters,
  tagOptions,
} from '../model/relationshipsState';
import { LinkedComponents } from '../relationships/LinkedComponents';
import { RelationshipToolbar } from '../relationships/RelationshipToolbar';
import { relationshipColumns, relationshipSortValue } from '../relationships/relationshipColumns';
import { QueryView } from '../../../../ui/QueryView';

// xyflow and dagre are only needed here: their own chunk, loaded when the graph is shown.
const RelationshipGraph = lazy(() => import('../relationships/RelationshipGraph'));

export const RELATIONSHIPS_LOAD_ERROR = 'Error loading relationships';
export const NO_RELATIONSHIPS = 'No relationships';
export const NO_MATCHING_RELATIONSHIPS = 'No related configs match the filters';

/** Distinct non-empty values of a column, sorted, as filter choices. */
function valueOptions(rows: readonly RelatedConfig[], column: 'type' | 'status'): FilterOption[] {
  const values = new Set<string>();
  for (const row of rows) {
    const value = row[column];
    if (value) values.add(value);
  }
  return [...values].sort().map((value) => ({ value, label: value }));
}

/**
 * The Relationships tab (CAT-30): the configs reached from the item through its relationships
 * (incoming, outgoing or both; hard only or soft too; deleted ones or not), narrowed by type,
 * status and health on the server and by tag in the browser, as a graph or a list. Every
 * choice is kept in the address. Above them, the topology components the item is linked to.
 */
export function ConfigRelationshipsTab({ configId }: { configId: string }) {
  const formatDate = useFormatDate();
  const navigate = useNavigate();
  const preferDeleted = useShowDeletedConfigs();
  const { state, update, filtered } = useUrlState(RELATIONSHIPS_STATE);
  const includeDeletedConfigs = state.showDeleted ?? preferDeleted;
  const list = useListPage();

  const baseArgs = useMemo<RelatedConfigsArgs>(
    () => ({
      configId,
      incoming: state.incoming,
      outgoing: state.outgoing,
      soft: state.soft,
      includeDeletedConfigs,
    }),
    [configId, state.incoming, state.outgoing, state.soft, includeDeletedConfigs],
  );
  const { type, status, health } = state;
  const args = useMemo(
    () => ({ ...baseArgs, ...relationshipQueryFilters({ type, status, health }) }),
    [baseArgs, type, status, health],
  );
  const query = useGetConfigItemRelationshipsQuery(args);
  const { data } = query;
  // The filters offer what the unfiltered result holds (the same request without filters).
  const { data: unfiltered } = useGetConfigItemRelationshipsQuery(baseArgs);

  const options = useMemo(() => {
    const others = relatedOthers(unfiltered ?? [], configId);
    return {
      types: valueOptions(others, 'type'),
      statuses: valueOptions(others, 'status'),
      tags: tagOptions(others),
    };
  }, [unfiltered, configId]);
  // Other parameters changing (a cluster expanded) keep the same rows and graph: an equal
  // selection read again keeps its identity.
  const { tag, expanded } = state;
  const rows = useMemo(() => filterByTags(data ?? [], tag, configId), [data, tag, configId]);
  const others = useMemo(() => relatedOthers(rows, configId), [rows, configId]);
  const columns = useMemo(() => relationshipColumns(formatDate), [formatDate]);
  const openItem = useCallback((id: string) => navigate(paths.catalogItem.getHref(id)), [navigate]);
  const setExpanded = useCallback((expanded: string[]) => update({ expanded }), [update]);

  let content;
  if (state.view === 'list') {
    content = (
      <ListTable<RelatedConfig>
        aria-label="Relationships"
        className="mc-config-table"
        columns={columns}
        rows={list.sortLocally(others, relationshipSortValue)}
        getRowId={(config) => config.id}
        onRowOpen={(config) => openItem(config.id)}
        list={list}
        query={query}
        errorTitle={RELATIONSHIPS_LOAD_ERROR}
      />
    );
  } else {
    content = (
      <QueryView
        {...queryViewState(query)}
        data={others}
        loadingLabel="Loading relationships"
        errorTitle={RELATIONSHIPS_LOAD_ERROR}
        isEmpty={(related) => related.length === 0}
        empty={{
          icon: 'graph',
          title: filtered ? NO_MATCHING_RELATIONSHIPS : NO_RELATIONSHIPS,
          text: filtered
            ? 'Clear a filter to see more.'
            : 'This config has no related configs in the chosen direction.',
        }}
      >
        {() => (
          <Suspense fallback={<Spinner aria-label="Loading the graph" />}>
            <RelationshipGraph
              rows={rows}
              selectedId={configId}
              expanded={expanded}
              onExpandedChange={setExpanded}
              onOpen={openItem}
            />
          </Suspense>
        )}
      </QueryView>
    );
  }

  return (
    <div className="mc-config-tab">
      <LinkedComponents configId={configId} />
      <RelationshipToolbar
        state={state}
        update={update}
        includeDeleted={includeDeletedConfigs}
        typeOptions={options.types}
        statusOptions={options.statuses}
        tagOptions={options.tags}
      />
      {content}
    </div>
  );
}
