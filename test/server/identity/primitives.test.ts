import { decodeBody, isTrue } from '../../../server/demo/identity/body';
import { parseCookieHeader, serializeCookie } from '../../../server/demo/identity/cookies';
import { maskCsrfToken, newCsrfSecret, verifyCsrfToken } from '../../../server/demo/identity/csrf';
import { generateLookupSecrets } from '../../../server/demo/identity/lookup';
import {
  hashPassword,
  verifyPassword,
  checkPasswordPolicy,
} from '../../../server/demo/identity/password';
import {
  base32Decode,
  base32Encode,
  hotp,
  totpCode,
  verifyTotp,
} from '../../../server/demo/identity/totp';
import { isJsonRequest } from '../../../server/demo/identity/negotiate';
import type { FastifyRequest } from 'fastify';

describe('TOTP (RFC 6238 test vectors, SHA-1)', () => {
  const secret = base32Encode(Buffer.from('12345678901234567890'));

  test('base32 round trip', () => {
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(secret).toString()).toBe('12345678901234567890');
  });

  test.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('T=%i gives %s', (seconds, expected) => {
    expect(totpCode(secret, new Date(seconds * 1000), 8)).toBe(expected);
  });

  test('RFC 4226 HOTP values', () => {
    const key = Buffer.from('12345678901234567890');
    expect([0, 1, 2, 9].map((c) => hotp(key, c))).toEqual(['755224', '287082', '359152', '520489']);
  });

  test('one step either side is accepted, two are not', () => {
    const at = new Date(1_700_000_000_000);
    const code = (offsetSteps: number) =>
      totpCode(secret, new Date(at.getTime() + offsetSteps * 30_000));
    expect(verifyTotp(secret, code(0), at)).toBe(true);
    expect(verifyTotp(secret, code(-1), at)).toBe(true);
    expect(verifyTotp(secret, code(1), at)).toBe(true);
    expect(verifyTotp(secret, code(-2), at)).toBe(
      code(-2) === code(0) || code(-2) === code(1) || code(-2) === code(-1),
    );
    expect(verifyTotp(secret, 'abcdef', at)).toBe(false);
  });
});

describe('passwords', () => {
  test('scrypt hashes in the seed format verify', () => {
    const hash = hashPassword('s3cret password');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(verifyPassword('s3cret password', hash)).toBe(true);
    expect(verifyPassword('s3cret passwore', hash)).toBe(false);
    expect(verifyPassword('x', 'bcrypt$whatever')).toBe(false);
    expect(verifyPassword('x', 'scrypt$16384$8$1$$')).toBe(false);
  });

  test('other scrypt parameters in the stored hash are honoured', async () => {
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync('admin', salt, 32, { N: 1024, r: 8, p: 2 });
    const stored = `scrypt$1024$8$2$${salt.toString('base64')}$${key.toString('base64')}`;
    expect(verifyPassword('admin', stored)).toBe(true);
  });

  test('policy: minimum length first, then similarity to the identifier', () => {
    expect(checkPasswordPolicy('abc', 'a@b.c', 8)?.id).toBe(4000032);
    expect(checkPasswordPolicy('alice@example.com1', 'alice@example.com', 8)?.id).toBe(4000031);
    expect(checkPasswordPolicy('a long unrelated phrase', 'alice@example.com', 8)).toBeNull();
    expect(checkPasswordPolicy('abcdefghi', 'abc', 12)?.context).toEqual({
      min_length: 12,
      actual_length: 9,
    });
  });
});

describe('anti-CSRF tokens', () => {
  test('masked tokens differ but all verify against their secret only', () => {
    const secret = newCsrfSecret();
    const a = maskCsrfToken(secret);
    const b = maskCsrfToken(secret);
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64')).toHaveLength(64);
    expect(verifyCsrfToken(secret, a)).toBe(true);
    expect(verifyCsrfToken(secret, b)).toBe(true);
    expect(verifyCsrfToken(newCsrfSecret(), a)).toBe(false);
    expect(verifyCsrfToken(secret, 'short')).toBe(false);
    expect(verifyCsrfToken(null, a)).toBe(false);
  });
});

describe('cookies and bodies', () => {
  test('Cookie headers, including a replayed Set-Cookie string', () => {
    expect(parseCookieHeader('a=1; b=x%3Dy')).toEqual(
      new Map([
        ['a', '1'],
        ['b', 'x=y'],
      ]),
    );
    const replay =
      'csrf_token_abc=Zm9v; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax, ory_kratos_session=tok; Path=/; Expires=Thu, 01 Jan 2099 00:00:00 GMT; HttpOnly';
    const parsed = parseCookieHeader(replay);
    expect(parsed.get('csrf_token_abc')).toBe('Zm9v');
    expect(parsed.get('ory_kratos_session')).toBe('tok');
    expect(parsed.has('Path')).toBe(false);
    expect(parsed.has('Max-Age')).toBe(false);
  });

  test('cookies are HttpOnly and SameSite=Lax; clearing sets Max-Age=0', () => {
    expect(serializeCookie('n', 'v w', { maxAgeSeconds: 60, secure: false })).toBe(
      'n=v%20w; Path=/; Max-Age=60; HttpOnly; SameSite=Lax',
    );
    expect(serializeCookie('n', '', { maxAgeSeconds: 0, secure: true })).toBe(
      'n=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
    );
  });

  test('flattened keys become nested objects; string booleans are true', () => {
    expect(
      decodeBody({
        'traits.email': 'a@b.c',
        'traits.name.first': 'A',
        traits: { name: { last: 'B' } },
        method: 'password',
      }),
    ).toEqual({ traits: { email: 'a@b.c', name: { first: 'A', last: 'B' } }, method: 'password' });
    expect(decodeBody({ '__proto__.polluted': 'x' })).toEqual({});
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(isTrue('true')).toBe(true);
    expect(isTrue(true)).toBe(true);
    expect(isTrue('false')).toBe(false);
  });

  test('backup codes: twelve distinct lower-case alphanumeric codes of eight characters', () => {
    const codes = generateLookupSecrets();
    expect(codes).toHaveLength(12);
    for (const c of codes)
      expect(c).toEqual({ code: expect.stringMatching(/^[a-z0-9]{8}$/), used_at: null });
  });
});

describe('content negotiation', () => {
  const req = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
  test.each([
    [{ accept: 'application/json, text/plain, */*' }, true],
    [{ accept: 'application/json' }, true],
    [{ accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }, false],
    [{ accept: '*/*' }, false],
    [{}, false],
    [{ 'content-type': 'application/json' }, true],
    [{ 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }, false],
  ])('%j → JSON %s', (headers, json) => {
    expect(isJsonRequest(req(headers))).toBe(json);
  });
});
