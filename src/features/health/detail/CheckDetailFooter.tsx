import { Button, DialogFooter } from '@blueprintjs/core';
import { useSelector } from 'react-redux';
import type { CheckDetail } from '../../../api/schemas/checks';
import { selectRoles } from '../../../auth/sessionSlice';
import { AttachAsEvidence, checkEvidence } from '../../../widgets/attachEvidence';
import { PlaybooksMenu } from '../../../widgets/playbooksMenu';
import { checkEditLink } from './editLink';
import { SourceLink } from './SourceLink';
import { canRunChecks } from '../../../../contracts/access';
import type { RunNow } from './useRunNow';

export interface CheckDetailFooterProps {
  check: CheckDetail;
  runNow: RunNow;
  /** Inside another view: no "Playbooks" menu nor "Attach as Evidence". Default false. */
  embedded?: boolean;
}

/**
 * The edit link (the canary's settings, or the component or CRD it comes from) and, for
 * admins, editors, responders and commanders, Run Now; unless embedded, the Playbooks menu and
 * Attach as Evidence.
 */
export function CheckDetailFooter({ check, runNow, embedded = false }: CheckDetailFooterProps) {
  const roles = useSelector(selectRoles);
  const link = checkEditLink({
    id: check.canary_id,
    name: check.canaries?.name,
    namespace: check.namespace,
    source: check.canaries?.source,
  });
  return (
    <DialogFooter
      actions={
        <>
          {!embedded && <PlaybooksMenu resource={{ check_id: check.id }} />}
          {!embedded && <AttachAsEvidence evidence={checkEvidence(check)} />}
          <SourceLink link={link} />
          {canRunChecks(roles) && (
            <Button
              intent="primary"
              icon="play"
              text="Run Now"
              loading={runNow.busy}
              onClick={runNow.run}
            />
          )}
        </>
      }
    />
  );
}
