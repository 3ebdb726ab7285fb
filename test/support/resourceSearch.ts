import { HttpResponse, http } from 'msw';
import { server } from './msw';

/** A resource MISC-03 can find. */
export interface Searchable {
  id: string;
  name: string;
  type?: string;
  namespace?: string;
}

/** The body of a MISC-03 search: per kind, its selectors. */
export type SearchBody = Record<string, Array<{ search?: string; id?: string }>>;

/**
 * `POST /api/resources/search` (MISC-03) over fixed resources per kind: each kind asked answers
 * the resources whose name holds the selector's `search` (case-insensitive), and only the one
 * with the selector's `id` when it names one; kinds that find nothing are left out, as the
 * server does. Returns the bodies received, in order.
 */
export function resourceSearch(resources: Record<string, readonly Searchable[]>): SearchBody[] {
  const searches: SearchBody[] = [];
  server.use(
    http.post('*/api/resources/search', async ({ request }) => {
      const body = (await request.json()) as SearchBody;
      searches.push(body);
      const answer: Record<string, Searchable[]> = {};
      for (const [kind, selectors] of Object.entries(body)) {
        const text = (selectors[0]?.search ?? '').toLowerCase();
        const id = selectors[0]?.id;
        const found = (resources[kind] ?? []).filter(
          (r) => r.name.toLowerCase().includes(text) && (id === undefined || r.id === id),
        );
        if (found.length > 0) answer[kind] = found;
      }
      return HttpResponse.json(answer);
    }),
  );
  return searches;
}
