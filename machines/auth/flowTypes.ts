import type {
  LoginFlow,
  RecoveryFlow,
  RegistrationFlow,
  SettingsFlow,
  SuccessfulNativeLogin,
  SuccessfulNativeRegistration,
  VerificationFlow,
} from '@ory/client';

/** The five self-service flows; the name is also the identity service's path segment. */
export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

/** Any self-service flow object. */
export type SelfServiceFlow =
  LoginFlow | RegistrationFlow | RecoveryFlow | VerificationFlow | SettingsFlow;

/** A successful update: the flow again, or the session and identity of a sign-in. */
export type SubmitFlowOutput =
  SelfServiceFlow | SuccessfulNativeLogin | SuccessfulNativeRegistration;

/** The value of one form field: text for inputs, a boolean for checkboxes. */
export type FlowValue = string | boolean;

/** Form values keyed by node name (`identifier`, `traits.email`, ...). */
export type FlowValues = Record<string, FlowValue>;

/** The button that submitted a form. */
export interface SubmitTrigger {
  /** The node group the form belongs to; its fields and the `default` group's are sent. */
  group: string;
  /** Name of the submit node (`method`, `lookup_secret_reveal`, `provider`...), if any. */
  name?: string;
  /** Its value (`password`, `true`, a provider id...). */
  value?: unknown;
}

/** A sentence shown above the form that the flow itself does not carry. */
export interface FlowNotice {
  text: string;
  type: 'error' | 'info';
}

/** Where the machine sends the user; the page turns it into a route. */
export type FlowDestination =
  /** The console's home page. */
  | { to: 'home' }
  /** The sign-in page, coming back to the current page afterwards. */
  | { to: 'login'; aal?: 'aal2'; refresh?: boolean }
  /** The address to return to after success (checked by the page: same origin only). */
  | { to: 'returnTo'; url: string }
  /** The page of another flow, e.g. settings after a recovery code. */
  | { to: 'flow'; kind: FlowKind; flowId: string };
