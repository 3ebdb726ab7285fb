import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { texts } from './ui/text';
import type { UiText } from './ui/types';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

function maxmem(n: number, r: number): number {
  return 128 * n * r * 2 + 1024 * 1024;
}

/** `scrypt$N$r$p$saltB64$hashB64`, the format the seed writes too. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmem(N, R) });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

export function verifyPassword(password: string, hash: string): boolean {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, nText, rText, pText, saltText, hashText] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const n = Number(nText);
  const r = Number(rText);
  const p = Number(pText);
  if (![n, r, p].every((v) => Number.isInteger(v) && v > 0)) return false;
  const expected = Buffer.from(hashText, 'base64');
  if (expected.length === 0) return false;
  try {
    const actual = scryptSync(password, Buffer.from(saltText, 'base64'), expected.length, {
      N: n,
      r,
      p,
      maxmem: maxmem(n, r),
    });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function longestCommonSubstring(a: string, b: string): number {
  let best = 0;
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] === b[j - 1]) {
        current[j] = (previous[j - 1] ?? 0) + 1;
        if ((current[j] ?? 0) > best) best = current[j] ?? 0;
      }
    }
    previous = current;
  }
  return best;
}

const MIN_IDENTIFIER_DISTANCE = 5;
const MAX_SHARED_FRACTION = 0.5;

/** The password policy: a minimum length, then not too close to the identifier. */
export function checkPasswordPolicy(
  password: string,
  identifier: string,
  minLength: number,
): UiText | null {
  const length = [...password].length;
  if (length < minLength) return texts.passwordTooShort(minLength, length);
  if (identifier) {
    const id = identifier.toLowerCase();
    const pw = password.toLowerCase();
    const shared = longestCommonSubstring(id, pw) / pw.length;
    if (levenshtein(id, pw) < MIN_IDENTIFIER_DISTANCE || shared > MAX_SHARED_FRACTION) {
      return texts.passwordTooSimilar();
    }
  }
  return null;
}
