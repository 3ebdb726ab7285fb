/**
 * `/config.json`: the settings the server gives the console at start-up, so one build runs in
 * every deployment. The server writes it; the console checks it at boot.
 */

export const AUTH_MODES = ['kratos', 'clerk'] as const;
/** Sign-in provider: the identity service's self-service flows, or hosted auth. */
export type AuthMode = (typeof AUTH_MODES)[number];

export const RUNTIME_CONFIG_PATH = '/config.json';

/** Where the identity service's public API is reached from the browser, in front of the console. */
export const IDENTITY_BASE_PATH = '/api/.ory';

/**
 * The label that names an item's owner team (its value is the team's name) when the runtime
 * config names none: Mission Control has no owner field, so ownership lives in a label.
 */
export const DEFAULT_OWNER_LABEL = 'owner';

export interface RuntimeConfig {
  /** Sign-in provider. */
  authMode: AuthMode;
  /** Base path of the identity service's public API, as the browser reaches it (`/api/.ory`). */
  identityBasePath: string;
  /** Publishable key of the hosted-auth provider; null in kratos mode. */
  clerkPublishableKey: string | null;
  /** Version of the console shown in the user menu. */
  version: string;
  /** A backend the browser calls directly (hosted mode); absent when /api is same-origin. */
  backendUrl?: string | null;
  /** The error page leaves out an error's cause and stack (`HIDE_ERROR_DETAILS`). */
  hideErrorDetails?: boolean;
  /** The label key of config items and components that holds their owner team's name. */
  ownerLabel?: string;
}
