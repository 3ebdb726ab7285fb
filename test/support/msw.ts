import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The bell's count of failed sends (NOTIF-07 narrowed by `created_at.filter`), asked by the
 * top bar on every page: none failed, unless a test answers it itself (its handlers, added
 * with `server.use`, come first). Any other read of the view falls through to the test.
 */
const quietBell = http.get('*/api/db/notification_send_history_summary', ({ request }) => {
  if (!new URL(request.url).searchParams.has('created_at.filter')) return undefined;
  return HttpResponse.json([], { headers: { 'Content-Range': '*/0' } });
});

/** The network of component tests: every request must be answered by a handler of the test. */
export const server = setupServer(quietBell);
