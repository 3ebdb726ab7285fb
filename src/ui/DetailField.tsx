import type { ReactNode } from 'react';
import './ui.css';

/**
 * One term and its value of a description list (`<dl>`): details panels and the dialogs that
 * describe one record. Nothing when the value is empty.
 */
export function DetailField({ term, children }: { term: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '' || children === false) {
    return null;
  }
  return (
    <div className="mc-detail-field">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
