import { decodeBody, stringField } from '../body';
import { errors } from '../errors';
import type { Exchange } from '../exchange';
import { sendFlow, withQuery } from '../respond';
import type { FlowRecord } from '../store/flows';
import { saveFlow } from '../store/flows';
import { findIdentityById, markVerified } from '../store/identities';
import { texts } from '../ui/nodes';
import type { CodeFlowTexts } from './codeFlow';
import { createCodeFlow, failCodeFlow, replaceIfExpired, submitCodeStep } from './codeFlow';
import {
  assertCsrfOnUpdate,
  assertSignedOut,
  checkReturnTo,
  getFlowHandler,
  newSession,
  requireFlow,
} from './common';
import type { Route } from './route';
import { createSettingsFlow } from './settings';

export const RECOVERY: CodeFlowTexts = {
  purpose: 'recovery',
  sent: texts.recoveryCodeSent,
  codeLabel: texts.recoveryCode,
  expired: texts.recoveryExpired,
};

async function createBrowserRecoveryFlow(ex: Exchange): Promise<void> {
  const returnTo = checkReturnTo(ex, ex.query.return_to);
  await assertSignedOut(ex, returnTo);
  await sendFlow(ex, await createCodeFlow(ex, RECOVERY, returnTo));
}

/** A valid code: sign the person in and send them to a settings flow to set a new password. */
async function completeRecovery(ex: Exchange, flow: FlowRecord, identityId: string): Promise<void> {
  const identity = await findIdentityById(ex.db, identityId);
  if (!identity)
    return failCodeFlow(ex, flow, RECOVERY, { messages: [texts.recoveryCodeInvalid()] });
  if (identity.traits.email.toLowerCase() === (flow.internal.code?.email ?? '').toLowerCase()) {
    await markVerified(ex.db, identity.id, ex.now);
  }
  const session = await newSession(ex, identity.id, 'code_recovery');
  ex.rotateCsrfSecret();
  ex.issueSessionCookie(session);
  ex.setActiveSession({ session, identity });
  const privilegedUntil = new Date(
    session.authenticatedAt.getTime() + ex.settings.privilegedSessionMaxAgeMs,
  );
  const settings = await createSettingsFlow(ex, identity, flow.returnTo, [
    texts.recovered(privilegedUntil, ex.now),
  ]);
  flow.internal.code = null;
  flow.state = 'passed_challenge';
  await saveFlow(ex.db, flow, ex.now);
  ex.settings.log(`[identity] recovered ${identity.traits.email}`);
  throw errors.locationChange(withQuery(ex.endpoints.ui.settings, { flow: settings.id }));
}

async function updateRecoveryFlow(ex: Exchange): Promise<void> {
  const flow = await requireFlow(ex, 'recovery', ex.query.flow);
  await replaceIfExpired(ex, flow, RECOVERY);
  await assertSignedOut(ex);
  const body = decodeBody(ex.req.body);
  assertCsrfOnUpdate(ex, flow, body);
  if (flow.state === 'passed_challenge')
    return failCodeFlow(ex, flow, RECOVERY, { messages: [texts.recoveryCodeInvalid()] });
  if (stringField(body, 'method') !== 'code')
    return failCodeFlow(ex, flow, RECOVERY, { messages: [texts.noRecoveryStrategy()] });
  const identityId = await submitCodeStep(ex, flow, body, RECOVERY, texts.recoveryCodeInvalid);
  if (!identityId) return;
  await completeRecovery(ex, flow, identityId);
}

/** `GET /self-service/recovery?flow=` (the link of an invitation) shows the flow's page. */
async function openRecoveryLink(ex: Exchange): Promise<void> {
  const flow = await requireFlow(ex, 'recovery', ex.query.flow);
  ex.redirect(withQuery(ex.endpoints.ui.recovery, { flow: flow.id }));
}

export function registerRecoveryRoutes(route: Route): void {
  route('GET', '/self-service/recovery/browser', createBrowserRecoveryFlow);
  route('GET', '/self-service/recovery/flows', getFlowHandler('recovery'), { alwaysJson: true });
  route('POST', '/self-service/recovery', updateRecoveryFlow);
  route('GET', '/self-service/recovery', openRecoveryLink);
}
