/** The event queue's status (api.md §19, EVQ-01): pending and failed events per event name. */
import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { pg } from '../postgrest';
import type { EventQueueRow } from '../schemas/eventQueue';
import { EventQueueRowsStruct } from '../schemas/eventQueue';
import { responseSchema } from '../validate';

/** EVQ-01: `event_queue_summary?order=last_failure.desc`. */
export function eventQueueRequest(): RequestArgs {
  return pg('event_queue_summary').order('last_failure', 'desc').toRequest();
}

export const eventQueueApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** EVQ-01: one row per event name, the latest failure first. */
    getEventQueueStatus: build.query<EventQueueRow[], void>({
      query: eventQueueRequest,
      responseSchema: responseSchema(EventQueueRowsStruct, 'GET /api/db/event_queue_summary'),
      providesTags: [{ type: 'EventQueue', id: 'LIST' }],
    }),
  }),
});

export const { useGetEventQueueStatusQuery } = eventQueueApi;

// ---------------------------------------------------------------- page tags

/** What the event queue page's Refresh reloads. */
export const eventQueueTags = [{ type: 'EventQueue', id: 'LIST' }] as const;
