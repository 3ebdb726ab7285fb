import { baseApi } from '../baseApi';
import { pg } from '../postgrest';
import type {
  CanaryOption,
  ComponentOption,
  ConfigOption,
  ConnectionOption,
  NotificationOption,
  PersonOption,
  PlaybookOption,
  TeamOption,
} from '../schemas/lookups';
import {
  CanaryOptionsStruct,
  ComponentOptionsStruct,
  ConfigOptionsStruct,
  ConnectionOptionsStruct,
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
    /** CONN-01 as the connection picker sends it. */
    lookupConnections: build.query<ConnectionOption[], void>({
      query: () =>
        pg('connections')
          .select('*', `created_by(${AVATAR})`)
          .order('created_at', 'desc')
          .is('deleted_at', null)
          .limit(100)
          .toRequest(),
      responseSchema: responseSchema(ConnectionOptionsStruct, 'GET /api/db/connections'),
      providesTags: [{ type: 'Connections', id: 'LIST' }],
    }),
    /** TOPO-04: component names, by name. */
    lookupComponents: build.query<ComponentOption[], void>({
      query: () => pg('component_names').order('name', 'asc').toRequest(),
      responseSchema: responseSchema(ComponentOptionsStruct, 'GET /api/db/component_names'),
      providesTags: [{ type: 'Components', id: 'LIST' }],
    }),
    /** CAT-07: every config item's id, name, class and type, for a search picker. */
    lookupConfigs: build.query<ConfigOption[], void>({
      query: () => pg('configs').select('id,name,config_class,type').toRequest(),
      responseSchema: responseSchema(ConfigOptionsStruct, 'GET /api/db/configs'),
      providesTags: [{ type: 'Configs', id: 'LIST' }],
    }),
    /** HEALTH-12: canary names. */
    lookupCanaries: build.query<CanaryOption[], void>({
      query: () => pg('canary_names').toRequest(),
      responseSchema: responseSchema(CanaryOptionsStruct, 'GET /api/db/canary_names'),
      providesTags: [{ type: 'Canaries', id: 'LIST' }],
    }),
  }),
});

export const {
  useLookupPeopleQuery,
  useLookupTeamsQuery,
  useLookupNotificationsQuery,
  useLookupPlaybooksQuery,
  useLookupConnectionsQuery,
  useLookupComponentsQuery,
  useLookupConfigsQuery,
  useLookupCanariesQuery,
} = lookupsApi;
