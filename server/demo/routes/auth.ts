import os from 'node:os';
import type { FastifyPluginAsync } from 'fastify';
import type { SqlClient } from '../db/types';
import { resolveCaller } from '../auth/caller';

/** `GET /auth/whoami` (api.md AUTH-01): the signed-in person, roles and permissions. */
export function authRoutes(db: SqlClient): FastifyPluginAsync {
  return async (app) => {
    app.get('/auth/whoami', async (request, reply) => {
      const caller = await resolveCaller(db, request);
      if (!caller) return reply.code(401).send({ error: 'error fetching user' });
      const { rows: permissions } = await db.query(
        `SELECT p.id, p.action, p.deny, p.object, p.object_selector, p.description
           FROM permissions p
          WHERE p.deleted_at IS NULL
            AND (p.person_id = $1
                 OR p.team_id IN (SELECT team_id FROM team_members WHERE person_id = $1))`,
        [caller.personId],
      );
      return {
        message: 'success',
        payload: {
          user: {
            id: caller.personId,
            name: caller.name,
            email: caller.email,
            avatar: caller.avatar,
          },
          roles: caller.roles,
          permissions: permissions.map((p) => ({ ...p, subject: caller.personId })),
          hostname: os.hostname(),
        },
      };
    });
  };
}
