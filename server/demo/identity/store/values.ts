/** Conversions for values read back from PGlite or `pg`. */
import { isDate } from '../../db/values';

export function toDate(value: unknown): Date {
  if (isDate(value)) return value;
  return new Date(String(value));
}

export function toDateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : toDate(value);
}

export function toJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return value as T;
}
