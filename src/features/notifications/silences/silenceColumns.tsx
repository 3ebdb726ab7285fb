import { Icon, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useGetSilenceWindowsQuery } from '../../../api/endpoints/notificationSilences';
import type { Silence } from '../../../api/schemas/notificationSilences';
import { paths } from '../../../shell/paths';
import type { FormatDateFn } from '../../../shell/useFormatDate';
import { PersonLabel } from '../../../ui/Avatar';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import { ConfigIcon } from '../../../widgets/ConfigIcon';
import { isExpired } from './model/silenceState';
import { nameColumn } from '../../../widgets/columns';
import { scheduleSummary, windowText } from './model/recurrence';

/** How a silence without an end reads. */
export const INDEFINITELY_TEXT = 'Indefinitely';
/** The tag of a silence whose end has passed. */
export const EXPIRED_TEXT = 'Expired';
/** The tag of a recurring silence (a maintenance window), and its next window's fallback. */
export const RECURRING_TEXT = 'Recurring';
/** A recurring silence with no window left before it ends (or within a year). */
export const NO_NEXT_WINDOW = 'No more windows';

/**
 * The next window of a recurring silence (the windows endpoint, asked per row), before the
 * silence's end; "Recurring" while it is asked or when it cannot be.
 */
function NextWindow({ row, formatDate }: { row: Silence; formatDate: FormatDateFn }) {
  const { schedule, duration } = row;
  const { data } = useGetSilenceWindowsQuery(
    { schedule: schedule ?? '', duration: duration ?? '', timezone: row.timezone ?? '' },
    { skip: !schedule || !duration },
  );
  if (!schedule) return null;
  if (!data) return <span className="mc-silence-recurring">{RECURRING_TEXT}</span>;
  const next = data.next;
  if (!next || (row.until && new Date(next.start) >= new Date(row.until))) {
    return <>{NO_NEXT_WINDOW}</>;
  }
  return (
    <time className="mc-table-time" dateTime={next.start}>
      {windowText(next, formatDate)}
    </time>
  );
}

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

/** A recurring silence's tag, its schedule as a sentence in its title. */
function RecurringTag({ row }: { row: Silence }) {
  if (!row.schedule) return null;
  const summary = scheduleSummary(row.schedule, row.timezone, row.duration);
  return (
    <Tag minimal round icon="repeat" title={summary} aria-label={`${RECURRING_TEXT}: ${summary}`}>
      {RECURRING_TEXT}
    </Tag>
  );
}

export interface SilenceColumnsOptions {
  /** The backend has maintenance windows: the Next window column is shown. */
  recurring?: boolean;
}

/**
 * The silence list's columns: Name (with an "Expired" tag once `until` has passed and its
 * source as a tag when not the console), Target, From, Until ("Indefinitely" when empty; a
 * "Recurring" tag for a maintenance window), Next window (only where the backend has
 * maintenance windows), Recursive, Created by: within 1440 px. Name, from, until and recursive
 * sort on the server; `now` decides what has expired.
 */
export function silenceColumns(
  formatDate: FormatDateFn,
  now: Date,
  { recurring = false }: SilenceColumnsOptions = {},
): DataTableColumn<Silence>[] {
  return [
    nameColumn(
      (row) => (
        <span className="mc-silence-name">
          <span>{silenceName(row)}</span>
          {isExpired(row, now) && (
            <Tag minimal round>
              {EXPIRED_TEXT}
            </Tag>
          )}
          {row.source && row.source !== 'UI' && (
            <Tag minimal title="Source">
              {row.source}
            </Tag>
          )}
        </span>
      ),
      { minWidth: 180 },
    ),
    {
      id: 'target',
      header: 'Target',
      minWidth: 200,
      cell: (row) => <SilenceTarget row={row} />,
    },
    {
      id: 'from',
      header: 'From',
      sortKey: 'from',
      width: 140,
      cell: (row) => <Time value={row.from} formatDate={formatDate} />,
    },
    {
      id: 'until',
      header: 'Until',
      sortKey: 'until',
      width: 150,
      cell: (row) => (
        <span className="mc-silence-until">
          {row.until ? <Time value={row.until} formatDate={formatDate} /> : INDEFINITELY_TEXT}
          <RecurringTag row={row} />
        </span>
      ),
    },
    ...(recurring
      ? [
          {
            id: 'nextWindow',
            header: 'Next window',
            minWidth: 180,
            cell: (row: Silence) => <NextWindow row={row} formatDate={formatDate} />,
          },
        ]
      : []),
    {
      id: 'recursive',
      header: 'Recursive',
      sortKey: 'recursive',
      width: 100,
      cell: (row) => (row.recursive ? 'Yes' : 'No'),
    },
    {
      id: 'createdBy',
      header: 'Created by',
      minWidth: 140,
      cell: (row) => <PersonLabel person={row.createdBy} />,
    },
  ];
}
