import type { FastifyPluginAsync } from 'fastify';
import { chartFiles } from '../charts';

/**
 * The values schema and default values of each chart of the Add Integration wizard, beside the
 * editors' schemas (api.md MISC-06): `GET /schemas/{chart}.values.schema.json` and
 * `GET /schemas/{chart}.values.json` (mounted under `/api`). One static route per file, so they
 * take precedence over `/schemas/:file`; like the other schemas they need no session.
 */
export function chartRoutes(): FastifyPluginAsync {
  return async (app) => {
    for (const [file, body] of Object.entries(chartFiles())) {
      app.get(`/schemas/${file}`, async (_request, reply) =>
        reply.header('cache-control', 'public, max-age=300').send(body),
      );
    }
  };
}
