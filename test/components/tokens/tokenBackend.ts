import { HttpResponse, http } from 'msw';
import type { Token } from '../../../src/api/schemas/tokens';
import { server } from '../../support/msw';

/** How one create call is answered. */
export type CreateOutcome =
  { token: string } | { status: number; body?: Record<string, unknown> | string };

interface Pending {
  settle: (outcome: CreateOutcome) => void;
}

/**
 * The tokens API of a test (AUTH-09..11): the list, deletes, and create calls that wait until
 * the test says how they end (so the dialog can be seen while the token is being created).
 */
export function tokenBackend(initial: Token[] = []) {
  const tokens = [...initial];
  const created: unknown[] = [];
  const deleted: string[] = [];
  const pending: Pending[] = [];
  let deleteFailure: { status: number; body: Record<string, unknown> } | undefined;

  server.use(
    http.get('*/api/auth/tokens', () => HttpResponse.json({ message: 'success', payload: tokens })),
    http.post('*/api/auth/create_token', async ({ request }) => {
      created.push(await request.json());
      const outcome = await new Promise<CreateOutcome>((settle) => pending.push({ settle }));
      if ('token' in outcome) {
        return HttpResponse.json({ message: 'success', payload: { token: outcome.token } });
      }
      if (typeof outcome.body === 'string' || outcome.body === undefined) {
        return new HttpResponse(outcome.body ?? null, { status: outcome.status });
      }
      return HttpResponse.json(outcome.body, { status: outcome.status });
    }),
    http.delete('*/api/auth/token/:id', ({ params }) => {
      if (deleteFailure)
        return HttpResponse.json(deleteFailure.body, { status: deleteFailure.status });
      const id = String(params.id);
      deleted.push(id);
      const index = tokens.findIndex((token) => token.id === id);
      if (index >= 0) tokens.splice(index, 1);
      return HttpResponse.json({ message: 'success' });
    }),
  );

  return {
    tokens,
    /** Bodies of the create calls, in order. */
    created,
    deleted,
    /** Create calls still waiting for their outcome. */
    get waiting() {
      return pending.length;
    },
    /** Ends the oldest waiting create call. */
    settle(outcome: CreateOutcome) {
      const next = pending.shift();
      if (!next) throw new Error('no create call is waiting');
      next.settle(outcome);
    },
    /** Ends every waiting call (test clean-up). */
    settleAll() {
      for (const next of pending.splice(0)) next.settle({ status: 499 });
    },
    failDeletes(status: number, body: Record<string, unknown>) {
      deleteFailure = { status, body };
    },
  };
}

export type TokenBackend = ReturnType<typeof tokenBackend>;
