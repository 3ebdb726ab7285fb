import { AnchorButton, Callout, Classes, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Link, useNavigate } from 'react-router-dom';
import { useGetNotificationSendQuery } from '../../../api/endpoints/notificationHistory';
import type { NotificationSend, SendRule } from '../../../api/schemas/notificationHistory';
import { useCan } from '../../../auth/hooks';
import { paths } from '../../../shell/paths';
import { useFormatDate } from '../../../shell/useFormatDate';
import { AppDialog } from '../../../ui/AppDialog';
import { DetailField } from '../../../ui/DetailField';
import { Markdown } from '../../../ui/Markdown';
import { QueryView } from '../../../ui/QueryView';
import { queryViewState } from '../../../widgets/tableQueryState';
import { RecipientLabel } from './historyColumns';
import { resourceKind, ruleTitle, sendDuration, sendRecipient } from './model/sends';
import { ResourceLabel } from './ResourceLabel';
import { SendStatusTag } from './SendStatusTag';

export const SEND_TITLE = 'Notification';
export const SEND_ERROR = 'The notification could not be loaded';
export const SEND_NOT_FOUND = 'Notification not found';

function SendBody({ send, rule }: { send: NotificationSend; rule: SendRule | undefined }) {
  const formatDate = useFormatDate();
  const kind = resourceKind(send.resource_type);
  const runId = send.playbook_run?.id ?? send.playbook_run_id;
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
        {send.body ? (
          <Markdown source={send.body} />
        ) : (
          <p className={Classes.TEXT_MUTED}>No message body</p>
        )}
      </section>
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
 * One send (NOTIF-08): its status, resource, rule, recipient, the silence that muted it and the
 * playbook run it started (links), its error and its message rendered from Markdown. Users who
 * may write notifications can silence the resource from here.
 */
export function SendDetailDialog({ sendId, rules, onClose }: SendDetailDialogProps) {
  const query = useGetNotificationSendQuery(sendId);
  const send = query.data;
  const canWrite = useCan('notifications', 'write');
  const navigate = useNavigate();
  const kind = resourceKind(send?.resource_type);
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
