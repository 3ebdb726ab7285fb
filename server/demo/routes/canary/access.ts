import type { FastifyReply, FastifyRequest } from 'fastify';
import { scopeAllows, type Operation } from '../../auth/access';
import { resolveCaller, type Caller } from '../../auth/caller';
import type { SqlClient } from '../../db/types';

/**
 * The signed-in caller, or null after answering 401 (nobody signed in) or 403 (signed in
 * without one of `roles`, when given, or with an API token whose scope leaves out `operation`
 * on canaries) with a JSON `{error}` body.
 */
export async function callerWithRole(
  db: SqlClient,
  request: FastifyRequest,
  reply: FastifyReply,
  roles?: readonly string[],
  operation: Operation = 'read',
): Promise<Caller | null> {
  const caller = await resolveCaller(db, request);
  if (!caller) {
    await reply.code(401).send({ error: 'Unauthorized' });
    return null;
  }
  if (roles && !caller.roles.some((role) => roles.includes(role))) {
    await reply.code(403).send({
      error: `forbidden: needs one of the roles ${roles.join(', ')}`,
    });
    return null;
  }
  if (!scopeAllows(caller, 'canaries', operation)) {
    await reply.code(403).send({ error: `not allowed to ${operation} canaries` });
    return null;
  }
  return caller;
}
