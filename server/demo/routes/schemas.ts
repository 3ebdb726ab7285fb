import type { FastifyPluginAsync } from 'fastify';
import { SCHEMAS } from '../schemas';
import { sendError } from './guard';

/**
 * MISC-06: the JSON schemas for editors, `GET /schemas/{file}` (mounted under `/api`). They hold
 * nothing private, so they are served without a session, like Mission Control's embedded ones.
 */
export function schemaRoutes(): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { file: string } }>('/schemas/:file', async (request, reply) => {
      const { file } = request.params;
      const schema = Object.hasOwn(SCHEMAS, file) ? SCHEMAS[file] : undefined;
      if (!schema) return sendError(reply, 404, `schema ${file} not found`);
      return reply.header('cache-control', 'public, max-age=300').send(schema);
    });
  };
}
