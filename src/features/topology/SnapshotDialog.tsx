import {
  Button,
  Callout,
  Checkbox,
  DialogBody,
  DialogFooter,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { useState } from 'react';
import type { SnapshotWindow } from '../../api/endpoints/topology';
import {
  SNAPSHOT_WINDOWS,
  useDownloadTopologySnapshotMutation,
} from '../../api/endpoints/topology';
import { toErrorMessage } from '../../api/errors';
import type { TopologyComponent } from '../../api/schemas/topology';
import { AppDialog } from '../../ui/AppDialog';
import { componentName } from './model/component';

/** What each snapshot window is called. */
export const SNAPSHOT_WINDOW_LABELS: Record<SnapshotWindow, string> = {
  '15m': 'Last 15 minutes',
  '1h': 'Last hour',
  '6h': 'Last 6 hours',
  '1d': 'Last day',
};

export interface SnapshotDialogProps {
  /** The component whose snapshot is downloaded; the dialog is closed without one. */
  component: TopologyComponent | null;
  onClose: () => void;
}

/**
 * Downloads a component's snapshot (TOPO-10): the window it covers (15 minutes by default) and
 * whether related configs are included. A failure is shown in the dialog, which stays open.
 */
export function SnapshotDialog({ component, onClose }: SnapshotDialogProps) {
  const [start, setStart] = useState<SnapshotWindow>('15m');
  const [related, setRelated] = useState(true);
  const [download, { isLoading, error, reset }] = useDownloadTopologySnapshotMutation();

  const close = () => {
    reset();
    onClose();
  };
  const submit = async () => {
    if (!component) return;
    const result = await download({ id: component.id, start, related });
    // The endpoint's outcome says where it was saved; a failure stays in the dialog.
    if ('data' in result && result.data) close();
  };

  return (
    <AppDialog
      isOpen={component !== null}
      onClose={close}
      title={component ? `Download snapshot of ${componentName(component)}` : 'Download snapshot'}
      icon="download"
      size="small"
      expandable={false}
    >
      <DialogBody>
        <RadioGroup
          label="Window"
          selectedValue={start}
          onChange={(event) => setStart(event.currentTarget.value as SnapshotWindow)}
        >
          {SNAPSHOT_WINDOWS.map((window) => (
            <Radio key={window} value={window} label={SNAPSHOT_WINDOW_LABELS[window]} />
          ))}
        </RadioGroup>
        <Checkbox
          label="Include related configs"
          checked={related}
          onChange={(event) => setRelated(event.currentTarget.checked)}
        />
        {error && (
          <Callout intent="danger" title="Could not download the snapshot" role="alert">
            {toErrorMessage(error)}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={close} />
            <Button
              intent="primary"
              icon="download"
              text="Download"
              loading={isLoading}
              onClick={() => void submit()}
            />
          </>
        }
      />
    </AppDialog>
  );
}
