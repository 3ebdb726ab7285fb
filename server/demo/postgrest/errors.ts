import type { PostgrestErrorBody } from './types';

/** An error answered with PostgREST's JSON shape `{code, message, details, hint}`. */
export class PostgrestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly hint: unknown;

  constructor(
    status: number,
    code: string,
    message: string,
    details: unknown = null,
    hint: unknown = null,
  ) {
    super(message);
    this.name = 'PostgrestError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
  }

  toBody(): PostgrestErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** A syntax error in one query parameter (PGRST100). */
export function parseError(what: string, value: string, details: string): PostgrestError {
  return new PostgrestError(400, 'PGRST100', `failed to parse ${what} (${value})`, details);
}

export function relationNotFound(schema: string, name: string): PostgrestError {
  return new PostgrestError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
  );
}

export function columnNotFound(relation: string, column: string): PostgrestError {
  return new PostgrestError(400, '42703', `column ${relation}.${column} does not exist`);
}

export function bodyColumnNotFound(relation: string, column: string): PostgrestError {
  return new PostgrestError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${relation}' in the schema cache`,
  );
}

export function invalidBody(message: string): PostgrestError {
  return new PostgrestError(400, 'PGRST102', message);
}

export function notEmbedded(name: string): PostgrestError {
  return new PostgrestError(
    400,
    'PGRST108',
    `'${name}' is not an embedded resource in this request`,
    null,
    `Verify that '${name}' is included in the 'select' query parameter.`,
  );
}

export function unsupportedMethod(method: string): PostgrestError {
  return new PostgrestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}

interface DatabaseErrorLike {
  code: string;
  message: string;
  detail?: unknown;
  hint?: unknown;
}

function isDatabaseError(error: unknown): error is DatabaseErrorLike {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof message === 'string';
}

/**
 * HTTP status for a Postgres SQLSTATE, following PostgREST's table except where PostgREST
 * answers 5xx for something a client caused (timeouts, operator lookups): those are 400 here.
 */
export function statusForSqlState(code: string): number {
  if (code === '23503' || code === '23505') return 409;
  if (code === '42P01') return 404;
  if (code === '42501') return 403;
  if (code === '25006') return 405;
  if (code.startsWith('08')) return 503;
  if (code.startsWith('XX') || code.startsWith('58')) return 500;
  return 400;
}

/** Turns a database error into the PostgREST shape; null when `error` is not one. */
/** PGlite's own check of a bound parameter (e.g. "Invalid input for boolean type"). */
const PARAMETER_SERIALIZER = /^(?:Error: )?Invalid input for (\w+) type$/;

export function fromDatabaseError(error: unknown): PostgrestError | null {
  // PGlite serialises booleans and some other types itself and throws before the server sees
  // the value; PostgreSQL would answer 22P02 for the same input.
  const message =
    typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : '';
  const serializer = isDatabaseError(error) ? null : PARAMETER_SERIALIZER.exec(message);
  if (serializer) {
    return new PostgrestError(400, '22P02', `invalid input syntax for type ${serializer[1]}`);
  }
  if (!isDatabaseError(error)) return null;
  const details = typeof error.detail === 'string' && error.detail !== '' ? error.detail : null;
  const hint = typeof error.hint === 'string' && error.hint !== '' ? error.hint : null;
  return new PostgrestError(
    statusForSqlState(error.code),
    error.code,
    error.message,
    details,
    hint,
  );
}
