import { eventQueueTags, useGetEventQueueStatusQuery } from '../../api/endpoints/eventQueue';
import type { EventQueueRow } from '../../api/schemas/eventQueue';
import { ListPage } from '../../widgets/ListPage';
import { eventQueueColumns, eventQueueSortValue } from './eventQueueColumns';
import './eventQueue.css';
import { useClockColumns } from '../../widgets/useAnsweredAt';
import { useListScreen } from '../../widgets/useListScreen';

export const EVENT_QUEUE_TITLE = 'Event Queue';
/** The table's accessible name, the title of its error state and its empty text. */
export const EVENT_QUEUE_LABEL = 'Event queue status';
export const EVENT_QUEUE_ERROR = 'Error loading the event queue';
export const EVENT_QUEUE_EMPTY = 'The event queue is empty';

/**
 * `/settings/event-queue-status`: per event name, the events waiting and failed, their average
 * attempts, first and last failure and most common error (EVQ-01). The server's order (latest
 * failure first) until a column is sorted; the sort is in the address.
 */
export function EventQueuePage() {
  const list = useListScreen({ title: EVENT_QUEUE_TITLE, refreshTags: eventQueueTags });
  const query = useGetEventQueueStatusQuery();
  const columns = useClockColumns(eventQueueColumns, query.fulfilledTimeStamp);
  const rows = query.data ?? [];
  return (
    <ListPage<EventQueueRow>
      pageClassName="mc-event-queue"
      aria-label={EVENT_QUEUE_LABEL}
      columns={columns}
      rows={list.state.sortBy ? list.sortLocally(rows, eventQueueSortValue) : rows}
      getRowId={(row) => row.name}
      list={list}
      query={query}
      errorTitle={EVENT_QUEUE_ERROR}
      empty={EVENT_QUEUE_EMPTY}
    />
  );
}
