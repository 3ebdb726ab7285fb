import type { FastifyPluginAsync } from 'fastify';
import type { SqlClient } from '../db/types';
import { answerJsonErrors, requireAccess, sendError } from './guard';
import { decodeSummaryRequest, sendHistorySummary } from '../notifications/summary';
import { decodePreviewQuery, silencePreview, silenceWindows } from '../notifications/preview';
import { decodeNewSilence, insertSilence, recurrenceProblem } from '../notifications/silences';
import { isSendId, sendDetail } from '../notifications/sendDetail';
import { loadResource } from '../notifications/resources';

export interface NotificationRoutesOptions {
  /** The clock (date math, the preview window, silence times); tests pass their own. */
  now?: () => Date;
}

const TARGETS = [
  ['config_id', 'config'],
  ['component_id', 'component'],
  ['check_id', 'check'],
  ['canary_id', 'canary'],
] as const;

/**
 * The native notification endpoints of the demo backend (api.md §13): NOTIF-06 send-history
 * summary, NOTIF-11 silence creation (with an optional maintenance window: `schedule`,
 * `timezone`, `duration`), NOTIF-14 silence preview (also of a maintenance window), the send
 * detail `GET /notification/send_history/{id}` with its rendered `body_markdown`, and
 * `GET /notification/silence_windows` (a maintenance window's last and next windows and what
 * the last one would have muted; the preview's query). Errors answer `{ error }` with 400 for
 * bad input (never a 500 for anything a caller sends).
 */
export function notificationRoutes(
  db: SqlClient,
  options: NotificationRoutesOptions = {},
): FastifyPluginAsync {
  const now = options.now ?? (() => new Date());
  return async (app) => {
    answerJsonErrors(app, 'application/json');

    app.post('/notification/summary', async (request, reply) => {
      const caller = await requireAccess(db, request, reply, 'notifications', 'read');
      if (!caller) return reply;
      const decoded = decodeSummaryRequest(request.body, now());
      if (!decoded.ok) return sendError(reply, 400, decoded.error);
      return reply.send(await sendHistorySummary(db, decoded.value));
    });

    app.get('/notification/silence_preview', async (request, reply) => {
      const caller = await requireAccess(db, request, reply, 'notifications', 'read');
      if (!caller) return reply;
      const decoded = decodePreviewQuery((request.query ?? {}) as Record<string, unknown>);
      if (!decoded.ok) return sendError(reply, 400, decoded.error);
      const recurrence = decoded.value.recurrence;
      const problem = recurrence ? await recurrenceProblem(db, recurrence) : null;
      if (problem) return sendError(reply, 400, problem);
      return reply.send(await silencePreview(db, decoded.value, now()));
    });

    app.get('/notification/silence_windows', async (request, reply) => {
      const caller = await requireAccess(db, request, reply, 'notifications', 'read');
      if (!caller) return reply;
      const decoded = decodePreviewQuery((request.query ?? {}) as Record<string, unknown>);
      if (!decoded.ok) return sendError(reply, 400, decoded.error);
      const recurrence = decoded.value.recurrence;
      if (!recurrence) return sendError(reply, 400, 'schedule and duration are required');
      const problem = await recurrenceProblem(db, recurrence);
      if (problem) return sendError(reply, 400, problem);
      return reply.send(await silenceWindows(db, { ...decoded.value, recurrence }, now()));
    });

    app.get<{ Params: { id: string } }>(
      '/notification/send_history/:id',
      async (request, reply) => {
        const caller = await requireAccess(db, request, reply, 'notifications', 'read');
        if (!caller) return reply;
        const { id } = request.params;
        if (!isSendId(id)) return sendError(reply, 400, `invalid id: ${id}`);
        const detail = await sendDetail(db, id);
        if (!detail) return sendError(reply, 404, `notification send ${id} not found`);
        return reply.send(detail);
      },
    );

    app.post('/notification/silence', async (request, reply) => {
      const caller = await requireAccess(db, request, reply, 'notifications', 'create');
      if (!caller) return reply;
      const decoded = decodeNewSilence(request.body, now());
      if (!decoded.ok) return sendError(reply, 400, decoded.error);
      const silence = decoded.value;
      if (silence.schedule && silence.duration) {
        const problem = await recurrenceProblem(db, {
          schedule: silence.schedule,
          timezone: silence.timezone,
          duration: silence.duration,
        });
        if (problem) return sendError(reply, 400, problem);
      }
      for (const [key, kind] of TARGETS) {
        const id = silence[key];
        if (id && !(await loadResource(db, kind, id))) {
          return sendError(reply, 400, `${key}: ${kind} ${id} not found`);
        }
      }
      await insertSilence(db, silence, caller.personId);
      return reply.code(200).send();
    });
  };
}
