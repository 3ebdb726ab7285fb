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
