import { boolean, enums, nullable, optional, string, type } from 'superstruct';
import type { Describe } from 'superstruct';
import type { AuthMode, RuntimeConfig } from '../../contracts/runtimeConfig';
import { AUTH_MODES, RUNTIME_CONFIG_PATH } from '../../contracts/runtimeConfig';
import { ERROR_MESSAGES, isOffline } from '../api/errors';
import { ResponseShapeError, check } from '../api/validate';

export type { AuthMode, RuntimeConfig };

export const RUNTIME_CONFIG_URL = RUNTIME_CONFIG_PATH;

/** Settings the server gives the console at start-up, so one build runs everywhere. */
export const RuntimeConfigStruct: Describe<RuntimeConfig> = type({
  /** Sign-in provider: the identity service's self-service flows, or hosted auth. */
  authMode: enums(AUTH_MODES),
  /** Base path of the identity service's public API, as the browser reaches it (`/api/.ory`). */
  identityBasePath: string(),
  /** Publishable key of the hosted-auth provider; null in kratos mode. */
  clerkPublishableKey: nullable(string()),
  /** Version of the console shown in the user menu. */
  version: string(),
  /** A backend the browser calls directly (hosted mode); absent when /api is same-origin. */
  backendUrl: optional(nullable(string())),
  /** The error page leaves out an error's cause and stack. */
  hideErrorDetails: optional(boolean()),
  /** The label key that names an item's owner team (`owner` when absent). */
  ownerLabel: optional(string()),
});

const DEFAULT_TIMEOUT_MS = 15_000;

function failure(reason: string): Error {
  return new Error(`Could not load the console settings (${RUNTIME_CONFIG_URL}): ${reason}`);
}

/**
 * Fetches and checks `/config.json`. Throws an `Error` whose message says what went wrong
 * (no answer, an error status, not JSON, or a wrong shape), for the start-up error page.
 */
export async function loadRuntimeConfig(
  fetchImpl: (input: string, init: RequestInit) => Promise<Response> = (input, init) =>
    fetch(input, init),
  timeoutMs: number = DEFAULT_TIMEOUT_MS,
): Promise<RuntimeConfig> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const noAnswer = () =>
    failure(
      timedOut
        ? ERROR_MESSAGES.timeout
        : isOffline()
          ? ERROR_MESSAGES.offline
          : ERROR_MESSAGES.network,
    );

  let text: string;
  try {
    let response: Response;
    try {
      response = await fetchImpl(RUNTIME_CONFIG_URL, {
        headers: { Accept: 'application/json' },
        cache: 'no-store',
        credentials: 'same-origin',
        signal: controller.signal,
      });
    } catch {
      throw noAnswer();
    }
    if (!response.ok) {
      const statusText = response.statusText ? ` ${response.statusText}` : '';
      throw failure(`the server answered ${response.status}${statusText}.`);
    }
    try {
      text = await response.text();
    } catch {
      throw noAnswer();
    }
  } finally {
    clearTimeout(timer);
  }

  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw failure('the answer is not valid JSON.');
  }
  try {
    return check(RuntimeConfigStruct, value, `GET ${RUNTIME_CONFIG_URL}`);
  } catch (error) {
    if (error instanceof ResponseShapeError) {
      throw failure(`unexpected content: ${error.path} ${error.reason}`);
    }
    throw error;
  }
}
