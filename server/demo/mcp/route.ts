/**
 * `/api/mcp`: the Model Context Protocol over streamable HTTP (api.md AUTH-12), served with the
 * official SDK. The caller authenticates with an API token the console created (`Authorization:
 * Bearer …`, or Basic with user `token`) or a session, and needs `mcp:use` (mcp/access.ts).
 *
 * As upstream, where MCP acts as the person who created the token, the tools act with the
 * token's roles (its owner's): the scope's `mcp` entry decides whether the token may use MCP
 * (`mcp:use`) and run playbooks through it (`mcp:run`); its other entries narrow the REST API.
 * So the token "Setup MCP" makes, whose scope is only `mcp`, reads through the tools what its
 * owner reads.
 *
 * Stateless: every POST gets its own server and transport, and is authenticated anew, so a
 * revoked or expired token stops at its next request and the demo keeps nothing per client.
 * Answers are plain JSON (no event stream). GET (a server-to-client stream) and DELETE (ending a
 * session) have nothing to serve without sessions: 405, as the protocol allows.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { SqlClient } from '../db/types';
import { lendCaller, resolveCaller, type Caller } from '../auth/caller';
import { sendError } from '../routes/guard';
import { decideMcpUse, reasonOf } from './access';
import { registerTools, type ApiCall } from './tools';

/** The name an initialize without `clientInfo` is taken to come from. */
const UNNAMED_CLIENT = { name: 'unnamed-client', version: '0' };

/**
 * The body with `clientInfo` filled in on an `initialize` that lacks it: the direct HTTP call
 * the token dialog shows (api.md AUTH-12) sends none, which upstream accepts and the SDK's
 * schema does not.
 */
export function withClientInfo(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withClientInfo);
  if (!body || typeof body !== 'object') return body;
  const message = body as { method?: unknown; params?: unknown };
  if (message.method !== 'initialize') return body;
  const params = (
    message.params && typeof message.params === 'object' ? message.params : {}
  ) as Record<string, unknown>;
  if (params.clientInfo !== undefined) return body;
  return { ...message, params: { ...params, clientInfo: UNNAMED_CLIENT } };
}

function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  if (status === 401) reply.header('www-authenticate', 'Bearer');
  return sendError(reply, status, message);
}

export function mcpRoutes(db: SqlClient, version: string): FastifyPluginAsync {
  return async (app) => {
    app.all('/mcp', async (request, reply) => {
      const caller = await resolveCaller(db, request);
      if (!caller) return refuse(reply, 401, 'Unauthorized');
      const use = await decideMcpUse(db, caller);
      if (!use.allowed) {
        return refuse(reply, 403, `forbidden: mcp:use not permitted: ${reasonOf(use)}`);
      }
      if (request.method !== 'POST') {
        return reply
          .code(405)
          .header('allow', 'POST')
          .send({
            jsonrpc: '2.0',
            error: { code: -32000, message: 'Method not allowed: this server is stateless' },
            id: null,
          });
      }

      // The tools act as the token's owner: its roles, not the rest of its scope.
      const actor: Caller = { ...caller };
      delete actor.scope;
      const lent = lendCaller(actor);
      const api: ApiCall = async (method, path, body) => {
        const answer = await app.inject({
          method,
          url: `${app.prefix}${path}`,
          headers: {
            ...lent.headers,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        let parsed: unknown = answer.body;
        try {
          parsed = answer.body ? JSON.parse(answer.body) : null;
        } catch {
          // Not JSON: the text itself (a PostgREST denial, say).
        }
        return { status: answer.statusCode, body: parsed };
      };

      const server = new McpServer({ name: 'mission-control-demo', version });
      registerTools(server, { db, caller, actor, api });
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.raw.on('close', () => {
        lent.release();
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      reply.hijack();
      try {
        await transport.handleRequest(request.raw, reply.raw, withClientInfo(request.body));
      } catch (error) {
        request.log.error(error);
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { 'content-type': 'application/json' });
          reply.raw.end(
            JSON.stringify({
              jsonrpc: '2.0',
              error: { code: -32603, message: 'Internal server error' },
              id: null,
            }),
          );
        }
      }
      return reply;
    });
  };
}
