import type { FastifyPluginAsync } from 'fastify';
import { boolean, nullable, optional, record, string, type } from 'superstruct';
import type { SqlClient } from '../db/types';
import { hashToken } from '../auth/caller';
import { newTokenSecret } from '../auth/tokens';
import { answerJsonErrors, requireAccess, requireBody, sendError } from './guard';

/** `people.type` of the person each agent authenticates as. */
export const AGENT_PERSON_TYPE = 'agent';

/** The role Mission Control gives agents; it grants nothing on the console's resource groups. */
export const AGENT_ROLE = 'agent';

const GenerateAgentBody = type({
  name: optional(nullable(string())),
  properties: optional(nullable(record(string(), string()))),
  auto_renew: optional(nullable(boolean())),
});

export interface GeneratedAgent {
  id: string;
  username: string;
  access_token: string;
}

/**
 * Registers an agent: its person (`agent-{name}`, type `agent`, role `agent`), the agent row
 * and a never-expiring access token of that person, in one transaction.
 */
export async function generateAgent(
  db: SqlClient,
  input: {
    name: string;
    properties: Record<string, string>;
    autoRenew: boolean;
    createdBy: string;
  },
): Promise<GeneratedAgent> {
  const username = `agent-${input.name}`;
  const secret = newTokenSecret();
  return db.transaction(async (tx) => {
    const { rows: people } = await tx.query<{ id: string }>(
      `INSERT INTO people (name, type, created_at, updated_at)
       VALUES ($1, $2, now(), now()) RETURNING id`,
      [username, AGENT_PERSON_TYPE],
    );
    const personId = (people[0] as { id: string }).id;
    await tx.query(`INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, $2)`, [
      personId,
      AGENT_ROLE,
    ]);
    const { rows: agents } = await tx.query<{ id: string }>(
      `INSERT INTO agents (name, username, person_id, properties, created_by)
       VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING id`,
      [input.name, username, personId, JSON.stringify(input.properties), input.createdBy],
    );
    await tx.query(
      `INSERT INTO access_tokens (name, person_id, value, auto_renew, created_at, created_by, expires_at)
       VALUES ($1, $2, $3, $4, now(), $5, NULL)`,
      [`${username}-token`, personId, hashToken(secret), input.autoRenew, input.createdBy],
    );
    return { id: (agents[0] as { id: string }).id, username, access_token: secret };
  });
}

/**
 * AGENT-03: `POST /agent/generate` (mounted under `/api`) registers an agent and answers 201
 * `{ id, username, access_token }`; the token authenticates as the agent's person
 * (`Authorization: Bearer {access_token}`). Updating and deleting agents go through `/db/agents`.
 */
export function agentRoutes(db: SqlClient): FastifyPluginAsync {
  return async (app) => {
    answerJsonErrors(app, 'application/json');

    app.post('/agent/generate', async (request, reply) => {
      const caller = await requireAccess(db, request, reply, 'agents', 'create');
      if (!caller) return reply;
      const body = requireBody(reply, GenerateAgentBody, request.body ?? {});
      if (!body) return reply;
      const name = (body.name ?? '').trim();
      if (!name) return sendError(reply, 400, 'name is required');
      if (name.length > 100) return sendError(reply, 400, 'name must be at most 100 characters');
      const { rows: taken } = await db.query(
        'SELECT 1 FROM agents WHERE name = $1 AND deleted_at IS NULL LIMIT 1',
        [name],
      );
      if (taken.length > 0) return sendError(reply, 400, `agent ${name} already exists`);
      const created = await generateAgent(db, {
        name,
        properties: body.properties ?? {},
        autoRenew: body.auto_renew ?? false,
        createdBy: caller.personId,
      });
      return reply.code(201).send(created);
    });
  };
}
