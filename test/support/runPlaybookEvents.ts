/**
 * The run-playbook dialog's editing steps, shared by the machine's path test and the dialog's:
 * an out-of-range replicas value, a valid one, a touched memory field, then Run.
 */
export const EDIT_AND_RUN = [
  { type: 'field.set', name: 'replicas', value: '20' },
  { type: 'field.set', name: 'replicas', value: '3' },
  { type: 'field.touch', name: 'memory' },
  { type: 'run' },
] as const;
