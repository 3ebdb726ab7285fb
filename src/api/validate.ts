import { validate } from 'superstruct';
import type { Struct, StructError } from 'superstruct';

/** A response that does not have the shape an endpoint declared. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';

  constructor(
    /** The endpoint, e.g. `GET /api/auth/whoami`. */
    readonly what: string,
    /** Where the first failure is, e.g. `payload.roles[2]`, or `response` for the whole body. */
    readonly path: string,
    /** Why it failed, in superstruct's words. */
    readonly reason: string,
  ) {
    super(`Unexpected response from ${what}: ${path} ${reason}`);
  }
}

/** `['payload', 'roles', 2]` → `payload.roles[2]`; the empty path → `response`. */
export function formatPath(path: readonly unknown[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text === '' ? 'response' : text;
}

function toShapeError(error: StructError, what: string): ResponseShapeError {
  const failure = error.failures()[0] ?? error;
  return new ResponseShapeError(what, formatPath(failure.path), failure.message);
}

/**
 * The value, typed, when it matches the struct; otherwise throws a `ResponseShapeError` whose
 * message names the endpoint and the failing path:
 * "Unexpected response from GET /api/about: Version Expected a value of type `string`, …".
 */
export function check<T, S>(struct: Struct<T, S>, value: unknown, what: string): T {
  const [error, result] = validate(value, struct);
  if (error) throw toShapeError(error, what);
  return result;
}

/**
 * Checks parts of an answer one at a time, when each is first used, instead of the whole answer
 * when it comes: `checkPart(part, path)` is the `ResponseShapeError` of the part (its path in
 * the answer, e.g. `['cards', 3]`, put before the failure's), or undefined when the part has
 * the struct's shape. Each object is checked once; its verdict is kept while it lives.
 */
export function partChecker<T, S>(
  struct: Struct<T, S>,
  what: string,
): (part: unknown, path: readonly (string | number)[]) => ResponseShapeError | undefined {
  const verdicts = new WeakMap<object, StructError | null>();
  return (part, path) => {
    const cached = typeof part === 'object' && part !== null ? verdicts.get(part) : undefined;
    let error = cached;
    if (error === undefined) {
      error = validate(part, struct)[0] ?? null;
      if (typeof part === 'object' && part !== null) verdicts.set(part, error);
    }
    if (error === null) return undefined;
    const failure = error.failures()[0] ?? error;
    return new ResponseShapeError(what, formatPath([...path, ...failure.path]), failure.message);
  };
}

/** `check` as a one-argument function, for `transformResponse: checked(Struct, 'GET /api/x')`. */
export function checked<T, S>(struct: Struct<T, S>, what: string): (value: unknown) => T {
  return (value) => check(struct, value, what);
}

/** One problem found by a Standard Schema validator. */
export interface StandardSchemaIssue {
  readonly message: string;
  readonly path?: readonly PropertyKey[] | undefined;
}

export type StandardSchemaResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: readonly StandardSchemaIssue[] };

/**
 * The Standard Schema interface (standardschema.dev, version 1), declared here so RTK Query's
 * `responseSchema` / `rawResponseSchema` accept superstruct structs.
 */
export interface StandardSchema<Output> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardSchemaResult<Output>;
  };
}

/**
 * A superstruct struct as a Standard Schema, for an endpoint's `responseSchema` (checked after
 * `transformResponse`) or `rawResponseSchema` (checked before it). The issue's message is the
 * full `ResponseShapeError` message; `baseApi`'s `catchSchemaFailure` turns it into an
 * `ApiError` with status `SHAPE`, so the hook's `error` reads like every other failure.
 */
export function responseSchema<T, S>(struct: Struct<T, S>, what: string): StandardSchema<T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'superstruct',
      validate: (value) => {
        const [error, result] = validate(value, struct);
        if (!error) return { value: result };
        const shape = toShapeError(error, what);
        const failure = error.failures()[0] ?? error;
        return { issues: [{ message: shape.message, path: failure.path }] };
      },
    },
  };
}
