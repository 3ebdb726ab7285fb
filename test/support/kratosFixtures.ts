import type {
  LoginFlow,
  LogoutFlow,
  RecoveryFlow,
  RegistrationFlow,
  Session,
  SettingsFlow,
  SuccessfulNativeLogin,
  UiNode,
  UiText,
  VerificationFlow,
} from '@ory/client';

/**
 * Identity-service JSON as the browser sees it through `/api/.ory` (kratos.md §2, §4, §6):
 * flows with their standard nodes and message ids, error envelopes, sessions.
 */

export const PUBLIC_BASE = 'http://localhost/api/.ory';
export const CSRF_TOKEN = 'csrf-token-value';

const ISSUED_AT = '2025-01-01T10:00:00Z';
const EXPIRES_AT = '2025-01-01T11:00:00Z';

type Kind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

// --- texts (kratos.md §6) ---------------------------------------------------------------

export function uiText(
  id: number,
  text: string,
  type: UiText['type'] = 'info',
  context?: object,
): UiText {
  return context ? { id, text, type, context } : { id, text, type };
}

export const texts = {
  id: () => uiText(1070004, 'ID'),
  password: () => uiText(1070001, 'Password'),
  signIn: () => uiText(1010001, 'Sign in'),
  signUp: () => uiText(1040001, 'Sign up'),
  save: () => uiText(1070003, 'Save'),
  email: () => uiText(1070007, 'Email'),
  submit: () => uiText(1070005, 'Submit'),
  recoveryCode: () => uiText(1070010, 'Recovery code'),
  verificationCode: () => uiText(1070011, 'Verification code'),
  resendCode: () => uiText(1070008, 'Resend code'),
  continue: () => uiText(1070009, 'Continue'),
  schemaTitle: (title: string, name: string) => uiText(1070002, title, 'info', { title, name }),
  confirmAction: () => uiText(1010003, 'Please confirm this action by verifying that it is you.'),
  secondFactor: () => uiText(1010004, 'Please complete the second authentication challenge.'),
  authenticationCode: () => uiText(1010006, 'Authentication code'),
  backupRecoveryCode: () => uiText(1010007, 'Backup recovery code'),
  useAuthenticator: () => uiText(1010009, 'Use Authenticator'),
  useBackupCode: () => uiText(1010010, 'Use backup recovery code'),
  invalidCredentials: () =>
    uiText(
      4000006,
      'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
      'error',
    ),
  missingProperty: (property: string) =>
    uiText(4000002, `Property ${property} is missing.`, 'error', { property }),
  loginExpired: () =>
    uiText(4010001, 'The login flow expired 0.50 minutes ago, please try again.', 'error'),
  changesSaved: () => uiText(1050001, 'Your changes have been saved!', 'success'),
  recoveryCodeSent: () =>
    uiText(
      1060003,
      'An email containing a recovery code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  generateCodes: () => uiText(1050008, 'Generate new backup recovery codes'),
  totpQr: () => uiText(1050005, 'Authenticator app QR code'),
  totpSecretLabel: () =>
    uiText(
      1050017,
      'This is your authenticator app secret. Use it if you can not scan the QR code.',
    ),
  verifyCode: () => uiText(1070006, 'Verify code'),
  linkProvider: (provider: string) => uiText(1050002, `Link ${provider}`, 'info', { provider }),
} as const;

// --- nodes (kratos.md §2.3, §2.6) -------------------------------------------------------

interface InputOptions {
  name: string;
  type: string;
  group: string;
  value?: unknown;
  required?: boolean;
  autocomplete?: string;
  label?: UiText;
  messages?: UiText[];
}

export function inputNode(options: InputOptions): UiNode {
  const attributes: Record<string, unknown> = {
    name: options.name,
    type: options.type,
    disabled: false,
    node_type: 'input',
  };
  if (options.value !== undefined) attributes.value = options.value;
  if (options.required) attributes.required = true;
  if (options.autocomplete) attributes.autocomplete = options.autocomplete;
  return {
    type: 'input',
    group: options.group,
    attributes,
    messages: options.messages ?? [],
    meta: options.label ? { label: options.label } : {},
  } as unknown as UiNode;
}

/** The E-Mail trait input of the `default` identity schema. */
function emailTraitNode(group: string, messages: UiText[] | undefined, value?: string): UiNode {
  return inputNode({
    name: 'traits.email',
    type: 'email',
    group,
    value,
    required: true,
    autocomplete: 'email',
    label: texts.schemaTitle('E-Mail', 'traits.email'),
    messages,
  });
}

/** A name trait input (`first` or `last`) of the `default` identity schema. */
function nameTraitNode(part: 'first' | 'last', group: string, value?: string): UiNode {
  const name = `traits.name.${part}`;
  return inputNode({
    name,
    type: 'text',
    group,
    value,
    label: texts.schemaTitle(part === 'first' ? 'First Name' : 'Last Name', name),
  });
}

/** The new password input of registration and settings. */
function newPasswordNode(messages: UiText[] | undefined): UiNode {
  return inputNode({
    name: 'password',
    type: 'password',
    group: 'password',
    required: true,
    autocomplete: 'new-password',
    label: texts.password(),
    messages,
  });
}

export function csrfNode(token = CSRF_TOKEN): UiNode {
  return inputNode({
    name: 'csrf_token',
    type: 'hidden',
    group: 'default',
    value: token,
    required: true,
  });
}

export function submitNode(name: string, value: string, group: string, label: UiText): UiNode {
  return inputNode({ name, type: 'submit', group, value, label });
}

export function textNode(id: string, group: string, text: UiText, label?: UiText): UiNode {
  return {
    type: 'text',
    group,
    attributes: { id, text, node_type: 'text' },
    messages: [],
    meta: label ? { label } : {},
  } as unknown as UiNode;
}

export function imageNode(id: string, group: string, src: string, label: UiText): UiNode {
  return {
    type: 'img',
    group,
    attributes: { id, src, width: 256, height: 256, node_type: 'img' },
    messages: [],
    meta: { label },
  } as unknown as UiNode;
}

export function anchorNode(id: string, group: string, href: string, title: UiText): UiNode {
  return {
    type: 'a',
    group,
    attributes: { id, href, title, node_type: 'a' },
    messages: [],
    meta: {},
  } as unknown as UiNode;
}

// --- flows (kratos.md §2.1, §2.6) -------------------------------------------------------

interface FlowBase {
  id: string;
  type: string;
  expires_at: string;
  issued_at: string;
  request_url: string;
  return_to?: string;
  state: string;
  ui: { action: string; method: string; nodes: UiNode[]; messages?: UiText[] };
}

function flowBase(kind: Kind, id: string, nodes: UiNode[], options: FlowOptions): FlowBase {
  const flow: FlowBase = {
    id,
    type: 'browser',
    expires_at: EXPIRES_AT,
    issued_at: ISSUED_AT,
    request_url: `${PUBLIC_BASE}/self-service/${kind}/browser`,
    state: options.state ?? 'choose_method',
    ui: {
      action: `${PUBLIC_BASE}/self-service/${kind}?flow=${id}`,
      method: 'POST',
      nodes,
    },
  };
  if (options.messages && options.messages.length > 0) flow.ui.messages = options.messages;
  if (options.returnTo) flow.return_to = options.returnTo;
  return flow;
}

export interface FlowOptions {
  /** Flow-wide messages (`ui.messages`). */
  messages?: UiText[];
  returnTo?: string;
  state?: string;
}

export interface LoginFlowOptions extends FlowOptions {
  id?: string;
  refresh?: boolean;
  aal?: 'aal1' | 'aal2';
  /** The identifier the server echoes back after a failed attempt. */
  identifier?: string;
  /** Node messages by node name (`identifier`, `password`). */
  nodeMessages?: Record<string, UiText[]>;
  /** The signed-in identity's email, for refresh flows. */
  sessionIdentifier?: string;
}

/** A login flow: password first factor, a refresh, or the second factor (kratos.md §2.6). */
export function loginFlow(options: LoginFlowOptions = {}): LoginFlow {
  const id = options.id ?? 'login-flow-1';
  const aal = options.aal ?? 'aal1';
  const nodeMessages = options.nodeMessages ?? {};
  const nodes: UiNode[] = [csrfNode()];
  const messages = [...(options.messages ?? [])];
  if (aal === 'aal2') {
    messages.unshift(texts.secondFactor());
    nodes.push(
      inputNode({
        name: 'totp_code',
        type: 'text',
        group: 'totp',
        required: true,
        autocomplete: 'one-time-code',
        label: texts.authenticationCode(),
        messages: nodeMessages.totp_code,
      }),
      submitNode('method', 'totp', 'totp', texts.useAuthenticator()),
      inputNode({
        name: 'lookup_secret',
        type: 'text',
        group: 'lookup_secret',
        required: true,
        label: texts.backupRecoveryCode(),
        messages: nodeMessages.lookup_secret,
      }),
      submitNode('method', 'lookup_secret', 'lookup_secret', texts.useBackupCode()),
    );
  } else {
    const refresh = options.refresh === true;
    if (refresh) messages.unshift(texts.confirmAction());
    nodes.push(
      inputNode({
        name: 'identifier',
        type: refresh ? 'hidden' : 'text',
        group: 'default',
        value: refresh ? (options.sessionIdentifier ?? 'admin@local') : (options.identifier ?? ''),
        required: true,
        label: refresh ? undefined : texts.id(),
        messages: nodeMessages.identifier,
      }),
      inputNode({
        name: 'password',
        type: 'password',
        group: 'password',
        required: true,
        autocomplete: 'current-password',
        label: texts.password(),
        messages: nodeMessages.password,
      }),
      submitNode('method', 'password', 'password', texts.signIn()),
    );
  }
  return {
    ...flowBase('login', id, nodes, { ...options, messages }),
    refresh: options.refresh === true,
    requested_aal: aal,
    created_at: ISSUED_AT,
    updated_at: ISSUED_AT,
  } as LoginFlow;
}

export interface RegistrationFlowOptions extends FlowOptions {
  id?: string;
  nodeMessages?: Record<string, UiText[]>;
}

/** A registration flow with the password method and the `default` schema's traits. */
export function registrationFlow(options: RegistrationFlowOptions = {}): RegistrationFlow {
  const id = options.id ?? 'registration-flow-1';
  const nodeMessages = options.nodeMessages ?? {};
  const nodes = [
    csrfNode(),
    emailTraitNode('password', nodeMessages['traits.email']),
    nameTraitNode('first', 'password'),
    nameTraitNode('last', 'password'),
    newPasswordNode(nodeMessages.password),
    submitNode('method', 'password', 'password', texts.signUp()),
  ];
  return flowBase('registration', id, nodes, options) as RegistrationFlow;
}

export interface RecoveryFlowOptions extends FlowOptions {
  id?: string;
  step?: 'choose_method' | 'sent_email';
  email?: string;
}

/** A recovery flow with the code method (kratos.md §2.6). */
export function recoveryFlow(options: RecoveryFlowOptions = {}): RecoveryFlow {
  const id = options.id ?? 'recovery-flow-1';
  const step = options.step ?? 'choose_method';
  const nodes =
    step === 'choose_method'
      ? [
          csrfNode(),
          inputNode({
            name: 'email',
            type: 'email',
            group: 'code',
            required: true,
            autocomplete: 'email',
            label: texts.email(),
          }),
          submitNode('method', 'code', 'code', texts.submit()),
        ]
      : [
          csrfNode(),
          inputNode({
            name: 'code',
            type: 'text',
            group: 'code',
            required: true,
            label: texts.recoveryCode(),
          }),
          inputNode({ name: 'method', type: 'hidden', group: 'code', value: 'code' }),
          submitNode('method', 'code', 'code', texts.submit()),
          submitNode('email', options.email ?? 'admin@local', 'code', texts.resendCode()),
        ];
  const messages =
    step === 'sent_email'
      ? [texts.recoveryCodeSent(), ...(options.messages ?? [])]
      : options.messages;
  return flowBase('recovery', id, nodes, { ...options, messages, state: step }) as RecoveryFlow;
}

export interface VerificationFlowOptions extends FlowOptions {
  id?: string;
  step?: 'choose_method' | 'passed_challenge';
}

/** A verification flow with the code method. */
export function verificationFlow(options: VerificationFlowOptions = {}): VerificationFlow {
  const id = options.id ?? 'verification-flow-1';
  if (options.step === 'passed_challenge') {
    const flow = flowBase(
      'verification',
      id,
      [anchorNode('continue', 'code', 'http://localhost/', texts.continue())],
      {
        ...options,
        state: 'passed_challenge',
        messages: [uiText(1080002, 'You successfully verified your email address.', 'success')],
      },
    );
    flow.ui.method = 'GET';
    flow.ui.action = 'http://localhost/';
    return flow as VerificationFlow;
  }
  const nodes = [
    csrfNode(),
    inputNode({
      name: 'email',
      type: 'email',
      group: 'code',
      required: true,
      label: texts.email(),
    }),
    submitNode('method', 'code', 'code', texts.submit()),
  ];
  return flowBase('verification', id, nodes, options) as VerificationFlow;
}

export type SettingsGroup = 'profile' | 'password' | 'oidc' | 'lookup_secret' | 'totp' | 'webauthn';

export interface SettingsFlowOptions extends FlowOptions {
  id?: string;
  groups?: SettingsGroup[];
  email?: string;
  nodeMessages?: Record<string, UiText[]>;
}

function settingsNodes(
  group: SettingsGroup,
  email: string,
  nodeMessages: Record<string, UiText[]>,
): UiNode[] {
  switch (group) {
    case 'profile':
      return [
        emailTraitNode('profile', nodeMessages['traits.email'], email),
        nameTraitNode('first', 'profile', 'Ada'),
        submitNode('method', 'profile', 'profile', texts.save()),
      ];
    case 'password':
      return [
        newPasswordNode(nodeMessages.password),
        submitNode('method', 'password', 'password', texts.save()),
      ];
    case 'oidc':
      return [submitNode('link', 'github', 'oidc', texts.linkProvider('GitHub'))];
    case 'lookup_secret':
      return [
        submitNode('lookup_secret_regenerate', 'true', 'lookup_secret', texts.generateCodes()),
      ];
    case 'totp':
      return [
        imageNode('totp_qr', 'totp', 'data:image/png;base64,iVBORw0KGgo=', texts.totpQr()),
        textNode(
          'totp_secret_key',
          'totp',
          uiText(1050006, 'JBSWY3DPEHPK3PXP', 'info', { secret: 'JBSWY3DPEHPK3PXP' }),
          texts.totpSecretLabel(),
        ),
        inputNode({
          name: 'totp_code',
          type: 'text',
          group: 'totp',
          required: true,
          label: texts.verifyCode(),
        }),
        submitNode('method', 'totp', 'totp', texts.save()),
      ];
    case 'webauthn':
      return [
        inputNode({
          name: 'webauthn_register_displayname',
          type: 'text',
          group: 'webauthn',
          label: uiText(1050013, 'Name of the security key'),
        }),
      ];
  }
}

/** A settings flow with the given groups (default: profile and password). */
export function settingsFlow(options: SettingsFlowOptions = {}): SettingsFlow {
  const id = options.id ?? 'settings-flow-1';
  const email = options.email ?? 'admin@local';
  const groups = options.groups ?? ['profile', 'password'];
  const nodes = [
    csrfNode(),
    ...groups.flatMap((group) => settingsNodes(group, email, options.nodeMessages ?? {})),
  ];
  return {
    ...flowBase('settings', id, nodes, { ...options, state: options.state ?? 'show_form' }),
    identity: identity(email),
  } as SettingsFlow;
}

// --- sessions and errors (kratos.md §3, §4) ---------------------------------------------

export function identity(email = 'admin@local') {
  return {
    id: 'identity-1',
    schema_id: 'default',
    schema_url: `${PUBLIC_BASE}/schemas/ZGVmYXVsdA`,
    state: 'active',
    traits: { email, name: { first: 'Ada', last: 'Admin' } },
    metadata_public: null,
    created_at: ISSUED_AT,
    updated_at: ISSUED_AT,
  };
}

export function session(email = 'admin@local'): Session {
  return {
    id: 'session-1',
    active: true,
    expires_at: '2025-01-02T10:00:00Z',
    authenticated_at: ISSUED_AT,
    issued_at: ISSUED_AT,
    authenticator_assurance_level: 'aal1',
    authentication_methods: [{ method: 'password', aal: 'aal1', completed_at: ISSUED_AT }],
    identity: identity(email),
  } as Session;
}

/** The answer to a successful password login (newer identity service). */
export function loginSuccess(returnTo = 'http://localhost/'): SuccessfulNativeLogin {
  return {
    session: session(),
    continue_with: [{ action: 'redirect_browser_to', redirect_browser_to: returnTo }],
  } as SuccessfulNativeLogin;
}

export function logoutFlow(token = 'logout-token-1'): LogoutFlow {
  return { logout_token: token, logout_url: `${PUBLIC_BASE}/self-service/logout?token=${token}` };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
};

export interface ErrorEnvelopeOptions {
  id?: string;
  reason?: string;
  message?: string;
  details?: Record<string, unknown>;
  /** Fields next to `error` (`redirect_browser_to`, `use_flow_id`...). */
  extra?: Record<string, unknown>;
}

/** The error envelope `{ error: {...}, ...extra }` (kratos.md §4.1). */
export function errorEnvelope(code: number, options: ErrorEnvelopeOptions = {}) {
  const error: Record<string, unknown> = {
    code,
    status: STATUS_TEXT[code] ?? 'Error',
    message: options.message ?? (STATUS_TEXT[code] ?? 'error').toLowerCase(),
  };
  if (options.id) error.id = options.id;
  if (options.reason) error.reason = options.reason;
  if (options.details) error.details = options.details;
  return { error, ...(options.extra ?? {}) };
}

export const errors = {
  expiredOnUpdate: (useFlowId: string) =>
    errorEnvelope(410, {
      id: 'self_service_flow_expired',
      reason: 'The self-service flow expired 0.50 minutes ago, initialize a new one.',
      message: 'self-service flow expired',
      extra: { use_flow_id: useFlowId, expired_at: ISSUED_AT, since: 30_000_000_000 },
    }),
  expiredOnGet: (kind: Kind) =>
    errorEnvelope(410, {
      id: 'self_service_flow_expired',
      reason: `The ${kind} flow has expired. Redirect the user to the ${kind} flow init endpoint to initialize a new ${kind} flow.`,
      message: 'self-service flow expired',
      details: { redirect_to: `${PUBLIC_BASE}/self-service/${kind}/browser` },
    }),
  csrf: () =>
    errorEnvelope(403, {
      id: 'security_csrf_violation',
      reason:
        'Please retry the flow and optionally clear your cookies. The request was rejected to protect you from Cross-Site-Request-Forgery (CSRF) which could cause account takeover, leaking personal information, and other serious security issues.',
      message: 'the request was rejected to protect you from Cross-Site-Request-Forgery',
      details: {
        reject_reason:
          'The HTTP Cookie Header was set and a CSRF token was sent but they do not match. We recommend deleting all cookies for this domain and retrying the flow.',
      },
    }),
  sessionInactive: () =>
    errorEnvelope(401, {
      id: 'session_inactive',
      reason: 'No active session was found in this request.',
      message: 'request does not have a valid authentication session',
    }),
  alreadySignedIn: () =>
    errorEnvelope(400, {
      id: 'session_already_available',
      reason:
        'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?',
    }),
  returnToForbidden: (url: string) =>
    errorEnvelope(400, {
      id: 'self_service_flow_return_to_forbidden',
      reason: `Requested return_to URL "${url}" is not allowed.`,
    }),
  secondFactorNeeded: (returnTo?: string) => {
    const query = new URLSearchParams({ aal: 'aal2' });
    if (returnTo) query.set('return_to', returnTo);
    return errorEnvelope(422, {
      id: 'browser_location_change_required',
      reason: 'In order to complete this flow please redirect the browser to: ',
      extra: { redirect_browser_to: `${PUBLIC_BASE}/self-service/login/browser?${query}` },
    });
  },
  refreshRequired: (settingsFlowId: string) =>
    errorEnvelope(403, {
      id: 'session_refresh_required',
      reason:
        'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
      extra: {
        redirect_browser_to: `${PUBLIC_BASE}/self-service/login/browser?refresh=true&return_to=${encodeURIComponent(
          `${PUBLIC_BASE}/self-service/settings?flow=${settingsFlowId}`,
        )}`,
      },
    }),
  notFound: () => errorEnvelope(404, { message: 'Unable to locate the resource', reason: '' }),
} as const;

/** `GET /self-service/errors?id=` (kratos.md §1.5). */
export function flowErrorBody(id: string) {
  return {
    id,
    error: {
      code: 500,
      status: 'Internal Server Error',
      reason: 'This is a stub error.',
      message: 'An internal server error occurred',
    },
    created_at: ISSUED_AT,
    updated_at: ISSUED_AT,
  };
}
