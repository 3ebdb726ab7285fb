import { Tooltip } from '@blueprintjs/core';
import type { ModelUsage } from '../model/results';
import { formatCost, tokensText } from '../model/results';

export interface UsageCostProps {
  usage: ModelUsage;
}

/**
 * What model calls cost, to a hundredth of a cent ($0.0042), with the input and output tokens
 * in a tooltip (and in the cost's description, for readers of the page by name); "Not priced"
 * when no call had a price.
 */
export function UsageCost({ usage }: UsageCostProps) {
  const tokens = tokensText(usage);
  const models = usage.models.length > 0 ? ` (${usage.models.join(', ')})` : '';
  return (
    <Tooltip content={`${tokens}${models}`} placement="top" compact>
      <span className="mc-run-cost" tabIndex={0} aria-description={tokens}>
        {usage.cost === undefined ? 'Not priced' : formatCost(usage.cost)}
      </span>
    </Tooltip>
  );
}
