import { randomInt, timingSafeEqual } from 'node:crypto';

/** Backup recovery codes: twelve codes of eight lower-case letters and digits. */
export interface LookupSecret {
  code: string;
  used_at: string | null;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const LOOKUP_CODE_COUNT = 12;
export const LOOKUP_CODE_LENGTH = 8;

export function generateLookupSecrets(): LookupSecret[] {
  return Array.from({ length: LOOKUP_CODE_COUNT }, () => ({
    code: Array.from(
      { length: LOOKUP_CODE_LENGTH },
      () => ALPHABET[randomInt(ALPHABET.length)],
    ).join(''),
    used_at: null,
  }));
}

export function hasUnusedLookupSecret(secrets: LookupSecret[] | null | undefined): boolean {
  return Boolean(secrets?.some((secret) => !secret.used_at));
}

/** Finds the entry matching a submitted code (case and spaces ignored). */
export function findLookupSecret(
  secrets: LookupSecret[],
  submitted: string,
): LookupSecret | undefined {
  const candidate = Buffer.from(submitted.trim().toLowerCase().replace(/\s+/g, ''));
  return secrets.find((secret) => {
    const code = Buffer.from(secret.code);
    return code.length === candidate.length && timingSafeEqual(code, candidate);
  });
}
