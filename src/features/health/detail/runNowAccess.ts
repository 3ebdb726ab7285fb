/** The roles that may run a check on demand (spec 001 §6). */
export const RUN_NOW_ROLES: readonly string[] = ['admin', 'editor', 'responder', 'commander'];

/** Whether a user with these roles sees Run Now. */
export function canRunChecks(roles: readonly string[]): boolean {
  return roles.some((role) => RUN_NOW_ROLES.includes(role));
}
