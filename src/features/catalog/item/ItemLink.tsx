import type { IconName } from '@blueprintjs/core';
import { Icon } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';

export interface ItemLinkProps {
  /** Where the link goes. */
  to: string;
  children: ReactNode;
  className?: string;
}

/**
 * A link inside a table row that opens on its own: following it does not also open the row
 * (one navigation, one history entry).
 */
export function ItemLink({ to, children, className }: ItemLinkProps) {
  return (
    <Link
      to={to}
      className={className}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
    >
      {children}
    </Link>
  );
}

export interface LinkedNameColumn<Row> {
  id: string;
  header: string;
  minWidth: number;
  /** The icon before every name. */
  icon: IconName;
  /** The row's own page. */
  to: (row: Row) => string;
  /** What the link reads. */
  name: (row: Row) => string;
}

/** A table's first column: each row's icon and name, a link to the row's own page. */
export function linkedNameColumn<Row>({
  id,
  header,
  minWidth,
  icon,
  to,
  name,
}: LinkedNameColumn<Row>): DataTableColumn<Row> {
  return {
    id,
    header,
    minWidth,
    cell: (row) => (
      <ItemLink to={to(row)} className="mc-config-name">
        <Icon icon={icon} aria-hidden />
        <span className="mc-config-name-text">{name(row)}</span>
      </ItemLink>
    ),
  };
}
