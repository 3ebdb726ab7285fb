import { decodeBody, stringField } from '../body';
import type { Exchange } from '../exchange';
import { hashPassword, checkPasswordPolicy } from '../password';
import { sendFlow } from '../respond';
import { identityJson, sessionJson } from '../serialize';
import type { FlowRecord } from '../store/flows';
import { insertFlow, saveFlow } from '../store/flows';
import { DEFAULT_ROLE, DuplicateIdentityError, insertIdentity } from '../store/identities';
import { traitNodes, traitValues, validateTraits } from '../traits';
import type { UiFeedback } from '../ui/nodes';
import { container, csrfNode, newPasswordNode, submitNode, texts } from '../ui/nodes';
import type { UiText } from '../ui/types';
import {
  assertCsrfOnUpdate,
  assertSignedOut,
  checkReturnTo,
  defaultReturnTo,
  expiredOnUpdate,
  getFlowHandler,
  isExpired,
  newFlow,
  newSession,
  requireFlow,
} from './common';
import type { Route } from './route';
import { startVerification, verificationContinueWith } from './verification';

function buildUi(flow: FlowRecord, feedback: UiFeedback = {}): void {
  flow.ui = container(
    flow.ui.action,
    [
      csrfNode(flow.csrfToken),
      ...traitNodes('password'),
      newPasswordNode(),
      submitNode('method', 'password', 'password', texts.signUp()),
    ],
    feedback,
  );
}

async function createRegistrationFlow(
  ex: Exchange,
  returnTo: string | null,
  afterVerificationReturnTo: string | null,
  extraMessages: UiText[] = [],
  requestUrl?: string,
): Promise<FlowRecord> {
  const internal = afterVerificationReturnTo ? { afterVerificationReturnTo } : {};
  const flow = newFlow(ex, 'registration', {
    state: 'choose_method',
    returnTo,
    internal,
    requestUrl,
  });
  buildUi(flow, { messages: extraMessages });
  await insertFlow(ex.db, flow);
  return flow;
}

async function createBrowserRegistrationFlow(ex: Exchange): Promise<void> {
  const returnTo = checkReturnTo(ex, ex.query.return_to);
  const afterVerification = checkReturnTo(ex, ex.query.after_verification_return_to);
  await assertSignedOut(ex, returnTo);
  await sendFlow(ex, await createRegistrationFlow(ex, returnTo, afterVerification));
}

async function fail(ex: Exchange, flow: FlowRecord, feedback: UiFeedback): Promise<void> {
  buildUi(flow, feedback);
  await saveFlow(ex.db, flow, ex.now);
  await sendFlow(ex, flow, 400);
}

async function updateRegistrationFlow(ex: Exchange): Promise<void> {
  const flow = await requireFlow(ex, 'registration', ex.query.flow);
  if (isExpired(ex, flow)) {
    const replacement = await createRegistrationFlow(
      ex,
      flow.returnTo,
      flow.internal.afterVerificationReturnTo ?? null,
      [texts.registrationExpired(flow.expiresAt, ex.now)],
      flow.requestUrl,
    );
    expiredOnUpdate(ex, flow, replacement);
  }
  await assertSignedOut(ex);
  const body = decodeBody(ex.req.body);
  assertCsrfOnUpdate(ex, flow, body);
  if (stringField(body, 'method') !== 'password')
    return fail(ex, flow, { messages: [texts.noRegistrationStrategy()] });

  const values = traitValues(body.traits);
  const password = stringField(body, 'password');
  if (!password)
    return fail(ex, flow, {
      values,
      nodeMessages: { password: [texts.missingProperty('password')] },
    });
  const check = validateTraits(body.traits);
  if (!check.traits) return fail(ex, flow, { values, nodeMessages: check.errors });
  const policy = checkPasswordPolicy(password, check.traits.email, ex.settings.minPasswordLength);
  if (policy) return fail(ex, flow, { values, nodeMessages: { password: [policy] } });

  let identity;
  try {
    identity = await insertIdentity(ex.db, {
      traits: check.traits,
      passwordHash: hashPassword(password),
      role: DEFAULT_ROLE,
      verified: false,
      now: ex.now,
    });
  } catch (error) {
    if (error instanceof DuplicateIdentityError)
      return fail(ex, flow, { values, messages: [texts.duplicateAccount()] });
    throw error;
  }
  ex.settings.log(`[identity] registered ${identity.traits.email}`);
  const session = await newSession(ex, identity.id, 'password');
  ex.rotateCsrfSecret();
  ex.issueSessionCookie(session);
  const verification = await startVerification(
    ex,
    identity,
    flow.internal.afterVerificationReturnTo ?? null,
  );
  flow.state = 'passed_challenge';
  flow.active = 'password';
  await saveFlow(ex.db, flow, ex.now);
  if (!ex.json) {
    ex.redirect(defaultReturnTo(ex, flow));
    return;
  }
  ex.reply.code(200).send({
    identity: identityJson(identity, ex.endpoints),
    session: sessionJson(session, identity, ex.endpoints, ex.now),
    continue_with: [verificationContinueWith(ex, verification, identity.traits.email)],
  });
}

export function registerRegistrationRoutes(route: Route): void {
  route('GET', '/self-service/registration/browser', createBrowserRegistrationFlow);
  route('GET', '/self-service/registration/flows', getFlowHandler('registration'), {
    alwaysJson: true,
  });
  route('POST', '/self-service/registration', updateRegistrationFlow);
}
