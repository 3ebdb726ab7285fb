import type { Infer } from 'superstruct';
import { array, string, type } from 'superstruct';
import { baseApi } from '../baseApi';
import type { PostgrestQuery } from '../postgrest';
import { pg } from '../postgrest';
import { idAndName, maybe, optionalText } from '../schemas/fields';
import type { TeamOption } from '../schemas/lookups';
import { TeamOptionStruct, TeamOptionsStruct } from '../schemas/lookups';
import { responseSchema } from '../validate';

/** "Owned by my teams": the owner label's key and the names of the teams it may hold. */
export interface OwnerFilter {
  label: string;
  teams: readonly string[];
}

/** `labels->>owner`, the key double-quoted when it holds more than letters, digits, `_` and `-`. */
export function ownerLabelPath(label: string, column = 'labels'): string {
  const key = /^[A-Za-z0-9_-]+$/.test(label) ? label : `"${label.replace(/(["\\])/g, '\\$1')}"`;
  return `${column}->>${key}`;
}

/** The query narrowed to rows whose owner label names one of the teams (`in.()` for none). */
export function ownedBy(
  query: PostgrestQuery,
  owners: OwnerFilter | undefined,
  column = 'labels',
): PostgrestQuery {
  return owners ? query.in(ownerLabelPath(owners.label, column), owners.teams) : query;
}

/** A selector value or path as the grammar reads it: bare when it can be, else double-quoted. */
function selectorWord(text: string): string {
  return /^[^\s,"!=<>()|-][^\s,"=<>()|]*$/.test(text)
    ? text
    : `"${text.replace(/(["\\])/g, '\\$1')}"`;
}

/**
 * The resource selector of what the teams own, `labels.owner=a,b` (the owner label's key and
 * the team names quoted where needed), as CAT-19 takes it in `id`; `config` narrows it to one
 * config as well (`id=… labels.owner=…`). Undefined when the teams are none: nothing is owned.
 */
export function ownedSelector(owners: OwnerFilter, config?: string): string | undefined {
  if (owners.teams.length === 0) return undefined;
  const owned = `labels.${selectorWord(owners.label)}=${owners.teams.map(selectorWord).join(',')}`;
  return config ? `id=${selectorWord(config)} ${owned}` : owned;
}

/** A membership of the signed-in user with its team embedded (deleted teams included). */
const MyTeamRowsStruct = array(
  type({ team: maybe(type({ ...TeamOptionStruct.schema, deleted_at: optionalText() })) }),
);
type MyTeamRow = Infer<typeof MyTeamRowsStruct>[number];

/**
 * The teams a person belongs to: `team_members?select=team:team_id(id,name,icon,deleted_at)
 * &person_id=eq.{id}` (AUTH-20's table, by person).
 */
export function myTeamsRequest(personId: string) {
  return pg('team_members')
    .select('team:team_id(id,name,icon,deleted_at)')
    .eq('person_id', personId)
    .toRequest();
}

/** The live teams of the memberships, by name. */
export function teamsOfMemberships(rows: readonly MyTeamRow[]): TeamOption[] {
  return rows
    .flatMap(({ team }) =>
      team && !team.deleted_at ? [{ id: team.id, name: team.name, icon: team.icon }] : [],
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}

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

/** A check's link to a component or a config; only its check is read. */
const CheckLinksStruct = array(type({ check_id: string() }));

/**
 * The checks linked to the components whose owner label names one of the teams:
 * `check_component_relationships?select=check_id,component:components!inner(id)
 * &component.labels->>owner=in.(…)&deleted_at=is.null`.
 */
export function checksOfOwnedComponentsRequest(owners: OwnerFilter) {
  return ownedBy(
    pg('check_component_relationships')
      .select('check_id', 'component:components!inner(id)')
      .is('deleted_at', null),
    owners,
    'component.labels',
  ).toRequest();
}

/** The same through configs: `check_config_relationships` and `config:config_items!inner(id)`. */
export function checksOfOwnedConfigsRequest(owners: OwnerFilter) {
  return ownedBy(
    pg('check_config_relationships')
      .select('check_id', 'config:config_items!inner(id)')
      .is('deleted_at', null),
    owners,
    'config.labels',
  ).toRequest();
}

/** A component a team owns, as its Owned tab lists it. */
const OwnedComponentStruct = type({
  ...idAndName,
  icon: optionalText(),
  type: optionalText(),
  health: optionalText(),
  status: optionalText(),
});
export type OwnedComponent = Infer<typeof OwnedComponentStruct>;

/** As many of a team's components as its Owned tab lists. */
export const TEAM_COMPONENTS_LIMIT = 200;

/**
 * The live components whose owner label names the team, by name:
 * `components?select=id,name,icon,type,health,status&labels->>owner=eq.{team}
 * &deleted_at=is.null&order=name.asc&limit=200`.
 */
export function teamComponentsRequest({ label, team }: { label: string; team: string }) {
  return pg('components')
    .select('id,name,icon,type,health,status')
    .eq(ownerLabelPath(label), team)
    .is('deleted_at', null)
    .order('name', 'asc')
    .limit(TEAM_COMPONENTS_LIMIT)
    .toRequest();
}

const checkIds = (rows: Array<{ check_id: string }>) => [...new Set(rows.map((r) => r.check_id))];

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
    /** The ids of the checks of the teams' components ("Owned by my teams" on health). */
    getChecksOfOwnedComponents: build.query<string[], OwnerFilter, Array<{ check_id: string }>>({
      query: checksOfOwnedComponentsRequest,
      rawResponseSchema: responseSchema(
        CheckLinksStruct,
        'GET /api/db/check_component_relationships',
      ),
      transformResponse: checkIds,
      providesTags: [{ type: 'Checks', id: 'LIST' }],
    }),
    /** The ids of the checks of the teams' config items. */
    getChecksOfOwnedConfigs: build.query<string[], OwnerFilter, Array<{ check_id: string }>>({
      query: checksOfOwnedConfigsRequest,
      rawResponseSchema: responseSchema(CheckLinksStruct, 'GET /api/db/check_config_relationships'),
      transformResponse: checkIds,
      providesTags: [{ type: 'Checks', id: 'LIST' }],
    }),
    /** The components a team's owner label marks (its Owned tab). */
    getTeamComponents: build.query<OwnedComponent[], { label: string; team: string }>({
      query: teamComponentsRequest,
      rawResponseSchema: responseSchema(array(OwnedComponentStruct), 'GET /api/db/components'),
      providesTags: [{ type: 'Components', id: 'LIST' }],
    }),
    /** The teams of a person (the signed-in user's, for "Owned by my teams"). */
    getMyTeams: build.query<TeamOption[], string, MyTeamRow[]>({
      query: myTeamsRequest,
      rawResponseSchema: responseSchema(MyTeamRowsStruct, 'GET /api/db/team_members'),
      transformResponse: (rows: MyTeamRow[]) => teamsOfMemberships(rows),
      providesTags: ['TeamMembers', { type: 'Teams', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetTeamByNameQuery,
  useGetMyTeamsQuery,
  useGetChecksOfOwnedComponentsQuery,
  useGetChecksOfOwnedConfigsQuery,
  useGetTeamComponentsQuery,
} = ownershipApi;
