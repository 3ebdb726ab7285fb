import { HttpResponse, http } from 'msw';
import { server } from './msw';

/** Every identity-service path of the console, on any origin. */
export const IDENTITY = '*/api/.ory';

export type Kind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

/** One request the identity service received. */
export interface IdentityRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body?: unknown;
}

/** An answer: a status and a JSON body (none for 204). */
export interface IdentityAnswer {
  status: number;
  body?: unknown;
}

export function answer(status: number, body?: unknown): IdentityAnswer {
  return body === undefined ? { status } : { status, body };
}

function reply({ status, body }: IdentityAnswer): Response {
  if (body === undefined) return new HttpResponse(null, { status });
  return HttpResponse.json(body as Record<string, unknown>, { status });
}

/** Answers in turn; the last one repeats. */
function inTurn(answers: IdentityAnswer[]): () => IdentityAnswer {
  let next = 0;
  return () => {
    const current = answers[Math.min(next, answers.length - 1)];
    next += 1;
    if (!current) throw new Error('no answer configured');
    return current;
  };
}

/**
 * The identity service of a component test, as msw handlers: each scenario method installs
 * the answers for one endpoint; `requests` records what the console sent.
 */
export function identityService() {
  const requests: IdentityRequest[] = [];

  async function record(request: Request): Promise<IdentityRequest> {
    const url = new URL(request.url);
    const entry: IdentityRequest = {
      method: request.method,
      path: url.pathname.replace(/^\/api\/\.ory/, ''),
      query: url.searchParams,
    };
    if (request.method === 'POST') entry.body = await request.json();
    requests.push(entry);
    return entry;
  }

  /** Records each `method` request to `path` and answers it with `next()`. */
  function respond(method: 'get' | 'post', path: string, next: () => IdentityAnswer) {
    server.use(
      http[method](`${IDENTITY}${path}`, async ({ request }) => {
        await record(request);
        return reply(next());
      }),
    );
  }

  const service = {
    requests,
    /** Bodies posted to `/self-service/<kind>`. */
    submissions(kind: Kind): Array<Record<string, unknown>> {
      return requests
        .filter((request) => request.method === 'POST' && request.path === `/self-service/${kind}`)
        .map((request) => request.body as Record<string, unknown>);
    },
    /** Requests to one path, e.g. `/self-service/login/browser`. */
    calls(path: string): IdentityRequest[] {
      return requests.filter((request) => request.path === path);
    },
    /** `GET /self-service/<kind>/browser` answers these in turn. */
    creates(kind: Kind, ...answers: IdentityAnswer[]) {
      respond('get', `/self-service/${kind}/browser`, inTurn(answers));
    },
    /** `GET /self-service/<kind>/flows?id=` answers per id. */
    gets(kind: Kind, byId: Record<string, IdentityAnswer>) {
      server.use(
        http.get(`${IDENTITY}/self-service/${kind}/flows`, async ({ request }) => {
          const { query } = await record(request);
          const found = byId[query.get('id') ?? ''];
          return reply(
            found ??
              answer(404, { error: { code: 404, message: 'Unable to locate the resource' } }),
          );
        }),
      );
    },
    /** `POST /self-service/<kind>?flow=` answers these in turn. */
    submits(kind: Kind, ...answers: IdentityAnswer[]) {
      respond('post', `/self-service/${kind}`, inTurn(answers));
    },
    /** `kind`'s flow created as `flow` (200); its submits, if any, answered in turn. */
    serves(kind: Kind, flow: unknown, ...submitted: IdentityAnswer[]) {
      service.creates(kind, answer(200, flow));
      if (submitted.length > 0) service.submits(kind, ...submitted);
    },
    /** `GET /self-service/logout/browser`, then `GET /self-service/logout?token=`. */
    logsOut(create: IdentityAnswer, perform: IdentityAnswer = answer(204)) {
      respond('get', '/self-service/logout/browser', () => create);
      respond('get', '/self-service/logout', () => perform);
    },
    /** `GET /self-service/errors?id=`. */
    flowError(result: IdentityAnswer) {
      respond('get', '/self-service/errors', () => result);
    },
  };
  return service;
}

export type IdentityService = ReturnType<typeof identityService>;
