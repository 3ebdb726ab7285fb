import { Button, Callout, DialogBody, DialogFooter, H5 } from '@blueprintjs/core';
import { CopyableText } from '../../ui/CopyableText';
import type { AgentCredentials } from './model/installInstructions';
import { agentHelmCommand, agentHelmValues } from './model/installInstructions';

/** What the instructions say about the token, before and when the dialog is closed. */
export const TOKEN_SHOWN_ONCE =
  'Copy the access token now: it will not be shown again once this dialog is closed.';
export const TOKEN_NOT_SHOWN_AGAIN = 'The agent access token will not be shown again.';

/** The copyable texts of the instructions, by their label. */
export const INSTRUCTION_LABELS = {
  values: 'Helm values',
  command: 'Helm command',
  username: 'Username',
  token: 'Access token',
} as const;

export interface InstallInstructionsProps {
  credentials: AgentCredentials;
  /** Done: closes the dialog (the token is forgotten). */
  onClose: () => void;
}

/**
 * The install instructions of a new agent, shown once: the chart's Helm values and the
 * `helm install` command with the agent's upstream, username and access token, each copyable.
 */
export function InstallInstructions({ credentials, onClose }: InstallInstructionsProps) {
  return (
    <>
      <DialogBody className="mc-agent-instructions">
        <Callout intent="warning" icon="warning-sign">
          {TOKEN_SHOWN_ONCE}
        </Callout>
        <H5>{INSTRUCTION_LABELS.username}</H5>
        <CopyableText
          label={INSTRUCTION_LABELS.username}
          text={credentials.username}
          copiedMessage={`${INSTRUCTION_LABELS.username} copied to clipboard`}
        />
        <H5>{INSTRUCTION_LABELS.token}</H5>
        <CopyableText
          label={INSTRUCTION_LABELS.token}
          text={credentials.accessToken}
          copiedMessage={`${INSTRUCTION_LABELS.token} copied to clipboard`}
        />
        <H5>{INSTRUCTION_LABELS.values}</H5>
        <CopyableText
          label={INSTRUCTION_LABELS.values}
          text={agentHelmValues(credentials)}
          copiedMessage={`${INSTRUCTION_LABELS.values} copied to clipboard`}
          block
        />
        <H5>{INSTRUCTION_LABELS.command}</H5>
        <CopyableText
          label={INSTRUCTION_LABELS.command}
          text={agentHelmCommand(credentials)}
          copiedMessage={`${INSTRUCTION_LABELS.command} copied to clipboard`}
          block
        />
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text="Done" onClick={onClose} />} />
    </>
  );
}
