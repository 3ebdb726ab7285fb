import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useEffect, useRef } from 'react';
import { isApiError } from '../api/errors';
import { useAppDispatch } from '../shell/hooks';

/** A request that can be cancelled: what RTK Query's `initiate` gives. */
interface Abortable {
  abort: () => void;
}

/**
 * A thunk giving the request still running for some arguments, if there is one: an endpoint's
 * `api.util.getRunningQueryThunk(name, args)`.
 */
export type RunningRequestOf<Args> = (
  args: Args,
  // RTK Query types the thunks of its utilities with `any` state.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
) => ThunkAction<Abortable | undefined, any, any, UnknownAction>;

/**
 * Cancels the request of a query's previous arguments when they change while it still runs
 * (another filter chosen before the answer of the last came): its answer is neither waited for
 * nor read, and the new one does not queue behind it. Cancellations are not errors
 * (`isAbortError`). For a query only the caller asks with those arguments.
 */
export function useAbortSuperseded<Args>(running: RunningRequestOf<Args>, args: Args): void {
  const dispatch = useAppDispatch();
  const previous = useRef(args);
  useEffect(() => {
    if (previous.current === args) return;
    dispatch(running(previous.current))?.abort();
    previous.current = args;
  }, [dispatch, running, args]);
}

/** A cancelled request, as the base query or RTK Query's own abort reports it. */
export function isAbortError(error: unknown): boolean {
  if (isApiError(error)) return error.status === 'ABORTED';
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
  );
}
