import { HttpResponse, http } from 'msw';
import type { ExternalUser } from '../../../../src/api/schemas/configAccess';
import { server } from '../../../support/msw';
import { postgrestTable } from '../../../support/postgrestTable';
import { ALICE, BOB, CI_BOT } from './accessBackend';

/** The estate's external users: alice known under a second login already. */
export const EXTERNAL_USERS: Array<ExternalUser & { deleted_at: string | null }> = [
  { id: ALICE, name: 'alice', email: 'alice@acme.io', aliases: ['alice.smith'], deleted_at: null },
  { id: BOB, name: 'bob', email: 'bob@acme.io', aliases: [], deleted_at: null },
  { id: CI_BOT, name: 'ci-bot', email: null, aliases: null, deleted_at: null },
];

/** A PostgREST error as the RPCs raise them. */
export function postgrestError(message: string, code = '23505') {
  return { code, message, details: null, hint: null };
}

/** How the backend answers a call: done, refused with this message, or held until released. */
export type RpcAnswer = 'ok' | { refuse: string } | 'hold';

type Body = Record<string, string>;

/**
 * `external_users` and the two identity RPCs as the real functions answer them: the alias row
 * (the alias lower-cased and trimmed, added to the user's aliases), the kept user's id. Each
 * call takes the next answer of its list (`ok` once the list is used up); a held one waits
 * until `release()`.
 */
export function identityBackend(answers: { alias?: RpcAnswer[]; merge?: RpcAnswer[] } = {}) {
  const users = postgrestTable('external_users', EXTERNAL_USERS);
  const aliasBodies: Body[] = [];
  const mergeBodies: Body[] = [];
  const held: Array<() => void> = [];
  const release = () => held.splice(0).forEach((go) => go());
  const answer = async (list: RpcAnswer[] | undefined, ok: () => Response) => {
    const next = list?.shift() ?? 'ok';
    if (next === 'hold') await new Promise<void>((resolve) => held.push(resolve));
    if (typeof next === 'object') {
      return HttpResponse.json(postgrestError(next.refuse), { status: 409 });
    }
    return ok();
  };
  server.use(
    http.post('*/api/db/rpc/add_external_user_alias', async ({ request }) => {
      const body = (await request.json()) as Body;
      aliasBodies.push(body);
      return answer(answers.alias, () => {
        const alias = body.p_alias!.trim().toLowerCase();
        const user = users.rows.find((row) => row.id === body.p_external_user_id)!;
        user.aliases = [...(user.aliases ?? []), alias];
        return HttpResponse.json({
          id: `alias-${aliasBodies.length}`,
          external_user_id: user.id,
          alias,
          source: 'manual',
          created_at: '2026-11-29T10:00:00Z',
          created_by: null,
          deleted_at: null,
          deleted_by: null,
        });
      });
    }),
    http.post('*/api/db/rpc/merge_external_users', async ({ request }) => {
      const body = (await request.json()) as Body;
      mergeBodies.push(body);
      return answer(answers.merge, () => HttpResponse.json(body.p_primary_id));
    }),
  );
  return { users, aliasBodies, mergeBodies, release };
}
