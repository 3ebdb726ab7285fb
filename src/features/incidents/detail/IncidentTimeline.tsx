import { Button, Callout, Classes, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useGetIncidentHistoryQuery } from '../../../api/endpoints/incidents';
import { toErrorMessage } from '../../../api/errors';
import { relativeOrDate } from '../../../lib/relativeTime';
import { useFormatDate } from '../../../shell/useFormatDate';
import { PersonAvatar } from '../../../ui/Avatar';
import { actorOf, describeHistory, newestFirst } from './model/timeline';

export const TIMELINE_MESSAGES = {
  loadError: 'Error loading the timeline',
  empty: 'Nothing has happened yet.',
} as const;

/** The incident's changelog (INC-07), newest first: who did what, and when. */
export function IncidentTimeline({ incidentId }: { incidentId: string }) {
  const { data, error, isLoading, isFetching, refetch } = useGetIncidentHistoryQuery(incidentId);
  const formatDate = useFormatDate();
  const entries = useMemo(() => newestFirst(data ?? []), [data]);

  let content;
  if (isLoading) {
    content = <Spinner size={20} aria-label="Loading the timeline" />;
  } else if (error) {
    content = (
      <Callout intent="danger" title={TIMELINE_MESSAGES.loadError} role="alert">
        <p>{toErrorMessage(error)}</p>
        <Button text="Retry" icon="refresh" loading={isFetching} onClick={() => void refetch()} />
      </Callout>
    );
  } else if (entries.length === 0) {
    content = <NonIdealState icon="history" description={TIMELINE_MESSAGES.empty} />;
  } else {
    content = (
      <ol className="mc-incident-timeline" aria-label="Timeline">
        {entries.map((entry) => (
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
    );
  }
  return (
    <section className="mc-incident-panel" aria-labelledby="mc-incident-timeline">
      <h3 id="mc-incident-timeline" className={Classes.HEADING}>
        Timeline
      </h3>
      {content}
    </section>
  );
}
