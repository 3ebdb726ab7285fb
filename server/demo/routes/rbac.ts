import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { array, boolean, number, optional, string, type } from 'superstruct';
import type { SqlClient } from '../db/types';
import { REVIEW_ACTIONS, type AccessReviewResult } from '../../../contracts/playbookAccess';
import {
  DEFAULT_SEARCH_LIMIT,
  DEFAULT_SEARCH_RESOURCE_TYPES,
  MAX_SEARCH_LIMIT,
  SEARCH_RESOURCE_TYPES,
  type AccessSearchEntry,
  type AccessSearchResponse,
  type SearchResourceType,
} from '../../../contracts/accessSearch';
import { principalOfSubject, type Principal } from '../playbooks/access';
import { allPlaybooks, findPlaybook, findResource, isUuid } from '../playbooks/store';
import type { PlaybookResource } from '../playbooks/spec';
import {
  GLOBAL_OBJECT_NAMES,
  decideAccess,
  findTarget,
  groupOfGlobal,
  isDirect,
  isPlaybookAction,
  playbookTarget,
  TARGET_KINDS,
  type Decision,
  type Target,
} from '../auth/review';
import { answerJsonErrors, requireAccess, requireBody, sendError } from './guard';

/** Upstream's cap on the subjects of one review. */
const MAX_SUBJECTS = 500;

const ReviewBody = type({
  resource: type({
    playbook: optional(string()),
    config: optional(string()),
    check: optional(string()),
    component: optional(string()),
    canary: optional(string()),
    view: optional(string()),
    connection: optional(string()),
    global: optional(string()),
  }),
  action: string(),
  subjects: optional(array(string())),
});

/** The keys a review's resource may set: a global object or one target of each kind. */
const RESOURCE_KEYS = ['global', ...TARGET_KINDS] as const;
type ResourceKey = (typeof RESOURCE_KEYS)[number];

/** The kinds of resource a playbook is reviewed on (the resource it would run on). */
const RUN_ON_KEYS = ['config', 'check', 'component'] as const;

const SearchBody = type({
  subject: string(),
  action: optional(string()),
  actions: optional(array(string())),
  resource_types: optional(array(string())),
  include_denied: optional(boolean()),
  limit: optional(number()),
  offset: optional(number()),
});

const SEARCH_TYPES = SEARCH_RESOURCE_TYPES;
type SearchType = SearchResourceType;
const DEFAULT_SEARCH_TYPES = DEFAULT_SEARCH_RESOURCE_TYPES;
const DEFAULT_LIMIT = DEFAULT_SEARCH_LIMIT;
const MAX_LIMIT = MAX_SEARCH_LIMIT;

const NAME_ORDER: Record<Exclude<SearchType, 'playbook'>, string> = {
  view: 'views',
  connection: 'connections',
  config: 'config_items',
  component: 'components',
  canary: 'canaries',
};

function unsupportedAction(action: string): string {
  return `unsupported action "${action}", only ${REVIEW_ACTIONS.join(', ')} are supported`;
}

function isReviewAction(action: string): boolean {
  return (REVIEW_ACTIONS as readonly string[]).includes(action);
}

/** The target of a review, or null after answering 400 or 404. */
async function reviewTarget(
  db: SqlClient,
  reply: FastifyReply,
  resource: { [key in ResourceKey]?: string | undefined },
  action: string,
): Promise<Target | null> {
  const given = RESOURCE_KEYS.filter((key) => resource[key]);
  for (const key of given) {
    if (key !== 'global' && !isUuid(resource[key])) {
      sendError(reply, 400, `resource.${key} must be a valid UUID`);
      return null;
    }
  }
  if (isPlaybookAction(action) && !resource.playbook) {
    sendError(reply, 400, `${action} is reviewed on a playbook: resource.playbook is required`);
    return null;
  }
  if (resource.playbook) {
    const others = given.filter((key) => key !== 'playbook');
    if (others.some((key) => !(RUN_ON_KEYS as readonly string[]).includes(key))) {
      sendError(reply, 400, 'a playbook is reviewed alone or with a config, check or component');
      return null;
    }
    if (others.length > 1) {
      sendError(
        reply,
        400,
        'only one of resource.config, resource.check and resource.component is allowed',
      );
      return null;
    }
    const playbook = await findPlaybook(db, resource.playbook);
    if (!playbook) {
      sendError(reply, 404, `playbook "${resource.playbook}" not found`);
      return null;
    }
    let on: PlaybookResource | null = null;
    const kind = RUN_ON_KEYS.find((key) => resource[key]);
    if (kind) {
      const id = resource[kind] ?? '';
      on = await findResource(db, kind, id);
      if (!on) {
        sendError(reply, 404, `${kind} "${id}" not found`);
        return null;
      }
    }
    return playbookTarget(playbook, on);
  }
  if (given.length > 1) {
    sendError(reply, 400, `only one resource is reviewed at a time, got ${given.join(', ')}`);
    return null;
  }
  const [key] = given;
  if (key === 'global') {
    const object = resource.global ?? '';
    const group = groupOfGlobal(object);
    if (!group) {
      sendError(
        reply,
        400,
        `unknown global object "${object}"; expected one of ${GLOBAL_OBJECT_NAMES.join(', ')}`,
      );
      return null;
    }
    return { kind: 'global', id: object.trim(), name: object.trim(), group };
  }
  if (key === undefined || key === 'playbook') {
    sendError(reply, 400, 'a resource is required');
    return null;
  }
  const id = resource[key] ?? '';
  const target = await findTarget(db, key, id);
  if (!target) sendError(reply, 404, `${key} "${id}" not found`);
  return target;
}

/** Every subject of `permission_subjects`, as upstream resolves `["*"]`. */
async function everySubject(db: SqlClient): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT DISTINCT id FROM permission_subjects WHERE id IS NOT NULL AND id <> '' ORDER BY id`,
  );
  return rows.map((row) => row.id);
}

type SearchEntry = AccessSearchEntry;

/**
 * One resource type of a search: its resources with entries, either listed (playbooks, decided
 * one by one) or counted and read a page at a time (the others, whose decisions are their
 * group's, the same for every resource of the type).
 */
type Segment =
  | { kind: 'listed'; resources: SearchEntry[][] }
  | {
      kind: 'paged';
      type: Exclude<SearchType, 'playbook'>;
      count: number;
      entries: Array<Omit<SearchEntry, 'id' | 'name'>>;
    };

const NOBODY: Decision = { allowed: false, rules: [] };

async function searchSegment(
  db: SqlClient,
  type: SearchType,
  subject: string,
  principal: Principal | null,
  actions: readonly string[],
  includeDenied: boolean,
): Promise<Segment> {
  const keep = (decision: Decision) => includeDenied || decision.allowed;
  const decide = (target: Target, action: string) =>
    principal ? decideAccess(db, principal, target, action) : Promise.resolve(NOBODY);
  const direct = (decision: Decision) =>
    principal ? isDirect(subject, principal, decision) : false;
  if (type === 'playbook') {
    const playbooks = [...(await allPlaybooks(db))].sort(
      (a, b) => (a.title || a.name).localeCompare(b.title || b.name) || a.id.localeCompare(b.id),
    );
    const resources: SearchEntry[][] = [];
    for (const playbook of playbooks) {
      const target = playbookTarget(playbook, null);
      const entries: SearchEntry[] = [];
      for (const action of actions) {
        const decision = await decide(target, action);
        if (!keep(decision)) continue;
        entries.push({
          resource_type: 'playbook',
          id: playbook.id,
          name: target.name,
          action,
          allowed: decision.allowed,
          direct: direct(decision),
          rules: decision.rules,
        });
      }
      if (entries.length > 0) resources.push(entries);
    }
    return { kind: 'listed', resources };
  }
  const group: Target = { kind: type, id: '', name: '' };
  const entries: Array<Omit<SearchEntry, 'id' | 'name'>> = [];
  for (const action of actions) {
    if (isPlaybookAction(action)) continue;
    const decision = await decide(group, action);
    if (!keep(decision)) continue;
    entries.push({
      resource_type: type,
      action,
      allowed: decision.allowed,
      direct: direct(decision),
      rules: decision.rules,
    });
  }
  if (entries.length === 0) return { kind: 'paged', type, count: 0, entries };
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM ${NAME_ORDER[type]} WHERE deleted_at IS NULL`,
  );
  return { kind: 'paged', type, count: rows[0]?.count ?? 0, entries };
}

async function pageOf(
  db: SqlClient,
  segment: Segment,
  offset: number,
  limit: number,
): Promise<SearchEntry[]> {
  if (limit <= 0) return [];
  if (segment.kind === 'listed') return segment.resources.slice(offset, offset + limit).flat();
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT id::text AS id, name FROM ${NAME_ORDER[segment.type]}
      WHERE deleted_at IS NULL ORDER BY name, id LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  return rows.flatMap((row) =>
    segment.entries.map((entry) => ({ ...entry, id: row.id, name: row.name })),
  );
}

const resourceCount = (segment: Segment) =>
  segment.kind === 'listed' ? segment.resources.length : segment.count;
const entryCount = (segment: Segment) =>
  segment.kind === 'listed'
    ? segment.resources.reduce((sum, entries) => sum + entries.length, 0)
    : segment.count * segment.entries.length;

/**
 * `POST /rbac/subject-access-reviews` (duty `SubjectAccessReviewRequest`): whether each subject
 * may perform the action on the resource, and `POST /rbac/subject-access-search` (duty
 * `SubjectAccessSearchRequest`): which resources a subject may perform actions on. Both need
 * rbac read, as upstream, and check their bodies as upstream does; every decision is
 * `decideAccess`, made by the functions the demo enforces with, and carries the rules behind it
 * (`rules`, which upstream does not send). The review also takes `resource.component` and
 * `resource.canary`; the search also takes several `actions`, the resource types `config`,
 * `component` and `canary`, denied entries (`include_denied`) and pages (`limit`, `offset`,
 * counting resources).
 */
export function rbacRoutes(db: SqlClient): FastifyPluginAsync {
  return async (app) => {
    answerJsonErrors(app, 'application/json');

    app.post('/rbac/subject-access-reviews', async (request, reply) => {
      if (!(await requireAccess(db, request, reply, 'rbac', 'read'))) return reply;
      const body = requireBody(reply, ReviewBody, request.body);
      if (!body) return reply;
      if (body.action === '') return sendError(reply, 400, 'action is required');
      const resource = body.resource;
      if (!RESOURCE_KEYS.some((key) => resource[key])) {
        return sendError(
          reply,
          400,
          `at least one of ${RESOURCE_KEYS.map((key) => `resource.${key}`).join(', ')} is required`,
        );
      }
      if (!isReviewAction(body.action))
        return sendError(reply, 400, unsupportedAction(body.action));
      const subjects = body.subjects ?? [];
      if (subjects.length === 0) return sendError(reply, 400, 'at least one subject is required');
      const target = await reviewTarget(db, reply, resource, body.action);
      if (!target) return reply;

      const asked =
        subjects.length === 1 && subjects[0]?.trim() === '*' ? await everySubject(db) : subjects;
      if (asked.length > MAX_SUBJECTS) {
        return sendError(reply, 400, `subjects exceeds maximum of ${MAX_SUBJECTS}`);
      }

      const results: AccessReviewResult[] = [];
      for (const raw of asked) {
        const subject = raw.trim();
        if (subject === '') {
          results.push({ subject, allowed: false, error: 'subject is required' });
          continue;
        }
        const principal = await principalOfSubject(db, subject);
        if (!principal) {
          results.push({ subject, allowed: false, rules: [] });
          continue;
        }
        const decision = await decideAccess(db, principal, target, body.action);
        results.push({ subject, allowed: decision.allowed, rules: decision.rules });
      }
      return reply.send({ resource, action: body.action, results });
    });

    app.post('/rbac/subject-access-search', async (request, reply) => {
      if (!(await requireAccess(db, request, reply, 'rbac', 'read'))) return reply;
      const body = requireBody(reply, SearchBody, request.body);
      if (!body) return reply;
      const subject = body.subject.trim();
      if (subject === '') return sendError(reply, 400, 'subject is required');
      const actions = [...new Set([body.action ?? '', ...(body.actions ?? [])])].filter(
        (action) => action !== '',
      );
      if (actions.length === 0) return sendError(reply, 400, 'action is required');
      const unknown = actions.find((action) => !isReviewAction(action));
      if (unknown !== undefined) return sendError(reply, 400, unsupportedAction(unknown));
      const types: SearchType[] = [];
      for (const raw of body.resource_types?.length ? body.resource_types : DEFAULT_SEARCH_TYPES) {
        const type = raw.trim().toLowerCase();
        if (!(SEARCH_TYPES as readonly string[]).includes(type)) {
          return sendError(
            reply,
            400,
            `unsupported resource_type "${type}", only ${SEARCH_TYPES.join(', ')} are supported`,
          );
        }
        if (!types.includes(type as SearchType)) types.push(type as SearchType);
      }
      const limit = body.limit ?? DEFAULT_LIMIT;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
        return sendError(reply, 400, `limit must be an integer from 1 to ${MAX_LIMIT}`);
      }
      const offset = body.offset ?? 0;
      if (!Number.isInteger(offset) || offset < 0) {
        return sendError(reply, 400, 'offset must be an integer of at least 0');
      }

      const principal = await principalOfSubject(db, subject);
      const includeDenied = body.include_denied ?? false;
      const segments: Segment[] = [];
      for (const type of types) {
        segments.push(await searchSegment(db, type, subject, principal, actions, includeDenied));
      }
      const results: SearchEntry[] = [];
      let skip = offset;
      let room = limit;
      for (const segment of segments) {
        const count = resourceCount(segment);
        if (skip >= count) {
          skip -= count;
          continue;
        }
        const take = Math.min(room, count - skip);
        results.push(...(await pageOf(db, segment, skip, take)));
        skip = 0;
        room -= take;
        if (room === 0) break;
      }
      const response: AccessSearchResponse = {
        subject,
        action: actions[0] ?? '',
        actions,
        resource_types: types,
        total: segments.reduce((sum, segment) => sum + entryCount(segment), 0),
        resource_total: segments.reduce((sum, segment) => sum + resourceCount(segment), 0),
        limit,
        offset,
        results,
      };
      return reply.send(response);
    });
  };
}
