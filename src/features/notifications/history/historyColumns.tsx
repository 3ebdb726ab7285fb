import { Link } from 'react-router-dom';
import type { NotificationSend, SendRule } from '../../../api/schemas/notificationHistory';
import { paths } from '../../../shell/paths';
import type { FormatDateFn } from '../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import type { SendRecipient } from './model/sends';
import { ruleTitle, sendDuration, sendRecipient } from './model/sends';
import { SendStatusTag } from './SendStatusTag';
import { timeColumn } from '../../../widgets/columns';

export interface HistoryColumnsOptions {
  formatDate: FormatDateFn;
  /** The instant ages are measured to. */
  now: Date;
  /** The rules by id, to name a send's rule and recipient. */
  rules: ReadonlyMap<string, SendRule>;
}

const RECIPIENT_PREFIX: Record<SendRecipient['kind'], string> = {
  person: 'Person',
  team: 'Team',
  playbook: 'Playbook',
  channel: 'Channel',
};

/** Who or what a send went to; a playbook run links to the run. */
export function RecipientLabel({ recipient }: { recipient: SendRecipient | undefined }) {
  if (!recipient) return null;
  const label = `${RECIPIENT_PREFIX[recipient.kind]}: ${recipient.name}`;
  if (recipient.kind === 'playbook' && recipient.runId) {
    return (
      <Link
        to={paths.playbookRun.getHref(recipient.runId)}
        // Following the link does not also open the row it sits in.
        onClick={(event) => event.stopPropagation()}
      >
        {label}
      </Link>
    );
  }
  return <span>{label}</span>;
}

/** A send's label for its row: its status and when it was created. */
export function sendRowLabel(send: NotificationSend, formatDate: FormatDateFn): string {
  return `${send.source_event ?? 'Notification'} ${formatDate(send.created_at)}`;
}

/**
 * A resource's history columns: Created, Status (a coloured tag), Rule, Recipient (person,
 * team, channel or the playbook run started), Source event, Duration and Error.
 */
export function historyColumns({
  formatDate,
  now,
  rules,
}: HistoryColumnsOptions): DataTableColumn<NotificationSend>[] {
  const rule = (send: NotificationSend) =>
    send.notification_id ? rules.get(send.notification_id) : undefined;
  return [
    timeColumn(
      { formatDate, now },
      { id: 'created_at', header: 'Created', width: 120 },
      (send) => send.created_at,
    ),
    {
      id: 'status',
      header: 'Status',
      width: 150,
      cell: (send) => <SendStatusTag status={send.status} />,
    },
    {
      id: 'rule',
      header: 'Rule',
      minWidth: 180,
      cell: (send) => ruleTitle(rule(send), send.notification_id),
    },
    {
      id: 'recipient',
      header: 'Recipient',
      minWidth: 180,
      cell: (send) => <RecipientLabel recipient={sendRecipient(send, rule(send))} />,
    },
    { id: 'source_event', header: 'Source event', width: 170, cell: (send) => send.source_event },
    {
      id: 'duration',
      header: 'Duration',
      width: 100,
      align: 'right',
      cell: (send) => sendDuration(send.duration_millis),
    },
    {
      id: 'error',
      header: 'Error',
      minWidth: 200,
      cell: (send) =>
        send.error ? (
          <span className="mc-notif-error" title={send.error}>
            {send.error}
          </span>
        ) : null,
    },
  ];
}
