import { Classes } from '@blueprintjs/core';
import type { CostColumn } from '../lib/cost';
import { costRows } from '../lib/cost';
import { DetailField } from './DetailField';

/** The "Cost" term of a details panel: each cost present, per minute to 30 days; else nothing. */
export function CostField({
  item,
}: {
  item: Partial<Record<CostColumn, number | string | null | undefined>>;
}) {
  const costs = costRows(item);
  if (costs.length === 0) return null;
  return (
    <DetailField term="Cost">
      <ul className={`${Classes.LIST_UNSTYLED} mc-cost-field`}>
        {costs.map(([label, text]) => (
          <li key={label}>
            <span className={Classes.TEXT_MUTED}>{label}</span> {text}
          </li>
        ))}
      </ul>
    </DetailField>
  );
}
