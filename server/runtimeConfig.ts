import type { RuntimeConfig } from '../contracts/runtimeConfig';
import { IDENTITY_BASE_PATH } from '../contracts/runtimeConfig';
import type { ServerSettings } from './settings';

export type { RuntimeConfig };
export { IDENTITY_BASE_PATH };

/** Served as /config.json and read by the console at boot. */
export function runtimeConfig(settings: ServerSettings): RuntimeConfig {
  return {
    authMode: settings.authMode,
    identityBasePath: IDENTITY_BASE_PATH,
    clerkPublishableKey: settings.authMode === 'clerk' ? settings.clerkPublishableKey : null,
    version: settings.consoleVersion,
    ...(settings.hideErrorDetails ? { hideErrorDetails: true } : {}),
    ownerLabel: settings.ownerLabel,
  };
}
