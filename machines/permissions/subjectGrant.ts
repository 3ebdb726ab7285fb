import { assign, fromPromise, setup } from 'xstate';
import { rejectionMessage } from '../failureMessage';

/**
 * A change of one subject's direct access to one action on one resource: a permission row
 * naming the subject that allows or denies it, or removing the rows that name it.
 */
export interface GrantChange {
  kind: 'allow' | 'deny' | 'remove';
  /** The subject: a person's, team's or playbook's id, or a role's name. */
  subject: string;
  /** The resource's type (`playbook`, …), id and name. */
  resourceType: string;
  resourceId: string;
  resourceName: string;
  action: string;
  /** For `remove`: the ids of the permission rows that name the subject. */
  permissionIds: readonly string[];
}

export interface SubjectGrantContext {
  /** The change being confirmed, saved or retried; undefined while idle. */
  change: GrantChange | undefined;
  /** Why the last save failed, in the user's words. */
  error: string | undefined;
}

export type SubjectGrantEvent =
  /** The user chose a change from a cell: it is shown for confirmation. */
  | { type: 'grant.start'; change: GrantChange }
  /** Save the change. */
  | { type: 'grant.confirm' }
  /** Save again after a failure. */
  | { type: 'grant.retry' }
  /** Leave the change (before saving, or after a failure). */
  | { type: 'grant.cancel' };

/** Said when a failure carries no message of its own. */
export const SUBJECT_GRANT_FAILED_MESSAGE = 'An error occurred';

function notProvided(name: string): never {
  throw new Error(`subjectGrant: provide the ${name} actor`);
}

/**
 * Changing a subject's direct access from the subject workbench's matrix.
 *
 * - `idle`: `grant.start` shows a change for confirmation
 * - `confirming`: `grant.confirm` saves it, `grant.cancel` leaves it
 * - `saving`: the `applyGrant` actor writes the permission rows (creates one, or deletes those
 *   that name the subject)
 * - `saved`: done (the matrix refetches); `grant.start` begins another change
 * - `failed`: the server's reason is shown; `grant.retry` saves again, `grant.cancel` leaves it
 *
 * The actor is supplied by the console with `provide`.
 */
export const subjectGrantMachine = setup({
  types: {
    context: {} as SubjectGrantContext,
    events: {} as SubjectGrantEvent,
  },
  actors: {
    applyGrant: fromPromise<void, GrantChange>(async () => notProvided('applyGrant')),
  },
  actions: {
    takeChange: assign(({ event }) =>
      event.type === 'grant.start' ? { change: event.change, error: undefined } : {},
    ),
    clear: assign({ change: undefined, error: undefined }),
  },
}).createMachine({
  id: 'subjectGrant',
  initial: 'idle',
  context: { change: undefined, error: undefined },
  states: {
    idle: {
      on: { 'grant.start': { target: 'confirming', actions: 'takeChange' } },
    },
    confirming: {
      on: {
        'grant.confirm': 'saving',
        'grant.cancel': { target: 'idle', actions: 'clear' },
      },
    },
    saving: {
      entry: assign({ error: undefined }),
      invoke: {
        id: 'applyGrant',
        src: 'applyGrant',
        input: ({ context }) => context.change!,
        onDone: { target: 'saved' },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => rejectionMessage(event.error, SUBJECT_GRANT_FAILED_MESSAGE),
          }),
        },
      },
    },
    saved: {
      on: { 'grant.start': { target: 'confirming', actions: 'takeChange' } },
    },
    failed: {
      on: {
        'grant.retry': 'saving',
        'grant.cancel': { target: 'idle', actions: 'clear' },
      },
    },
  },
});
