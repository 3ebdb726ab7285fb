import { Icon, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Silence } from '../../../api/schemas/notificationSilences';
import { paths } from '../../../shell/paths';
import type { FormatDateFn } from '../../../shell/useFormatDate';
import { PersonLabel } from '../../../ui/Avatar';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import { ConfigIcon } from '../../../widgets/ConfigIcon';
import { isExpired } from './model/silenceState';
import { nameColumn } from '../../../widgets/columns';

/** How a silence without an end reads. */
export const INDEFINITELY_TEXT = 'Indefinitely';
/** The tag of a silence whose end has passed. */
export const EXPIRED_TEXT = 'Expired';

/** A silence's name, or its id when it has none. */
export function silenceName(row: Pick<Silence, 'id' | 'name'>): string {
  return row.name || row.id;
}

/** A link that does not open the row it sits in. */
function CellLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="mc-silence-target" onClick={(event) => event.stopPropagation()}>
      {children}
    </Link>
  );
}

/** Selectors as one short line of JSON. */
function selectorsText(selectors: unknown): string | undefined {
  if (selectors === undefined || selectors === null) return undefined;
  if (Array.isArray(selectors) && selectors.length === 0) return undefined;
  return typeof selectors === 'string' ? selectors : JSON.stringify(selectors);
}

/**
 * What a silence mutes: its config (to `/catalog/{id}`), component (`/topology/{id}`) or check
 * (`/health?checkId={id}&timeRange=1h`) with an icon, a canary, or else its CEL filter or
 * selectors.
 */
export function SilenceTarget({ row }: { row: Silence }) {
  if (row.config_id) {
    return (
      <CellLink to={paths.catalogItem.getHref(row.config_id)}>
        <ConfigIcon type={row.catalog?.type} configClass={row.catalog?.config_class} />
        <span>{row.catalog?.name || row.config_id}</span>
      </CellLink>
    );
  }
  if (row.component_id) {
    return (
      <CellLink to={paths.topologyComponent.getHref(row.component_id)}>
        <Icon icon="layout-hierarchy" aria-hidden />
        <span>{row.component?.name || row.component_id}</span>
      </CellLink>
    );
  }
  if (row.check_id) {
    return (
      <CellLink to={paths.check.getHref(row.check_id)}>
        <Icon icon="heart" aria-hidden />
        <span>{row.checks?.name || row.check_id}</span>
      </CellLink>
    );
  }
  if (row.canary_id) {
    return (
      <span className="mc-silence-target">
        <Icon icon="pulse" aria-hidden />
        <span>Canary {row.canary_id}</span>
      </span>
    );
  }
  const selectors = selectorsText(row.selectors);
  if (row.filter || selectors) {
    return (
      <code className="mc-silence-expression" title={row.filter || selectors}>
        {row.filter ? `filter: ${row.filter}` : `selectors: ${selectors}`}
      </code>
    );
  }
  return null;
}

function Time({
  value,
  formatDate,
}: {
  value: string | null | undefined;
  formatDate: FormatDateFn;
}) {
  if (!value) return null;
  return (
    <time className="mc-table-time" dateTime={value}>
      {formatDate(value)}
    </time>
  );
}

/**
 * The silence list's columns: Name (with an "Expired" tag once `until` has passed), Target,
 * From, Until ("Indefinitely" when empty), Recursive, Source, Created by. Name, from, until,
 * recursive and source sort on the server; `now` decides what has expired.
 */
export function silenceColumns(formatDate: FormatDateFn, now: Date): DataTableColumn<Silence>[] {
  return [
    nameColumn((row) => (
      <span className="mc-silence-name">
        <span>{silenceName(row)}</span>
        {isExpired(row, now) && (
          <Tag minimal round>
            {EXPIRED_TEXT}
          </Tag>
        )}
      </span>
    )),
    {
      id: 'target',
      header: 'Target',
      minWidth: 220,
      cell: (row) => <SilenceTarget row={row} />,
    },
    {
      id: 'from',
      header: 'From',
      sortKey: 'from',
      width: 160,
      cell: (row) => <Time value={row.from} formatDate={formatDate} />,
    },
    {
      id: 'until',
      header: 'Until',
      sortKey: 'until',
      width: 160,
      cell: (row) =>
        row.until ? <Time value={row.until} formatDate={formatDate} /> : INDEFINITELY_TEXT,
    },
    {
      id: 'recursive',
      header: 'Recursive',
      sortKey: 'recursive',
      width: 100,
      cell: (row) => (row.recursive ? 'Yes' : 'No'),
    },
    {
      id: 'source',
      header: 'Source',
      sortKey: 'source',
      width: 130,
      cell: (row) => row.source ?? '',
    },
    {
      id: 'createdBy',
      header: 'Created by',
      minWidth: 150,
      cell: (row) => <PersonLabel person={row.createdBy} />,
    },
  ];
}
