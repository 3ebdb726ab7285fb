import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import {
  useApprovePlaybookRunMutation,
  useCancelPlaybookRunMutation,
  useRunPlaybookMutation,
} from '../../../api/endpoints/playbooks';
import type { PlaybookRunDetail } from '../../../api/schemas/playbooks';
import { useCan } from '../../../auth/hooks';
import { selectCurrentUser } from '../../../auth/sessionSlice';
import { paths } from '../../../shell/paths';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { isNamedApprover } from './model/approvers';
import { isLiveStatus, rerunArgs } from './model/runs';
import { ResubmitButton } from './ResubmitButton';

/**
 * What can be done to a run: Approve while it waits for approval (PB-14), for someone who may
 * write runs or whom the playbook names as an approver; and for writers, Cancel after a
 * confirmation while it is not final (PB-15) and Re-run with the same playbook, resource and
 * parameters (PB-09), which opens the new run, and Resubmit, which opens the run dialog with
 * those parameters to edit first. The server decides the rest; its refusals are toasted.
 */
export function RunButtons({ run }: { run: PlaybookRunDetail }) {
  const canWrite = useCan('playbook_runs', 'write');
  const navigate = useNavigate();
  const [approve, approving] = useApprovePlaybookRunMutation();
  const [cancel] = useCancelPlaybookRunMutation();
  const [rerun, rerunning] = useRunPlaybookMutation();
  const [confirming, setConfirming] = useState(false);
  const user = useSelector(selectCurrentUser);
  const approver = isNamedApprover(run.playbooks?.spec, user);
  if (!canWrite && !approver) return null;
  const again = canWrite ? rerunArgs(run) : undefined;
  return (
    <div className="mc-run-buttons" role="group" aria-label="Run actions">
      {run.status === 'pending_approval' && (
        <Button
          intent="success"
          icon="tick"
          text="Approve"
          loading={approving.isLoading}
          onClick={() => void approve(run.id)}
        />
      )}
      {canWrite && isLiveStatus(run.status) && (
        <Button intent="danger" icon="stop" text="Cancel" onClick={() => setConfirming(true)} />
      )}
      {again && (
        <Button
          icon="repeat"
          text="Re-run"
          loading={rerunning.isLoading}
          onClick={async () => {
            const started = await rerun(again);
            if ('data' in started && started.data) {
              void navigate(paths.playbookRun.getHref(started.data.run_id));
            }
          }}
        />
      )}
      {again && <ResubmitButton run={run} again={again} />}
      <ConfirmDialog
        isOpen={confirming}
        title="Cancel Playbook Run"
        icon="stop"
        confirmText="Cancel Run"
        onConfirm={async () => ('error' in (await cancel(run.id)) ? false : true)}
        onClose={() => setConfirming(false)}
      >
        Are you sure you want to cancel this playbook run?
      </ConfirmDialog>
    </div>
  );
}
