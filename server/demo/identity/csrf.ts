import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Anti-CSRF tokens in the manner of nosurf: a secret in an HttpOnly cookie, masked copies in forms. */

const SECRET_LENGTH = 32;
export const CSRF_COOKIE_MAX_AGE = 31536000;

/** `csrf_token_<sha256 hex of the public base URL>`. */
export function csrfCookieName(publicBase: string): string {
  return `csrf_token_${createHash('sha256').update(publicBase).digest('hex')}`;
}

export function newCsrfSecret(): string {
  return randomBytes(SECRET_LENGTH).toString('base64');
}

/** A usable secret from a cookie value, or null when it is not 32 bytes of base64. */
export function readCsrfSecret(cookieValue: string | undefined): string | null {
  if (!cookieValue) return null;
  const bytes = Buffer.from(cookieValue, 'base64');
  return bytes.length === SECRET_LENGTH ? bytes.toString('base64') : null;
}

/** A fresh masked token (one-time pad followed by the padded secret) that verifies against `secret`. */
export function maskCsrfToken(secret: string): string {
  const raw = Buffer.from(secret, 'base64');
  const pad = randomBytes(SECRET_LENGTH);
  const masked = Buffer.alloc(SECRET_LENGTH);
  for (let i = 0; i < SECRET_LENGTH; i++) masked[i] = (raw[i] ?? 0) ^ (pad[i] ?? 0);
  return Buffer.concat([pad, masked]).toString('base64');
}

export function verifyCsrfToken(secret: string | null, token: string | undefined | null): boolean {
  if (!secret || !token) return false;
  const raw = Buffer.from(secret, 'base64');
  const bytes = Buffer.from(token, 'base64');
  if (raw.length !== SECRET_LENGTH || bytes.length !== SECRET_LENGTH * 2) return false;
  const unmasked = Buffer.alloc(SECRET_LENGTH);
  for (let i = 0; i < SECRET_LENGTH; i++)
    unmasked[i] = (bytes[i] ?? 0) ^ (bytes[i + SECRET_LENGTH] ?? 0);
  return timingSafeEqual(unmasked, raw);
}
