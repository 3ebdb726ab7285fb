import { fromPromise } from 'xstate';

/** An RTK Query request started with `dispatch(endpoint.initiate(arg))`. */
export interface StartedRequest<T> {
  abort(): void;
  unwrap(): Promise<T>;
}

/**
 * The request's result, tied to a machine's actor: when the actor stops (the machine left the
 * state, the dialog closed) its signal aborts the request.
 */
export function settleWithSignal<T>(request: StartedRequest<T>, signal: AbortSignal): Promise<T> {
  const abort = () => request.abort();
  if (signal.aborted) abort();
  else signal.addEventListener('abort', abort, { once: true });
  return request.unwrap().finally(() => signal.removeEventListener('abort', abort));
}

/**
 * A promise actor that runs one RTK Query request per invocation and aborts it with the
 * machine: `fromRequest((input) => dispatch(api.endpoints.x.initiate(input)))`. A failure is
 * rethrown as `mapError` makes it (e.g. an `Error` in the user's words for the machine).
 */
export function fromRequest<Output, Input = void>(
  start: (input: Input) => StartedRequest<Output>,
  mapError?: (error: unknown) => unknown,
) {
  return fromPromise<Output, Input>(async ({ input, signal }) => {
    try {
      return await settleWithSignal(start(input), signal);
    } catch (error) {
      throw mapError ? mapError(error) : error;
    }
  });
}
