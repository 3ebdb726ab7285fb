import { baseApi } from '../baseApi';
import { pg } from '../postgrest';
import type { SidebarView } from '../schemas/sidebarViews';
import { SidebarViewsStruct } from '../schemas/sidebarViews';
import { responseSchema } from '../validate';

/** Seconds the sidebar's view list stays fresh (spec 000 §9: five minutes). */
export const SIDEBAR_VIEWS_CACHE_SECONDS = 300;

export const sidebarViewsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** VIEW-04: views flagged for the sidebar, by ordinal then title. */
    getSidebarViews: build.query<SidebarView[], void>({
      query: () =>
        pg('views_summary')
          .eq('sidebar', true)
          .select('id,name,namespace,title,icon,ordinal')
          .order('ordinal', 'asc')
          .order('title', 'asc')
          .toRequest(),
      responseSchema: responseSchema(SidebarViewsStruct, 'GET /api/db/views_summary'),
      providesTags: [{ type: 'Views', id: 'LIST' }],
      keepUnusedDataFor: SIDEBAR_VIEWS_CACHE_SECONDS,
    }),
  }),
});

export const { useGetSidebarViewsQuery } = sidebarViewsApi;
