import { useMemo } from 'react';
import { agentTags, DEFAULT_AGENT_SORT, useGetAgentsPageQuery } from '../../api/endpoints/agents';
import type { AgentSummary } from '../../api/schemas/agents';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { DataTable } from '../../ui/DataTable/DataTable';
import { Pager } from '../../ui/Pager';
import { PageAction, usePageHeader } from '../../ui/pageHeader';
import { tableQueryState } from '../../widgets/tableQueryState';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { useListPage } from '../../widgets/useListPage';
import { useRecordDialog } from '../../widgets/useRecordDialog';
import { AgentDialog } from './AgentDialog';
import { agentColumns } from './agentColumns';
import { REGISTER_AGENT_TITLE, RegisterAgentDialog } from './RegisterAgentDialog';
import './agents.css';

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
  usePageHeader({ title: AGENTS_TITLE, onRefresh: useInvalidateTags(agentTags) });
  const canRegister = useCan('agents', 'write');
  const list = useListPage({ defaultSort: DEFAULT_AGENT_SORT });
  const dialog = useRecordDialog();
  const { state } = dialog;

  const { pageIndex, pageSize, sortBy, sortOrder } = list.state;
  const { data, isLoading, isFetching, error, refetch, fulfilledTimeStamp } = useGetAgentsPageQuery(
    { pageIndex, pageSize, sortBy, sortOrder },
  );
  const rows = data?.rows ?? [];

  const formatDate = useFormatDate();
  const now = useMemo(
    () => (fulfilledTimeStamp ? new Date(fulfilledTimeStamp) : new Date()),
    [fulfilledTimeStamp],
  );
  const columns = useMemo(() => agentColumns({ formatDate, now }), [formatDate, now]);

  return (
    <div className="mc-page mc-agents">
      <PageAction allowed={canRegister} text={REGISTER_AGENT_TITLE} onClick={dialog.openCreate} />
      <DataTable<AgentSummary>
        aria-label={AGENTS_TABLE_LABEL}
        columns={columns}
        rows={rows}
        getRowId={(agent) => agent.id}
        onRowOpen={(agent) => dialog.openEdit(agent.id)}
        rowLabel={(agent) => agent.name}
        sort={list.sort}
        onSortChange={list.setSort}
        emptyText={NO_AGENTS}
        {...tableQueryState({ isLoading, isFetching, error, refetch })}
        errorTitle={AGENTS_ERROR}
      />
      {!isLoading && !error && (
        <Pager {...list.pagerProps(data?.total ?? 0, rows.length)} disabled={isFetching} />
      )}
      {state.mode === 'edit' && <AgentDialog key={state.id} id={state.id} onClose={dialog.close} />}
      <RegisterAgentDialog isOpen={state.mode === 'create' && canRegister} onClose={dialog.close} />
    </div>
  );
}
