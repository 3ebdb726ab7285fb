/**
 * Lifetime of identity self-service flows on the e2e server: short enough for a test to wait
 * one out, long enough for every other form to be filled in well within it.
 */
export const E2E_FLOW_LIFETIME_MS = 20_000;

/** The e2e server's environment beyond the defaults. */
export const E2E_SERVER_ENV: Record<string, string> = {
  IDENTITY_FLOW_LIFETIME: `${E2E_FLOW_LIFETIME_MS / 1000}s`,
};
