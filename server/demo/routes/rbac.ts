import type { FastifyPluginAsync } from 'fastify';
import { array, optional, string, type } from 'superstruct';
import type { SqlClient } from '../db/types';
import {
  PLAYBOOK_ACTIONS,
  REVIEW_ACTIONS,
  type AccessReviewResult,
  type PlaybookAction,
} from '../../../contracts/playbookAccess';
import { decidePlaybookAccess, principalOfSubject } from '../playbooks/access';
import { findPlaybook, findResource, isUuid } from '../playbooks/store';
import type { PlaybookResource } from '../playbooks/spec';
import { answerJsonErrors, requireAccess, requireBody, sendError } from './guard';

/** Upstream's cap on the subjects of one review. */
const MAX_SUBJECTS = 500;

const ReviewBody = type({
  resource: type({
    playbook: optional(string()),
    config: optional(string()),
    check: optional(string()),
    view: optional(string()),
    connection: optional(string()),
    global: optional(string()),
  }),
  action: string(),
  subjects: optional(array(string())),
});

const RESOURCE_KEYS = ['global', 'playbook', 'config', 'check', 'view', 'connection'] as const;

function isPlaybookAction(action: string): action is PlaybookAction {
  return (PLAYBOOK_ACTIONS as readonly string[]).includes(action);
}

/**
 * `POST /rbac/subject-access-reviews` (duty `SubjectAccessReviewRequest`): whether each subject
 * may perform the action on the resource. Needs rbac read, as upstream. The body is checked as
 * upstream does (an action of the vocabulary, at least one resource, at least one subject;
 * `["*"]` is every subject of a permission), then each subject is decided by
 * `decidePlaybookAccess`, the function the playbook endpoints enforce; each result carries the
 * rules behind it (`rules`, which upstream does not send). The demo decides `playbook:run` and
 * `playbook:approve` on a playbook (optionally on a config or check); other questions are
 * answered 400.
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
          'at least one of resource.global, resource.playbook, resource.config, resource.check, resource.view or resource.connection is required',
        );
      }
      if (!(REVIEW_ACTIONS as readonly string[]).includes(body.action)) {
        return sendError(
          reply,
          400,
          `unsupported action "${body.action}", only ${REVIEW_ACTIONS.join(', ')} are supported`,
        );
      }
      const subjects = body.subjects ?? [];
      if (subjects.length === 0) return sendError(reply, 400, 'at least one subject is required');
      if (!resource.playbook || !isPlaybookAction(body.action)) {
        return sendError(
          reply,
          400,
          'the demo reviews playbook:run and playbook:approve on resource.playbook only',
        );
      }
      if (resource.view || resource.connection || resource.global) {
        return sendError(reply, 400, 'a playbook is reviewed alone or with a config or check');
      }
      if (resource.config && resource.check) {
        return sendError(reply, 400, 'only one of resource.config and resource.check is allowed');
      }
      for (const key of ['playbook', 'config', 'check'] as const) {
        const id = resource[key];
        if (id !== undefined && id !== '' && !isUuid(id)) {
          return sendError(reply, 400, `resource.${key} must be a valid UUID`);
        }
      }
      const playbook = await findPlaybook(db, resource.playbook);
      if (!playbook) return sendError(reply, 404, `playbook "${resource.playbook}" not found`);
      let target: PlaybookResource | null = null;
      for (const kind of ['config', 'check'] as const) {
        const id = resource[kind];
        if (!id) continue;
        target = await findResource(db, kind, id);
        if (!target) return sendError(reply, 404, `${kind} "${id}" not found`);
      }

      let asked = subjects;
      if (subjects.length === 1 && subjects[0]?.trim() === '*') {
        const { rows } = await db.query<{ subject: string }>(
          `SELECT DISTINCT subject FROM permissions
            WHERE deleted_at IS NULL AND subject IS NOT NULL AND subject <> '' ORDER BY subject`,
        );
        asked = rows.map((row) => row.subject);
      }
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
        const decision = await decidePlaybookAccess(db, principal, playbook, body.action, target);
        results.push({ subject, allowed: decision.allowed, rules: decision.rules });
      }
      return reply.send({ resource, action: body.action, results });
    });
  };
}
