/**
 * The assistant's backend (docs/assistant.md), mounted under `/api`:
 *
 * - `GET /connection/llm`: the LLM connection the assistant talks to, as upstream names the
 *   endpoint, without its key (the browser never holds it); 404 or 409 `{ error }` when there
 *   is none the demo can use.
 * - `POST /llm/chat`: relays a provider-neutral chat to that connection and streams the answer
 *   back as NDJSON, one `ChatStreamEvent` a line. Before streaming, failures are JSON
 *   `{ error }`: 400 bad body, 401/403 as `/api/mcp` (the assistant's tools are its tools),
 *   404/409 no usable connection, 502 the provider refused (its status and reason) or cannot
 *   be reached, 504 no answer in time. After, a failure is an `error` line. The relay runs no
 *   tool: the console runs them through `/api/mcp` after the user allowed them.
 * - `GET /llm/context/config/{id}`: what the assistant is told about a config item
 *   (llm/context.ts), read as the caller reads the catalog; 400 for an id that is not a UUID,
 *   404 when the caller sees no such item.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { array, object, record, size, string, unknown } from 'superstruct';
import type { ChatRequest, ChatStreamEvent } from '../../../contracts/llm/chat';
import {
  buildProviderRequest,
  providerErrorReason,
  streamParser,
} from '../../../contracts/llm/providers';
import { resolveCaller } from '../auth/caller';
import type { SqlClient } from '../db/types';
import { impersonationOf, inSetCondition } from '../auth/impersonation';
import { decideMcpUse, reasonOf } from '../mcp/access';
import { isUuid } from '../routes/canary/ids';
import { answerJsonErrors, requireAccess, requireBody, sendError } from '../routes/guard';
import { ChatMessageStruct } from '../../../contracts/llm/chatSchema';
import { findLlmConnection } from './connection';
import { configContext } from './context';

/** How long the provider may take to start answering. */
export const PROVIDER_TIMEOUT_MS = 60_000;
/** How much of a refusal's body is read for its reason. */
const REFUSAL_LIMIT = 16_384;

const ChatRequestStruct = object({
  messages: size(array(ChatMessageStruct), 1, 1000),
  tools: array(
    object({ name: string(), description: string(), inputSchema: record(string(), unknown()) }),
  ),
});

function messageOf(error: unknown): string {
  const cause = (error as { cause?: { message?: unknown } } | null)?.cause;
  if (cause && typeof cause.message === 'string' && cause.message) return cause.message;
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

async function readLimited(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  return text.slice(0, REFUSAL_LIMIT);
}

export function llmRoutes(db: SqlClient): FastifyPluginAsync {
  return async (app) => {
    answerJsonErrors(app, 'application/json');

    app.get('/connection/llm', async (request, reply) => {
      const caller = await requireAccess(db, request, reply, 'connections', 'read');
      if (!caller) return reply;
      const lookup = await findLlmConnection(db);
      if (!lookup.found) return sendError(reply, lookup.status, lookup.error);
      const { id, name, namespace, type, url, properties } = lookup.row;
      return { id, name, namespace, type, url, properties };
    });

    app.get<{ Params: { id: string } }>('/llm/context/config/:id', async (request, reply) => {
      const caller = await requireAccess(db, request, reply, 'database', 'read');
      if (!caller) return reply;
      const { id } = request.params;
      if (!isUuid(id)) return sendError(reply, 400, `invalid config id: ${id}`);
      const narrow = inSetCondition(impersonationOf(request), 'ci.id', 'config');
      const context = await configContext(db, id, narrow);
      if (!context) return sendError(reply, 404, `config doesn't exist (${id})`);
      return context;
    });

    app.post('/llm/chat', async (request, reply: FastifyReply) => {
      const caller = await resolveCaller(db, request);
      if (!caller) return sendError(reply, 401, 'Unauthorized');
      const use = await decideMcpUse(db, caller);
      if (!use.allowed) {
        return sendError(reply, 403, `forbidden: mcp:use not permitted: ${reasonOf(use)}`);
      }
      const chat = requireBody(reply, ChatRequestStruct, request.body) as ChatRequest | null;
      if (!chat) return reply;
      const lookup = await findLlmConnection(db);
      if (!lookup.found) return sendError(reply, lookup.status, lookup.error);

      const { provider } = lookup.connection;
      const outgoing = buildProviderRequest(lookup.connection, chat);
      const host = (() => {
        try {
          return new URL(outgoing.url).host;
        } catch {
          return outgoing.url;
        }
      })();
      const abort = new AbortController();
      // The user went away: the provider's answer is not needed any more.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
      const deadline = setTimeout(() => abort.abort(), PROVIDER_TIMEOUT_MS);
      let response: Response;
      try {
        response = await fetch(outgoing.url, {
          method: 'POST',
          headers: outgoing.headers,
          body: outgoing.body,
          signal: abort.signal,
        });
      } catch (error) {
        clearTimeout(deadline);
        if (abort.signal.aborted) {
          return sendError(
            reply,
            504,
            `no answer from ${host} within ${PROVIDER_TIMEOUT_MS / 1000}s`,
          );
        }
        return sendError(reply, 502, `cannot reach ${host}: ${messageOf(error)}`);
      }
      clearTimeout(deadline);
      if (!response.ok || !response.body) {
        const body = await readLimited(response);
        return sendError(reply, 502, providerErrorReason(provider, response.status, body));
      }

      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'application/x-ndjson; charset=utf-8',
        'cache-control': 'no-cache',
      });
      const write = (events: ChatStreamEvent[]) => {
        for (const event of events) out.write(`${JSON.stringify(event)}\n`);
      };
      const parser = streamParser(provider);
      const decoder = new TextDecoder();
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          write(parser.push(decoder.decode(chunk, { stream: true })));
        }
        write(parser.push(decoder.decode()));
        write(parser.end());
      } catch (error) {
        if (!abort.signal.aborted) {
          write([{ type: 'error', message: `${provider} stream failed: ${messageOf(error)}` }]);
        }
      }
      out.end();
      return reply;
    });
  };
}
