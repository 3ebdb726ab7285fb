import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

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
