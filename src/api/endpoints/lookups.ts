import { baseApi } from '../baseApi';
import type { PgRequest, PostgrestQuery } from '../postgrest';
import { pg, pgCondition, pgContains } from '../postgrest';
import type { NotificationOption, PersonOption, ScopeOption, TeamOption } from '../schemas/lookups';
import {
  NotificationOptionsStruct,
  PersonOptionsStruct,
  ScopeOptionsStruct,
  TeamOptionsStruct,
} from '../schemas/lookups';
import { responseSchema } from '../validate';

/** How many matches a picker lists for the typed text. */
export const PICKER_RESULTS_LIMIT = 50;

/** What a picker asks for: the typed text (already debounced, never empty). */
export interface PickerSearchArgs {
  search: string;
}

/** A search among the people who hold every one of these roles. */
export interface PeopleWithRolesSearchArgs extends PickerSearchArgs {
  roles: readonly string[];
}

/** For `or=(a.ilike.*text*,b.ilike.*text*)`: any of the columns holds the text. */
function anyHolds(columns: readonly string[], text: string): string[] {
  return columns.map((column) => pgCondition(column, 'ilike', pgContains(text)));
}

/** The first matches of a picker's search, by name: as many as a picker lists. */
function firstByName(query: PostgrestQuery): PgRequest {
  return query.order('name', 'asc').limit(PICKER_RESULTS_LIMIT).toRequest();
}

/**
 * The searches behind the people, team, notification and scope pickers: each asks the server for at
 * most 50 rows holding the typed text, so no picker loads a whole table. (Checks, canaries,
 * components, configs, connections and playbooks are searched through MISC-03, `resources.ts`.)
 */
export const lookupsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** AUTH-03 narrowed: people with an email whose name or email holds the text, by name. */
    searchPeople: build.query<PersonOption[], PickerSearchArgs>({
      query: ({ search }) =>
        firstByName(
          pg('people')
            .select('id,name,email,avatar')
            .is('deleted_at', null)
            .not('email', 'is', null)
            .or(anyHolds(['name', 'email'], search)),
        ),
      responseSchema: responseSchema(PersonOptionsStruct, 'GET /api/db/people'),
      providesTags: [{ type: 'People', id: 'LIST' }],
      keepUnusedDataFor: 30,
    }),
    /**
     * AUTH-07 narrowed: people holding every one of the roles (`roles=cs.{a,b}`) whose name or
     * email holds the text, by name.
     */
    searchPeopleWithRoles: build.query<PersonOption[], PeopleWithRolesSearchArgs>({
      query: ({ search, roles }) =>
        firstByName(
          pg('people_roles')
            .select('id,name,email,roles')
            .cs('roles', roles)
            .or(anyHolds(['name', 'email'], search)),
        ),
      responseSchema: responseSchema(PersonOptionsStruct, 'GET /api/db/people_roles'),
      providesTags: [{ type: 'People', id: 'LIST' }],
      keepUnusedDataFor: 30,
    }),
    /** AUTH-19 narrowed: teams whose name holds the text, by name. */
    searchTeams: build.query<TeamOption[], PickerSearchArgs>({
      query: ({ search }) =>
        firstByName(
          pg('teams')
            .select('id,name,icon')
            .is('deleted_at', null)
            .ilike('name', pgContains(search)),
        ),
      responseSchema: responseSchema(TeamOptionsStruct, 'GET /api/db/teams'),
      providesTags: [{ type: 'Teams', id: 'LIST' }],
      keepUnusedDataFor: 30,
    }),
    /** NOTIF-01 narrowed: notification rules whose name, namespace or title holds the text. */
    searchNotifications: build.query<NotificationOption[], PickerSearchArgs>({
      query: ({ search }) =>
        firstByName(
          pg('notifications_summary')
            .select('id,name,namespace,title')
            .or(anyHolds(['name', 'namespace', 'title'], search)),
        ),
      responseSchema: responseSchema(
        NotificationOptionsStruct,
        'GET /api/db/notifications_summary',
      ),
      providesTags: [{ type: 'Notifications', id: 'LIST' }],
      keepUnusedDataFor: 30,
    }),
    /** SCOPE-01 narrowed: live scopes whose name or namespace holds the text, by name. */
    searchScopes: build.query<ScopeOption[], PickerSearchArgs>({
      query: ({ search }) =>
        firstByName(
          pg('scopes')
            .select('id,name,namespace')
            .is('deleted_at', null)
            .or(anyHolds(['name', 'namespace'], search)),
        ),
      responseSchema: responseSchema(ScopeOptionsStruct, 'GET /api/db/scopes'),
      providesTags: [{ type: 'Scopes', id: 'LIST' }],
      keepUnusedDataFor: 30,
    }),
  }),
});

export const {
  useSearchScopesQuery,
  useSearchPeopleQuery,
  useSearchPeopleWithRolesQuery,
  useSearchTeamsQuery,
  useSearchNotificationsQuery,
} = lookupsApi;
