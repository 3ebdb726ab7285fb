import type {
  FlowError,
  LoginFlow,
  LogoutFlow,
  RecoveryFlow,
  RegistrationFlow,
  Session,
  SettingsFlow,
  SuccessfulNativeLogin,
  SuccessfulNativeRegistration,
  VerificationFlow,
} from '@ory/client';
import { array, boolean, number, optional, string, type, union } from 'superstruct';
import { optionalJson } from './fields';

/**
 * The five self-service flows of the identity service (kratos.md §1.1). The wire name is also
 * the path segment: `/self-service/<kind>/browser`.
 */
export type IdentityFlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

export const IDENTITY_FLOW_KINDS: readonly IdentityFlowKind[] = [
  'login',
  'registration',
  'recovery',
  'verification',
  'settings',
];

/** Any self-service flow object (kratos.md §2). */
export type SelfServiceFlow =
  LoginFlow | RegistrationFlow | RecoveryFlow | VerificationFlow | SettingsFlow;

/**
 * What a successful update answers: the flow again (recovery, verification, settings) or, for
 * login and registration, the session and identity (kratos.md §1.4).
 */
export type FlowUpdateResult =
  SelfServiceFlow | SuccessfulNativeLogin | SuccessfulNativeRegistration;

export type { FlowError, LogoutFlow, Session };

/** A `UiText` (kratos.md §2.5): the fields the console reads. */
export const UiTextStruct = type({
  id: number(),
  text: string(),
  type: string(),
});

/** A `UiNode` (kratos.md §2.3): the fields the console reads. */
export const UiNodeStruct = type({
  type: string(),
  group: string(),
  attributes: type({ node_type: string() }),
  messages: array(UiTextStruct),
  meta: type({ label: optional(UiTextStruct) }),
});

/** The fields of a flow the console reads; the rest passes through unchecked. */
export const SelfServiceFlowStruct = type({
  id: string(),
  ui: type({
    action: string(),
    method: string(),
    nodes: array(UiNodeStruct),
    messages: optional(array(UiTextStruct)),
  }),
  return_to: optional(string()),
  refresh: optional(boolean()),
  requested_aal: optional(string()),
});

/** A session (kratos.md §3.1): the fields the console reads. */
export const SessionStruct = type({
  id: string(),
  active: optional(boolean()),
  authenticator_assurance_level: optional(string()),
  identity: optional(type({ id: string(), traits: optionalJson() })),
});

/** Login or registration success: a session and/or an identity. */
export const SignedInStruct = union([
  type({ session: SessionStruct }),
  type({ identity: type({ id: string() }) }),
]);

export const FlowUpdateResultStruct = union([SelfServiceFlowStruct, SignedInStruct]);

/** `GET /self-service/logout/browser` (kratos.md §1.5). */
export const LogoutFlowStruct = type({
  logout_token: string(),
  logout_url: string(),
});

/** `GET /self-service/errors?id=` (kratos.md §1.5). */
export const FlowErrorStruct = type({
  id: string(),
  error: optionalJson(),
});
