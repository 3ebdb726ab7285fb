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

/**
 * The visit the shell records on every page (`person_analytics`): accepted without a body, and
 * the visits read back (the palette's order of pages): none, unless a test answers them itself.
 */
const quietVisits = [
  http.post('*/api/db/person_analytics', () => new HttpResponse(null, { status: 201 })),
  http.get('*/api/db/person_analytics', () => HttpResponse.json([])),
];

/**
 * The silence pages' probe for maintenance windows: answered as a backend without them (404),
 * unless a test answers it itself.
 */
const noSilenceWindows = http.get('*/api/notification/silence_windows', () =>
  HttpResponse.json({ error: 'not found' }, { status: 404 }),
);

/** Whether a request is the shell's visit of a page, not a write of the page under test. */
export function isPageVisit(request: Request): boolean {
  return new URL(request.url).pathname.endsWith('/api/db/person_analytics');
}

/** The network of component tests: every request must be answered by a handler of the test. */
export const server = setupServer(quietBell, ...quietVisits, noSilenceWindows);
