import { AnchorButton, Callout, Classes, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Link, useNavigate } from 'react-router-dom';
import {
  useGetNotificationHistoryQuery,
  useGetNotificationSendQuery,
  useGetSendDetailQuery,
} from '../../../api/endpoints/notificationHistory';
import type {
  NotificationSend,
  SendDetail,
  SendRule,
} from '../../../api/schemas/notificationHistory';
import { useCan } from '../../../auth/hooks';
import { paths } from '../../../shell/paths';
import { useFormatDate } from '../../../shell/useFormatDate';
import { AppDialog } from '../../../ui/AppDialog';
import { DetailField } from '../../../ui/DetailField';
import { Markdown } from '../../../ui/Markdown';
import { QueryView } from '../../../ui/QueryView';
import { queryViewState } from '../../../widgets/tableQueryState';
import { RecipientLabel } from './historyColumns';
import {
  resourceHref,
  resourceKind,
  resourceName,
  rowKind,
  ruleTitle,
  sendDuration,
  sendRecipient,
  sendStatusLabel,
} from './model/sends';
import { ResourceLabel } from './ResourceLabel';
import { SendStatusTag } from './SendStatusTag';

export const SEND_TITLE = 'Notification';
export const SEND_ERROR = 'The notification could not be loaded';
export const SEND_NOT_FOUND = 'Notification not found';

/** The address of a send's detail: its resource's history with the send open. */
function sendHref(send: Pick<NotificationSend, 'id' | 'resource_id'>): string | undefined {
  return send.resource_id
    ? paths.notificationResource.getHref(send.resource_id, send.id)
    : undefined;
}

/** The send that inhibited this one, linked to its own detail. */
function InhibitedBy({ parentId }: { parentId: string }) {
  const { data: parent } = useGetNotificationSendQuery(parentId);
  const href = parent ? sendHref(parent) : undefined;
  const label = parent
    ? `${resourceName(parent.resource, parent.resource_id)} · ${parent.source_event ?? ''}`
    : parentId;
  return href ? <Link to={href}>{label}</Link> : <span>{label}</span>;
}

/** How many sends the inhibited list shows. */
export const INHIBITED_LIMIT = 50;

/** The sends this one inhibited (NOTIF-07 with `parent_id=eq.`), each linked to its detail. */
function InhibitedSends({ sendId }: { sendId: string }) {
  const { data } = useGetNotificationHistoryQuery({
    parentId: sendId,
    pageIndex: 0,
    pageSize: INHIBITED_LIMIT,
  });
  const sends = data?.sends ?? [];
  if (sends.length === 0) return null;
  return (
    <section aria-label="Inhibited notifications" className="mc-notif-send-related">
      <h4 className={Classes.HEADING}>Inhibited ({data?.total ?? sends.length})</h4>
      <ul className="mc-notif-related-list">
        {sends.map((child) => {
          const href = sendHref(child);
          const label = `${resourceName(child.resource, child.resource_id)} · ${child.source_event ?? ''}`;
          return (
            <li key={child.id}>
              {href ? <Link to={href}>{label}</Link> : label}{' '}
              <span className={Classes.TEXT_MUTED}>{sendStatusLabel(child.status)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The resources a grouped send stands for, each linked to its page. */
function GroupMembers({ group }: { group: NonNullable<SendDetail['group']> }) {
  const members = group.members ?? [];
  if (members.length === 0) return null;
  return (
    <section aria-label="Group" className="mc-notif-send-related">
      <h4 className={Classes.HEADING}>Group ({group.member_count ?? members.length})</h4>
      <ul className="mc-notif-related-list">
        {members.map((member) => {
          const href = member.id ? resourceHref(resourceKind(member.kind), member.id) : undefined;
          const label = member.name || member.id || '';
          return (
            <li key={member.id ?? label}>
              {href ? <Link to={href}>{label}</Link> : label}{' '}
              <span className={Classes.TEXT_MUTED}>{member.type}</span>
              {member.resolved_at && <span className={Classes.TEXT_MUTED}> · resolved</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function SendBody({ send, rule }: { send: NotificationSend; rule: SendRule | undefined }) {
  const formatDate = useFormatDate();
  const kind = rowKind(send);
  const runId = send.playbook_run?.id ?? send.playbook_run_id;
  // The body as the backend renders it (a Slack message read into Markdown); the stored body
  // stands in while it loads or where the backend has no such route.
  const { data: detail } = useGetSendDetailQuery(send.id);
  const body = detail?.body_markdown || send.body;
  return (
    <>
      <dl className="mc-detail-list mc-notif-send-fields">
        <DetailField term="Status">
          <SendStatusTag status={send.status} />
        </DetailField>
        <DetailField term="Created">{formatDate(send.created_at)}</DetailField>
        <DetailField term="Resource">
          <ResourceLabel resource={send.resource} kind={kind} id={send.resource_id} linked />
        </DetailField>
        <DetailField term="Rule">{ruleTitle(rule, send.notification_id)}</DetailField>
        <DetailField term="Recipient">
          {sendRecipient(send, rule) && <RecipientLabel recipient={sendRecipient(send, rule)} />}
        </DetailField>
        <DetailField term="Source event">{send.source_event}</DetailField>
        <DetailField term="Duration">{sendDuration(send.duration_millis)}</DetailField>
        <DetailField term="Count">{send.count && send.count > 1 ? send.count : null}</DetailField>
        <DetailField term="Inhibited by">
          {send.parent_id && <InhibitedBy parentId={send.parent_id} />}
        </DetailField>
        <DetailField term="Silenced by">
          {send.silenced_by && (
            <Link to={paths.notificationSilences.getHref(send.silenced_by)}>View silence</Link>
          )}
        </DetailField>
        <DetailField term="Playbook run">
          {runId && (
            <Link to={paths.playbookRun.getHref(runId)}>
              {send.playbook_run?.playbook_name || 'View playbook run'}
            </Link>
          )}
        </DetailField>
      </dl>
      {send.error && (
        <Callout intent="danger" title="Error" className="mc-notif-send-error">
          <pre className="mc-notif-pre">{send.error}</pre>
        </Callout>
      )}
      <section aria-label="Message" className="mc-notif-send-message">
        <h4 className={Classes.HEADING}>Message</h4>
        {body ? <Markdown source={body} /> : <p className={Classes.TEXT_MUTED}>No message body</p>}
      </section>
      {detail?.group && <GroupMembers group={detail.group} />}
      <InhibitedSends sendId={send.id} />
    </>
  );
}

export interface SendDetailDialogProps {
  /** The send shown (NOTIF-08). */
  sendId: string;
  /** The rules by id, to name the send's rule and recipient. */
  rules: ReadonlyMap<string, SendRule>;
  onClose: () => void;
}

/**
 * One send (NOTIF-08): its status, resource, rule, recipient, the send that inhibited it, the
 * silence that muted it and the playbook run it started (links), its error, its message as the
 * backend renders it (`send_history/{id}`), the resources of its group and the sends it
 * inhibited. Users who
 * may write notifications can silence the resource from here.
 */
export function SendDetailDialog({ sendId, rules, onClose }: SendDetailDialogProps) {
  const query = useGetNotificationSendQuery(sendId);
  const send = query.data;
  const canWrite = useCan('notifications', 'write');
  const navigate = useNavigate();
  const kind = send ? rowKind(send) : undefined;
  const resourceId = send?.resource_id || send?.resource?.id;
  return (
    <AppDialog isOpen onClose={onClose} title={SEND_TITLE} icon="notifications" size="large">
      <DialogBody useOverflowScrollContainer>
        <QueryView
          {...queryViewState(query)}
          loadingLabel="Loading notification"
          errorTitle={SEND_ERROR}
          notFound={{ title: SEND_NOT_FOUND }}
        >
          {(loaded) => (
            <SendBody
              send={loaded}
              rule={loaded.notification_id ? rules.get(loaded.notification_id) : undefined}
            />
          )}
        </QueryView>
      </DialogBody>
      {canWrite && kind && resourceId && (
        <DialogFooter
          actions={
            <AnchorButton
              icon="notifications-snooze"
              text="Silence"
              href={paths.notificationSilenceAdd.getHref({ kind, id: resourceId })}
              onClick={(event) => {
                event.preventDefault();
                navigate(paths.notificationSilenceAdd.getHref({ kind, id: resourceId }));
              }}
            />
          }
        />
      )}
    </AppDialog>
  );
}
