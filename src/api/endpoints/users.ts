import { baseApi } from '../baseApi';
import { pg } from '../postgrest';
import type {
  Identity,
  InviteUserBody,
  InviteUserResponse,
  PersonActivity,
  PersonRoles,
  UpdateUserBody,
} from '../schemas/users';
import {
  IdentitiesStruct,
  InviteUserResponseStruct,
  PeopleActivityStruct,
  PeopleRolesStruct,
} from '../schemas/users';
import { responseSchema } from '../validate';
import { defineOutcomes, editOutcomes } from '../outcomes';

export const USER_MESSAGES = {
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
} as const;

const peopleTags = (rows: readonly { id: string }[] = []) => [
  { type: 'People' as const, id: 'LIST' },
  ...rows.map((row) => ({ type: 'People' as const, id: row.id })),
];

/** The teams of a person, as `team_members` embeds them with each team's name. */
export const PERSON_TEAMS = 'team_members(team:teams(name))';

/** `people?select=id,last_login,team_members(team:teams(name))&id=in.(a,b)`. */
export function peopleActivityRequest(ids: readonly string[]) {
  return pg('people').select('id,last_login', PERSON_TEAMS).in('id', ids).toRequest();
}

/** Registered users of the identity service and their roles (AUTH-06, 08, 14..16). */
export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** AUTH-08: every identity, no query. */
    getIdentities: build.query<Identity[], void>({
      query: () => pg('identities').toRequest(),
      responseSchema: responseSchema(IdentitiesStruct, 'GET /api/db/identities'),
      providesTags: (rows) => peopleTags(rows),
    }),
    /** AUTH-06: the roles of these people (`id=in.(a,b)`, ids not quoted). */
    getPeopleRoles: build.query<PersonRoles[], readonly string[]>({
      query: (ids) => pg('people_roles').in('id', ids).toRequest(),
      responseSchema: responseSchema(PeopleRolesStruct, 'GET /api/db/people_roles'),
      providesTags: (rows) => peopleTags(rows),
    }),
    /** When these people last signed in, and their teams (`people.last_login`, `team_members`). */
    getPeopleActivity: build.query<PersonActivity[], readonly string[]>({
      query: peopleActivityRequest,
      responseSchema: responseSchema(PeopleActivityStruct, 'GET /api/db/people'),
      providesTags: (rows) => [...peopleTags(rows), 'TeamMembers'],
    }),
    /** AUTH-14: resolves to the registration link to hand to the invited person. */
    inviteUser: build.mutation<string, InviteUserBody, InviteUserResponse>({
      query: (body) => ({ url: '/api/auth/invite_user', method: 'POST', body }),
      rawResponseSchema: responseSchema(InviteUserResponseStruct, 'POST /api/auth/invite_user'),
      transformResponse: (response) => response.link,
      invalidatesTags: [{ type: 'People', id: 'LIST' }],
    }),
    /** AUTH-15: name, email, the one role and the active state. */
    updateUser: build.mutation<null, UpdateUserBody>({
      query: (body) => ({ url: '/api/people/update', method: 'POST', body }),
      transformResponse: () => null,
      invalidatesTags: (_result, _error, body) => [{ type: 'People', id: body.id }],
    }),
    /** AUTH-16 */
    deleteUser: build.mutation<null, string>({
      query: (id) => ({ url: `/api/people/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: (_result, _error, id) => [
        { type: 'People', id },
        { type: 'People', id: 'LIST' },
      ],
    }),
  }),
});

defineOutcomes(usersApi, editOutcomes('User', USER_MESSAGES));

export const {
  useGetIdentitiesQuery,
  useGetPeopleRolesQuery,
  useGetPeopleActivityQuery,
  useInviteUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
} = usersApi;
