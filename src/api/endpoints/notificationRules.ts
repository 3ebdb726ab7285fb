/**
 * Notification rules (api.md §13): the paged list with send statistics (NOTIF-01), one rule
 * (NOTIF-02), and create, update and soft delete on `notifications` (NOTIF-03 to NOTIF-05).
 * The "all rules" picker form of NOTIF-01 is `sendRulesRequest` in `notificationHistory.ts`
 * (one definition, shared).
 */
import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { defineOutcomes, editOutcomes } from '../outcomes';
import { pg, AVATAR_COLUMNS, pgInsert } from '../postgrest';
import type { NotificationRule, RuleSummary } from '../schemas/notificationRules';
import { NotificationRulesStruct, RuleSummariesStruct } from '../schemas/notificationRules';
import { responseSchema } from '../validate';
import { pageOf, pageTags, firstRow } from '../pages';

export { sendRulesRequest } from './notificationHistory';

/** The select list of NOTIF-01 and NOTIF-02: every column, the person, team and creator. */
export const RULE_SELECT = [
  '*',
  `person:person_id(${AVATAR_COLUMNS})`,
  'team:team_id(id,name,icon)',
  `created_by(${AVATAR_COLUMNS})`,
] as const;

/** The list's order when the address names none (api.md NOTIF-01). */
export const DEFAULT_RULE_SORT = { sortBy: 'created_at', sortOrder: 'desc' } as const;

/** What the toasts say (spec 000 §8). */
export const RULE_MESSAGES = {
  created: 'Notification created successfully',
  updated: 'Notification updated successfully',
  deleted: 'Notification deleted successfully',
} as const;

// ---------------------------------------------------------------------------------- NOTIF-01

/** What the rules list asks NOTIF-01 for. */
export interface GetRulesArgs {
  pageIndex: number;
  pageSize: number;
  /** A column of the view; `created_at` by default. */
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

/**
 * NOTIF-01: `notifications_summary?select=*,person:person_id(A),team:team_id(id,name,icon),
 * created_by(A)&order={sortBy}.{sortOrder}&limit={n}&offset={m}` with `Prefer: count=exact`.
 */
export function rulesRequest(args: GetRulesArgs): RequestArgs {
  return pg('notifications_summary')
    .select(...RULE_SELECT)
    .order(args.sortBy ?? DEFAULT_RULE_SORT.sortBy, args.sortOrder ?? DEFAULT_RULE_SORT.sortOrder)
    .range(args.pageIndex, args.pageSize)
    .count()
    .toRequest();
}

/** One page of rules and the count on every page. */
export interface RulesPage {
  rules: RuleSummary[];
  totalEntries: number;
}

// ---------------------------------------------------------------------------------- NOTIF-02

/** NOTIF-02: `notifications?id=eq.{id}&select=…`; the first row is the rule. */
export function ruleRequest(id: string): RequestArgs {
  return pg('notifications')
    .eq('id', id)
    .select(...RULE_SELECT)
    .toRequest();
}

// ---------------------------------------------------------------------------- NOTIF-03 / 04

/** The custom service a rule sends to, as written (`custom_services[]`). */
export interface RuleServiceBody {
  name: string;
  url?: string;
  connection?: string;
  properties?: Record<string, string>;
  filters?: string;
}

/** One inhibition as written (`inhibitions[]`); `depth` and `soft` only when given. */
export interface RuleInhibitionBody {
  direction: 'incoming' | 'outgoing' | 'all';
  from: string;
  to: string[];
  depth?: number;
  soft?: boolean;
}

/** The rule fields NOTIF-03 and NOTIF-04 write. */
export interface RuleBody {
  name: string;
  namespace?: string;
  title?: string;
  events: string[];
  filter?: string;
  template?: string;
  properties?: Record<string, string>;
  person_id?: string | null;
  team_id?: string | null;
  playbook_id?: string | null;
  custom_services?: RuleServiceBody[] | null;
  repeat_interval?: string | null;
  /** Nanoseconds. */
  wait_for?: number | null;
  /** Nanoseconds. */
  wait_for_eval_period?: number | null;
  group_by?: string[] | null;
  inhibitions?: RuleInhibitionBody[] | null;
}

/** NOTIF-03: `POST /api/db/notifications` with the fields and `created_by` the signed-in user. */
export function createRuleRequest(body: RuleBody): RequestArgs {
  return pgInsert('notifications', body);
}

/** NOTIF-04's argument: the rule's id and its fields. */
export interface UpdateRuleArgs {
  id: string;
  body: RuleBody;
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/**
 * NOTIF-04: `PATCH /api/db/notifications?id=eq.{id}` with the fields, `person_id`, `team_id`
 * and `custom_services` forced to `null` when empty (so a recipient that was replaced is
 * cleared on the server).
 */
export function updateRuleRequest({ id, body }: UpdateRuleArgs): RequestArgs {
  const patch: RuleBody = { ...body };
  if (isEmpty(patch.person_id)) patch.person_id = null;
  if (isEmpty(patch.team_id)) patch.team_id = null;
  if (isEmpty(patch.custom_services)) patch.custom_services = null;
  return {
    url: pg('notifications').eq('id', id).toRequest().url,
    method: 'PATCH',
    body: patch,
    notFound: 'This notification does not exist or was deleted',
  };
}

// ---------------------------------------------------------------------------------- NOTIF-05

/** NOTIF-05: the soft delete, `PATCH ?id=eq.{id}` with `{ "deleted_at": "now()" }`. */
export function deleteRuleRequest(id: string): RequestArgs {
  return {
    url: pg('notifications').eq('id', id).toRequest().url,
    method: 'PATCH',
    body: { deleted_at: 'now()' },
  };
}

// --------------------------------------------------------------------------------- endpoints

const LIST = { type: 'Notifications' as const, id: 'LIST' };

export const notificationRulesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** NOTIF-01: a page of rules with their statistics. */
    getRules: build.query<RulesPage, GetRulesArgs, RuleSummary[]>({
      query: rulesRequest,
      rawResponseSchema: responseSchema(RuleSummariesStruct, 'GET /api/db/notifications_summary'),
      transformResponse: pageOf('rules'),
      providesTags: (page) => pageTags('Notifications', page?.rules),
    }),
    /** NOTIF-02: one rule; undefined when there is none. */
    getRule: build.query<NotificationRule | undefined, string, NotificationRule[]>({
      query: ruleRequest,
      rawResponseSchema: responseSchema(NotificationRulesStruct, 'GET /api/db/notifications'),
      transformResponse: firstRow,
      providesTags: (_rule, _error, id) => [{ type: 'Notifications', id }],
    }),
    /** NOTIF-03 */
    createRule: build.mutation<unknown, RuleBody>({
      query: createRuleRequest,
      invalidatesTags: [LIST],
    }),
    /** NOTIF-04 */
    updateRule: build.mutation<unknown, UpdateRuleArgs>({
      query: updateRuleRequest,
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'Notifications', id }],
    }),
    /** NOTIF-05 */
    deleteRule: build.mutation<unknown, string>({
      query: deleteRuleRequest,
      invalidatesTags: (_result, _error, id) => [LIST, { type: 'Notifications', id }],
    }),
  }),
});

defineOutcomes(notificationRulesApi, editOutcomes('Rule', RULE_MESSAGES));

export const {
  useGetRulesQuery,
  useGetRuleQuery,
  useCreateRuleMutation,
  useUpdateRuleMutation,
  useDeleteRuleMutation,
} = notificationRulesApi;

// ---------------------------------------------------------------- page tags

/** What the notification rules page's Refresh reloads. */
export const notificationRuleTags = [{ type: 'Notifications', id: 'LIST' }] as const;
