import type { UiText } from './types';

/** Message ids and texts of kratos.md §6. */

const info = (id: number, text: string, context?: Record<string, unknown>): UiText =>
  context ? { id, text, type: 'info', context } : { id, text, type: 'info' };
const error = (id: number, text: string, context?: Record<string, unknown>): UiText =>
  context ? { id, text, type: 'error', context } : { id, text, type: 'error' };

const minutes = (ms: number) => (ms / 60000).toFixed(2);

function expired(id: number, kind: string, expiredAt: Date, now: Date): UiText {
  return error(
    id,
    `The ${kind} flow expired ${minutes(now.getTime() - expiredAt.getTime())} minutes ago, please try again.`,
    {
      expired_at: expiredAt.toISOString(),
      expired_at_unix: Math.floor(expiredAt.getTime() / 1000),
    },
  );
}

export const texts = {
  // errors
  reason: (reason: string) => error(4000001, reason, { reason }),
  missingProperty: (property: string) =>
    error(4000002, `Property ${property} is missing.`, { property }),
  minLength: (minLength: number, actualLength: number) =>
    error(4000003, `length must be >= ${minLength}, but got ${actualLength}`, {
      min_length: minLength,
      actual_length: actualLength,
    }),
  invalidCredentials: () =>
    error(
      4000006,
      'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
    ),
  duplicateAccount: () =>
    error(
      4000007,
      'An account with the same identifier (email, phone, username, ...) exists already.',
    ),
  invalidTotp: () =>
    error(4000008, 'The provided authentication code is invalid, please try again.'),
  lookupUsed: () => error(4000012, 'This backup recovery code has already been used.'),
  lookupInvalid: () => error(4000016, 'The backup recovery code is not valid.'),
  passwordTooSimilar: () =>
    error(4000031, 'The password can not be used because it is too similar to the identifier.'),
  passwordTooShort: (minLength: number, actualLength: number) =>
    error(
      4000032,
      `The password must be at least ${minLength} characters long, but got ${actualLength}.`,
      {
        min_length: minLength,
        actual_length: actualLength,
      },
    ),
  noLoginStrategy: () =>
    error(
      4010002,
      'Could not find a strategy to log you in with. Did you fill out the form correctly?',
    ),
  noRegistrationStrategy: () =>
    error(
      4010003,
      'Could not find a strategy to sign you up with. Did you fill out the form correctly?',
    ),
  noSettingsStrategy: () =>
    error(
      4010004,
      'Could not find a strategy to update your settings. Did you fill out the form correctly?',
    ),
  noRecoveryStrategy: () =>
    error(
      4010005,
      'Could not find a strategy to recover your account with. Did you fill out the form correctly?',
    ),
  noVerificationStrategy: () =>
    error(
      4010006,
      'Could not find a strategy to verify your account with. Did you fill out the form correctly?',
    ),
  loginExpired: (expiredAt: Date, now: Date) => expired(4010001, 'login', expiredAt, now),
  registrationExpired: (expiredAt: Date, now: Date) =>
    expired(4040001, 'registration', expiredAt, now),
  settingsExpired: (expiredAt: Date, now: Date) => expired(4050001, 'settings', expiredAt, now),
  recoveryExpired: (expiredAt: Date, now: Date) => expired(4060005, 'recovery', expiredAt, now),
  verificationExpired: (expiredAt: Date, now: Date) =>
    expired(4070005, 'verification', expiredAt, now),
  recoveryCodeInvalid: () =>
    error(4060006, 'The recovery code is invalid or has already been used. Please try again.'),
  verificationCodeInvalid: () =>
    error(4070006, 'The verification code is invalid or has already been used. Please try again.'),

  // info and success
  signIn: () => info(1010001, 'Sign in'),
  confirmAction: () => info(1010003, 'Please confirm this action by verifying that it is you.'),
  secondFactor: () => info(1010004, 'Please complete the second authentication challenge.'),
  authenticationCode: () => info(1010006, 'Authentication code'),
  backupRecoveryCode: () => info(1010007, 'Backup recovery code'),
  useAuthenticator: () => info(1010009, 'Use Authenticator'),
  useBackupCode: () => info(1010010, 'Use backup recovery code'),
  signUp: () => info(1040001, 'Sign up'),
  saved: (): UiText => ({ id: 1050001, text: 'Your changes have been saved!', type: 'success' }),
  unlinkTotp: () => info(1050004, 'Unlink TOTP Authenticator App'),
  totpQr: () => info(1050005, 'Authenticator app QR code'),
  totpSecret: (secret: string) => info(1050006, secret, { secret }),
  revealLookup: () => info(1050007, 'Reveal backup recovery codes'),
  regenerateLookup: () => info(1050008, 'Generate new backup recovery codes'),
  lookupSecret: (secret: string) => info(1050009, secret, { secret }),
  lookupCodesLabel: () =>
    info(1050010, 'These are your back up recovery codes. Please keep them in a safe place!'),
  confirmLookup: () => info(1050011, 'Confirm backup recovery codes'),
  lookupUsedAt: (usedAt: Date) =>
    info(1050014, `Secret was used at ${usedAt.toISOString()}`, {
      used_at: usedAt.toISOString(),
      used_at_unix: Math.floor(usedAt.getTime() / 1000),
    }),
  lookupCodes: (text: string, secrets: UiText[]) => info(1050015, text, { secrets }),
  disableLookup: () => info(1050016, 'Disable this method'),
  totpSecretLabel: () =>
    info(1050017, 'This is your authenticator app secret. Use it if you can not scan the QR code.'),
  recovered: (privilegedUntil: Date, now: Date): UiText => ({
    id: 1060001,
    text: `You successfully recovered your account. Please change your password or set up an alternative login method (e.g. social sign in) within the next ${minutes(privilegedUntil.getTime() - now.getTime())} minutes.`,
    type: 'success',
    context: {
      privilegedSessionExpiresAt: privilegedUntil.toISOString(),
      privileged_session_expires_at: privilegedUntil.toISOString(),
      privileged_session_expires_at_unix: Math.floor(privilegedUntil.getTime() / 1000),
    },
  }),
  recoveryCodeSent: () =>
    info(
      1060003,
      'An email containing a recovery code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  password: () => info(1070001, 'Password'),
  schemaTitle: (title: string, name: string) => info(1070002, title, { title, name }),
  save: () => info(1070003, 'Save'),
  id: () => info(1070004, 'ID'),
  submit: () => info(1070005, 'Submit'),
  verifyCode: () => info(1070006, 'Verify code'),
  email: () => info(1070007, 'Email'),
  resendCode: () => info(1070008, 'Resend code'),
  continue: () => info(1070009, 'Continue'),
  recoveryCode: () => info(1070010, 'Recovery code'),
  verificationCode: () => info(1070011, 'Verification code'),
  verified: (): UiText => ({
    id: 1080002,
    text: 'You successfully verified your email address.',
    type: 'success',
  }),
  verificationCodeSent: () =>
    info(
      1080003,
      'An email containing a verification code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
};
