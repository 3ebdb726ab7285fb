import { baseApi } from '../baseApi';
import type { RequestArgs, ResponseMeta } from '../baseQuery';
import type { ApiError } from '../errors';
import { shapeError } from '../errors';
import { defineOutcomes } from '../outcomes';
import { pg, AVATAR_COLUMNS } from '../postgrest';
import type { OwnerFilter } from './ownership';
import { ownedBy } from './ownership';
import type {
  Evidence,
  Hypothesis,
  Incident,
  IncidentDetail,
  IncidentHistory,
  IncidentPerson,
  IncidentSearchResult,
  IncidentSummary,
  IncidentTeam,
  Responder,
} from '../schemas/incidents';
import {
  EvidencesStruct,
  HypothesesStruct,
  IncidentDetailsStruct,
  IncidentHistoriesStruct,
  IncidentIdsStruct,
  IncidentPeopleStruct,
  IncidentSearchResultsStruct,
  IncidentSummariesStruct,
  IncidentTeamsStruct,
  IncidentsStruct,
  RespondersStruct,
} from '../schemas/incidents';
import { check, responseSchema } from '../validate';
import { pageTags, totalOf, firstRow } from '../pages';

/** What the incident pages tell the user. */
export const INCIDENT_MESSAGES = {
  created: 'Incident created',
  updated: 'Incident updated',
  hypothesisDeleted: 'Hypothesis deleted',
  evidenceRemoved: 'Evidence removed',
  responderAdded: 'Responder added',
  responderRemoved: 'Responder removed',
} as const;

/** INC-01's filters; each is sent only when set and not `all`. */
export interface IncidentListFilters {
  search?: string;
  status?: string;
  severity?: string;
  type?: string;
  /** `created_by` */
  owner?: string;
  /** Incidents with evidence on this component (api.md §23). */
  component?: string;
  /** "Owned by my teams": incidents with evidence on a config item or component they own. */
  owners?: OwnerFilter;
}

export interface GetIncidentsArgs extends IncidentListFilters {
  pageIndex: number;
  pageSize: number;
  /** A column of `incident_summary`; default `created_at`. */
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

export interface IncidentsPage {
  incidents: IncidentSummary[];
  totalEntries: number;
}

const set = (value: string | undefined): value is string =>
  value !== undefined && value !== '' && value !== 'all';

/**
 * INC-01: `incident_summary?[title=ilike.*q*]&order=…&{filters}` with a page and its count.
 * `ids` restricts the rows (the component filter, resolved first).
 */
export function incidentsRequest(args: GetIncidentsArgs, ids?: readonly string[]): RequestArgs {
  let query = pg('incident_summary');
  if (set(args.search)) query = query.ilike('title', `*${args.search}*`);
  query = query.order(args.sortBy || 'created_at', args.sortOrder ?? 'desc');
  if (set(args.severity)) query = query.eq('severity', args.severity);
  if (set(args.status)) query = query.eq('status', args.status);
  if (set(args.type)) query = query.eq('type', args.type);
  if (set(args.owner)) query = query.eq('created_by', args.owner);
  if (ids) query = query.in('id', ids);
  return { ...query.range(args.pageIndex, args.pageSize).count().toRequest() };
}

/**
 * The incidents with evidence on a component. The real console sends
 * `hypotheses.evidences.component_id=eq.{id}` on `incident_summary`, which PostgREST rejects
 * without the embed (api.md §23); INC-04's view answers the same question.
 */
export function incidentsOfComponentRequest(componentId: string): RequestArgs {
  return pg('incidents_by_component').eq('component_id', componentId).select('id').toRequest();
}

/**
 * The incidents with evidence on a config item or component the teams own (INC-04's views,
 * the item embedded `!inner` and filtered on its owner label):
 * `incidents_by_config?select=id,config:config_items!inner(id)&config.labels->>owner=in.(…)`
 * and the same through `incidents_by_component` and `component:components!inner(id)`.
 */
export function incidentsOfOwnedRequests(owners: OwnerFilter): RequestArgs[] {
  return [
    ['incidents_by_config', 'config:config_items!inner(id)', 'config.labels'],
    ['incidents_by_component', 'component:components!inner(id)', 'component.labels'],
  ].map(([view, embed, column]) =>
    ownedBy(pg(view!).select('id', embed!), owners, column).toRequest(),
  );
}

/** INC-02's select, as the console sends it (the comment embed names `id` twice). */
export const INCIDENT_SELECT =
  `*,hypotheses(*,created_by(${AVATAR_COLUMNS}),evidences(*,created_by(${AVATAR_COLUMNS})),` +
  `comments(created_at,comment,external_created_by,responder_id(team_id(*)),created_by(id,${AVATAR_COLUMNS}),id)),` +
  `commander:commander_id(${AVATAR_COLUMNS}),communicator_id(${AVATAR_COLUMNS}),responders(created_by(${AVATAR_COLUMNS}))`;

export function incidentRequest(id: string): RequestArgs {
  return pg('incidents').eq('id', id).select(INCIDENT_SELECT).toRequest();
}

/** INC-07's select (with its parentheses balanced). */
export const HISTORY_SELECT =
  '*,evidence:evidences(id,description,type,components(id,name,icon),configs(id,name),' +
  'config_changes(id,change_type),config_analysis(id,analyzer,message,analysis),checks(id,icon,name)),' +
  'hypothesis:hypotheses(id,title),' +
  'responder:responders(id,person:person_id(id,name,avatar),team:team_id(id,name,icon)),' +
  'comment:comments(id,comment),created_by(id,name,avatar)';

export function incidentHistoryRequest(id: string): RequestArgs {
  return pg('incident_histories')
    .eq('incident_id', id)
    .select(HISTORY_SELECT)
    .order('created_at', 'desc')
    .toRequest();
}

/** INC-03 */
export function searchIncidentsRequest(q: string): RequestArgs {
  return pg('incidents')
    .order('created_at', 'desc')
    .ilike('title', `*${q}*`)
    .select('*,hypotheses(id, type)')
    .toRequest();
}

/** INC-09 */
export function searchHypothesesRequest(incidentId: string, q = ''): RequestArgs {
  return pg('hypotheses')
    .order('created_at', 'desc')
    .ilike('title', `*${q}*`)
    .eq('incident_id', incidentId)
    .toRequest();
}

/** INC-19 */
export function respondersRequest(incidentId: string): RequestArgs {
  return pg('responders')
    .eq('incident_id', incidentId)
    .select('*', 'team:team_id(id,name,icon,spec)', 'person:person_id(id,name,avatar)')
    .is('deleted_at', null)
    .toRequest();
}

const table = (name: string) => pg(name).toRequest().url;
const byId = (name: string, id: string) => pg(name).eq('id', id).toRequest().url;

/** INC-05's body. `created_by`, `commander_id` and `communicator_id` are the user by default. */
export interface CreateIncidentBody {
  id?: string;
  title: string;
  description: string;
  severity: string;
  type: string;
  status: string;
  created_by: string;
  commander_id?: string | null;
  communicator_id?: string | null;
  created_at?: string;
  updated_at?: string;
}

/** INC-10 / INC-11's body. */
export interface CreateHypothesisBody {
  id?: string;
  incident_id: string;
  type: 'root' | 'factor' | 'solution';
  title: string;
  status: string;
  parent_id?: string;
  created_by: string;
}

/** INC-15's body. */
export interface CreateEvidenceBody {
  hypothesis_id: string;
  created_by: string;
  type: string;
  description: string;
  evidence?: Record<string, unknown>;
  config_id?: string;
  config_change_id?: string;
  config_analysis_id?: string;
  component_id?: string;
  check_id?: string;
  properties?: Record<string, unknown>;
  definition_of_done?: boolean;
  done?: boolean;
  script?: string;
}

/** INC-18's body. */
export interface AddCommentArgs {
  created_by: string;
  incident_id: string;
  hypothesis_id: string;
  comment: string;
  /** Shown on the pending comment until the server answers. */
  author?: { id: string; name?: string | null; avatar?: string | null };
}

/** INC-20's body. */
export interface AddResponderBody {
  type: 'person' | 'system';
  incident_id: string;
  created_by: string;
  team_id?: string;
  person_id?: string;
  /** The ticket or page of the team's channel, for its link (INC-19). */
  external_id?: string;
  properties: Record<string, unknown>;
}

/** The step of INC-13 that failed, for the message. */
export class HypothesisDeleteError extends Error {
  constructor(
    readonly step: 'comments' | 'evidences' | 'hypothesis',
    readonly reason: string,
  ) {
    super(`Could not delete the hypothesis's ${step === 'hypothesis' ? 'row' : step}: ${reason}`);
  }
}

/** A client-side id for INC-05 and INC-11. */
export function newId(): string {
  return crypto.randomUUID();
}

const incidentTags = (id: string) => [
  { type: 'Incidents' as const, id },
  { type: 'Incidents' as const, id: 'LIST' },
];

/** Incidents, hypotheses, evidences, comments, responders and histories (api.md §11). */
export const incidentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * INC-01, with `Prefer: count=exact`; the component and owner filters go through INC-04's
     * views first.
     */
    getIncidents: build.query<IncidentsPage, GetIncidentsArgs>({
      queryFn: async (args, _api, _extra, baseQuery) => {
        /** The incident ids a request answers, or the error to answer with. */
        const idsOf = async (request: RequestArgs): Promise<string[] | { error: ApiError }> => {
          const found = await baseQuery(request);
          if (found.error) return { error: found.error as ApiError };
          try {
            const rows = check(IncidentIdsStruct, found.data, `GET ${request.url.split('?')[0]}`);
            return rows.map((row) => row.id);
          } catch (error) {
            return { error: shapeError((error as Error).message) };
          }
        };
        let ids: string[] | undefined;
        if (set(args.component)) {
          const found = await idsOf(incidentsOfComponentRequest(args.component));
          if (!Array.isArray(found)) return found;
          ids = [...new Set(found)];
        }
        if (args.owners) {
          const owned = new Set<string>();
          for (const request of incidentsOfOwnedRequests(args.owners)) {
            const found = await idsOf(request);
            if (!Array.isArray(found)) return found;
            for (const id of found) owned.add(id);
          }
          ids = ids ? ids.filter((id) => owned.has(id)) : [...owned];
        }
        if (ids && ids.length === 0) return { data: { incidents: [], totalEntries: 0 } };
        const result = await baseQuery(incidentsRequest(args, ids));
        if (result.error) return { error: result.error as ApiError };
        try {
          const incidents = check(
            IncidentSummariesStruct,
            result.data,
            'GET /api/db/incident_summary',
          );
          const meta = result.meta as ResponseMeta | undefined;
          return { data: { incidents, totalEntries: totalOf(incidents, meta) } };
        } catch (error) {
          return { error: shapeError((error as Error).message) };
        }
      },
      providesTags: (page) => pageTags('Incidents', page?.incidents),
    }),
    /** INC-02: the incident, or undefined when there is none. */
    getIncident: build.query<IncidentDetail | undefined, string, IncidentDetail[]>({
      query: incidentRequest,
      rawResponseSchema: responseSchema(IncidentDetailsStruct, 'GET /api/db/incidents'),
      transformResponse: firstRow,
      providesTags: (_row, _error, id) => [
        { type: 'Incidents', id },
        { type: 'Hypotheses', id: `incident:${id}` },
      ],
    }),
    /** INC-03 */
    searchIncidents: build.query<IncidentSearchResult[], string>({
      query: searchIncidentsRequest,
      responseSchema: responseSchema(IncidentSearchResultsStruct, 'GET /api/db/incidents'),
      providesTags: [{ type: 'Incidents', id: 'LIST' }],
    }),
    /** INC-05 (`?select=*`), answering the created row. */
    createIncident: build.mutation<Incident, CreateIncidentBody, Incident[]>({
      query: (body) => ({ url: pg('incidents').select('*').toRequest().url, method: 'POST', body }),
      rawResponseSchema: responseSchema(IncidentsStruct, 'POST /api/db/incidents'),
      transformResponse: (rows: Incident[]) => rows[0] as Incident,
      invalidatesTags: [{ type: 'Incidents', id: 'LIST' }],
    }),
    /**
     * The create page's flow: INC-05, then the root hypothesis (INC-11, titled by the incident).
     * When the hypothesis cannot be made the incident is removed again, so none is left without
     * its root.
     */
    createIncidentWithRoot: build.mutation<Incident, CreateIncidentBody>({
      queryFn: async (body, _api, _extra, baseQuery) => {
        const incidentId = body.id ?? newId();
        const created = await baseQuery({
          url: pg('incidents').select('*').toRequest().url,
          method: 'POST',
          body: { ...body, id: incidentId, created_at: 'now()', updated_at: 'now()' },
        });
        if (created.error) return { error: created.error as ApiError };
        const rows = check(IncidentsStruct, created.data, 'POST /api/db/incidents');
        const root = await baseQuery({
          url: table('hypotheses'),
          method: 'POST',
          body: {
            id: newId(),
            created_by: body.created_by,
            incident_id: incidentId,
            type: 'root',
            title: body.title,
            status: 'possible',
          },
        });
        if (root.error) {
          // No incident is left without its root: remove its changelog and the row again.
          await baseQuery({
            url: pg('incident_histories').eq('incident_id', incidentId).toRequest().url,
            method: 'DELETE',
            prefer: 'return=minimal',
          });
          await baseQuery({
            url: byId('incidents', incidentId),
            method: 'DELETE',
            prefer: 'return=minimal',
          });
          return { error: root.error as ApiError };
        }
        return { data: rows[0] ?? ({ id: incidentId } as Incident) };
      },
      invalidatesTags: [{ type: 'Incidents', id: 'LIST' }],
    }),
    /** INC-06 */
    updateIncident: build.mutation<
      Incident[],
      { id: string; changes: Partial<CreateIncidentBody> }
    >({
      query: ({ id, changes }) => ({ url: byId('incidents', id), method: 'PATCH', body: changes }),
      responseSchema: responseSchema(IncidentsStruct, 'PATCH /api/db/incidents'),
      invalidatesTags: (_rows, _error, { id }) => [
        ...incidentTags(id),
        { type: 'Incidents', id: `history:${id}` },
      ],
    }),
    /** Removes an incident a failed link created: its changelog, then the row. */
    deleteIncident: build.mutation<null, string>({
      queryFn: async (id, _api, _extra, baseQuery) => {
        const history = await baseQuery({
          url: pg('incident_histories').eq('incident_id', id).toRequest().url,
          method: 'DELETE',
          prefer: 'return=minimal',
        });
        if (history.error) return { error: history.error as ApiError };
        const row = await baseQuery({
          url: byId('incidents', id),
          method: 'DELETE',
          prefer: 'return=minimal',
        });
        if (row.error) return { error: row.error as ApiError };
        return { data: null };
      },
      invalidatesTags: (_result, _error, id) => incidentTags(id),
    }),
    /** INC-07: newest first. */
    getIncidentHistory: build.query<IncidentHistory[], string>({
      query: incidentHistoryRequest,
      responseSchema: responseSchema(IncidentHistoriesStruct, 'GET /api/db/incident_histories'),
      providesTags: (_rows, _error, id) => [{ type: 'Incidents', id: `history:${id}` }],
    }),
    /** INC-09 */
    searchHypotheses: build.query<Hypothesis[], { incidentId: string; q?: string }>({
      query: ({ incidentId, q }) => searchHypothesesRequest(incidentId, q),
      responseSchema: responseSchema(HypothesesStruct, 'GET /api/db/hypotheses'),
      providesTags: (_rows, _error, { incidentId }) => [
        { type: 'Hypotheses', id: `incident:${incidentId}` },
      ],
    }),
    /** INC-10 (INC-11 when `id` is given). */
    createHypothesis: build.mutation<Hypothesis, CreateHypothesisBody, Hypothesis[]>({
      query: (body) => ({ url: table('hypotheses'), method: 'POST', body }),
      rawResponseSchema: responseSchema(HypothesesStruct, 'POST /api/db/hypotheses'),
      transformResponse: (rows: Hypothesis[]) => rows[0] as Hypothesis,
      invalidatesTags: (_row, _error, body) => [
        ...incidentTags(body.incident_id),
        { type: 'Hypotheses', id: `incident:${body.incident_id}` },
        { type: 'Incidents', id: `history:${body.incident_id}` },
      ],
    }),
    /** INC-12 */
    updateHypothesis: build.mutation<
      Hypothesis[],
      {
        id: string;
        incidentId: string;
        changes: { title?: string; status?: string; type?: string };
      }
    >({
      query: ({ id, changes }) => ({ url: byId('hypotheses', id), method: 'PATCH', body: changes }),
      responseSchema: responseSchema(HypothesesStruct, 'PATCH /api/db/hypotheses'),
      invalidatesTags: (_rows, _error, { incidentId }) => [
        { type: 'Incidents', id: incidentId },
        { type: 'Hypotheses', id: `incident:${incidentId}` },
        { type: 'Incidents', id: `history:${incidentId}` },
      ],
    }),
    /** INC-13: the comments, the evidences, then the hypothesis; a failure names its step. */
    deleteHypothesis: build.mutation<
      null,
      {
        id: string;
        incidentId: string;
        /** Undoing a failed link: its dialog says what happened. */ quiet?: boolean;
      }
    >({
      queryFn: async ({ id }, _api, _extra, baseQuery) => {
        const steps = [
          ['comments', pg('comments').eq('hypothesis_id', id).toRequest().url],
          ['evidences', pg('evidences').eq('hypothesis_id', id).toRequest().url],
          ['hypothesis', byId('hypotheses', id)],
        ] as const;
        for (const [step, url] of steps) {
          const result = await baseQuery({ url, method: 'DELETE', prefer: 'return=minimal' });
          if (result.error) {
            const error = result.error as ApiError;
            return {
              error: { ...error, message: new HypothesisDeleteError(step, error.message).message },
            };
          }
        }
        return { data: null };
      },
      // Reloaded whether it worked or not: a failure in the middle leaves part of it gone.
      invalidatesTags: (_result, _error, { incidentId }) => [
        ...incidentTags(incidentId),
        { type: 'Hypotheses', id: `incident:${incidentId}` },
        { type: 'Incidents', id: `history:${incidentId}` },
      ],
    }),
    /** INC-15 */
    createEvidence: build.mutation<
      Evidence,
      CreateEvidenceBody & { incidentId?: string },
      Evidence[]
    >({
      query: ({ incidentId: _incidentId, ...body }) => ({
        url: table('evidences'),
        method: 'POST',
        body,
      }),
      rawResponseSchema: responseSchema(EvidencesStruct, 'POST /api/db/evidences'),
      transformResponse: (rows: Evidence[]) => rows[0] as Evidence,
      invalidatesTags: (_row, _error, { incidentId }) =>
        incidentId
          ? [...incidentTags(incidentId), { type: 'Incidents', id: `history:${incidentId}` }]
          : [{ type: 'Incidents', id: 'LIST' }],
    }),
    /** INC-16 */
    updateEvidence: build.mutation<
      Evidence[],
      {
        id: string;
        incidentId: string;
        changes: Partial<
          Pick<CreateEvidenceBody, 'definition_of_done' | 'done' | 'script' | 'description'>
        >;
      }
    >({
      query: ({ id, changes }) => ({ url: byId('evidences', id), method: 'PATCH', body: changes }),
      responseSchema: responseSchema(EvidencesStruct, 'PATCH /api/db/evidences'),
      invalidatesTags: (_rows, _error, { incidentId }) => [
        { type: 'Incidents', id: incidentId },
        { type: 'Incidents', id: `history:${incidentId}` },
      ],
    }),
    /** INC-17 */
    deleteEvidence: build.mutation<null, { id: string; incidentId: string }>({
      query: ({ id }) => ({
        url: byId('evidences', id),
        method: 'DELETE',
        prefer: 'return=minimal',
      }),
      transformResponse: () => null,
      invalidatesTags: (_result, _error, { incidentId }) => [
        ...incidentTags(incidentId),
        { type: 'Incidents', id: `history:${incidentId}` },
      ],
    }),
    /**
     * INC-18. The comment shows in the cached incident at once (marked pending by its
     * `pending:` id) and is replaced by the server's row, or taken out again on a failure.
     */
    addComment: build.mutation<unknown, AddCommentArgs>({
      query: ({ author: _author, ...body }) => ({ url: table('comments'), method: 'POST', body }),
      onQueryStarted: async (args, { dispatch, queryFulfilled }) => {
        const patch = dispatch(
          incidentsApi.util.updateQueryData('getIncident', args.incident_id, (incident) => {
            const hypothesis = incident?.hypotheses?.find((h) => h.id === args.hypothesis_id);
            if (!hypothesis) return;
            hypothesis.comments = [
              ...(hypothesis.comments ?? []),
              {
                id: `pending:${Date.now()}`,
                comment: args.comment,
                created_at: new Date().toISOString(),
                hypothesis_id: args.hypothesis_id,
                responder_id: null,
                created_by: args.author ?? { id: args.created_by },
              },
            ];
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_result, _error, { incident_id }) => [
        { type: 'Incidents', id: incident_id },
        { type: 'Incidents', id: `history:${incident_id}` },
        { type: 'Incidents', id: 'LIST' },
      ],
    }),
    /** INC-19 */
    getResponders: build.query<Responder[], string>({
      query: respondersRequest,
      responseSchema: responseSchema(RespondersStruct, 'GET /api/db/responders'),
      providesTags: (_rows, _error, id) => [{ type: 'Responders', id }],
    }),
    /** INC-20 (`?select=*`) */
    addResponder: build.mutation<Responder[], AddResponderBody>({
      query: (body) => ({
        url: pg('responders').select('*').toRequest().url,
        method: 'POST',
        body,
      }),
      responseSchema: responseSchema(RespondersStruct, 'POST /api/db/responders'),
      invalidatesTags: (_rows, _error, { incident_id }) => [
        { type: 'Responders', id: incident_id },
        ...incidentTags(incident_id),
        { type: 'Incidents', id: `history:${incident_id}` },
      ],
    }),
    /** INC-21: soft delete. */
    removeResponder: build.mutation<Responder[], { id: string; incidentId: string }>({
      query: ({ id }) => ({
        url: byId('responders', id),
        method: 'PATCH',
        body: { deleted_at: 'now()' },
      }),
      responseSchema: responseSchema(RespondersStruct, 'PATCH /api/db/responders'),
      invalidatesTags: (_rows, _error, { incidentId }) => [
        { type: 'Responders', id: incidentId },
        ...incidentTags(incidentId),
      ],
    }),
    /** AUTH-18: a team with its spec (the responder clients a team responder is reached by). */
    getTeam: build.query<IncidentTeam | undefined, string, IncidentTeam[]>({
      query: (id) => pg('teams').eq('id', id).toRequest(),
      rawResponseSchema: responseSchema(IncidentTeamsStruct, 'GET /api/db/teams'),
      transformResponse: firstRow,
      providesTags: (_team, _error, id) => [{ type: 'Teams', id }],
    }),
    /** AUTH-02: a person by id. */
    getPerson: build.query<IncidentPerson | undefined, string, IncidentPerson[]>({
      query: (id) => pg('people').eq('id', id).toRequest(),
      rawResponseSchema: responseSchema(IncidentPeopleStruct, 'GET /api/db/people'),
      transformResponse: firstRow,
      providesTags: (_person, _error, id) => [{ type: 'People', id }],
    }),
  }),
});

defineOutcomes(incidentsApi, {
  createIncidentWithRoot: { success: INCIDENT_MESSAGES.created },
  deleteHypothesis: {
    success: INCIDENT_MESSAGES.hypothesisDeleted,
    failure: 'toast',
    quiet: (arg) => arg.quiet === true,
  },
  deleteEvidence: { success: INCIDENT_MESSAGES.evidenceRemoved, failure: 'toast' },
  updateIncident: { failure: 'toast' },
  updateHypothesis: { failure: 'toast' },
  updateEvidence: { failure: 'toast' },
  addComment: { failure: 'toast' },
  addResponder: { success: INCIDENT_MESSAGES.responderAdded },
  removeResponder: { success: INCIDENT_MESSAGES.responderRemoved, failure: 'toast' },
});

export const {
  useGetIncidentsQuery,
  useGetIncidentQuery,
  useSearchIncidentsQuery,
  useLazySearchIncidentsQuery,
  useCreateIncidentMutation,
  useCreateIncidentWithRootMutation,
  useUpdateIncidentMutation,
  useDeleteIncidentMutation,
  useGetIncidentHistoryQuery,
  useSearchHypothesesQuery,
  useCreateHypothesisMutation,
  useUpdateHypothesisMutation,
  useDeleteHypothesisMutation,
  useCreateEvidenceMutation,
  useUpdateEvidenceMutation,
  useDeleteEvidenceMutation,
  useAddCommentMutation,
  useGetRespondersQuery,
  useAddResponderMutation,
  useRemoveResponderMutation,
  useGetTeamQuery,
  useGetPersonQuery,
} = incidentsApi;

// ---------------------------------------------------------------- page tags

/** What the incidents page's Refresh reloads. */
export const incidentListTags = [{ type: 'Incidents', id: 'LIST' }] as const;

/** What an incident page's Refresh reloads: the incident, its responders and its timeline. */
export function incidentPageTags(id: string) {
  return [
    { type: 'Incidents' as const, id },
    { type: 'Responders' as const, id },
    { type: 'Incidents' as const, id: `history:${id}` },
  ];
}
