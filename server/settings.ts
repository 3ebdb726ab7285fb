import path from 'node:path';
import packageJson from '../package.json';
import { frontendApiHost } from './clerkKey';

import type { AuthMode } from '../contracts/runtimeConfig';
import { AUTH_MODES, DEFAULT_OWNER_LABEL } from '../contracts/runtimeConfig';

export type { AuthMode };
export { AUTH_MODES };

/** Everything the server needs to start, read from the command line and the environment. */
export interface ServerSettings {
  /** TCP port to listen on (`PORT`, default 3000; 0 picks a free port). */
  port: number;
  /** Interface to listen on (`HOST`, default 127.0.0.1). */
  host: string;
  /** The project folder (holds package.json, dist/, src/). */
  rootDir: string;
  /** Folder of the built console served as static files (default `<root>/dist`). */
  distDir: string;
  /** When false only /config.json and /api are served (the dev server serves the console). */
  serveConsole: boolean;
  /** Demo data folder (`DATA_DIR`, default `<root>/.data`); null keeps the demo in memory. */
  dataDir: string | null;
  /** PostgreSQL used by the demo instead of the embedded database (`DATABASE_URL`). */
  databaseUrl: string | null;
  /** A real Mission Control to proxy /api to (`MC_BACKEND_URL`); null runs the demo. */
  backendUrl: string | null;
  /** Kratos public API reached directly for /api/.ory (`KRATOS_URL`). */
  kratosUrl: string | null;
  /** Sign-in provider of the console (`AUTH_MODE`, default kratos). */
  authMode: AuthMode;
  /** Hosted-auth publishable key (`CLERK_PUBLISHABLE_KEY`), required in clerk mode. */
  clerkPublishableKey: string | null;
  /** Version reported in /config.json (`CONSOLE_VERSION`, default package.json version). */
  consoleVersion: string;
  /** `--reset`: drop the demo data and seed again. */
  reset: boolean;
  /** `--seed-scale N`: multiplier for the amount of seeded demo data (default 1). */
  seedScale: number;
  /** `--build-if-stale`: build the console first when dist/ is missing or out of date. */
  buildIfStale: boolean;
  /** Fastify log level (`LOG_LEVEL`); null keeps request logging off. */
  logLevel: string | null;
  /**
   * Lifetime of the demo identity service's self-service flows (`IDENTITY_FLOW_LIFETIME`, e.g.
   * `30s`, `10m`, `1h`); null keeps the default of one hour.
   */
  identityFlowLifetimeMs: number | null;
  /** `HIDE_ERROR_DETAILS=true`: the console's error page leaves out an error's cause and stack. */
  hideErrorDetails: boolean;
  /** `OWNER_LABEL`: the label key that names an item's owner team (default `owner`). */
  ownerLabel: string;
}

export const PROJECT_ROOT = path.resolve(__dirname, '..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];
const IN_MEMORY = ':memory:';

function nonEmpty(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

const DURATION_UNITS_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function parseDuration(name: string, raw: string | null): number | null {
  if (raw === null) return null;
  const match = /^(\d+)(ms|s|m|h)$/.exec(raw);
  const value = match ? Number(match[1]) * (DURATION_UNITS_MS[match[2] ?? ''] ?? 0) : 0;
  if (!(value > 0)) {
    throw new Error(
      `Invalid ${name} "${raw}": expected a positive duration such as 30s, 10m or 1h.`,
    );
  }
  return value;
}

/** A label key as Kubernetes writes them: an optional `prefix/` and a name of `A-Z a-z 0-9 - _ .`. */
const LABEL_KEY = /^([a-z0-9]([-a-z0-9.]*[a-z0-9])?\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;

function parseLabelKey(name: string, raw: string | null): string | null {
  if (raw === null) return null;
  if (!LABEL_KEY.test(raw)) {
    throw new Error(
      `Invalid ${name} "${raw}": expected a label key such as owner or acme.io/team.`,
    );
  }
  return raw;
}

function parseBoolean(name: string, raw: string | null): boolean {
  if (raw === null) return false;
  if (/^(true|1|yes)$/i.test(raw)) return true;
  if (/^(false|0|no)$/i.test(raw)) return false;
  throw new Error(`Invalid ${name} "${raw}": expected true or false.`);
}

function parsePort(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new Error(`Invalid PORT "${raw}": expected a whole number from 0 to 65535.`);
  }
  return Number(raw);
}

function parseSeedScale(raw: string | undefined): number {
  const value = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(
      `Invalid --seed-scale "${raw ?? ''}": expected a number greater than 0, e.g. --seed-scale 10.`,
    );
  }
  return value;
}

function parseHttpUrl(name: string, raw: string | null): string | null {
  if (raw === null) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`Invalid ${name} "${raw}": expected an http:// or https:// URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Invalid ${name} "${raw}": expected an http:// or https:// URL.`);
  }
  return raw.replace(/\/+$/, '');
}

function parseAuthMode(raw: string | null): AuthMode {
  if (raw === null) return 'kratos';
  const mode = AUTH_MODES.find((m) => m === raw.toLowerCase());
  if (!mode) {
    throw new Error(`Invalid AUTH_MODE "${raw}": expected one of ${AUTH_MODES.join(', ')}.`);
  }
  return mode;
}

function parseDataDir(raw: string | null): string | null {
  if (raw === IN_MEMORY) return null;
  return raw === null ? path.join(PROJECT_ROOT, '.data') : path.resolve(raw);
}

interface Flags {
  reset: boolean;
  buildIfStale: boolean;
  seedScale: number;
}

function parseFlags(argv: string[]): Flags {
  const flags: Flags = { reset: false, buildIfStale: false, seedScale: 1 };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--reset') {
      flags.reset = true;
    } else if (arg === '--build-if-stale') {
      flags.buildIfStale = true;
    } else if (arg === '--seed-scale') {
      flags.seedScale = parseSeedScale(argv[i + 1]);
      i += 1;
    } else if (arg.startsWith('--seed-scale=')) {
      flags.seedScale = parseSeedScale(arg.slice('--seed-scale='.length));
    } else {
      throw new Error(
        `Unknown option "${arg}". Options: --reset, --seed-scale N, --build-if-stale.`,
      );
    }
  }
  return flags;
}

/**
 * Reads the server settings from command-line arguments (without node and the script) and the
 * environment. Throws an Error with a one-line message when a value is invalid.
 */
export function parseSettings(argv: string[], env: NodeJS.ProcessEnv): ServerSettings {
  const flags = parseFlags(argv);
  const portText = nonEmpty(env.PORT);
  const authMode = parseAuthMode(nonEmpty(env.AUTH_MODE));
  const clerkPublishableKey = nonEmpty(env.CLERK_PUBLISHABLE_KEY);
  if (authMode === 'clerk' && clerkPublishableKey === null) {
    throw new Error('AUTH_MODE=clerk needs CLERK_PUBLISHABLE_KEY (pk_test_… or pk_live_…).');
  }
  if (clerkPublishableKey !== null && frontendApiHost(clerkPublishableKey) === null) {
    throw new Error(
      'Invalid CLERK_PUBLISHABLE_KEY: expected pk_test_ or pk_live_ followed by the encoded frontend API host.',
    );
  }
  const logLevel = nonEmpty(env.LOG_LEVEL);
  if (logLevel !== null && !LOG_LEVELS.includes(logLevel)) {
    throw new Error(`Invalid LOG_LEVEL "${logLevel}": expected one of ${LOG_LEVELS.join(', ')}.`);
  }

  return {
    port: portText === null ? 3000 : parsePort(portText),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    rootDir: PROJECT_ROOT,
    distDir: path.join(PROJECT_ROOT, 'dist'),
    serveConsole: true,
    dataDir: parseDataDir(nonEmpty(env.DATA_DIR)),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    backendUrl: parseHttpUrl('MC_BACKEND_URL', nonEmpty(env.MC_BACKEND_URL)),
    kratosUrl: parseHttpUrl('KRATOS_URL', nonEmpty(env.KRATOS_URL)),
    authMode,
    clerkPublishableKey,
    consoleVersion: nonEmpty(env.CONSOLE_VERSION) ?? packageJson.version,
    reset: flags.reset,
    seedScale: flags.seedScale,
    buildIfStale: flags.buildIfStale,
    logLevel,
    identityFlowLifetimeMs: parseDuration(
      'IDENTITY_FLOW_LIFETIME',
      nonEmpty(env.IDENTITY_FLOW_LIFETIME),
    ),
    hideErrorDetails: parseBoolean('HIDE_ERROR_DETAILS', nonEmpty(env.HIDE_ERROR_DETAILS)),
    ownerLabel: parseLabelKey('OWNER_LABEL', nonEmpty(env.OWNER_LABEL)) ?? DEFAULT_OWNER_LABEL,
  };
}
