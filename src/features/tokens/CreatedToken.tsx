import { Button, Callout, Classes, DialogBody, DialogFooter, H5 } from '@blueprintjs/core';
import { useMemo } from 'react';
import { directBackendUrl } from '../../api/directBackend';
import { McpClientTabs } from './McpClientTabs';
import { mcpUrl } from './mcpClients';
import { useAppDispatch } from '../../shell/hooks';

/** How a hidden token is shown: the same number of dots whatever its length. */
export const HIDDEN_TOKEN = '•'.repeat(32);

export interface CreatedTokenProps {
  token: string;
  /** Shown in clear rather than as dots. */
  revealed: boolean;
  /** Show how to connect MCP clients with the token. */
  showMcp: boolean;
  onReveal: () => void;
  onHide: () => void;
  onCopy: () => void;
  onClose: () => void;
}

function consoleOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** The new token, once: hidden until revealed, copyable, and for MCP the client settings. */
export function CreatedToken({
  token,
  revealed,
  showMcp,
  onReveal,
  onHide,
  onCopy,
  onClose,
}: CreatedTokenProps) {
  const shownToken = revealed ? token : HIDDEN_TOKEN;
  const dispatch = useAppDispatch();
  const url = useMemo(() => mcpUrl(consoleOrigin(), dispatch(directBackendUrl())), [dispatch]);
  return (
    <>
      <DialogBody>
        <Callout intent="warning" icon="warning-sign">
          Copy the token now. It is not shown again once this dialog is closed.
        </Callout>
        <div className="mc-token-value">
          <code className={Classes.CODE} aria-label="Token">
            {shownToken}
          </code>
          <Button
            variant="minimal"
            icon={revealed ? 'eye-off' : 'eye-open'}
            aria-label={revealed ? 'Hide token' : 'Show token'}
            onClick={revealed ? onHide : onReveal}
          />
          <Button variant="minimal" icon="clipboard" aria-label="Copy token" onClick={onCopy} />
        </div>
        {showMcp && (
          <section aria-label="MCP client configuration">
            <H5>Connect an MCP client</H5>
            <McpClientTabs url={url} shownToken={shownToken} token={token} />
          </section>
        )}
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text="Done" onClick={onClose} />} />
    </>
  );
}
