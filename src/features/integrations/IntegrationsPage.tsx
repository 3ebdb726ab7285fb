import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { integrationTags, useGetIntegrationsQuery } from '../../api/endpoints/integrations';
import type { IntegrationRow } from '../../api/schemas/integrations';
import { useCan } from '../../auth/hooks';
import { paths } from '../../shell/paths';
import { lazyPart } from '../../ui/LazyPart';
import { ListPage } from '../../widgets/ListPage';
import { useRecordDialog } from '../../widgets/useRecordDialog';
import { integrationColumns } from './integrationColumns';
import { isIntegrationType } from './model/integrationRow';
import './integrations.css';
import { useClockColumns } from '../../widgets/useAnsweredAt';
import { useListScreen } from '../../widgets/useListScreen';

/** The add wizard (its machine, forms and final-form) loads when it opens. */
const AddIntegrationDialog = lazyPart(
  async () => (await import('./AddIntegrationDialog')).AddIntegrationDialog,
);

/** The page's words. */
export const INTEGRATIONS_TEXT = {
  title: 'Integrations',
  table: 'Integrations',
  add: 'Add Integration',
  error: 'Error loading integrations',
} as const;

/**
 * `/settings/integrations`: the scrapers, topologies and log backends with their last job
 * (INT-01), a page at a time with the sort on the server, page and sort in the address. Add
 * Integration (write on `integrations`) opens the wizard (`?new=1`, so a reload keeps it open);
 * a row opens its editor.
 */
export function IntegrationsPage() {
  const list = useListScreen({ title: INTEGRATIONS_TEXT.title, refreshTags: integrationTags });
  const canAdd = useCan('integrations', 'write');
  const navigate = useNavigate();
  const query = useGetIntegrationsQuery(list.state);
  const columns = useClockColumns(integrationColumns, query.fulfilledTimeStamp);
  const dialog = useRecordDialog();
  const open = useCallback(
    (row: IntegrationRow) => {
      if (isIntegrationType(row.integration_type)) {
        navigate(paths.settingsIntegration.getHref(row.integration_type, row.id));
      }
    },
    [navigate],
  );

  return (
    <ListPage<IntegrationRow>
      pageClassName="mc-integrations"
      action={{ allowed: canAdd, text: INTEGRATIONS_TEXT.add, onClick: dialog.openCreate }}
      aria-label={INTEGRATIONS_TEXT.table}
      columns={columns}
      rows={query.data?.rows ?? []}
      getRowId={(row) => `${row.integration_type ?? ''}:${row.id}`}
      rowLabel={(row) => row.name ?? row.id}
      onRowOpen={open}
      list={list}
      total={query.data?.total ?? 0}
      query={query}
      errorTitle={INTEGRATIONS_TEXT.error}
    >
      {dialog.state.mode === 'create' && canAdd && <AddIntegrationDialog onClose={dialog.close} />}
    </ListPage>
  );
}
