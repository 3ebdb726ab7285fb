import { errors } from '../errors';
import type { Exchange } from '../exchange';
import { assertSessionAal, checkReturnTo } from '../flows/common';
import type { Route } from '../flows/route';
import { withQuery } from '../respond';
import { sessionJson } from '../serialize';
import { revokeSession } from '../store/sessions';

async function whoami(ex: Exchange): Promise<void> {
  const active = await ex.activeSession();
  if (!active) throw errors.sessionInactive();
  assertSessionAal(ex, active, ex.query.return_to);
  ex.reply
    .code(200)
    .header('x-kratos-authenticated-identity-id', active.identity.id)
    .send(sessionJson(active.session, active.identity, ex.endpoints, ex.now));
}

async function createLogoutUrl(ex: Exchange): Promise<void> {
  const active = await ex.activeSession();
  if (!active) throw errors.sessionInactive();
  const returnTo = ex.query.return_to;
  if (returnTo) checkReturnTo(ex, returnTo);
  const params: Record<string, string> = { token: active.session.logoutToken };
  if (returnTo) params.return_to = returnTo;
  ex.reply.code(200).send({
    logout_url: withQuery(`${ex.endpoints.publicBase}/self-service/logout`, params),
    logout_token: active.session.logoutToken,
  });
}

async function performLogout(ex: Exchange): Promise<void> {
  const token = ex.query.token;
  if (!token) throw errors.badRequest('Please include a token in the URL query.');
  const returnTo = checkReturnTo(ex, ex.query.return_to);
  const active = await ex.activeSession();
  if (!active) throw errors.sessionInactive();
  if (token !== active.session.logoutToken) {
    throw errors.forbidden(
      'Unable to log out because the logout token in the URL query does not match the session cookie.',
    );
  }
  await revokeSession(ex.db, active.session.id);
  ex.clearSessionCookie();
  ex.rotateCsrfSecret();
  ex.settings.log(`[identity] signed out ${active.identity.traits.email}`);
  if (ex.json) {
    ex.reply.code(204).send();
    return;
  }
  ex.redirect(returnTo ?? ex.endpoints.ui.login);
}

export function registerSessionRoutes(route: Route): void {
  route('GET', '/sessions/whoami', whoami, { alwaysJson: true });
  route('GET', '/self-service/logout/browser', createLogoutUrl, { alwaysJson: true });
  route('GET', '/self-service/logout', performLogout);
}
