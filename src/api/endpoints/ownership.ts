import { baseApi } from '../baseApi';
import { pg } from '../postgrest';
import type { TeamOption } from '../schemas/lookups';
import { TeamOptionsStruct } from '../schemas/lookups';
import { responseSchema } from '../validate';

/**
 * The team an owner label names: `teams?select=id,name,icon&name=eq.{name}&deleted_at=is.null
 * &limit=1`. Ownership is a label whose value is the team's name (Mission Control has no owner
 * field), so a link to the team's page looks its id up by name.
 */
export function teamByNameRequest(name: string) {
  return pg('teams')
    .select('id,name,icon')
    .eq('name', name)
    .is('deleted_at', null)
    .limit(1)
    .toRequest();
}

/** Who owns what: teams named by owner labels. */
export const ownershipApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The team of an owner label's value; null when no live team has that name. */
    getTeamByName: build.query<TeamOption | null, string, TeamOption[]>({
      query: teamByNameRequest,
      rawResponseSchema: responseSchema(TeamOptionsStruct, 'GET /api/db/teams'),
      transformResponse: (rows: TeamOption[]) => rows[0] ?? null,
      providesTags: [{ type: 'Teams', id: 'LIST' }],
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useGetTeamByNameQuery } = ownershipApi;
