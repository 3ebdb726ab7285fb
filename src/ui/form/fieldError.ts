import type { FieldState } from 'final-form';
import type { FieldMetaState } from 'react-final-form';

/** The message of a required field left empty (spec 002 §5.2). */
export const REQUIRED = 'This field is required';
/** The message of a number field holding something else (spec 002 §5.3). */
export const NOT_A_NUMBER = 'This field must be a number';

/**
 * The one rule for when a field shows its error (spec 002 §5.4): every field is validated on
 * change and on blur, and its error shows once the user has changed or left it, or tried to
 * submit (final-form marks every field touched then). A server's error for the field shows
 * until the field is edited again.
 */
export function shownError(meta: FieldMetaState<unknown>): string | undefined {
  if (!meta.touched && !meta.modified) return undefined;
  if (typeof meta.error === 'string') return meta.error;
  if (typeof meta.submitError === 'string' && !meta.dirtySinceLastSubmit) return meta.submitError;
  return undefined;
}

/** A field-level validator that fails with `REQUIRED` on an empty, blank or missing value. */
export function requiredValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return REQUIRED;
  if (typeof value === 'string' && value.trim() === '') return REQUIRED;
  if (Array.isArray(value) && value.length === 0) return REQUIRED;
  return undefined;
}

/** A field's message, or undefined when it is valid. */
export type FieldError = string | undefined;

/**
 * A field's rule. A rule that needs code not loaded yet (a YAML reader) answers with a promise:
 * the form shows the field as being checked and submits only once it has answered.
 */
export type Validator<T> = (
  value: T,
  allValues: object,
  /** The field's state (its `initial` value, ...), as final-form gives it. */
  meta?: FieldState<T>,
) => FieldError | Promise<FieldError>;

/**
 * The "required" rule of a kit field: none when `required` is false or absent, else
 * `requiredValue` failing with `REQUIRED` or with the given message ("Name is required").
 */
export function requiredRule(
  required: boolean | string | undefined,
): ((value: unknown) => string | undefined) | undefined {
  if (!required) return undefined;
  const message = typeof required === 'string' ? required : REQUIRED;
  return (value) => (requiredValue(value) === undefined ? undefined : message);
}

/** The message of an empty required field. */
export function requiredMessage(required: boolean | string | undefined): string | undefined {
  if (!required) return undefined;
  return typeof required === 'string' ? required : REQUIRED;
}

/** The first message of several validators, each skipped when undefined. */
export function firstError<T>(
  ...validators: ReadonlyArray<Validator<T> | undefined>
): Validator<T> | undefined {
  const present = validators.filter((v): v is Validator<T> => v !== undefined);
  if (present.length === 0) return undefined;
  return (value, allValues, meta) => {
    const from = (start: number): FieldError | Promise<FieldError> => {
      for (let index = start; index < present.length; index += 1) {
        const error = present[index]!(value, allValues, meta);
        if (error instanceof Promise) {
          return error.then((message) => (message !== undefined ? message : from(index + 1)));
        }
        if (error !== undefined) return error;
      }
      return undefined;
    };
    return from(0);
  };
}
