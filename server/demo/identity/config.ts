import type { SqlClient } from '../db/types';

/** Browser pages the identity service sends people to (absolute, or relative to the public origin). */
export interface UiUrls {
  login: string;
  registration: string;
  recovery: string;
  verification: string;
  settings: string;
  error: string;
  /** Where a finished flow goes when it has no `return_to`. */
  defaultReturn: string;
}

export interface IdentityOptions {
  db: SqlClient;
  /** Lifetime of every self-service flow (default one hour). */
  flowLifetimeMs?: number;
  /** How long after signing in settings may change credentials without re-authenticating (default one hour). */
  privilegedSessionMaxAgeMs?: number;
  /** Lifetime of a session (default 24 hours). */
  sessionLifetimeMs?: number;
  /** Minimum password length (default 8). */
  minPasswordLength?: number;
  /** Receives one line per sent message and other notable events. */
  log?: (line: string) => void;
  /** The clock (default the system clock). */
  now?: () => Date;
  /** The public base URL as the browser sees it, e.g. `http://127.0.0.1:3000/api/.ory`; derived from the request when absent. */
  publicBaseUrl?: string;
  /** Browser page addresses; defaults are `/login`, `/registration`, `/recovery`, `/verification`, `/profile-settings`, `/error` and `/`. */
  uiUrls?: Partial<UiUrls>;
  /** Extra origins or URL prefixes accepted as `return_to` besides the public origin. */
  allowedReturnUrls?: string[];
}

export const DEFAULT_UI_PATHS: UiUrls = {
  login: '/login',
  registration: '/registration',
  recovery: '/recovery',
  verification: '/verification',
  settings: '/profile-settings',
  error: '/error',
  defaultReturn: '/',
};

const HOUR = 60 * 60 * 1000;

/** Options with every default filled in. */
export interface IdentitySettings {
  db: SqlClient;
  flowLifetimeMs: number;
  privilegedSessionMaxAgeMs: number;
  sessionLifetimeMs: number;
  minPasswordLength: number;
  log: (line: string) => void;
  now: () => Date;
  publicBaseUrl: string | null;
  uiUrls: Partial<UiUrls>;
  allowedReturnUrls: string[];
}

export function resolveSettings(options: IdentityOptions): IdentitySettings {
  return {
    db: options.db,
    flowLifetimeMs: options.flowLifetimeMs ?? HOUR,
    privilegedSessionMaxAgeMs: options.privilegedSessionMaxAgeMs ?? HOUR,
    sessionLifetimeMs: options.sessionLifetimeMs ?? 24 * HOUR,
    minPasswordLength: options.minPasswordLength ?? 8,
    log: options.log ?? (() => undefined),
    now: options.now ?? (() => new Date()),
    publicBaseUrl: options.publicBaseUrl ? stripTrailingSlash(options.publicBaseUrl) : null,
    uiUrls: options.uiUrls ?? {},
    allowedReturnUrls: options.allowedReturnUrls ?? [],
  };
}

export function stripTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

/** Addresses resolved for one request. */
export interface Endpoints {
  /** Public base URL without a trailing slash. */
  publicBase: string;
  publicOrigin: string;
  ui: UiUrls;
}

export function resolveEndpoints(settings: IdentitySettings, derivedPublicBase: string): Endpoints {
  const publicBase = settings.publicBaseUrl ?? stripTrailingSlash(derivedPublicBase);
  const publicOrigin = new URL(publicBase).origin;
  const ui = { ...DEFAULT_UI_PATHS, ...settings.uiUrls };
  const absolute = (value: string) => new URL(value, publicOrigin + '/').toString();
  return {
    publicBase,
    publicOrigin,
    ui: {
      login: absolute(ui.login),
      registration: absolute(ui.registration),
      recovery: absolute(ui.recovery),
      verification: absolute(ui.verification),
      settings: absolute(ui.settings),
      error: absolute(ui.error),
      defaultReturn: absolute(ui.defaultReturn),
    },
  };
}
