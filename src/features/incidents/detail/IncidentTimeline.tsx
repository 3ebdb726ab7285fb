import { Classes } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useGetIncidentHistoryQuery } from '../../../api/endpoints/incidents';
import { relativeOrDate } from '../../../lib/relativeTime';
import { useFormatDate } from '../../../shell/useFormatDate';
import { PersonAvatar } from '../../../ui/Avatar';
import { QueryView } from '../../../ui/QueryView';
import { queryViewState } from '../../../widgets/tableQueryState';
import { actorOf, describeHistory, newestFirst } from './model/timeline';

export const TIMELINE_MESSAGES = {
  loadError: 'Error loading the timeline',
  empty: 'Nothing has happened yet.',
} as const;

/** The incident's changelog (INC-07), newest first: who did what, and when. */
export function IncidentTimeline({ incidentId }: { incidentId: string }) {
  const query = useGetIncidentHistoryQuery(incidentId);
  const formatDate = useFormatDate();
  const { data } = query;
  const entries = useMemo(() => (data ? newestFirst(data) : undefined), [data]);

  return (
    <section className="mc-incident-panel" aria-labelledby="mc-incident-timeline">
      <h3 id="mc-incident-timeline" className={Classes.HEADING}>
        Timeline
      </h3>
      <QueryView
        {...queryViewState(query)}
        data={entries}
        size="panel"
        loadingLabel="Loading the timeline"
        errorTitle={TIMELINE_MESSAGES.loadError}
        isEmpty={(rows) => rows.length === 0}
        empty={{ text: TIMELINE_MESSAGES.empty, icon: 'history' }}
      >
        {(rows) => (
          <ol className="mc-incident-timeline" aria-label="Timeline">
            {rows.map((entry) => (
              <li key={entry.id} className="mc-incident-timeline-entry">
                <PersonAvatar
                  person={{ name: actorOf(entry), avatar: entry.created_by?.avatar }}
                  decorative
                />
                <span className="mc-incident-timeline-text">{describeHistory(entry)}</span>
                {entry.created_at && (
                  <time
                    className={Classes.TEXT_MUTED}
                    dateTime={entry.created_at}
                    title={formatDate(entry.created_at)}
                  >
                    {relativeOrDate(entry.created_at, formatDate)}
                  </time>
                )}
              </li>
            ))}
          </ol>
        )}
      </QueryView>
    </section>
  );
}
