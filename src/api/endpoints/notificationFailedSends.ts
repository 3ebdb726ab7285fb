/**
 * The count of failed notification sends the top bar's bell shows (NOTIF-07 counted), apart
 * from the rest of the notification history's endpoints (`./notificationHistory`): the shell
 * loads with every page, the history's pages only where they are opened.
 */
import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { totalOf } from '../pages';
import { pg } from '../postgrest';
import type { NotificationSend } from '../schemas/notificationHistory';
import { NotificationSendsStruct } from '../schemas/notificationHistory';
import { responseSchema } from '../validate';

/** The relation of NOTIF-07 and NOTIF-08. */
export const HISTORY_VIEW = 'notification_send_history_summary';

/** The status of a failed send, and the window the bell counts them over (datemath). */
export const FAILED_STATUS = 'error';
export const FAILED_WINDOW = 'now-24h';

/**
 * NOTIF-07 for the bell: one row of the failed sends (`status.filter=error`) created in the
 * last 24 hours (`created_at.filter=>now-24h`, api.md §3), with the count header; only the
 * count is read. The window is datemath, so the request is the same on every poll.
 */
export function failedSendCountRequest(): RequestArgs {
  return pg(HISTORY_VIEW)
    .select('*')
    .order('created_at', 'desc')
    .limit(1)
    .filter('status', FAILED_STATUS)
    .filter('created_at', `>${FAILED_WINDOW}`)
    .count()
    .toRequest();
}

const notificationFailedSendsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** NOTIF-07 counted: failed sends of the last 24 hours (the bell's badge). */
    getFailedSendCount: build.query<number, void, NotificationSend[]>({
      query: failedSendCountRequest,
      rawResponseSchema: responseSchema(NotificationSendsStruct, `GET /api/db/${HISTORY_VIEW}`),
      transformResponse: totalOf,
      providesTags: [{ type: 'NotificationHistory', id: 'LIST' }],
    }),
  }),
});

export { notificationFailedSendsApi };
export const { useGetFailedSendCountQuery } = notificationFailedSendsApi;
