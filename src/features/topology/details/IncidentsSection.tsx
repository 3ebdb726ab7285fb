import { Classes } from '@blueprintjs/core';
import { useGetComponentIncidentsQuery } from '../../../api/endpoints/topology';
import { useFormatDate } from '../../../shell/useFormatDate';
import { PanelSection, SectionQueryView } from './PanelSection';
import { incidentSeverity, word } from './model';

/** The incidents of the component (INC-04), newest first: title, severity, status, date. */
export function IncidentsSection({ componentId }: { componentId: string }) {
  const formatDate = useFormatDate();
  const query = useGetComponentIncidentsQuery(componentId);
  const incidents = query.data ?? [];
  return (
    <PanelSection title="Incidents" count={query.data?.length} icon="warning-sign">
      <SectionQueryView
        query={query}
        what="incidents"
        empty={incidents.length === 0}
        emptyText="No incidents"
      >
        <ul className={`${Classes.LIST_UNSTYLED} mc-component-list`}>
          {incidents.map((incident) => (
            <li key={incident.id} className="mc-component-incident mc-stack">
              <span className="mc-component-ellipsis" title={incident.title ?? undefined}>
                {incident.title || incident.id}
              </span>
              <span className={Classes.TEXT_MUTED}>
                {[
                  incidentSeverity(incident),
                  word(incident.status),
                  formatDate(incident.created_at),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      </SectionQueryView>
    </PanelSection>
  );
}
