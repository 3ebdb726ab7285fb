/**
 * `/api/mcp`: the Model Context Protocol over streamable HTTP (api.md AUTH-12), served with the
 * official SDK. The caller authenticates with an API token the console created (`Authorization:
 * Bearer …`, or Basic with user `token`) or a session, and needs `mcp:use` (mcp/access.ts).
 *
 * Stateless: every POST gets its own server and transport, and is authenticated anew, so a
 * revoked or expired token stops at its next request and the demo keeps nothing per client.
 * Answers are plain JSON (no event stream). GET (a server-to-client stream) and DELETE (ending a
 * session) have nothing to serve without sessions: 405, as the protocol allows.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { SqlClient } from '../db/types';
import { resolveCaller } from '../auth/caller';
import { sendError } from '../routes/guard';
import { decideMcpUse, reasonOf } from './access';
import { registerTools, type ApiCall } from './tools';

/** The credentials a tool's in-process calls carry: those of the MCP request. */
function credentialsOf(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  const { authorization, cookie } = request.headers;
  if (authorization) headers.authorization = authorization;
  else if (cookie) headers.cookie = cookie;
  return headers;
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

      const credentials = credentialsOf(request);
      const api: ApiCall = async (method, path, body) => {
        const answer = await app.inject({
          method,
          url: `${app.prefix}${path}`,
          headers: {
            ...credentials,
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
      registerTools(server, { db, caller, api });
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      reply.hijack();
      await transport.handleRequest(request.raw, reply.raw, request.body);
      return reply;
    });
  };
}
