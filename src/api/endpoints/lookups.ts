import { baseApi } from '../baseApi';
import { pg } from '../postgrest';
import type {
  NotificationOption,
  PersonOption,
  PlaybookOption,
  TeamOption,
} from '../schemas/lookups';
import {
  NotificationOptionsStruct,
  PersonOptionsStruct,
  PlaybookOptionsStruct,
  TeamOptionsStruct,
} from '../schemas/lookups';
import { responseSchema } from '../validate';

/** The avatar columns embedded for a person (api.md `A`). */
const AVATAR = 'id,name,avatar,email';

/** How many notification rules the "all rules" picker loads (spec 000 §9). */
export const NOTIFICATION_PICKER_LIMIT = 1000;

/**
 * Read-only lists behind the console's pickers (people, teams, notification rules, playbooks,
 * connections, components, config items, canaries), each exactly as api.md sends it.
 */
export const lookupsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** AUTH-03: every person with an email, by name. */
    lookupPeople: build.query<PersonOption[], void>({
      query: () =>
        pg('people')
          .select('*')
          .is('deleted_at', null)
          .not('email', 'is', null)
          .order('name', 'asc')
          .toRequest(),
      responseSchema: responseSchema(PersonOptionsStruct, 'GET /api/db/people'),
      providesTags: [{ type: 'People', id: 'LIST' }],
    }),
    /** AUTH-19: every team, by name. */
    lookupTeams: build.query<TeamOption[], void>({
      query: () => pg('teams').is('deleted_at', null).order('name', 'asc').toRequest(),
      responseSchema: responseSchema(TeamOptionsStruct, 'GET /api/db/teams'),
      providesTags: [{ type: 'Teams', id: 'LIST' }],
    }),
    /** NOTIF-01 as the "all rules" picker sends it: page 0 of 1000, by name. */
    lookupNotifications: build.query<NotificationOption[], void>({
      query: () =>
        pg('notifications_summary')
          .select(
            '*',
            `person:person_id(${AVATAR})`,
            'team:team_id(id,name,icon)',
            `created_by(${AVATAR})`,
          )
          .order('name', 'asc')
          .range(0, NOTIFICATION_PICKER_LIMIT)
          .count()
          .toRequest(),
      responseSchema: responseSchema(
        NotificationOptionsStruct,
        'GET /api/db/notifications_summary',
      ),
      providesTags: [{ type: 'Notifications', id: 'LIST' }],
    }),
    /** PB-01: playbook names, by title. */
    lookupPlaybooks: build.query<PlaybookOption[], void>({
      query: () =>
        pg('playbook_names')
          .select('id,name,title,icon,category')
          .order('title', 'asc')
          .toRequest(),
      responseSchema: responseSchema(PlaybookOptionsStruct, 'GET /api/db/playbook_names'),
      providesTags: [{ type: 'Playbooks', id: 'LIST' }],
    }),
  }),
});

export const {
  useLookupPeopleQuery,
  useLookupTeamsQuery,
  useLookupNotificationsQuery,
  useLookupPlaybooksQuery,
} = lookupsApi;
