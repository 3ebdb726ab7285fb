/**
 * The playbook vocabulary the console and the demo backend share (api.md §12): the parameter
 * types PB-08 lists, which the run form draws and the demo's showcase playbook exercises, and
 * the run statuses PB-10 reports, with those after which a run changes no more.
 */

/** Every parameter type of PB-08. */
export const PARAMETER_TYPES = [
  'list',
  'text',
  'password',
  'email',
  'url',
  'number',
  'bytes',
  'millicores',
  'dns1123',
  'code',
  'checkbox',
  'component',
  'config',
  'check',
  'people',
  'team',
] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

/** Run statuses (PB-10). */
export const PLAYBOOK_RUN_STATUSES = [
  'scheduled',
  'running',
  'cancelled',
  'completed',
  'failed',
  'pending',
  'waiting',
  'pending_approval',
  'timed_out',
  'sleeping',
  'retrying',
] as const;
export type PlaybookRunStatus = (typeof PLAYBOOK_RUN_STATUSES)[number];

/** Statuses after which a run changes no more. */
export const FINAL_RUN_STATUSES: ReadonlySet<string> = new Set<PlaybookRunStatus>([
  'cancelled',
  'completed',
  'failed',
  'timed_out',
]);
