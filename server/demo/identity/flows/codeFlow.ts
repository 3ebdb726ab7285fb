import { stringField } from '../body';
import type { Exchange } from '../exchange';
import type { CodePurpose } from '../mailer';
import { emailCodeMatches, hashEmailCode, newEmailCode, sendCodeMessage } from '../mailer';
import { sendFlow } from '../respond';
import type { FlowRecord } from '../store/flows';
import { insertFlow, saveFlow } from '../store/flows';
import { findIdentityByEmail } from '../store/identities';
import { isEmail } from '../traits';
import type { UiFeedback } from '../ui/nodes';
import { container, csrfNode, inputNode, submitNode, texts } from '../ui/nodes';
import type { UiNode, UiText } from '../ui/types';
import { expiredOnUpdate, isExpired, newFlow } from './common';

/** What differs between recovery and verification by emailed code. */
export interface CodeFlowTexts {
  purpose: CodePurpose;
  sent: () => UiText;
  codeLabel: () => UiText;
  /** The message of the flow that replaces an expired one. */
  expired: (expiredAt: Date, now: Date) => UiText;
}

export const MAX_CODE_ATTEMPTS = 5;

export function codeFlowNodes(flow: FlowRecord, texts_: CodeFlowTexts): UiNode[] {
  const nodes = [csrfNode(flow.csrfToken)];
  if (flow.state === 'sent_email') {
    nodes.push(
      inputNode({
        name: 'code',
        type: 'text',
        group: 'code',
        required: true,
        label: texts_.codeLabel(),
      }),
      inputNode({ name: 'method', type: 'hidden', group: 'code', value: 'code' }),
      submitNode('method', 'code', 'code', texts.submit()),
      submitNode('email', flow.internal.code?.email ?? '', 'code', texts.resendCode()),
    );
  } else {
    nodes.push(
      inputNode({
        name: 'email',
        type: 'email',
        group: 'code',
        required: true,
        label: texts.email(),
      }),
      submitNode('method', 'code', 'code', texts.submit()),
    );
  }
  return nodes;
}

export function buildCodeFlowUi(
  flow: FlowRecord,
  texts_: CodeFlowTexts,
  feedback: UiFeedback = {},
): void {
  flow.ui = container(flow.ui.action, codeFlowNodes(flow, texts_), feedback);
}

/** A new recovery or verification flow, choosing its method, stored. */
export async function createCodeFlow(
  ex: Exchange,
  texts_: CodeFlowTexts,
  returnTo: string | null,
  messages: UiText[] = [],
  requestUrl?: string,
): Promise<FlowRecord> {
  const flow = newFlow(ex, texts_.purpose, { state: 'choose_method', returnTo, requestUrl });
  buildCodeFlowUi(flow, texts_, { messages });
  await insertFlow(ex.db, flow);
  return flow;
}

/** Answers 410 with a new flow in its place when `flow` has expired. */
export async function replaceIfExpired(
  ex: Exchange,
  flow: FlowRecord,
  texts_: CodeFlowTexts,
): Promise<void> {
  if (!isExpired(ex, flow)) return;
  const replacement = await createCodeFlow(
    ex,
    texts_,
    flow.returnTo,
    [texts_.expired(flow.expiresAt, ex.now)],
    flow.requestUrl,
  );
  expiredOnUpdate(ex, flow, replacement);
}

/** Issues a new code for `email` and mails it when an identity has that address. */
export async function issueCode(
  ex: Exchange,
  flow: FlowRecord,
  email: string,
  texts_: CodeFlowTexts,
): Promise<void> {
  const identity = await findIdentityByEmail(ex.db, email);
  const code = newEmailCode();
  flow.internal.code = {
    hash: identity ? hashEmailCode(code) : '',
    email,
    identityId: identity?.id ?? null,
    attempts: 0,
  };
  flow.state = 'sent_email';
  flow.active = 'code';
  if (identity) {
    await sendCodeMessage(ex.db, ex.settings.log, {
      purpose: texts_.purpose,
      recipient: identity.traits.email,
      code,
      lifetimeMinutes: Math.round((flow.expiresAt.getTime() - ex.now.getTime()) / 60000),
      now: ex.now,
    });
  }
}

/** Checks a submitted code, counting failures; after five the code is void. */
export function codeAccepted(flow: FlowRecord, submitted: string): boolean {
  const stored = flow.internal.code;
  if (!stored?.hash || !stored.identityId) return false;
  if (stored.attempts < MAX_CODE_ATTEMPTS && emailCodeMatches(stored.hash, submitted)) return true;
  stored.attempts += 1;
  if (stored.attempts >= MAX_CODE_ATTEMPTS) stored.hash = '';
  return false;
}

/** Rebuilds the flow's form with `feedback`, stores it and answers 400 with it. */
export async function failCodeFlow(
  ex: Exchange,
  flow: FlowRecord,
  texts_: CodeFlowTexts,
  feedback: UiFeedback,
): Promise<void> {
  buildCodeFlowUi(flow, texts_, feedback);
  await saveFlow(ex.db, flow, ex.now);
  await sendFlow(ex, flow, 400);
}

/**
 * The step recovery and verification share once the method is `code`: an email (or a flow still
 * choosing) issues and mails a code; otherwise the submitted code is checked. Answers the
 * request itself and returns null, or returns the identity whose code was accepted.
 */
export async function submitCodeStep(
  ex: Exchange,
  flow: FlowRecord,
  body: Record<string, unknown>,
  texts_: CodeFlowTexts,
  invalidCode: () => UiText,
): Promise<string | null> {
  const email = stringField(body, 'email').trim();
  const code = stringField(body, 'code').trim();
  const fail = (feedback: UiFeedback) => failCodeFlow(ex, flow, texts_, feedback);

  if (email || flow.state === 'choose_method') {
    if (!email) {
      await fail({ nodeMessages: { email: [texts.missingProperty('email')] } });
      return null;
    }
    if (!isEmail(email)) {
      await fail({
        values: { email },
        nodeMessages: { email: [texts.reason(`"${email}" is not valid "email"`)] },
      });
      return null;
    }
    await issueCode(ex, flow, email, texts_);
    buildCodeFlowUi(flow, texts_, { messages: [texts_.sent()] });
    await saveFlow(ex.db, flow, ex.now);
    await sendFlow(ex, flow);
    return null;
  }

  if (!code) {
    await fail({ nodeMessages: { code: [texts.missingProperty('code')] } });
    return null;
  }
  const identityId = flow.internal.code?.identityId ?? null;
  if (!codeAccepted(flow, code) || !identityId) {
    await fail({ messages: [invalidCode()] });
    return null;
  }
  return identityId;
}
