import { decodeBody, isTrue, stringField } from '../body';
import { errors } from '../errors';
import type { ActiveSession, Exchange } from '../exchange';
import type { LookupSecret } from '../lookup';
import { generateLookupSecrets } from '../lookup';
import { checkPasswordPolicy, hashPassword } from '../password';
import { qrCodeDataUri } from '../qr';
import { flowUiUrl, sendFlow, withQuery } from '../respond';
import type { FlowRecord } from '../store/flows';
import { insertFlow, saveFlow } from '../store/flows';
import type { IdentityRecord } from '../store/identities';
import {
  DuplicateIdentityError,
  findIdentityById,
  setLookupSecrets,
  setPasswordHash,
  setTotpSecret,
  updateTraits,
} from '../store/identities';
import { addAuthenticationMethod } from '../store/sessions';
import { generateTotpSecret, otpauthUrl, verifyTotp } from '../totp';
import { traitNodes, traitValues, validateTraits } from '../traits';
import type { UiFeedback } from '../ui/nodes';
import {
  container,
  csrfNode,
  imageNode,
  newPasswordNode,
  submitNode,
  textNode,
  texts,
  totpCodeNode,
} from '../ui/nodes';
import type { UiNode, UiText } from '../ui/types';
import {
  assertCsrfOnUpdate,
  assertFlowCsrfOnGet,
  assertSessionAal,
  checkReturnTo,
  expiredOnGet,
  expiredOnUpdate,
  initUrl,
  isExpired,
  newFlow,
  requireFlow,
} from './common';
import type { Route } from './route';
import { startVerification, verificationContinueWith } from './verification';

/** Which backup-code nodes to show. */
type LookupView = 'default' | 'revealed' | 'regenerated';

function lookupCodesNode(secrets: LookupSecret[]): UiNode {
  const items: UiText[] = secrets.map((secret) =>
    secret.used_at ? texts.lookupUsedAt(new Date(secret.used_at)) : texts.lookupSecret(secret.code),
  );
  const joined = secrets.map((secret) => (secret.used_at ? 'used' : secret.code)).join(', ');
  return textNode(
    'lookup_secret_codes',
    'lookup_secret',
    texts.lookupCodes(joined, items),
    texts.lookupCodesLabel(),
  );
}

function lookupNodes(identity: IdentityRecord, flow: FlowRecord, view: LookupView): UiNode[] {
  const regenerate = submitNode(
    'lookup_secret_regenerate',
    'true',
    'lookup_secret',
    texts.regenerateLookup(),
  );
  const disable = submitNode(
    'lookup_secret_disable',
    'true',
    'lookup_secret',
    texts.disableLookup(),
  );
  const stored = identity.lookupSecrets ?? [];
  if (view === 'regenerated' && flow.internal.pendingLookupSecrets) {
    return [
      lookupCodesNode(flow.internal.pendingLookupSecrets),
      submitNode('lookup_secret_confirm', 'true', 'lookup_secret', texts.confirmLookup()),
    ];
  }
  if (stored.length === 0) return [regenerate];
  if (view === 'revealed') return [lookupCodesNode(stored), disable, regenerate];
  return [
    submitNode('lookup_secret_reveal', 'true', 'lookup_secret', texts.revealLookup()),
    disable,
  ];
}

async function totpNodes(
  ex: Exchange,
  identity: IdentityRecord,
  flow: FlowRecord,
): Promise<UiNode[]> {
  if (identity.totpSecret) {
    const unlink = submitNode('totp_unlink', 'true', 'totp', texts.unlinkTotp());
    if (unlink.attributes.node_type === 'input') unlink.attributes.required = true;
    return [unlink];
  }
  flow.internal.totpSecret ??= generateTotpSecret();
  const secret = flow.internal.totpSecret;
  const issuer = new URL(ex.endpoints.publicBase).hostname;
  return [
    imageNode(
      'totp_qr',
      'totp',
      qrCodeDataUri(otpauthUrl(issuer, identity.traits.email, secret)),
      texts.totpQr(),
    ),
    textNode('totp_secret_key', 'totp', texts.totpSecret(secret), texts.totpSecretLabel()),
    totpCodeNode(texts.verifyCode()),
    submitNode('method', 'totp', 'totp', texts.save()),
  ];
}

async function buildUi(
  ex: Exchange,
  flow: FlowRecord,
  identity: IdentityRecord,
  feedback: UiFeedback = {},
  lookupView: LookupView = 'default',
): Promise<void> {
  const nodes: UiNode[] = [
    csrfNode(flow.csrfToken),
    ...traitNodes('profile', identity.traits),
    submitNode('method', 'profile', 'profile', texts.save()),
    newPasswordNode(),
    submitNode('method', 'password', 'password', texts.save()),
    ...lookupNodes(identity, flow, lookupView),
    ...(await totpNodes(ex, identity, flow)),
  ];
  flow.ui = container(flow.ui.action, nodes, feedback);
}

/** A settings flow for a signed-in identity (also used after recovery, where `requestUrl` defaults to the init URL). */
export async function createSettingsFlow(
  ex: Exchange,
  identity: IdentityRecord,
  returnTo: string | null,
  messages: UiText[] = [],
  requestUrl?: string,
): Promise<FlowRecord> {
  const flow = newFlow(ex, 'settings', {
    state: 'show_form',
    identityId: identity.id,
    returnTo,
    requestUrl: requestUrl ?? initUrl(ex, 'settings'),
  });
  await buildUi(ex, flow, identity, { messages });
  await insertFlow(ex.db, flow);
  return flow;
}

async function requireSession(ex: Exchange): Promise<ActiveSession> {
  const active = await ex.activeSession();
  if (!active) throw errors.sessionInactive(initUrl(ex, 'login'));
  return active;
}

async function createBrowserSettingsFlow(ex: Exchange): Promise<void> {
  const active = await requireSession(ex);
  assertSessionAal(ex, active, ex.query.return_to);
  const returnTo = checkReturnTo(ex, ex.query.return_to);
  const flow = await createSettingsFlow(ex, active.identity, returnTo, [], ex.requestUrl);
  await sendFlow(ex, flow, 200, {}, active.identity);
}

async function getSettingsFlow(ex: Exchange): Promise<void> {
  const flow = await requireFlow(ex, 'settings', ex.query.id);
  const active = await requireSession(ex);
  if (flow.identityId !== active.identity.id) throw errors.identityMismatch();
  assertFlowCsrfOnGet(ex, flow);
  assertSessionAal(ex, active, ex.query.return_to);
  if (isExpired(ex, flow)) expiredOnGet(ex, flow);
  await sendFlow(ex, flow, 200, {}, active.identity);
}

interface SettingsContext {
  ex: Exchange;
  flow: FlowRecord;
  active: ActiveSession;
  body: Record<string, unknown>;
}

async function fail(
  ctx: SettingsContext,
  feedback: UiFeedback,
  lookupView: LookupView = 'default',
): Promise<void> {
  const { ex, flow } = ctx;
  flow.state = 'show_form';
  await buildUi(ex, flow, ctx.active.identity, feedback, lookupView);
  await saveFlow(ex.db, flow, ex.now);
  await sendFlow(ex, flow, 400, {}, ctx.active.identity);
}

/** Changing credentials, second factors or the email needs a recent sign-in. */
function assertPrivileged(ctx: SettingsContext): void {
  const { ex, active, flow } = ctx;
  const age = ex.now.getTime() - active.session.authenticatedAt.getTime();
  if (age <= ex.settings.privilegedSessionMaxAgeMs) return;
  const returnTo = `${ex.endpoints.publicBase}/self-service/settings?flow=${flow.id}`;
  throw errors.refreshRequired(
    withQuery(initUrl(ex, 'login'), { refresh: 'true', return_to: returnTo }),
  );
}

async function succeed(
  ctx: SettingsContext,
  method: string,
  continueWith: Record<string, unknown>[] = [],
): Promise<void> {
  const { ex, flow } = ctx;
  const identity = (await findIdentityById(ex.db, ctx.active.identity.id)) ?? ctx.active.identity;
  ctx.active = { ...ctx.active, identity };
  flow.state = 'success';
  flow.active = method;
  await buildUi(ex, flow, identity, { messages: [texts.saved()] });
  await saveFlow(ex.db, flow, ex.now);
  if (!ex.json) {
    ex.redirect(flow.returnTo ?? flowUiUrl(ex, flow));
    return;
  }
  const extra = continueWith.length > 0 ? { continue_with: continueWith } : {};
  await sendFlow(ex, flow, 200, extra, identity);
}

async function updateProfile(ctx: SettingsContext): Promise<void> {
  const { ex, body } = ctx;
  const identity = ctx.active.identity;
  const values = traitValues(body.traits);
  const check = validateTraits(body.traits);
  if (!check.traits) return fail(ctx, { values, nodeMessages: check.errors });
  const emailChanged = check.traits.email.toLowerCase() !== identity.traits.email.toLowerCase();
  if (emailChanged) assertPrivileged(ctx);
  try {
    await updateTraits(ex.db, identity, check.traits, ex.now);
  } catch (error) {
    if (error instanceof DuplicateIdentityError)
      return fail(ctx, { values, messages: [texts.duplicateAccount()] });
    throw error;
  }
  const continueWith: Record<string, unknown>[] = [];
  if (emailChanged) {
    const updated = (await findIdentityById(ex.db, identity.id)) ?? identity;
    const verification = await startVerification(ex, updated, ctx.flow.returnTo);
    continueWith.push(verificationContinueWith(ex, verification, updated.traits.email));
  }
  await succeed(ctx, 'profile', continueWith);
}

async function updatePassword(ctx: SettingsContext): Promise<void> {
  const { ex, body } = ctx;
  const password = stringField(body, 'password');
  if (!password)
    return fail(ctx, { nodeMessages: { password: [texts.missingProperty('password')] } });
  assertPrivileged(ctx);
  const policy = checkPasswordPolicy(
    password,
    ctx.active.identity.traits.email,
    ex.settings.minPasswordLength,
  );
  if (policy) return fail(ctx, { nodeMessages: { password: [policy] } });
  await setPasswordHash(ex.db, ctx.active.identity.id, hashPassword(password), ex.now);
  await succeed(ctx, 'password');
}

async function updateTotp(ctx: SettingsContext, unlink: boolean): Promise<void> {
  const { ex, body, flow } = ctx;
  const identity = ctx.active.identity;
  assertPrivileged(ctx);
  if (unlink) {
    await setTotpSecret(ex.db, identity.id, null, ex.now);
    flow.internal.totpSecret = generateTotpSecret();
    return succeed(ctx, 'totp');
  }
  if (identity.totpSecret) return fail(ctx, { messages: [texts.noSettingsStrategy()] });
  const code = stringField(body, 'totp_code').trim();
  if (!code)
    return fail(ctx, { nodeMessages: { totp_code: [texts.missingProperty('totp_code')] } });
  const secret = flow.internal.totpSecret;
  if (!secret || !verifyTotp(secret, code, ex.now)) {
    return fail(ctx, { nodeMessages: { totp_code: [texts.invalidTotp()] } });
  }
  await setTotpSecret(ex.db, identity.id, secret, ex.now);
  delete flow.internal.totpSecret;
  ctx.active = {
    ...ctx.active,
    session: await addAuthenticationMethod(ex.db, ctx.active.session, 'totp', 'aal2', ex.now),
  };
  await succeed(ctx, 'totp');
}

async function showLookup(ctx: SettingsContext, view: LookupView): Promise<void> {
  const { ex, flow } = ctx;
  flow.state = 'show_form';
  flow.active = 'lookup_secret';
  await buildUi(ex, flow, ctx.active.identity, {}, view);
  await saveFlow(ex.db, flow, ex.now);
  await sendFlow(ex, flow, 200, {}, ctx.active.identity);
}

async function updateLookup(ctx: SettingsContext): Promise<void> {
  const { ex, body, flow } = ctx;
  const identity = ctx.active.identity;
  assertPrivileged(ctx);
  if (isTrue(body.lookup_secret_reveal)) {
    if (!identity.lookupSecrets?.length) {
      return fail(ctx, {
        messages: [texts.reason('You have not generated any backup recovery codes yet.')],
      });
    }
    return showLookup(ctx, 'revealed');
  }
  if (isTrue(body.lookup_secret_regenerate)) {
    flow.internal.pendingLookupSecrets = generateLookupSecrets();
    return showLookup(ctx, 'regenerated');
  }
  if (isTrue(body.lookup_secret_confirm)) {
    const pending = flow.internal.pendingLookupSecrets;
    if (!pending) {
      return fail(ctx, {
        messages: [
          texts.reason('You must (re-)generate recovery backup codes before you can save them.'),
        ],
      });
    }
    await setLookupSecrets(ex.db, identity.id, pending, ex.now);
    delete flow.internal.pendingLookupSecrets;
    ctx.active = {
      ...ctx.active,
      session: await addAuthenticationMethod(
        ex.db,
        ctx.active.session,
        'lookup_secret',
        'aal2',
        ex.now,
      ),
    };
    return succeed(ctx, 'lookup_secret');
  }
  await setLookupSecrets(ex.db, identity.id, null, ex.now);
  delete flow.internal.pendingLookupSecrets;
  await succeed(ctx, 'lookup_secret');
}

async function updateSettingsFlow(ex: Exchange): Promise<void> {
  const flow = await requireFlow(ex, 'settings', ex.query.flow);
  const active = await requireSession(ex);
  if (flow.identityId !== active.identity.id) throw errors.identityMismatch();
  assertSessionAal(ex, active);
  if (isExpired(ex, flow)) {
    const replacement = await createSettingsFlow(
      ex,
      active.identity,
      flow.returnTo,
      [texts.settingsExpired(flow.expiresAt, ex.now)],
      flow.requestUrl,
    );
    expiredOnUpdate(ex, flow, replacement);
  }
  const body = decodeBody(ex.req.body);
  const ctx: SettingsContext = { ex, flow, active, body };
  const method = stringField(body, 'method');
  const lookupAction = [
    'lookup_secret_reveal',
    'lookup_secret_regenerate',
    'lookup_secret_confirm',
    'lookup_secret_disable',
  ].some((key) => isTrue(body[key]));
  assertCsrfOnUpdate(ex, flow, body);
  if (method === 'profile') return updateProfile(ctx);
  if (method === 'password') return updatePassword(ctx);
  if (isTrue(body.totp_unlink)) return updateTotp(ctx, true);
  if (method === 'totp') return updateTotp(ctx, false);
  if (lookupAction) return updateLookup(ctx);
  return fail(ctx, { messages: [texts.noSettingsStrategy()] });
}

/** `GET /self-service/settings?flow=` (the return address after re-authenticating) shows the flow's page. */
async function openSettingsFlow(ex: Exchange): Promise<void> {
  const flow = await requireFlow(ex, 'settings', ex.query.flow);
  ex.redirect(withQuery(ex.endpoints.ui.settings, { flow: flow.id }));
}

export function registerSettingsRoutes(route: Route): void {
  route('GET', '/self-service/settings/browser', createBrowserSettingsFlow);
  route('GET', '/self-service/settings/flows', getSettingsFlow, { alwaysJson: true });
  route('POST', '/self-service/settings', updateSettingsFlow);
  route('GET', '/self-service/settings', openSettingsFlow);
}
