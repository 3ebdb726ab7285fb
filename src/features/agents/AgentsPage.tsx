import { Button } from '@blueprintjs/core';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { agentTags, DEFAULT_AGENT_SORT, useGetAgentsPageQuery } from '../../api/endpoints/agents';
import type { AgentSummary } from '../../api/schemas/agents';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { DataTable } from '../../ui/DataTable/DataTable';
import { Pager } from '../../ui/Pager';
import { PageExtras, usePageHeader } from '../../ui/pageHeader';
import { tableQueryState } from '../../widgets/tableQueryState';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { useListPage } from '../../widgets/useListPage';
import { AgentDialog } from './AgentDialog';
import { agentColumns } from './agentColumns';
import { REGISTER_AGENT_TITLE, RegisterAgentDialog } from './RegisterAgentDialog';
import './agents.css';

export const AGENTS_TITLE = 'Agents';
/** The table's accessible name and the title of its error state. */
export const AGENTS_TABLE_LABEL = 'Agents';
export const AGENTS_ERROR = 'Error loading agents';
export const NO_AGENTS = 'No agents registered';
/** The address parameter of the open agent. */
export const AGENT_ID_PARAM = 'id';

/**
 * `/settings/agents`: the agents a page at a time (AGENT-01) with their last report (marked
 * stale when silent too long) and counts; page and sort in the address, `?id=` opens an agent's
 * dialog. Users who may write agents register new ones.
 */
export function AgentsPage() {
  usePageHeader({ title: AGENTS_TITLE, onRefresh: useInvalidateTags(agentTags) });
  const canRegister = useCan('agents', 'write');
  const list = useListPage({ defaultSort: DEFAULT_AGENT_SORT });
  const [params, setParams] = useSearchParams();
  const openId = params.get(AGENT_ID_PARAM) ?? undefined;
  const [registering, setRegistering] = useState(false);

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

  const setOpenId = useCallback(
    (id: string | undefined) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(AGENT_ID_PARAM, id);
        else next.delete(AGENT_ID_PARAM);
        return next;
      }),
    [setParams],
  );

  return (
    <div className="mc-page mc-agents">
      {canRegister && (
        <PageExtras>
          <Button
            intent="primary"
            icon="plus"
            text={REGISTER_AGENT_TITLE}
            onClick={() => setRegistering(true)}
          />
        </PageExtras>
      )}
      <DataTable<AgentSummary>
        aria-label={AGENTS_TABLE_LABEL}
        columns={columns}
        rows={rows}
        getRowId={(agent) => agent.id}
        onRowOpen={(agent) => setOpenId(agent.id)}
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
      {openId && <AgentDialog key={openId} id={openId} onClose={() => setOpenId(undefined)} />}
      <RegisterAgentDialog isOpen={registering} onClose={() => setRegistering(false)} />
    </div>
  );
}
