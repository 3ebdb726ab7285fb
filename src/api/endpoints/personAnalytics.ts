/**
 * What a person has done in the console: `person_analytics` (duty schema/teams.hcl). Each row is
 * one key with a count; posting a key again counts it (a trigger), so recording is a plain insert.
 */
import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { pg } from '../postgrest';
import type { PersonAnalyticsInput, PersonAnalyticsRow } from '../schemas/personAnalytics';
import { PersonAnalyticsRowsStruct } from '../schemas/personAnalytics';
import { responseSchema } from '../validate';

const TABLE = 'person_analytics';

/** One person's keys, the most recent first. */
export function personAnalyticsRequest(personId: string): RequestArgs {
  return pg(TABLE)
    .select('key', 'count', 'created_at', 'updated_at')
    .eq('person_id', personId)
    .order('updated_at', 'desc')
    .toRequest();
}

/** Records one key for a person, answered with no body (`Prefer: return=minimal`). */
export function recordPersonAnalyticsRequest(row: PersonAnalyticsInput): RequestArgs {
  return {
    url: pg(TABLE).toRequest().url,
    method: 'POST',
    body: row,
    prefer: 'return=minimal',
    // Recording is incidental to what the user is doing: it never opens the sign-in dialog.
    skipAuthRedirect: true,
  };
}

export const personAnalyticsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The keys a person has recorded, with how often and when last. */
    getPersonAnalytics: build.query<PersonAnalyticsRow[], string>({
      query: personAnalyticsRequest,
      responseSchema: responseSchema(PersonAnalyticsRowsStruct, 'GET /api/db/person_analytics'),
      providesTags: (_rows, _error, personId) => [{ type: 'PersonAnalytics', id: personId }],
    }),
    /** Counts one more of `key` for the person; no toast either way. */
    recordPersonAnalytics: build.mutation<null, PersonAnalyticsInput>({
      query: recordPersonAnalyticsRequest,
      transformResponse: () => null,
      invalidatesTags: (_result, _error, row) => [{ type: 'PersonAnalytics', id: row.person_id }],
    }),
  }),
});

export const { useGetPersonAnalyticsQuery, useRecordPersonAnalyticsMutation } = personAnalyticsApi;
