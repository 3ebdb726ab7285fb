import { NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import {
  useDeleteSettingsResourceMutation,
  useGetSettingsResourceQuery,
  useUpdateSettingsResourceMutation,
} from '../../api/endpoints/settingsResources';
import { useCan } from '../../auth/hooks';
import { usePageHeader } from '../../ui/pageHeader';
import type { TypedValues } from '../../widgets/slots/slotTypes';
import { Slot } from '../../widgets/slots/SlotsProvider';
import { lazyPart } from '../../ui/LazyPart';
import type { TopologyFormProps } from './TopologyForm';
import type { IntegrationType } from './model/integrationRow';
import {
  INTEGRATION_ACCESS,
  INTEGRATION_TABLES,
  INTEGRATION_TYPE_LABELS,
  isIntegrationType,
  isManagedElsewhere,
} from './model/integrationRow';
import { mergedRecord, scraperColumns, toScraperValues } from './model/records';
import type { SpecFormOutput } from './model/specForm';
import { INTEGRATION_EDIT_TEXT, Loaded, useBackToList } from './integrationEditParts';
import './integrations.css';

/** The display names of the generic writes' toasts. */
/**
 * The forms edited as a spec (with their YAML) load with the integration that needs them: a
 * scraper's typed editor carries no YAML until its code is shown.
 */
const TopologyForm = lazyPart<TopologyFormProps>(
  async () => (await import('./TopologyForm')).TopologyForm,
);
/** A log backend's editor, with its endpoints (LOG-03), loads only for log backends. */
const LogBackendIntegration = lazyPart<{ id: string }>(
  async () => (await import('./LogBackendIntegration')).LogBackendIntegration,
);

const DISPLAY_NAMES = { topologies: 'Topology', scrapers: 'Catalog Scraper' } as const;

/** A record of a generic settings table (topologies, config_scrapers) by its INT-02 read. */
function GenericIntegration({ type, id }: { type: 'topologies' | 'scrapers'; id: string }) {
  const table = INTEGRATION_TABLES[type];
  const displayName = DISPLAY_NAMES[type];
  const query = useGetSettingsResourceQuery({ table, id }, { refetchOnMountOrArgChange: true });
  usePageHeader({
    title: INTEGRATION_EDIT_TEXT.title(INTEGRATION_TYPE_LABELS[type], query.data?.name),
  });
  const canWrite = useCan(INTEGRATION_ACCESS[type], 'write');
  const [update] = useUpdateSettingsResourceMutation();
  const [remove] = useDeleteSettingsResourceMutation();
  const toList = useBackToList();

  return (
    <Loaded query={query}>
      {(row) => {
        const readOnly = !canWrite || isManagedElsewhere(row.source);
        const save = (values: Record<string, unknown>) =>
          update({ table, displayName, id, resource: mergedRecord(row, values) }).unwrap();
        const del = () => remove({ table, displayName, id }).unwrap();
        if (type === 'topologies') {
          return (
            <TopologyForm
              record={row}
              readOnly={readOnly}
              save={async (values: SpecFormOutput) => {
                await save({ ...values });
                toList();
              }}
              remove={async () => {
                await del();
                toList();
              }}
              onCancel={toList}
            />
          );
        }
        return (
          <Slot
            name="TypedEditor"
            fallback={<NonIdealState icon="disable" title={INTEGRATION_EDIT_TEXT.unavailable} />}
            family="scraper"
            resource={toScraperValues(row)}
            readOnly={readOnly}
            save={(values: TypedValues) => save(scraperColumns(values))}
            remove={del}
            onSaved={toList}
            onDeleted={toList}
            onCancel={toList}
          />
        );
      }}
    </Loaded>
  );
}

/**
 * `/settings/integrations/{type}/{id}` (INT-02): one integration in its editor: a scraper in
 * the typed scraper editor, a topology in the topology form, a log backend in its form. Saving
 * or deleting returns to the integrations.
 */
export function IntegrationEditPage() {
  const params = useParams();
  const type = params.type ?? '';
  const id = params.id ?? '';
  let body: ReactNode;
  if (!isIntegrationType(type)) {
    body = <NonIdealState icon="search" title={INTEGRATION_EDIT_TEXT.unknownType(type)} />;
  } else if ((type as IntegrationType) === 'logging_backends') {
    body = <LogBackendIntegration key={id} id={id} />;
  } else {
    body = (
      <GenericIntegration key={`${type}/${id}`} type={type as 'topologies' | 'scrapers'} id={id} />
    );
  }
  return <div className="mc-page mc-integration-edit">{body}</div>;
}
