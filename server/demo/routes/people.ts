import type { FastifyPluginAsync } from 'fastify';
import { array, boolean, nullable, optional, string, type } from 'superstruct';
import type { SqlClient } from '../db/types';
import {
  changeTraits,
  deleteAccount,
  findAccount,
  invite,
  setActive,
  setRoles,
} from '../auth/accounts';
import { ROLES, isRole, type Role } from '../auth/rbac';
import { DuplicateIdentityError, InvalidIdentityError } from '../identity';
import { isEmail } from '../identity/traits';
import { requireAccess, requireBody, sendError } from './guard';

const InviteBody = type({
  firstName: optional(nullable(string())),
  lastName: optional(nullable(string())),
  email: string(),
  role: optional(nullable(string())),
});

const UpdateBody = type({
  id: string(),
  firstName: optional(nullable(string())),
  lastName: optional(nullable(string())),
  email: string(),
  role: optional(nullable(string())),
  active: optional(nullable(boolean())),
});

const RolesBody = type({ roles: array(string()) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A role from the body: absent or empty gives `fallback`; a name that is no role gives `'unknown'`. */
function roleOf(value: string | null | undefined, fallback: Role | null): Role | null | 'unknown' {
  const role = (value ?? '').trim();
  if (!role) return fallback;
  return isRole(role) ? role : 'unknown';
}

const unknownRole = (value: string | null | undefined) =>
  `unknown role "${value ?? ''}"; expected one of ${ROLES.join(', ')}`;

export interface PeopleRoutesOptions {
  db: SqlClient;
  log: (line: string) => void;
}

/**
 * People administration (api.md AUTH-14 … AUTH-17). Inviting, updating and deleting people
 * needs write access to `identities`, setting roles write access to `rbac`: both admin-only.
 */
export function peopleRoutes({ db, log }: PeopleRoutesOptions): FastifyPluginAsync {
  return async (app) => {
    const identityBase = `${app.prefix}/.ory`;

    app.post('/auth/invite_user', async (request, reply) => {
      if (!(await requireAccess(db, request, reply, 'identities', 'create'))) return reply;
      const body = requireBody(reply, InviteBody, request.body);
      if (!body) return reply;
      const email = body.email.trim();
      if (!isEmail(email)) return sendError(reply, 400, `invalid email "${email}"`);
      const role = roleOf(body.role, 'viewer');
      if (role === 'unknown' || role === null) {
        return sendError(reply, 400, unknownRole(body.role));
      }
      try {
        const sent = await invite(
          db,
          {
            email,
            firstName: body.firstName?.trim() ?? '',
            lastName: body.lastName?.trim() ?? '',
            role,
          },
          { publicBaseUrl: `${request.protocol}://${request.host}${identityBase}`, log },
        );
        return { link: sent.link };
      } catch (error) {
        if (error instanceof DuplicateIdentityError) {
          return sendError(reply, 409, 'User already exists');
        }
        if (error instanceof InvalidIdentityError) return sendError(reply, 400, error.message);
        throw error;
      }
    });

    app.post('/people/update', async (request, reply) => {
      if (!(await requireAccess(db, request, reply, 'identities', 'update'))) return reply;
      const body = requireBody(reply, UpdateBody, request.body);
      if (!body) return reply;
      const email = body.email.trim();
      if (!isEmail(email)) return sendError(reply, 400, `invalid email "${email}"`);
      const role = roleOf(body.role, null);
      if (role === 'unknown') return sendError(reply, 400, unknownRole(body.role));
      const account = await findAccount(db, body.id);
      if (!account) return sendError(reply, 404, `user ${body.id} not found`);
      const traits = {
        email,
        name: {
          first: body.firstName?.trim() ?? '',
          last: body.lastName?.trim() ?? '',
        },
      };
      const { active } = body;
      try {
        await db.transaction(async (tx) => {
          await changeTraits(tx, account, traits);
          if (role) await setRoles(tx, account.personId, [role]);
          if (typeof active === 'boolean') await setActive(tx, account, active);
        });
      } catch (error) {
        if (error instanceof DuplicateIdentityError) return sendError(reply, 400, error.message);
        throw error;
      }
      return traits;
    });

    app.delete<{ Params: { id: string } }>('/people/:id', async (request, reply) => {
      if (!(await requireAccess(db, request, reply, 'identities', 'delete'))) return reply;
      const account = await findAccount(db, request.params.id);
      if (!account) return sendError(reply, 404, `user ${request.params.id} not found`);
      await deleteAccount(db, account);
      return reply.code(204).send();
    });

    app.post<{ Params: { userId: string } }>(
      '/rbac/:userId/update_role',
      async (request, reply) => {
        if (!(await requireAccess(db, request, reply, 'rbac', 'update'))) return reply;
        const body = requireBody(reply, RolesBody, request.body);
        if (!body) return reply;
        const roles = body.roles.map((r) => r.trim());
        if (roles.length === 0) return sendError(reply, 400, 'roles must name at least one role');
        const unknown = roles.find((r) => !isRole(r));
        if (unknown !== undefined) return sendError(reply, 400, unknownRole(unknown));
        const { userId } = request.params;
        const { rows } = UUID.test(userId)
          ? await db.query(`SELECT 1 FROM people WHERE id = $1 AND deleted_at IS NULL`, [userId])
          : { rows: [] };
        if (rows.length === 0) return sendError(reply, 404, `user ${userId} not found`);
        await setRoles(db, userId, roles.filter(isRole));
        return { message: 'Role updated successfully' };
      },
    );
  };
}
