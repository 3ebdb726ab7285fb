import { Classes, HTMLSelect, Icon, Switch } from '@blueprintjs/core';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useGetConfigTagValuesQuery } from '../../api/endpoints/catalogChanges';
import {
  catalogTags,
  tagItem,
  useGetConfigLabelsQuery,
  useGetConfigStatusesQuery,
  useGetConfigSummaryQuery,
  useGetConfigTagKeysQuery,
  useGetConfigTypesQuery,
} from '../../api/endpoints/catalog';
import type { ConfigListItem } from '../../api/schemas/catalog';
import { paths, withState } from '../../shell/paths';
import { useFormatDate } from '../../shell/useFormatDate';
import type { FilterOption } from '../../ui/FilterDropdown';
import { FilterDropdown } from '../../ui/FilterDropdown';
import { SearchBox } from '../../ui/SearchBox';
import { usePageHeader } from '../../ui/pageHeader';
import { ListTable } from '../../widgets/ListPage';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { useListPage } from '../../widgets/useListPage';
import { OwnedByMyTeamsSwitch } from '../../widgets/ownedByMyTeams';
import { CatalogSections } from './components/CatalogSections';
import type { CatalogFilters } from './model/catalogParams';
import { useUrlState } from '../../widgets/useUrlState';
import {
  DEFAULT_GROUP_BY,
  isListView,
  summaryTagKey,
  CATALOG_FILTERS,
} from './model/catalogParams';
import type { SummaryNode } from './model/summaryTree';
import { HEALTH_STATES, buildSummaryTree } from './model/summaryTree';
import { summaryColumns } from './summaryColumns';
import { LIST_ERROR, useConfigListTable } from './useConfigListTable';
import { useShowDeletedConfigs } from './useShowDeletedConfigs';
import './catalog.css';

export { LIST_ERROR };
export const PAGE_TITLE = 'Catalog';
export const SEARCH_PLACEHOLDER = 'Search by name, type, description or namespace';
export const SUMMARY_ERROR = 'Error loading the catalog summary';
/** Sort of the list when the address names none (spec 000 §9). */
export const DEFAULT_SORT = { sortBy: 'created_at', sortOrder: 'desc' } as const;

const HEALTH_OPTIONS: FilterOption[] = HEALTH_STATES.map((state) => ({
  value: state,
  label: state,
}));
const ALL_TYPES = '';

function useCatalogFilters() {
  const { state: filters, update } = useUrlState(CATALOG_FILTERS);
  // The summary keeps the list's health, status and deleted filters.
  const { health, status, showDeleted } = filters;
  const summaryHref = withState(paths.catalog.getHref(), CATALOG_FILTERS, {
    health,
    status,
    showDeleted,
  });
  return { filters, update, summaryHref };
}

/**
 * `/catalog`: the summary of every config item by class and type (CAT-02), or, once a type is
 * chosen or a search typed, the items a page at a time (CAT-01). Every filter, the page and
 * the sort live in the address.
 */
export function CatalogPage() {
  usePageHeader({ title: PAGE_TITLE, onRefresh: useInvalidateTags(catalogTags) });
  const { filters, update, summaryHref } = useCatalogFilters();
  const preferDeleted = useShowDeletedConfigs();
  const showDeleted = filters.showDeleted ?? preferDeleted;
  const listView = isListView(filters);
  const onSearch = useCallback((search: string) => update({ search }), [update]);

  const current = filters.configType ?? (listView ? 'All types' : undefined);

  return (
    <div className="mc-page mc-catalog">
      <CatalogSections />
      <div className="mc-catalog-toolbar">
        <nav aria-label="Breadcrumb" className="mc-catalog-crumbs">
          {current ? (
            <>
              <Link to={summaryHref} className={Classes.BREADCRUMB}>
                Catalog
              </Link>
              <Icon icon="chevron-right" size={12} className="mc-catalog-crumb-separator" />
              <span className={`${Classes.BREADCRUMB} ${Classes.BREADCRUMB_CURRENT}`}>
                {current}
              </span>
            </>
          ) : (
            <span className={`${Classes.BREADCRUMB} ${Classes.BREADCRUMB_CURRENT}`}>
              All config types
            </span>
          )}
        </nav>
        <div className="mc-catalog-filters">
          <SearchBox
            value={filters.search}
            onSearch={onSearch}
            placeholder={SEARCH_PLACEHOLDER}
            className="mc-catalog-search"
          />
          {listView && (
            <TypeSelect
              value={filters.configType}
              onChange={(configType) => update({ configType })}
            />
          )}
          <FilterDropdown
            label="Health"
            options={HEALTH_OPTIONS}
            value={filters.health}
            onChange={(health) => update({ health })}
          />
          <StatusFilter value={filters.status} onChange={(status) => update({ status })} />
          {listView && (
            <LabelsFilter value={filters.labels} onChange={(labels) => update({ labels })} />
          )}
          {!listView && (
            <GroupBySelect value={filters.groupBy} onChange={(groupBy) => update({ groupBy })} />
          )}
          <OwnedByMyTeamsSwitch value={filters.owned} onChange={(owned) => update({ owned })} />
          <Switch
            className="mc-catalog-deleted"
            label="Show deleted"
            checked={showDeleted}
            onChange={(event) => update({ showDeleted: event.currentTarget.checked })}
          />
        </div>
      </div>
      {listView ? (
        <ConfigList filters={filters} showDeleted={showDeleted} />
      ) : (
        <ConfigSummary filters={filters} showDeleted={showDeleted} />
      )}
    </div>
  );
}

function TypeSelect({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (type: string | undefined) => void;
}) {
  const { data: types = [] } = useGetConfigTypesQuery();
  const options = value && !types.includes(value) ? [value, ...types] : types;
  return (
    <HTMLSelect
      aria-label="Type"
      value={value ?? ALL_TYPES}
      onChange={(event) => onChange(event.currentTarget.value || undefined)}
      options={[
        { value: ALL_TYPES, label: 'All types' },
        ...options.map((type) => ({ value: type, label: type })),
      ]}
    />
  );
}

function StatusFilter({
  value,
  onChange,
}: {
  value: CatalogFilters['status'];
  onChange: (next: CatalogFilters['status']) => void;
}) {
  const { data: statuses = [] } = useGetConfigStatusesQuery();
  const options = useMemo(
    () => statuses.map((status) => ({ value: status, label: status })),
    [statuses],
  );
  return <FilterDropdown label="Status" options={options} value={value} onChange={onChange} />;
}

const TAG_ICON = <Icon icon="tag" title="Tag" />;
const LABEL_ICON = <Icon icon="label" title="Label" />;

/**
 * The label filter's choices: the tags (CAT-11, `key=value`) first, then the labels (CAT-12),
 * each `key: value` with an icon that says which it is.
 */
function labelFilterOptions(
  tags: readonly string[],
  labels: ReadonlyArray<{ key: string; value: string }>,
): FilterOption[] {
  const tagOptions = tags.map((pair) => {
    const at = pair.indexOf('=');
    const [key, value] = at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    return { value: tagItem(key, value), label: `${key}: ${value}`, icon: TAG_ICON };
  });
  const labelOptions = labels.map(({ key, value }) => ({
    value: `${key}:${value}`,
    label: `${key}: ${value}`,
    icon: LABEL_ICON,
  }));
  return [...tagOptions, ...labelOptions];
}

function LabelsFilter({
  value,
  onChange,
}: {
  value: CatalogFilters['labels'];
  onChange: (next: CatalogFilters['labels']) => void;
}) {
  const { data: tags = [] } = useGetConfigTagValuesQuery();
  const { data: labels = [] } = useGetConfigLabelsQuery();
  const options = useMemo(() => labelFilterOptions(tags, labels), [tags, labels]);
  return (
    <FilterDropdown label="Labels" options={options} value={value} onChange={onChange} tagStyle />
  );
}

function GroupBySelect({
  value,
  onChange,
}: {
  value: string[];
  onChange: (groupBy: string[]) => void;
}) {
  const { data: keys = [] } = useGetConfigTagKeysQuery();
  const tagKeys = keys.filter((key) => key.startsWith('tag:')).map((key) => key.slice(4));
  const current = summaryTagKey(value) ?? '';
  return (
    <HTMLSelect
      aria-label="Group by"
      value={current}
      onChange={(event) => {
        const tag = event.currentTarget.value;
        onChange(tag ? [...DEFAULT_GROUP_BY, tag] : [...DEFAULT_GROUP_BY]);
      }}
      options={[
        { value: '', label: 'Group by: Type' },
        ...tagKeys.map((key) => ({ value: key, label: `Group by: Type, ${key}` })),
      ]}
    />
  );
}

function ConfigList({ filters, showDeleted }: { filters: CatalogFilters; showDeleted: boolean }) {
  const list = useListPage({ defaultSort: DEFAULT_SORT });
  const { pageIndex, pageSize, sortBy, sortOrder } = list.state;
  const table = useConfigListTable({
    filters,
    showDeleted,
    pageIndex,
    pageSize,
    sortBy: sortBy ?? DEFAULT_SORT.sortBy,
    sortOrder: sortOrder ?? DEFAULT_SORT.sortOrder,
  });
  return <ListTable<ConfigListItem> {...table} list={list} />;
}

function ConfigSummary({
  filters,
  showDeleted,
}: {
  filters: CatalogFilters;
  showDeleted: boolean;
}) {
  const { update } = useUrlState(CATALOG_FILTERS);
  const formatDate = useFormatDate();
  const tagKey = summaryTagKey(filters.groupBy);
  const query = useGetConfigSummaryQuery({
    groupBy: filters.groupBy,
    deleted: showDeleted,
    health: filters.health,
    status: filters.status,
  });
  const { data } = query;
  const tree = useMemo(() => buildSummaryTree(data ?? [], tagKey), [data, tagKey]);
  // Classes start open; types (grouped by a tag as well) start closed.
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const expanded = useMemo(() => {
    const open = new Set<string>();
    for (const node of tree) if (!toggled.has(node.id)) open.add(node.id);
    for (const node of tree)
      for (const type of node.children ?? []) if (toggled.has(type.id)) open.add(type.id);
    return open;
  }, [tree, toggled]);
  const [now] = useState(() => new Date());
  const columns = useMemo(() => summaryColumns(formatDate, now), [formatDate, now]);

  const open = (node: SummaryNode) => {
    if (node.configType) {
      update({ configType: node.configType, groupBy: [...DEFAULT_GROUP_BY] });
    } else {
      toggle(node.id);
    }
  };
  const toggle = (id: string) =>
    setToggled((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <ListTable<SummaryNode>
      aria-label="Config types"
      className="mc-catalog-table"
      columns={columns}
      rows={tree}
      getRowId={(node) => node.id}
      getSubRows={(node) => node.children}
      expanded={expanded}
      onExpandedChange={(id) => toggle(id)}
      onRowOpen={open}
      query={query}
      errorTitle={SUMMARY_ERROR}
      rowLabel={(node) => node.label}
      rowClassName={(node) => `mc-summary-row--${node.level}`}
    />
  );
}
