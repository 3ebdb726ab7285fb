import { decodeBody, stringField } from '../body';
import type { Exchange } from '../exchange';
import { flowUiUrl, sendFlow } from '../respond';
import type { FlowRecord } from '../store/flows';
import { insertFlow, saveFlow } from '../store/flows';
import type { IdentityRecord } from '../store/identities';
import { markVerified } from '../store/identities';
import { anchorNode, texts } from '../ui/nodes';
import type { CodeFlowTexts } from './codeFlow';
import {
  buildCodeFlowUi,
  createCodeFlow,
  failCodeFlow,
  issueCode,
  replaceIfExpired,
  submitCodeStep,
} from './codeFlow';
import {
  assertCsrfOnUpdate,
  checkReturnTo,
  defaultReturnTo,
  getFlowHandler,
  newFlow,
  requireFlow,
} from './common';
import type { Route } from './route';

const VERIFICATION: CodeFlowTexts = {
  purpose: 'verification',
  sent: texts.verificationCodeSent,
  codeLabel: texts.verificationCode,
  expired: texts.verificationExpired,
};

/** A verification flow that has already sent a code to the identity's address (after sign-up or an email change). */
export async function startVerification(
  ex: Exchange,
  identity: IdentityRecord,
  returnTo: string | null,
): Promise<FlowRecord> {
  const flow = newFlow(ex, 'verification', {
    state: 'choose_method',
    returnTo,
    requestUrl: `${ex.endpoints.publicBase}/self-service/verification/browser`,
  });
  await issueCode(ex, flow, identity.traits.email, VERIFICATION);
  buildCodeFlowUi(flow, VERIFICATION, { messages: [VERIFICATION.sent()] });
  await insertFlow(ex.db, flow);
  return flow;
}

export function verificationContinueWith(
  ex: Exchange,
  flow: FlowRecord,
  address: string,
): Record<string, unknown> {
  return {
    action: 'show_verification_ui',
    flow: { id: flow.id, verifiable_address: address, url: flowUiUrl(ex, flow) },
  };
}

async function createBrowserVerificationFlow(ex: Exchange): Promise<void> {
  const returnTo = checkReturnTo(ex, ex.query.return_to);
  await sendFlow(ex, await createCodeFlow(ex, VERIFICATION, returnTo));
}

async function updateVerificationFlow(ex: Exchange): Promise<void> {
  const flow = await requireFlow(ex, 'verification', ex.query.flow);
  await replaceIfExpired(ex, flow, VERIFICATION);
  const body = decodeBody(ex.req.body);
  assertCsrfOnUpdate(ex, flow, body);
  if (flow.state === 'passed_challenge') {
    await sendFlow(ex, flow);
    return;
  }
  if (stringField(body, 'method') !== 'code')
    return failCodeFlow(ex, flow, VERIFICATION, { messages: [texts.noVerificationStrategy()] });
  const identityId = await submitCodeStep(
    ex,
    flow,
    body,
    VERIFICATION,
    texts.verificationCodeInvalid,
  );
  if (!identityId) return;

  await markVerified(ex.db, identityId, ex.now);
  ex.settings.log(`[identity] verified ${flow.internal.code?.email ?? ''}`);
  const returnTo = defaultReturnTo(ex, flow);
  flow.internal.code = null;
  flow.state = 'passed_challenge';
  flow.ui = {
    action: returnTo,
    method: 'GET',
    nodes: [anchorNode('continue', 'code', returnTo, texts.continue())],
    messages: [texts.verified()],
  };
  await saveFlow(ex.db, flow, ex.now);
  await sendFlow(ex, flow);
}

export function registerVerificationRoutes(route: Route): void {
  route('GET', '/self-service/verification/browser', createBrowserVerificationFlow);
  route('GET', '/self-service/verification/flows', getFlowHandler('verification'), {
    alwaysJson: true,
  });
  route('POST', '/self-service/verification', updateVerificationFlow);
}
