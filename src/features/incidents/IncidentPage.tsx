import { Link, useParams } from 'react-router-dom';
import { incidentPageTags, useGetIncidentQuery } from '../../api/endpoints/incidents';
import type { IncidentDetail } from '../../api/schemas/incidents';
import { useCan } from '../../auth/hooks';
import { paths } from '../../shell/paths';
import { usePageHeader } from '../../ui/pageHeader';
import { QueryView } from '../../ui/QueryView';
import { queryViewState } from '../../widgets/tableQueryState';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { IncidentDescription } from './detail/IncidentDescription';
import { IncidentHeader } from './detail/IncidentHeader';
import { IncidentTimeline } from './detail/IncidentTimeline';
import { RespondersPanel } from './detail/RespondersPanel';
import { isIncidentId } from './detail/model/page';
import { HypothesisTree } from './hypotheses/HypothesisTree';
import './incidents.css';

/** The top bar's title until the incident's title is known. */
export const INCIDENT_TITLE = 'Incident';
export const NOT_FOUND_TITLE = 'Incident not found';
export const LOAD_ERROR_TITLE = 'Error loading the incident';

function IncidentView({ incident }: { incident: IncidentDetail }) {
  const canEdit = useCan('incident', 'write');
  const canEditResponders = useCan('responder', 'write');
  return (
    <div className="mc-incident-layout">
      <div className="mc-incident-main">
        <IncidentHeader incident={incident} canEdit={canEdit} />
        <IncidentDescription incident={incident} canEdit={canEdit} />
        <div className="mc-incident-section">
          <HypothesisTree incident={incident} canEdit={canEdit} />
        </div>
      </div>
      <aside className="mc-incident-side" aria-label="Responders and timeline">
        <RespondersPanel incidentId={incident.id} canEdit={canEditResponders} />
        <IncidentTimeline incidentId={incident.id} />
      </aside>
    </div>
  );
}

/**
 * `/incidents/:id`: one incident (INC-02) — its header with the fields a commander changes,
 * the description and the hypotheses tree beside the responders and the timeline. Writers
 * edit in place; everyone else sees the same page read-only.
 */
export function IncidentPage() {
  const { id = '' } = useParams();
  const valid = isIncidentId(id);
  const query = useGetIncidentQuery(id, { skip: !valid });
  usePageHeader({
    title: query.data?.title || INCIDENT_TITLE,
    onRefresh: useInvalidateTags(incidentPageTags(id)),
  });

  return (
    <div className="mc-page mc-incident">
      <QueryView
        {...queryViewState(query)}
        loadingLabel="Loading incident"
        errorTitle={LOAD_ERROR_TITLE}
        notFound={{
          title: NOT_FOUND_TITLE,
          description: 'It may have been removed, or the address is wrong.',
          action: <Link to={paths.incidents.getHref()}>Back to incidents</Link>,
        }}
      >
        {(incident) => <IncidentView incident={incident} />}
      </QueryView>
    </div>
  );
}
