import { baseApi } from '../baseApi';
import { defineOutcomes } from '../outcomes';
import { pg } from '../postgrest';
import type { PersonSummary } from '../schemas/lookups';
import type { TeamMemberRow } from '../schemas/settingsResources';
import { TeamMemberRowsStruct } from '../schemas/settingsResources';
import { responseSchema } from '../validate';

/** A person named in a membership change, for its toast. */
export interface MemberRef {
  id: string;
  name: string;
}

export interface AddTeamMembersArgs {
  teamId: string;
  people: readonly MemberRef[];
}

/** What the team members panel tells the user (spec 002 §8). */
export const TEAM_MEMBER_MESSAGES = {
  added: (people: readonly MemberRef[]) =>
    people.length === 1
      ? `${people[0]!.name} added to the team`
      : `${people.length} users added to the team`,
  removed: (person: MemberRef) => `${person.name} removed from the team`,
} as const;

/** AUTH-20's request: `team_members?team_id=eq.{teamId}&select=*,person_id(*)`. */
export function teamMembersRequest(teamId: string) {
  return pg('team_members').eq('team_id', teamId).select('*', 'person_id(*)').toRequest();
}

/** AUTH-20 flattened: the embedded people, memberships of deleted people left out. */
export function membersOf(rows: readonly TeamMemberRow[]): PersonSummary[] {
  return rows.flatMap((row) => (row.person_id ? [row.person_id] : []));
}

/** A team's members (AUTH-20..22). */
export const teamsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** AUTH-20 */
    getTeamMembers: build.query<PersonSummary[], string, TeamMemberRow[]>({
      query: teamMembersRequest,
      rawResponseSchema: responseSchema(TeamMemberRowsStruct, 'GET /api/db/team_members'),
      transformResponse: (rows: TeamMemberRow[]) => membersOf(rows),
      providesTags: (_people, _error, teamId) => [{ type: 'TeamMembers', id: teamId }],
    }),
    /** AUTH-21: one insert of every chosen person (a JSON array body). */
    addTeamMembers: build.mutation<null, AddTeamMembersArgs>({
      query: ({ teamId, people }) => ({
        url: pg('team_members').toRequest().url,
        method: 'POST',
        body: people.map((person) => ({ team_id: teamId, person_id: person.id })),
      }),
      transformResponse: () => null,
      invalidatesTags: (_result, _error, { teamId }) => [{ type: 'TeamMembers', id: teamId }],
    }),
    /**
     * AUTH-22: `team_members?person_id=eq.{id}`, with no team filter, as Mission Control's
     * console sends it: the person leaves every team they belong to.
     */
    removeTeamMember: build.mutation<null, MemberRef>({
      query: ({ id }) => ({
        url: pg('team_members').eq('person_id', id).toRequest().url,
        method: 'DELETE',
      }),
      transformResponse: () => null,
      invalidatesTags: ['TeamMembers'],
    }),
  }),
});

defineOutcomes(teamsApi, {
  addTeamMembers: {
    success: ({ people }) => TEAM_MEMBER_MESSAGES.added(people),
    failure: 'toast',
  },
  removeTeamMember: {
    success: (person) => TEAM_MEMBER_MESSAGES.removed(person),
    failure: 'toast',
  },
});

export const { useGetTeamMembersQuery, useAddTeamMembersMutation, useRemoveTeamMemberMutation } =
  teamsApi;
