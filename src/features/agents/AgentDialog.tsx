import { Button, DialogBody, DialogFooter, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import {
  useDeleteAgentMutation,
  useGetAgentSummaryQuery,
  useUpdateAgentMutation,
} from '../../api/endpoints/agents';
import type { AgentSummary } from '../../api/schemas/agents';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { AppDialog } from '../../ui/AppDialog';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DetailField } from '../../ui/DetailField';
import { FormDialog } from '../../ui/form/FormDialog';
import { KeyValueMapField } from '../../ui/form/KeyValueMapField';
import { QueryView } from '../../ui/QueryView';
import { queryViewState } from '../../widgets/tableQueryState';
import { LastSeen } from './agentColumns';
import { agentCount, agentCreator } from './model/agentRow';

/** The texts of the dialog. */
export const AGENT_DIALOG_TEXT = {
  notFound: 'Agent not found',
  loadFailed: 'The agent could not be loaded',
  deleteTitle: 'Delete agent',
  cleanup: 'Clean up: also delete what the agent reported (configs, checks, scrapers)',
} as const;

/** The properties as the form edits them: every value as text. */
export function agentProperties(agent: AgentSummary): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const [key, value] of Object.entries(agent.properties ?? {})) {
    properties[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return properties;
}

interface PropertiesValues {
  properties?: Record<string, string>;
}

function AgentDetails({ agent }: { agent: AgentSummary }) {
  const formatDate = useFormatDate();
  const [now] = useState(() => new Date());
  return (
    <dl className="mc-agent-details">
      <DetailField term="Description">{agent.description}</DetailField>
      <DetailField term="Hostname">{agent.hostname}</DetailField>
      <DetailField term="Version">{agent.version}</DetailField>
      <DetailField term="IP">{agent.ip}</DetailField>
      <DetailField term="Username">{agent.username}</DetailField>
      <DetailField term="Last Seen">
        <LastSeen agent={agent} now={now} formatDate={formatDate} />
      </DetailField>
      <DetailField term="Counts">
        {`${agentCount(agent.config_count)} configs, ${agentCount(agent.checks_count)} checks, ` +
          `${agentCount(agent.config_scrapper_count)} scrapers, ` +
          `${agentCount(agent.playbook_runs_count)} playbook runs`}
      </DetailField>
      <DetailField term="Created By">{agentCreator(agent)}</DetailField>
      <DetailField term="Created">
        {agent.created_at ? formatDate(agent.created_at) : ''}
      </DetailField>
    </dl>
  );
}

export interface AgentDialogProps {
  /** The agent shown (AGENT-02). */
  id: string;
  /** Closes the dialog (the page drops `?id=`). */
  onClose: () => void;
}

/**
 * One agent (`?id=`): its summary (AGENT-02), its properties edited for users who may write
 * agents (AGENT-04), and Delete with the optional cleanup, after confirmation (AGENT-05).
 */
export function AgentDialog({ id, onClose }: AgentDialogProps) {
  const query = useGetAgentSummaryQuery(id);
  const { data: agent, isLoading, error } = query;
  const canWrite = useCan('agents', 'write');
  const [updateAgent] = useUpdateAgentMutation();
  const [deleteAgent] = useDeleteAgentMutation();
  const [confirming, setConfirming] = useState(false);
  const [cleanup, setCleanup] = useState(false);

  if (error || (!isLoading && !agent)) {
    return (
      <AppDialog
        isOpen
        onClose={onClose}
        title={AGENT_DIALOG_TEXT.notFound}
        size="small"
        icon="error"
      >
        <DialogBody>
          {/* Shown only when the agent could not be read or is gone: never the content. */}
          <QueryView
            {...queryViewState(query)}
            data={null}
            loadingLabel="Loading agent"
            errorTitle={AGENT_DIALOG_TEXT.loadFailed}
            notFound={{ title: AGENT_DIALOG_TEXT.notFound }}
          >
            {() => null}
          </QueryView>
        </DialogBody>
        <DialogFooter actions={<Button text="Close" onClick={onClose} />} />
      </AppDialog>
    );
  }

  return (
    <>
      <FormDialog<PropertiesValues>
        title={agent?.name ?? 'Agent'}
        icon="data-connection"
        size="medium"
        mode="edit"
        loading={isLoading || !agent}
        readOnly={!canWrite}
        initialValues={agent ? { properties: agentProperties(agent) } : {}}
        onClose={onClose}
        onSubmit={async (values) => {
          await updateAgent({ id, properties: values.properties ?? {} }).unwrap();
        }}
        extraActions={
          canWrite && (
            <Button
              intent="danger"
              variant="minimal"
              icon="trash"
              text="Delete"
              onClick={() => {
                setCleanup(false);
                setConfirming(true);
              }}
            />
          )
        }
      >
        {agent && <AgentDetails agent={agent} />}
        <KeyValueMapField name="properties" label="Properties" />
      </FormDialog>
      <ConfirmDialog
        isOpen={confirming}
        title={AGENT_DIALOG_TEXT.deleteTitle}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await deleteAgent({ id, cleanup }).unwrap();
          onClose();
        }}
      >
        <p>
          Are you sure you want to delete the agent <strong>{agent?.name}</strong>?
        </p>
        <Switch
          label={AGENT_DIALOG_TEXT.cleanup}
          checked={cleanup}
          onChange={(event) => setCleanup(event.currentTarget.checked)}
        />
      </ConfirmDialog>
    </>
  );
}
