import { decodeBody, stringField } from '../body';
import { errors } from '../errors';
import type { ActiveSession, Exchange } from '../exchange';
import { findLookupSecret, hasUnusedLookupSecret } from '../lookup';
import { verifyPassword } from '../password';
import { sendFlow, withQuery } from '../respond';
import { sessionJson } from '../serialize';
import type { FlowRecord } from '../store/flows';
import { insertFlow, saveFlow } from '../store/flows';
import type { IdentityRecord } from '../store/identities';
import {
  availableAal,
  findIdentityByEmail,
  findIdentityById,
  setLookupSecrets,
} from '../store/identities';
import type { Aal, SessionRecord } from '../store/sessions';
import { addAuthenticationMethod } from '../store/sessions';
import { verifyTotp } from '../totp';
import { identifierLabel } from '../traits';
import type { UiFeedback } from '../ui/nodes';
import { container, csrfNode, inputNode, submitNode, texts, totpCodeNode } from '../ui/nodes';
import type { UiNode, UiText } from '../ui/types';
import {
  assertCsrfOnUpdate,
  checkReturnTo,
  defaultReturnTo,
  expiredOnUpdate,
  getFlowHandler,
  initUrl,
  isExpired,
  newFlow,
  newSession,
  requireFlow,
} from './common';
import type { Route } from './route';

const ALREADY_SIGNED_IN =
  'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?';

function loginNodes(flow: FlowRecord, owner: IdentityRecord | null): UiNode[] {
  const nodes = [csrfNode(flow.csrfToken)];
  if (flow.aal === 'aal2') {
    if (owner?.totpSecret) {
      nodes.push(
        totpCodeNode(texts.authenticationCode()),
        submitNode('method', 'totp', 'totp', texts.useAuthenticator()),
      );
    }
    if (owner && hasUnusedLookupSecret(owner.lookupSecrets)) {
      nodes.push(
        inputNode({
          name: 'lookup_secret',
          type: 'text',
          group: 'lookup_secret',
          required: true,
          label: texts.backupRecoveryCode(),
        }),
        submitNode('method', 'lookup_secret', 'lookup_secret', texts.useBackupCode()),
      );
    }
    return nodes;
  }
  const refresh = flow.refresh && owner !== null;
  nodes.push(
    inputNode({
      name: 'identifier',
      type: refresh ? 'hidden' : 'text',
      group: 'default',
      value: refresh ? owner.traits.email : '',
      required: true,
      ...(refresh ? {} : { autocomplete: 'username', label: identifierLabel() }),
    }),
    inputNode({
      name: 'password',
      type: 'password',
      group: 'password',
      required: true,
      autocomplete: 'current-password',
      label: texts.password(),
    }),
    submitNode('method', 'password', 'password', texts.signIn()),
  );
  return nodes;
}

function introMessages(flow: FlowRecord): UiText[] {
  if (flow.aal === 'aal2') return [texts.secondFactor()];
  if (flow.refresh) return [texts.confirmAction()];
  return [];
}

function buildUi(
  ex: Exchange,
  flow: FlowRecord,
  owner: IdentityRecord | null,
  feedback?: UiFeedback,
) {
  flow.ui = container(
    flow.ui.action,
    loginNodes(flow, owner),
    feedback ?? { messages: introMessages(flow) },
  );
}

interface LoginInit {
  refresh: boolean;
  aal: Aal;
  returnTo: string | null;
  owner: IdentityRecord | null;
  requestUrl?: string;
  extraMessages?: UiText[];
}

async function createLoginFlow(ex: Exchange, init: LoginInit): Promise<FlowRecord> {
  const flow = newFlow(ex, 'login', {
    state: 'choose_method',
    identityId: init.owner?.id ?? null,
    returnTo: init.returnTo,
    aal: init.aal,
    refresh: init.refresh,
    requestUrl: init.requestUrl,
  });
  buildUi(ex, flow, init.owner, {
    messages: [...introMessages(flow), ...(init.extraMessages ?? [])],
  });
  await insertFlow(ex.db, flow);
  return flow;
}

async function createBrowserLoginFlow(ex: Exchange): Promise<void> {
  const query = ex.query;
  const returnTo = checkReturnTo(ex, query.return_to);
  const active = await ex.activeSession();
  const aal: Aal = query.aal === 'aal2' ? 'aal2' : 'aal1';
  const refresh = query.refresh === 'true' && active !== null;
  if (aal === 'aal2' && !active) throw errors.aal1Required();
  if (active && !refresh && (aal === 'aal1' || active.session.aal === 'aal2')) {
    throw errors.alreadyLoggedIn(returnTo ?? ex.endpoints.ui.defaultReturn);
  }
  const flow = await createLoginFlow(ex, {
    refresh,
    aal,
    returnTo,
    owner: active?.identity ?? null,
  });
  await sendFlow(ex, flow);
}

async function fail(
  ex: Exchange,
  flow: FlowRecord,
  owner: IdentityRecord | null,
  feedback: UiFeedback,
): Promise<void> {
  buildUi(ex, flow, owner, feedback);
  await saveFlow(ex.db, flow, ex.now);
  await sendFlow(ex, flow, 400);
}

/** Answers a completed login: a location change when a second factor is still due, else the session. */
async function finish(
  ex: Exchange,
  flow: FlowRecord,
  session: SessionRecord,
  identity: IdentityRecord,
): Promise<void> {
  flow.state = 'passed_challenge';
  await saveFlow(ex.db, flow, ex.now);
  if (availableAal(identity) === 'aal2' && session.aal !== 'aal2') {
    const params: Record<string, string> = { aal: 'aal2' };
    const requested = new URL(flow.requestUrl).searchParams.get('return_to');
    if (requested) params.return_to = requested;
    throw errors.locationChange(withQuery(initUrl(ex, 'login'), params));
  }
  const returnTo = defaultReturnTo(ex, flow);
  if (!ex.json) {
    ex.redirect(returnTo);
    return;
  }
  ex.reply.code(200).send({
    session: sessionJson(session, identity, ex.endpoints, ex.now),
    continue_with: [{ action: 'redirect_browser_to', redirect_browser_to: returnTo }],
  });
}

async function loginWithPassword(
  ex: Exchange,
  flow: FlowRecord,
  body: Record<string, unknown>,
  active: ActiveSession | null,
  owner: IdentityRecord | null,
): Promise<void> {
  const identifier =
    stringField(body, 'identifier').trim() || (flow.refresh && owner ? owner.traits.email : '');
  const password = stringField(body, 'password');
  const nodeMessages: Record<string, UiText[]> = {};
  if (!identifier) nodeMessages.identifier = [texts.missingProperty('identifier')];
  if (!password) nodeMessages.password = [texts.missingProperty('password')];
  if (Object.keys(nodeMessages).length > 0) {
    return fail(ex, flow, owner, { values: { identifier }, nodeMessages });
  }
  const identity = await findIdentityByEmail(ex.db, identifier);
  if (!identity?.passwordHash || !verifyPassword(password, identity.passwordHash)) {
    return fail(ex, flow, owner, {
      values: { identifier },
      messages: [texts.invalidCredentials()],
    });
  }
  let session: SessionRecord;
  if (flow.refresh && active) {
    if (active.identity.id !== identity.id) throw errors.identityMismatch();
    session = await addAuthenticationMethod(ex.db, active.session, 'password', 'aal1', ex.now);
  } else {
    session = await newSession(ex, identity.id, 'password');
    if (!active || active.identity.id !== identity.id) ex.rotateCsrfSecret();
  }
  ex.issueSessionCookie(session);
  flow.active = 'password';
  await finish(ex, flow, session, identity);
}

async function loginWithSecondFactor(
  ex: Exchange,
  flow: FlowRecord,
  body: Record<string, unknown>,
  method: 'totp' | 'lookup_secret',
  active: ActiveSession | null,
): Promise<void> {
  if (!active) throw errors.aal1Required();
  if (active.identity.id !== flow.identityId) throw errors.identityMismatch();
  const identity = active.identity;
  if (method === 'totp') {
    const code = stringField(body, 'totp_code').trim();
    if (!identity.totpSecret)
      return fail(ex, flow, identity, { messages: [texts.noLoginStrategy()] });
    if (!code)
      return fail(ex, flow, identity, {
        nodeMessages: { totp_code: [texts.missingProperty('totp_code')] },
      });
    if (!verifyTotp(identity.totpSecret, code, ex.now)) {
      return fail(ex, flow, identity, { nodeMessages: { totp_code: [texts.invalidTotp()] } });
    }
  } else {
    const submitted = stringField(body, 'lookup_secret').trim();
    const secrets = identity.lookupSecrets ?? [];
    if (secrets.length === 0)
      return fail(ex, flow, identity, { messages: [texts.noLoginStrategy()] });
    if (!submitted) {
      return fail(ex, flow, identity, {
        nodeMessages: { lookup_secret: [texts.missingProperty('lookup_secret')] },
      });
    }
    const match = findLookupSecret(secrets, submitted);
    if (!match)
      return fail(ex, flow, identity, { nodeMessages: { lookup_secret: [texts.lookupInvalid()] } });
    if (match.used_at) return fail(ex, flow, identity, { messages: [texts.lookupUsed()] });
    match.used_at = ex.now.toISOString();
    await setLookupSecrets(ex.db, identity.id, secrets, ex.now);
  }
  const session = await addAuthenticationMethod(ex.db, active.session, method, 'aal2', ex.now);
  ex.issueSessionCookie(session);
  flow.active = method;
  await finish(ex, flow, session, identity);
}

async function updateLoginFlow(ex: Exchange): Promise<void> {
  const flow = await requireFlow(ex, 'login', ex.query.flow);
  const active = await ex.activeSession();
  if (isExpired(ex, flow)) {
    const stillSignedIn = active !== null && active.identity.id === flow.identityId;
    const replacement = await createLoginFlow(ex, {
      refresh: flow.refresh && stillSignedIn,
      aal: flow.aal === 'aal2' && stillSignedIn ? 'aal2' : 'aal1',
      returnTo: flow.returnTo,
      owner: stillSignedIn ? active.identity : null,
      requestUrl: flow.requestUrl,
      extraMessages: [texts.loginExpired(flow.expiresAt, ex.now)],
    });
    expiredOnUpdate(ex, flow, replacement);
  }
  const owner = flow.identityId ? await findIdentityById(ex.db, flow.identityId) : null;
  if (active && !flow.refresh && !(flow.aal === 'aal2' && active.session.aal === 'aal1')) {
    if (!ex.json) {
      ex.redirect(ex.endpoints.ui.defaultReturn);
      return;
    }
    return fail(ex, flow, owner, { messages: [texts.reason(ALREADY_SIGNED_IN)] });
  }
  const body = decodeBody(ex.req.body);
  assertCsrfOnUpdate(ex, flow, body);
  const method = stringField(body, 'method');
  if (flow.aal === 'aal1' && method === 'password')
    return loginWithPassword(ex, flow, body, active, owner);
  if (flow.aal === 'aal2' && (method === 'totp' || method === 'lookup_secret')) {
    return loginWithSecondFactor(ex, flow, body, method, active);
  }
  return fail(ex, flow, owner, { messages: [texts.noLoginStrategy()] });
}

export function registerLoginRoutes(route: Route): void {
  route('GET', '/self-service/login/browser', createBrowserLoginFlow);
  route('GET', '/self-service/login/flows', getFlowHandler('login'), { alwaysJson: true });
  route('POST', '/self-service/login', updateLoginFlow);
}
