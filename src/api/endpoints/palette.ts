import type { Struct } from 'superstruct';
import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { pg, pgCondition, pgContains } from '../postgrest';
import {
  PaletteIncidentsStruct,
  PaletteOwnedListStruct,
  PaletteRulesStruct,
  PaletteViewsStruct,
} from '../schemas/palette';
import { TeamOptionsStruct } from '../schemas/lookups';
import { ownerLabelPath } from './ownership';
import { responseSchema } from '../validate';

/** What the command palette asks for: the typed text and at most how many rows. */
export interface PaletteSearchArgs {
  search: string;
  limit: number;
}

/** `or=(a.ilike.*text*,b.ilike.*text*)`, the text's `%`, `_`, `\` and `,()"` escaped. */
function anyHolds(columns: readonly string[], text: string): string[] {
  return columns.map((column) => pgCondition(column, 'ilike', pgContains(text)));
}

/** INC-03 narrowed: `incidents?select=…&title=ilike.*text*&order=created_at.desc&limit=n`. */
export function paletteIncidentsRequest({ search, limit }: PaletteSearchArgs): RequestArgs {
  return pg('incidents')
    .select('id,title,incident_id,status,severity')
    .ilike('title', pgContains(search))
    .order('created_at', 'desc')
    .limit(limit)
    .toRequest();
}

/** NOTIF-01 narrowed: rules whose name, namespace or title holds the text, by name. */
export function paletteRulesRequest({ search, limit }: PaletteSearchArgs): RequestArgs {
  return pg('notifications_summary')
    .select('id,name,namespace,title,error')
    .or(anyHolds(['name', 'namespace', 'title'], search))
    .order('name', 'asc')
    .limit(limit)
    .toRequest();
}

/** VIEW-01 narrowed: live views whose name or namespace holds the text, by name. */
export function paletteViewsRequest({ search, limit }: PaletteSearchArgs): RequestArgs {
  return pg('views')
    .select('id,name,namespace')
    .is('deleted_at', null)
    .or(anyHolds(['name', 'namespace'], search))
    .order('name', 'asc')
    .limit(limit)
    .toRequest();
}

/** AUTH-20 narrowed: live teams whose name holds the text, by name. */
export function paletteTeamsRequest({ search, limit }: PaletteSearchArgs): RequestArgs {
  return pg('teams')
    .select('id,name,icon')
    .ilike('name', pgContains(search))
    .is('deleted_at', null)
    .order('name', 'asc')
    .limit(limit)
    .toRequest();
}

/** `owner:<team>` (any case, spaces allowed after the colon): the team's text; else undefined. */
export function ownerQuery(text: string): string | undefined {
  const match = /^\s*owner:\s*(.+?)\s*$/i.exec(text);
  return match?.[1];
}

export interface PaletteOwnedArgs {
  /** Where the items are: config items or topology components. */
  table: 'configs' | 'components';
  /** The owner label's key (the runtime config's). */
  label: string;
  /** Text the owner team's name holds. */
  team: string;
  limit: number;
}

/**
 * Items by owner: `{configs|components}?select=id,name,type,health,status
 * &labels->>owner=ilike.*team*&deleted_at=is.null&order=name.asc&limit=n`.
 */
export function paletteOwnedRequest({ table, label, team, limit }: PaletteOwnedArgs): RequestArgs {
  return pg(table)
    .select('id,name,type,health,status')
    .ilike(ownerLabelPath(label), pgContains(team))
    .is('deleted_at', null)
    .order('name', 'asc')
    .limit(limit)
    .toRequest();
}

/**
 * The command palette's PostgREST searches, for the kinds MISC-03 does not cover (incidents,
 * notification rules, views, teams). MISC-03 itself is `resourcesApi.searchResourceKinds`.
 */
export const paletteApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    /** One palette search: its request, and its answer checked against `struct` (`what`). */
    const search = <T, S, A>(query: (args: A) => RequestArgs, struct: Struct<T, S>, what: string) =>
      build.query<T, A>({
        query,
        responseSchema: responseSchema(struct, what),
        keepUnusedDataFor: 30,
      });
    const table = (name: string) => `GET /api/db/${name}`;
    return {
      searchPaletteIncidents: search(
        paletteIncidentsRequest,
        PaletteIncidentsStruct,
        table('incidents'),
      ),
      searchPaletteRules: search(
        paletteRulesRequest,
        PaletteRulesStruct,
        table('notifications_summary'),
      ),
      searchPaletteViews: search(paletteViewsRequest, PaletteViewsStruct, table('views')),
      /** Teams by name: the palette finds a team by its bare name. */
      searchPaletteTeams: search(paletteTeamsRequest, TeamOptionsStruct, table('teams')),
      /** Config items or components whose owner label holds the typed team (`owner:<team>`). */
      searchPaletteOwned: search(
        paletteOwnedRequest,
        PaletteOwnedListStruct,
        table('{configs|components}'),
      ),
    };
  },
});
