import { baseApi } from '../baseApi';
import { pg, pgCondition, pgContains } from '../postgrest';
import type { FoundView } from '../schemas/viewSearch';
import { FoundViewsStruct } from '../schemas/viewSearch';
import { responseSchema } from '../validate';

/** The most views a search lists. */
export const VIEW_SEARCH_LIMIT = 20;

/** `views_summary` rows whose name or title holds the text, by name. */
export function viewSearchRequest(text: string) {
  const pattern = pgContains(text.trim());
  return pg('views_summary')
    .select('id', 'name', 'namespace', 'title')
    .or([pgCondition('name', 'ilike', pattern), pgCondition('title', 'ilike', pattern)])
    .order('name', 'asc')
    .limit(VIEW_SEARCH_LIMIT)
    .toRequest();
}

/** Views found by name or title, for pickers (the access check's view). */
export const viewSearchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchViews: build.query<FoundView[], string>({
      query: viewSearchRequest,
      responseSchema: responseSchema(FoundViewsStruct, 'GET /api/db/views_summary'),
      providesTags: [{ type: 'Views', id: 'LIST' }],
    }),
  }),
});

export const { useSearchViewsQuery } = viewSearchApi;
