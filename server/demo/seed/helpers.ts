import type { Rng } from './random';

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The all-zero uuid: the local Mission Control instance, and the System scraper. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** A moment `ms` before `now`, as a Date. */
export function ago(now: Date, ms: number): Date {
  return new Date(now.getTime() - Math.round(ms));
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Up to `count` distinct items, in random order. */
export function sample<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) {
    picked.push(pool.splice(rng.int(0, pool.length - 1), 1)[0] as T);
  }
  return picked;
}

/** A random hex string of `length` characters. */
export function hex(rng: Rng, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += Math.floor(rng.next() * 16).toString(16);
  return text;
}

/** A lower-case alphanumeric suffix like Kubernetes puts on generated names. */
export function kubeSuffix(rng: Rng, length: number): string {
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[Math.floor(rng.next() * alphabet.length)];
  return text;
}

/** A positive number around `mean` (normal distribution), rounded, within [min, max]. */
export function around(
  rng: Rng,
  mean: number,
  deviation: number,
  min: number,
  max: number,
): number {
  return Math.round(clamp(rng.normal(mean, deviation), min, max));
}

/** Money with four decimals, as numeric(16,4) columns hold it. */
export function money(value: number): string {
  return value.toFixed(4);
}
