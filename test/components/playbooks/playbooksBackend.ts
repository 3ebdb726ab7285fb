import { HttpResponse, http } from 'msw';
import type { PlaybookParameter } from '../../../src/api/schemas/playbooks';
import { server } from '../../support/msw';

export const PLAYBOOK_ID = '018f4b8e-7777-7000-8000-000000000001';
export const RUN_ID = '018f4b8e-7777-7000-8000-0000000000r1';
export const CONFIG_ID = '018f4b8e-1111-7000-8000-000000000001';

/** An answer of PB-08 or PB-09: a status and a JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

export interface PlaybooksBackendOptions {
  /** PB-08's parameters (every call), unless `paramsAnswers` says otherwise. */
  params?: PlaybookParameter[];
  /** PB-08's answers in turn (the last one repeats); overrides `params`. */
  paramsAnswers?: Answer[];
  /** PB-09's answers in turn (the last one repeats); default 201 with `RUN_ID`. */
  runAnswers?: Answer[];
}

/** The bodies PB-08 and PB-09 received, in order. */
export interface PlaybooksBackend {
  paramsBodies: Array<Record<string, unknown>>;
  runBodies: Array<Record<string, unknown>>;
  paramsUrls: string[];
}

function inTurn(answers: Answer[], index: number): Answer {
  return answers[Math.min(index, answers.length - 1)]!;
}

/**
 * PB-08 (`POST /api/playbook/{id}/params`) and PB-09 (`POST /api/playbook/run`) as the
 * options answer them, recording what the console sent.
 */
export function playbooksBackend(options: PlaybooksBackendOptions = {}): PlaybooksBackend {
  const backend: PlaybooksBackend = { paramsBodies: [], runBodies: [], paramsUrls: [] };
  const paramsAnswers = options.paramsAnswers ?? [
    { status: 200, body: { params: options.params ?? [] } },
  ];
  const runAnswers = options.runAnswers ?? [
    { status: 201, body: { run_id: RUN_ID, starts_at: '2026-01-12T10:00:00Z' } },
  ];
  server.use(
    http.post('*/api/playbook/:id/params', async ({ request }) => {
      backend.paramsUrls.push(new URL(request.url).pathname);
      backend.paramsBodies.push((await request.json()) as Record<string, unknown>);
      const answer = inTurn(paramsAnswers, backend.paramsBodies.length - 1);
      return HttpResponse.json(answer.body as Record<string, unknown>, { status: answer.status });
    }),
    http.post('*/api/playbook/run', async ({ request }) => {
      backend.runBodies.push((await request.json()) as Record<string, unknown>);
      const answer = inTurn(runAnswers, backend.runBodies.length - 1);
      return HttpResponse.json(answer.body as Record<string, unknown>, { status: answer.status });
    }),
  );
  return backend;
}

/** A request of PB-08 or PB-09 held until the test answers it. */
export interface HeldRequest {
  body: Record<string, unknown>;
  answer: (answer: Answer) => void;
}

/** PB-08 and PB-09 requests as they arrive, each waiting for its answer. */
export interface HeldPlaybooksBackend {
  params: HeldRequest[];
  runs: HeldRequest[];
  /** Answers every request still waiting (one the console gave up on) with a 500. */
  release: () => void;
}

/**
 * PB-08 and PB-09 that answer only when the test says so: each request waits in `params` or
 * `runs` until its `answer` is called, so the console's waiting state stays on screen as long
 * as the test needs.
 */
export function heldPlaybooksBackend(): HeldPlaybooksBackend {
  const held: HeldPlaybooksBackend = {
    params: [],
    runs: [],
    release: () => {
      for (const request of [...held.params, ...held.runs]) {
        request.answer({ status: 500, body: { error: 'released' } });
      }
    },
  };
  const hold =
    (queue: HeldRequest[]) =>
    async ({ request }: { request: Request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const answer = await new Promise<Answer>((resolve) => queue.push({ body, answer: resolve }));
      return HttpResponse.json(answer.body as Record<string, unknown>, { status: answer.status });
    };
  server.use(
    http.post('*/api/playbook/:id/params', hold(held.params)),
    http.post('*/api/playbook/run', hold(held.runs)),
  );
  return held;
}

/** `GET /api/db/people` and `/api/db/teams` (the pickers' searches) over fixed rows. */
export function peopleAndTeams(
  people: Array<{ id: string; name: string; email: string }>,
  teams: Array<{ id: string; name: string }>,
) {
  server.use(
    http.get('*/api/db/people', () => HttpResponse.json(people)),
    http.get('*/api/db/teams', () => HttpResponse.json(teams)),
  );
}
