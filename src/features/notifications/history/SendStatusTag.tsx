import { Tag } from '@blueprintjs/core';
import { sendStatusIntent, sendStatusLabel } from './model/sends';

/** A send's status as a coloured tag (sent green, failed red, in progress blue, …). */
export function SendStatusTag({ status }: { status: string | null | undefined }) {
  return (
    <Tag minimal round intent={sendStatusIntent(status)} data-status={status ?? undefined}>
      {sendStatusLabel(status)}
    </Tag>
  );
}
