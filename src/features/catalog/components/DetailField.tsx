import type { ReactNode } from 'react';
import '../catalog.css';

/**
 * One term and its value of a catalog description list (`<dl>`): the item's details panel, the
 * change and insight dialogs. Nothing when the value is empty.
 */
export function DetailField({ term, children }: { term: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '' || children === false) {
    return null;
  }
  return (
    <div className="mc-config-detail">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
