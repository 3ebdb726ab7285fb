import { agentTags, DEFAULT_AGENT_SORT, useGetAgentsPageQuery } from '../../api/endpoints/agents';
import type { AgentSummary } from '../../api/schemas/agents';
import { useCan } from '../../auth/hooks';
import { lazyPart } from '../../ui/LazyPart';
import { ListPage } from '../../widgets/ListPage';
import { useRecordDialog } from '../../widgets/useRecordDialog';
import { agentColumns } from './agentColumns';
import { REGISTER_AGENT_TITLE } from './model/installInstructions';
import './agents.css';
import { useClockColumns } from '../../widgets/useAnsweredAt';
import { useListScreen } from '../../widgets/useListScreen';

// The agent's dialog and the register form load when opened, from a click or from the address.
const AgentDialog = lazyPart(async () => (await import('./AgentDialog')).AgentDialog);
const RegisterAgentDialog = lazyPart(
  async () => (await import('./RegisterAgentDialog')).RegisterAgentDialog,
);

export const AGENTS_TITLE = 'Agents';
/** The table's accessible name and the title of its error state. */
export const AGENTS_TABLE_LABEL = 'Agents';
export const AGENTS_ERROR = 'Error loading agents';
export const NO_AGENTS = 'No agents registered';

/**
 * `/settings/agents`: the agents a page at a time (AGENT-01) with their last report (marked
 * stale when silent too long) and counts; page and sort in the address, `?id=` opens an agent's
 * dialog. Users who may write agents register new ones (`?new=1`, so a reload keeps the form;
 * the token shown once registered is never in the address).
 */
export function AgentsPage() {
  const list = useListScreen({
    title: AGENTS_TITLE,
    refreshTags: agentTags,
    defaultSort: DEFAULT_AGENT_SORT,
  });
  const canRegister = useCan('agents', 'write');
  const dialog = useRecordDialog();
  const { state } = dialog;

  const query = useGetAgentsPageQuery(list.state);
  const columns = useClockColumns(agentColumns, query.fulfilledTimeStamp);

  return (
    <ListPage<AgentSummary>
      pageClassName="mc-agents"
      action={{ allowed: canRegister, text: REGISTER_AGENT_TITLE, onClick: dialog.openCreate }}
      aria-label={AGENTS_TABLE_LABEL}
      columns={columns}
      rows={query.data?.rows ?? []}
      getRowId={(agent) => agent.id}
      onRowOpen={(agent) => dialog.openEdit(agent.id)}
      rowLabel={(agent) => agent.name}
      list={list}
      total={query.data?.total ?? 0}
      query={query}
      errorTitle={AGENTS_ERROR}
      empty={NO_AGENTS}
    >
      {state.mode === 'edit' && <AgentDialog key={state.id} id={state.id} onClose={dialog.close} />}
      {state.mode === 'create' && canRegister && (
        <RegisterAgentDialog isOpen onClose={dialog.close} />
      )}
    </ListPage>
  );
}
