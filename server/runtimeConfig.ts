import type { AuthMode, ServerSettings } from './settings';

/** Served as /config.json and read by the console at boot. */
export interface RuntimeConfig {
  /** Sign-in provider: the identity service's self-service flows, or hosted auth. */
  authMode: AuthMode;
  /** Base path of the identity service's public API, as the browser reaches it. */
  identityBasePath: string;
  /** Publishable key of the hosted-auth provider; null in kratos mode. */
  clerkPublishableKey: string | null;
  /** Version of the console shown in the user menu. */
  version: string;
}

export const IDENTITY_BASE_PATH = '/api/.ory';

export function runtimeConfig(settings: ServerSettings): RuntimeConfig {
  return {
    authMode: settings.authMode,
    identityBasePath: IDENTITY_BASE_PATH,
    clerkPublishableKey: settings.authMode === 'clerk' ? settings.clerkPublishableKey : null,
    version: settings.consoleVersion,
  };
}
