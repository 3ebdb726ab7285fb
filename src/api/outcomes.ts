import type { UnknownAction } from '@reduxjs/toolkit';
import { createAction, isFulfilled, isRejected } from '@reduxjs/toolkit';
import type { ApiError } from './errors';
import { toErrorMessage } from './errors';

/** A follow-up offered with an outcome: a button in the toast that opens a console address. */
export interface OutcomeAction {
  /** The button's text, e.g. "Open incident". */
  text: string;
  /** The address inside the console it opens, e.g. `/incidents/{id}`. */
  href: string;
}

/**
 * What the user is told when a mutation settles, declared next to its endpoint and shown by
 * one listener (the store's outcome toasts), so that pages and dialogs never send toasts.
 */
export interface MutationOutcome<Arg = never, Result = unknown> {
  /**
   * The success toast ("Scope created"), from the mutation's argument and answer when it is a
   * function.
   */
  success?: string | ((arg: Arg, result: Result) => string);
  /** A follow-up offered with the success toast ("Open incident"); none when it gives nothing. */
  action?: (arg: Arg, result: Result) => OutcomeAction | undefined;
  /**
   * `toast`: a failure shows the server's reason in an error toast (deletes, row actions).
   * `caller` (default): the caller shows it, e.g. a form dialog under its fields.
   */
  failure?: 'toast' | 'caller';
  /** Says nothing for these calls (e.g. a flow undoing its own step reports it itself). */
  quiet?: (arg: Arg) => boolean;
}

interface EndpointWithInitiate {
  initiate: (arg: never, ...rest: never[]) => unknown;
}

type ArgOf<E> = E extends { initiate: (arg: infer A, ...rest: never[]) => unknown } ? A : never;
type ResultOf<E> = E extends { Types: { ResultType: infer R } } ? R : unknown;

const registry = new Map<string, MutationOutcome<unknown, unknown>>();

/** Declares the outcomes of some of an API slice's mutations, by endpoint name. */
export function defineOutcomes<Endpoints extends Record<string, EndpointWithInitiate>>(
  api: { endpoints: Endpoints },
  outcomes: {
    [Name in keyof Endpoints]?: MutationOutcome<ArgOf<Endpoints[Name]>, ResultOf<Endpoints[Name]>>;
  },
): void {
  void api;
  for (const [name, outcome] of Object.entries(outcomes)) {
    if (outcome) registry.set(name, outcome as MutationOutcome<unknown, unknown>);
  }
}

/** The toasts of the writes of one kind of thing ("Scope created", …); a missing one says nothing. */
export interface EditMessages {
  created?: string;
  updated?: string;
  deleted?: string;
}

/** The outcomes `editOutcomes` declares, by endpoint name. */
type EditOutcomes<Noun extends string> = Partial<
  Record<`${'create' | 'update' | 'delete'}${Noun}`, MutationOutcome<unknown, unknown>>
>;

/**
 * The usual outcomes of the writes of one kind of thing, by the endpoints' names
 * `create<Noun>`, `update<Noun>` and `delete<Noun>` (those `messages` has a toast for): each says
 * its success toast, and a failed delete, asked from a row or a confirmation with no form to show
 * it under, is told in a toast. Spread into `defineOutcomes` beside a slice's other outcomes.
 */
export function editOutcomes<Noun extends string>(
  noun: Noun,
  messages: EditMessages,
): EditOutcomes<Noun> {
  const outcomes: Record<string, MutationOutcome<unknown, unknown>> = {};
  if (messages.created) outcomes[`create${noun}`] = { success: messages.created };
  if (messages.updated) outcomes[`update${noun}`] = { success: messages.updated };
  if (messages.deleted) outcomes[`delete${noun}`] = { success: messages.deleted, failure: 'toast' };
  return outcomes as EditOutcomes<Noun>;
}

/** A toast the outcome listener shows. */
export interface SettledOutcome {
  kind: 'success' | 'error' | 'info';
  message: string;
  /** A button in the toast that opens a console address. */
  action?: OutcomeAction;
}

/**
 * An outcome that settles no single mutation, told through the same listener: a flow of
 * several requests that ends ("Evidence linked to …"), a notice on closing a dialog. Features
 * dispatch it; they never call the toaster.
 */
export const outcomeAnnounced = createAction<SettledOutcome>('outcomes/announced');

interface MutationMeta {
  arg?: { type?: unknown; endpointName?: unknown; originalArgs?: unknown };
  aborted?: boolean;
  condition?: boolean;
}

/**
 * The toast an action calls for: a settled mutation whose endpoint declared an outcome, or an
 * announced one. Cancelled requests say nothing.
 */
export function outcomeOfAction(action: UnknownAction): SettledOutcome | undefined {
  if (outcomeAnnounced.match(action)) return action.payload;
  const fulfilled = isFulfilled(action);
  if (!fulfilled && !isRejected(action)) return undefined;
  const meta = (action as { meta?: MutationMeta }).meta;
  if (meta?.arg?.type !== 'mutation' || typeof meta.arg.endpointName !== 'string') return undefined;
  const outcome = registry.get(meta.arg.endpointName);
  if (!outcome) return undefined;
  if (outcome.quiet?.(meta.arg.originalArgs)) return undefined;
  if (fulfilled) {
    const { success } = outcome;
    if (success === undefined) return undefined;
    const arg = meta.arg.originalArgs;
    const result = (action as { payload?: unknown }).payload;
    const message = typeof success === 'function' ? success(arg, result) : success;
    const followUp = outcome.action?.(arg, result);
    return followUp ? { kind: 'success', message, action: followUp } : { kind: 'success', message };
  }
  if (outcome.failure !== 'toast' || meta.aborted || meta.condition) return undefined;
  const rejected = action as { payload?: ApiError; error?: unknown };
  if (rejected.payload?.status === 'ABORTED') return undefined;
  return { kind: 'error', message: toErrorMessage(rejected.payload ?? rejected.error) };
}
