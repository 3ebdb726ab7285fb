import { Button, Callout, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { GrantChange } from '../../../../machines/permissions/subjectGrant';
import type { SearchResourceType } from '../../../../contracts/accessSearch';
import type { AccessSearchEntry, PermissionSubject } from '../../../api/schemas/accessSearch';
import type { AccessReviewRule } from '../../../api/schemas/permissions';
import { AppDialog } from '../../../ui/AppDialog';
import {
  SUBJECT_ACCESS_LABELS as LABELS,
  actionName,
  deniedByOthers,
  directRules,
  isDirect,
  permissionHref,
  permissionSubjectKind,
  readOnlyReason,
} from '../model/subjectAccess';
import { AccessRuleItem } from '../components/AccessRuleItem';
import { useSubjectGrant } from './useSubjectGrant';

/** A permission rule's link to its row on the permissions page. */
function linkOf(rule: AccessReviewRule) {
  const href = permissionHref(rule);
  return href ? { href, text: LABELS.openPermission } : undefined;
}

export interface CellDetailsProps {
  subject: PermissionSubject;
  resource: { type: SearchResourceType; id: string; name: string };
  action: string;
  /** The cell's entry on the page shown; none when the search did not list it. */
  entry: AccessSearchEntry | undefined;
  /** The user may write permissions: cells that can be changed offer it. */
  canWrite: boolean;
  onClose: () => void;
}

/**
 * Where a cell's access comes from (the entry's rules), and for those who may write
 * permissions, on the cells whose permission rows decide it (running and approving a
 * playbook), "Allow directly", "Deny directly" or "Remove direct permission": the subjectGrant
 * flow (confirm, save, the server's reason with Try again on failure).
 */
export function CellDetails({
  subject,
  resource,
  action,
  entry,
  canWrite,
  onClose,
}: CellDetailsProps) {
  const kind = permissionSubjectKind(subject);
  const grant = useSubjectGrant(kind);
  const reason = readOnlyReason(resource.type, action, subject, entry);
  const direct = entry ? directRules(entry, subject.id) : [];
  const permissionIds = [
    ...new Set(direct.flatMap((rule) => (rule.permission ? [rule.permission.id] : []))),
  ];
  const change = (kind: GrantChange['kind']): GrantChange => ({
    kind,
    subject: subject.id,
    resourceType: resource.type,
    resourceId: resource.id,
    resourceName: resource.name,
    action,
    permissionIds: kind === 'remove' ? permissionIds : [],
  });
  const busy = grant.phase === 'saving';
  const title = `${resource.name}: ${actionName(action)}`;

  let confirmText = '';
  if (grant.change?.kind === 'allow')
    confirmText = LABELS.confirmAllow(actionName(action), resource.name);
  if (grant.change?.kind === 'deny')
    confirmText = LABELS.confirmDeny(actionName(action), resource.name);
  if (grant.change?.kind === 'remove')
    confirmText = LABELS.confirmRemove(grant.change.permissionIds.length);

  let editing = null;
  if (canWrite && entry && reason) {
    editing = <p className="mc-access-note">{reason}</p>;
  } else if (canWrite && entry) {
    if (grant.phase === 'confirming' || grant.phase === 'saving') {
      editing = (
        <Callout intent="warning" title={confirmText} className="mc-access-edit">
          <Button
            intent="primary"
            text={LABELS.confirm}
            loading={busy}
            disabled={busy}
            onClick={grant.confirm}
          />{' '}
          <Button text={LABELS.cancel} disabled={busy} onClick={grant.cancel} />
        </Callout>
      );
    } else if (grant.phase === 'failed') {
      editing = (
        <Callout intent="danger" title={LABELS.saveFailed} role="alert" className="mc-access-edit">
          <p>{grant.error}</p>
          <Button intent="primary" text={LABELS.tryAgain} onClick={grant.retry} />{' '}
          <Button text={LABELS.cancel} onClick={grant.cancel} />
        </Callout>
      );
    } else {
      editing = (
        <div className="mc-access-edit">
          {grant.phase === 'saved' && <p role="status">{LABELS.saved}</p>}
          {permissionIds.length > 0 ? (
            <Button
              icon="trash"
              intent="danger"
              text={LABELS.removeDirect}
              onClick={() => grant.start(change('remove'))}
            />
          ) : (
            <>
              {deniedByOthers(entry, subject.id) && (
                <p className="mc-access-note">{LABELS.deniedByOthers}</p>
              )}
              {!(entry.allowed && isDirect(entry, subject.id)) &&
                !deniedByOthers(entry, subject.id) && (
                  <>
                    <Button
                      icon="tick"
                      text={LABELS.allowDirectly}
                      onClick={() => grant.start(change('allow'))}
                    />{' '}
                  </>
                )}
              <Button
                icon="disable"
                text={LABELS.denyDirectly}
                onClick={() => grant.start(change('deny'))}
              />
            </>
          )}
        </div>
      );
    }
  }

  return (
    <AppDialog isOpen onClose={onClose} title={title} icon="key" size="medium">
      <DialogBody className="mc-access-details">
        {entry ? (
          <Callout
            intent={entry.allowed ? 'success' : 'danger'}
            icon={entry.allowed ? 'tick-circle' : 'disable'}
            title={
              isDirect(entry, subject.id)
                ? `${entry.allowed ? LABELS.allowed : LABELS.denied} (${LABELS.direct.toLowerCase()})`
                : entry.allowed
                  ? LABELS.allowed
                  : LABELS.denied
            }
          >
            <p>{LABELS.details}</p>
            {entry.rules.length === 0 ? (
              <p>{LABELS.noRules}</p>
            ) : (
              <ul className="mc-access-rules" aria-label={LABELS.rules}>
                {entry.rules.map((rule, index) => (
                  <AccessRuleItem
                    key={`${rule.source}-${rule.permission?.id ?? rule.role ?? index}-${index}`}
                    rule={rule}
                    link={linkOf(rule)}
                  />
                ))}
              </ul>
            )}
          </Callout>
        ) : (
          <Callout icon="disable" title={LABELS.notListed}>
            <p>{LABELS.notListedText}</p>
          </Callout>
        )}
        {editing}
      </DialogBody>
      <DialogFooter actions={<Button text={LABELS.close} onClick={onClose} />} />
    </AppDialog>
  );
}
