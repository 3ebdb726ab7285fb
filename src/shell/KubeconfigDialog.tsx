import { AnchorButton, Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { KUBECONFIG_DOWNLOAD_URL } from '../api/downloads';
import { AppDialog } from '../ui/AppDialog';
import { CopyableText } from '../ui/CopyableText';

export const KUBECONFIG_LEARN_MORE_URL = 'https://flanksource.com/docs/guide/canary-checker';
export const KUBECONFIG_EXPORT_COMMAND = 'export KUBECONFIG=<path of the downloaded file>';
export const KUBECTL_GET_CANARIES = 'kubectl get canaries';

export interface KubeconfigDialogProps {
  /** Whether the dialog is shown. */
  isOpen: boolean;
  onClose: () => void;
}

/** The steps to use the downloaded kubeconfig with kubectl. */
export function KubeconfigDialog({ isOpen, onClose }: KubeconfigDialogProps) {
  return (
    <AppDialog isOpen={isOpen} onClose={onClose} title="Download kubeconfig" icon="download">
      <DialogBody>
        <ol className="mc-steps">
          <li>
            <p>
              Your browser is downloading a kubeconfig file. It holds a new access token for this
              Mission Control. If the download did not start,{' '}
              <a href={KUBECONFIG_DOWNLOAD_URL} target="_blank" rel="noreferrer">
                download it again
              </a>
              .
            </p>
          </li>
          <li>
            <p>Point kubectl at the file:</p>
            <CopyableText
              label="Export command"
              text={KUBECONFIG_EXPORT_COMMAND}
              copyLabel="Copy the export command"
            />
          </li>
          <li>
            <p>Check that it works by listing the health checks:</p>
            <CopyableText
              label="Kubectl command"
              text={KUBECTL_GET_CANARIES}
              copyLabel="Copy the kubectl command"
            />
          </li>
        </ol>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <AnchorButton
              variant="minimal"
              href={KUBECONFIG_LEARN_MORE_URL}
              target="_blank"
              rel="noreferrer"
              endIcon="share"
              text="Learn more"
            />
            <Button intent="primary" text="Done" onClick={onClose} />
          </>
        }
      />
    </AppDialog>
  );
}
