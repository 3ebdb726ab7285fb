import { Button } from '@blueprintjs/core';
import { Suspense, lazy, useState } from 'react';
import { useCan, useFeatureFlags } from '../../../auth/hooks';
import type { AttachAsEvidenceProps } from '../../../widgets/slots/slotTypes';

export const ATTACH_AS_EVIDENCE = 'Attach as Evidence';

// The dialog (the machine, the incident search) loads when it is first opened.
const LinkToIncidentDialog = lazy(async () => ({
  default: (await import('./LinkToIncidentDialog')).LinkToIncidentDialog,
}));

/**
 * "Attach as Evidence": opens Link to Incident for `evidence`. Shown only to users who may write
 * incidents, and only while the incidents feature is on (spec 002 §6.1); hidden until the feature
 * flags are known. The app supplies it to the other areas as the `AttachAsEvidence` slot.
 */
export function AttachAsEvidenceButton({ evidence, onClose, container }: AttachAsEvidenceProps) {
  const canWrite = useCan('incident', 'write');
  const { flags, isLoading } = useFeatureFlags();
  const [open, setOpen] = useState(false);
  if (!canWrite || isLoading || !flags.isEnabled('incidents')) return null;
  const button = (
    <Button icon="add-to-artifact" text={ATTACH_AS_EVIDENCE} onClick={() => setOpen(true)} />
  );
  return (
    <>
      {container ? container(button) : button}
      {open && (
        <Suspense fallback={null}>
          <LinkToIncidentDialog
            evidence={evidence}
            onClose={(linked) => {
              setOpen(false);
              onClose?.(linked);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
