import { Tag } from '@blueprintjs/core';
import type { Intent } from '@blueprintjs/core';
import { statusLabel, statusTone } from './model/runs';

const INTENTS: Record<ReturnType<typeof statusTone>, Intent> = {
  success: 'success',
  danger: 'danger',
  warning: 'warning',
  primary: 'primary',
  none: 'none',
};

/** A run's or an action's status as a coloured tag (`Pending approval`, `Failed`, …). */
export function RunStatusTag({ status }: { status: string | null | undefined }) {
  return (
    <Tag minimal round intent={INTENTS[statusTone(status)]} className="mc-run-status">
      {statusLabel(status)}
    </Tag>
  );
}
