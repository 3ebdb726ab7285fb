import type { UnknownAction } from '@reduxjs/toolkit';
import { isFulfilled, isRejected } from '@reduxjs/toolkit';
import type { ApiError } from './errors';
import { toErrorMessage } from './errors';

/**
 * What the user is told when a mutation settles, declared next to its endpoint and shown by
 * one listener (the store's outcome toasts), so that pages and dialogs never send toasts.
 */
export interface MutationOutcome<Arg = never> {
  /** The success toast ("Scope created"), from the mutation's argument when it is a function. */
  success?: string | ((arg: Arg) => string);
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

const registry = new Map<string, MutationOutcome<unknown>>();

/** Declares the outcomes of some of an API slice's mutations, by endpoint name. */
export function defineOutcomes<Endpoints extends Record<string, EndpointWithInitiate>>(
  api: { endpoints: Endpoints },
  outcomes: { [Name in keyof Endpoints]?: MutationOutcome<ArgOf<Endpoints[Name]>> },
): void {
  void api;
  for (const [name, outcome] of Object.entries(outcomes)) {
    if (outcome) registry.set(name, outcome as MutationOutcome<unknown>);
  }
}

export interface SettledOutcome {
  kind: 'success' | 'error';
  message: string;
}

interface MutationMeta {
  arg?: { type?: unknown; endpointName?: unknown; originalArgs?: unknown };
  aborted?: boolean;
  condition?: boolean;
}

/**
 * The toast an action calls for: a settled mutation whose endpoint declared an outcome.
 * Cancelled requests say nothing.
 */
export function outcomeOfAction(action: UnknownAction): SettledOutcome | undefined {
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
    const message = typeof success === 'function' ? success(meta.arg.originalArgs) : success;
    return { kind: 'success', message };
  }
  if (outcome.failure !== 'toast' || meta.aborted || meta.condition) return undefined;
  const rejected = action as { payload?: ApiError; error?: unknown };
  if (rejected.payload?.status === 'ABORTED') return undefined;
  return { kind: 'error', message: toErrorMessage(rejected.payload ?? rejected.error) };
}
