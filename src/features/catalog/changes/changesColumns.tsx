import { Icon } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { ConfigChange } from '../../../api/schemas/configItem';
import { relativeOrDate } from '../../../lib/relativeTime';
import { paths } from '../../../shell/paths';
import type { FormatDateFn } from '../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import { ConfigName } from '../../../widgets/ConfigIcon';
import { ItemLink } from '../item/ItemLink';
import { NewChangeMark, SeverityTag, changeAuthor } from '../item/tabs/changeColumns';

export { NEW_CHANGE, NEW_ROW_CLASS } from '../item/tabs/changeColumns';

/** A value of a cell that the user turned into a filter (it is included). */
export type CellFilter =
  | { kind: 'configType'; value: string }
  | { kind: 'changeType'; value: string }
  | { kind: 'source'; value: string }
  | { kind: 'createdBy'; value: string }
  | { kind: 'externalCreatedBy'; value: string };

/** Icons by change type, lower-cased (Kubernetes events, scraper diffs, cloud events). */
const CHANGE_TYPE_ICONS: Readonly<Record<string, IconName>> = {
  create: 'add',
  created: 'add',
  delete: 'trash',
  deleted: 'trash',
  killing: 'trash',
  diff: 'changes',
  update: 'changes',
  updated: 'changes',
  pulled: 'download',
  pulling: 'download',
  scaled: 'arrows-vertical',
  scalingreplicaset: 'arrows-vertical',
  started: 'play',
  scheduled: 'calendar',
  backoff: 'warning-sign',
  failed: 'error',
  unhealthy: 'heart-broken',
  healthy: 'heart',
  deployment: 'upload',
  helmupgrade: 'upload',
  upgradesucceeded: 'upload',
  rollout: 'upload',
  restart: 'refresh',
  restarted: 'refresh',
  permissionadded: 'key',
  permissionremoved: 'key',
  playbookcompleted: 'manual',
  playbookfailed: 'manual',
};

/** The Blueprint icon of a change type (a generic one for types without their own). */
export function changeTypeIcon(changeType: string | null | undefined): IconName {
  const key = (changeType ?? '').toLowerCase().replace(/[^a-z]/g, '');
  return CHANGE_TYPE_ICONS[key] ?? 'history';
}

/** The id of the person who made a change, when a person (not an outside tool) did. */
export function changeAuthorId(change: ConfigChange): string | undefined {
  if (change.external_created_by) return undefined;
  const author = change.created_by;
  if (!author) return undefined;
  return typeof author === 'string' ? author : (author.id ?? undefined);
}

interface FilterLinkProps {
  /** The value shown, and filtered by. */
  value: string;
  onFilter: () => void;
  /** Shown smaller and dimmed, under the cell's main value. Default false. */
  secondary?: boolean;
}

/**
 * A value inside a row that adds itself as a filter: a link-style button ("Filter by {value}"),
 * reached with Tab and used with Enter or Space, that does not open the row.
 */
export function FilterLink({ value, onFilter, secondary = false }: FilterLinkProps) {
  return (
    <button
      type="button"
      className={`mc-changes-filter-link${secondary ? ' mc-changes-filter-link--secondary' : ''}`}
      title={`Filter by ${value}`}
      aria-label={`Filter by ${value}`}
      onClick={(event) => {
        event.stopPropagation();
        onFilter();
      }}
    >
      {value}
    </button>
  );
}

export interface ChangesColumnsOptions {
  formatDate: FormatDateFn;
  /** Adds a cell's value to the filters. */
  onFilter: (filter: CellFilter) => void;
  /** Ids of the changes that arrived with the latest answer while following. */
  fresh: ReadonlySet<string>;
  /** People's names by id, for "Created by". */
  people: ReadonlyMap<string, string>;
  /** Now, for the ages. Default the time the cells are drawn. */
  now?: Date;
}

function ChangeCell({
  change,
  isNew,
  onFilter,
}: {
  change: ConfigChange;
  isNew: boolean;
  onFilter: (filter: CellFilter) => void;
}) {
  const type = change.change_type ?? '';
  const filterType = () => onFilter({ kind: 'changeType', value: type });
  let text: ReactNode;
  if (change.summary) {
    text = (
      <span className="mc-change-text">
        <span className="mc-change-summary" title={change.summary}>
          {change.summary}
        </span>
        {type && <FilterLink value={type} onFilter={filterType} secondary />}
      </span>
    );
  } else {
    text = type ? <FilterLink value={type} onFilter={filterType} /> : null;
  }
  return (
    <span className="mc-change-cell">
      <Icon icon={changeTypeIcon(type)} aria-hidden className="mc-change-icon" />
      {text}
      {isNew && <NewChangeMark />}
    </span>
  );
}

function ConfigCell({
  change,
  onFilter,
}: {
  change: ConfigChange;
  onFilter: (filter: CellFilter) => void;
}) {
  const name = (
    <ConfigName
      name={change.name}
      type={change.type}
      configClass={change.config_class}
      deletedAt={change.deleted_at}
    />
  );
  return (
    <span className="mc-change-config">
      {change.config_id ? (
        <ItemLink to={paths.catalogItem.getHref(change.config_id)}>{name}</ItemLink>
      ) : (
        name
      )}
      {change.type && (
        <FilterLink
          value={change.type}
          onFilter={() => onFilter({ kind: 'configType', value: change.type ?? '' })}
          secondary
        />
      )}
    </span>
  );
}

function AuthorCell({
  change,
  people,
  onFilter,
}: {
  change: ConfigChange;
  people: ReadonlyMap<string, string>;
  onFilter: (filter: CellFilter) => void;
}) {
  const author = changeAuthor(change, people);
  if (!author) return null;
  const personId = changeAuthorId(change);
  const filter: CellFilter = personId
    ? { kind: 'createdBy', value: personId }
    : { kind: 'externalCreatedBy', value: author };
  return <FilterLink value={author} onFilter={() => onFilter(filter)} />;
}

/**
 * The changes page's columns: Change (icon, summary, change type, the "New" mark), Config (a
 * link to it, and its type), Source, Severity, Created by, Count, First observed, Created.
 * Change types, config types, sources and authors filter the list when clicked.
 */
export function changesColumns({
  formatDate,
  onFilter,
  fresh,
  people,
  now,
}: ChangesColumnsOptions): DataTableColumn<ConfigChange>[] {
  const age = (value: string | null | undefined) => (
    <span title={formatDate(value)}>{relativeOrDate(value, formatDate, now)}</span>
  );
  return [
    {
      id: 'change',
      header: 'Change',
      sortKey: 'summary',
      minWidth: 240,
      cell: (change) => (
        <ChangeCell change={change} isNew={fresh.has(change.id)} onFilter={onFilter} />
      ),
    },
    {
      id: 'config',
      header: 'Config',
      sortKey: 'name',
      minWidth: 200,
      cell: (change) => <ConfigCell change={change} onFilter={onFilter} />,
    },
    {
      id: 'source',
      header: 'Source',
      sortKey: 'source',
      width: 140,
      cell: (change) =>
        change.source ? (
          <FilterLink
            value={change.source}
            onFilter={() => onFilter({ kind: 'source', value: change.source ?? '' })}
          />
        ) : null,
    },
    {
      id: 'severity',
      header: 'Severity',
      width: 90,
      cell: (change) => <SeverityTag severity={change.severity} />,
    },
    {
      id: 'createdBy',
      header: 'Created By',
      width: 140,
      cell: (change) => <AuthorCell change={change} people={people} onFilter={onFilter} />,
    },
    {
      id: 'count',
      header: 'Count',
      sortKey: 'count',
      width: 80,
      align: 'right',
      cell: (change) => change.count ?? '',
    },
    {
      id: 'firstObserved',
      header: 'First Observed',
      width: 120,
      cell: (change) => age(change.first_observed),
    },
    {
      id: 'created',
      header: 'Created',
      sortKey: 'created_at',
      width: 110,
      cell: (change) => age(change.created_at),
    },
  ];
}
