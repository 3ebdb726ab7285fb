import { useState } from 'react';
import { useRegisterAgentMutation } from '../../api/endpoints/agents';
import { outcomeAnnounced } from '../../api/outcomes';
import { useAppDispatch } from '../../shell/hooks';
import { FormDialog } from '../../ui/form/FormDialog';
import { KeyValueMapField } from '../../ui/form/KeyValueMapField';
import { TextField } from '../../ui/form/TextField';
import { InstallInstructions, TOKEN_NOT_SHOWN_AGAIN } from './InstallInstructions';
import type { AgentCredentials } from './model/installInstructions';
import { REGISTER_AGENT_TITLE, upstreamHost } from './model/installInstructions';

export { REGISTER_AGENT_TITLE };
export const AGENT_REGISTERED_TITLE = 'Install the agent';

/** The register form's values. */
export interface RegisterAgentValues {
  name?: string;
  properties?: Record<string, string>;
}

export interface RegisterAgentDialogProps {
  /** Each opening starts a new form. */
  isOpen: boolean;
  /** Called once the dialog is closed; the token is forgotten by then. */
  onClose: () => void;
}

function consoleOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

function RegisterAgent({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [register] = useRegisterAgentMutation();
  const [credentials, setCredentials] = useState<AgentCredentials>();
  const close = () => {
    if (credentials) dispatch(outcomeAnnounced({ kind: 'info', message: TOKEN_NOT_SHOWN_AGAIN }));
    onClose();
  };
  return (
    <FormDialog<RegisterAgentValues>
      title={credentials ? AGENT_REGISTERED_TITLE : REGISTER_AGENT_TITLE}
      icon={credentials ? 'tick-circle' : 'data-connection'}
      size={credentials ? 'medium' : 'small'}
      initialValues={{}}
      submitText="Register"
      busyText="Registering"
      closeOnSuccess={false}
      onClose={close}
      onSubmit={async (values) => {
        const name = (values.name ?? '').trim();
        const agent = await register({ name, properties: values.properties ?? {} }).unwrap();
        setCredentials({
          name,
          username: agent.username,
          accessToken: agent.access_token,
          upstreamHost: upstreamHost(consoleOrigin()),
        });
      }}
      outcome={
        credentials ? <InstallInstructions credentials={credentials} onClose={close} /> : undefined
      }
    >
      <TextField name="name" label="Name" required autoFocus />
      <KeyValueMapField name="properties" label="Properties" />
    </FormDialog>
  );
}

/**
 * Registers an agent (AGENT-03): its name and properties, then the install instructions with
 * the returned credentials, shown once. Closing says that the token will not be shown again.
 */
export function RegisterAgentDialog({ isOpen, onClose }: RegisterAgentDialogProps) {
  return isOpen ? <RegisterAgent onClose={onClose} /> : null;
}
