import { assign, fromPromise, setup } from 'xstate';
import { rejectionMessage } from '../failureMessage';

/** Who is asked about: a person (or a token's person), a team, a role or group, a playbook. */
export type AccessSubjectKind = 'person' | 'team' | 'role' | 'playbook';

/**
 * What is asked about: a playbook (optionally run on a config or check), a config, a check, a
 * component, a canary, a connection, a view, or a global object by name.
 */
export type AccessResourceKind =
  'playbook' | 'config' | 'check' | 'component' | 'canary' | 'connection' | 'view' | 'global';

/** The question "may [subject] [action] [resource]?" as the user builds it. */
export interface AccessQuestion {
  subjectKind: AccessSubjectKind;
  /** A person's, team's or playbook's id, or a role's name. */
  subject: string | undefined;
  action: string;
  resourceKind: AccessResourceKind;
  /** The resource's id (a global object's name). */
  resource: string | undefined;
  /** For a playbook: the kind of resource it would run on, if any. */
  targetKind: 'config' | 'check' | undefined;
  /** That resource's id. */
  target: string | undefined;
}

/** One rule behind a decision, as the review reports it. */
export interface AccessCheckRule {
  source: string;
  effect: 'allow' | 'deny';
  description: string;
  permission?: { id: string; name?: string | null; namespace?: string | null; action: string };
  role?: string;
}

/** The decision for the subject asked about. */
export interface AccessAnswer {
  allowed: boolean;
  /** Why the subject could not be decided (an unknown subject). */
  error?: string;
  /** The rules that allowed or denied it; undefined when the server names none. */
  rules?: AccessCheckRule[];
}

export interface AccessCheckInput {
  /** What the dialog starts with (a playbook's or connection's own resource preset). */
  question: AccessQuestion;
}

export interface AccessCheckContext {
  question: AccessQuestion;
  /** The last answer, for the question as it stood when it was asked. */
  answer: AccessAnswer | undefined;
  /** Why the last check failed, in the user's words. */
  error: string | undefined;
}

export type AccessCheckEvent =
  /** The user changed part of the question; any answer is cleared. */
  | { type: 'question.change'; changes: Partial<AccessQuestion> }
  /** Check access (only with a complete question). */
  | { type: 'check.submit' }
  /** Ask again after a failure. */
  | { type: 'check.retry' };

/** Said when a failure carries no message of its own. */
export const ACCESS_CHECK_FAILED_MESSAGE = 'An error occurred';

/** The actions that need a playbook as the resource. */
export const isPlaybookAction = (action: string): boolean => action.startsWith('playbook:');

/**
 * Whether the question can be asked: a subject, an action, the resource (a playbook's target
 * when a target kind is chosen), and a playbook action only on a playbook.
 */
export function questionComplete(question: AccessQuestion): boolean {
  if (!question.subject || !question.action || !question.resource) return false;
  if (question.resourceKind === 'playbook' && question.targetKind && !question.target) {
    return false;
  }
  return !isPlaybookAction(question.action) || question.resourceKind === 'playbook';
}

function notProvided(name: string): never {
  throw new Error(`accessCheck: provide the ${name} actor`);
}

/**
 * The access check dialog: "may [subject] [action] [resource]?".
 *
 * - `choosing`: `question.change` edits the question; `check.submit` asks once it is complete
 * - `checking`: the `reviewAccess` actor asks the backend (the access review)
 * - `answered`: the decision and its rules are shown; `question.change` goes back to
 *   `choosing` without the answer, `check.submit` asks again
 * - `failed`: the reason is shown; `check.retry` asks again, `question.change` goes back to
 *   `choosing`
 *
 * The actor is supplied by the console with `provide`.
 */
export const accessCheckMachine = setup({
  types: {
    input: {} as AccessCheckInput,
    context: {} as AccessCheckContext,
    events: {} as AccessCheckEvent,
  },
  actors: {
    reviewAccess: fromPromise<AccessAnswer, AccessQuestion>(async () =>
      notProvided('reviewAccess'),
    ),
  },
  guards: {
    complete: ({ context }) => questionComplete(context.question),
  },
  actions: {
    changeQuestion: assign(({ context, event }) =>
      event.type === 'question.change'
        ? { question: { ...context.question, ...event.changes } }
        : {},
    ),
    clearOutcome: assign({ answer: undefined, error: undefined }),
  },
}).createMachine({
  id: 'accessCheck',
  initial: 'choosing',
  context: ({ input }) => ({ question: input.question, answer: undefined, error: undefined }),
  states: {
    choosing: {
      on: {
        'question.change': { actions: 'changeQuestion' },
        'check.submit': { guard: 'complete', target: 'checking' },
      },
    },
    checking: {
      entry: 'clearOutcome',
      invoke: {
        id: 'reviewAccess',
        src: 'reviewAccess',
        input: ({ context }) => context.question,
        onDone: { target: 'answered', actions: assign({ answer: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => rejectionMessage(event.error, ACCESS_CHECK_FAILED_MESSAGE),
          }),
        },
      },
    },
    answered: {
      on: {
        'question.change': { target: 'choosing', actions: ['changeQuestion', 'clearOutcome'] },
        'check.submit': 'checking',
      },
    },
    failed: {
      on: {
        'question.change': { target: 'choosing', actions: ['changeQuestion', 'clearOutcome'] },
        'check.retry': 'checking',
      },
    },
  },
});
