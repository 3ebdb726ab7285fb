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

/** One copyable text of the instructions under its heading; its label names the copy. */
function Instruction({ label, text, block }: { label: string; text: string; block?: boolean }) {
  return (
    <>
      <H5>{label}</H5>
      <CopyableText
        label={label}
        text={text}
        copiedMessage={`${label} copied to clipboard`}
        block={block}
      />
    </>
  );
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
        <Instruction label={INSTRUCTION_LABELS.username} text={credentials.username} />
        <Instruction label={INSTRUCTION_LABELS.token} text={credentials.accessToken} />
        <Instruction label={INSTRUCTION_LABELS.values} text={agentHelmValues(credentials)} block />
        <Instruction
          label={INSTRUCTION_LABELS.command}
          text={agentHelmCommand(credentials)}
          block
        />
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text="Done" onClick={onClose} />} />
    </>
  );
}
