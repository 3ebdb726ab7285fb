import { frontendApiHost } from '../../../server/clerkKey';
import { contentSecurityPolicy, isFramablePath } from '../../../server/security';
import { demoApp, demoAppPerDescribe, makeDist } from './support';
import { expectAnswers } from '../../support/answers';

const clerkKey = (host: string, kind = 'test') =>
  `pk_${kind}_${Buffer.from(`${host}$`).toString('base64')}`;

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('frontendApiHost', () => {
  it('decodes the host from test and live keys', () => {
    expect(frontendApiHost(clerkKey('happy-fox-12.clerk.accounts.dev'))).toBe(
      'happy-fox-12.clerk.accounts.dev',
    );
    expect(frontendApiHost(clerkKey('clerk.mission.example.com', 'live'))).toBe(
      'clerk.mission.example.com',
    );
  });

  it('rejects keys that are not a prefix plus an encoded host', () => {
    expect(frontendApiHost('sk_test_abc')).toBeNull();
    expect(
      frontendApiHost(`pk_test_${Buffer.from('no-dollar.example.com').toString('base64')}`),
    ).toBeNull();
    expect(frontendApiHost(clerkKey('bad host'))).toBeNull();
  });
});

describe('contentSecurityPolicy', () => {
  it('allows only the own origin in kratos mode', () => {
    const policy = contentSecurityPolicy({
      authMode: 'kratos',
      clerkPublishableKey: null,
      framable: false,
    });
    expect(policy).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; " +
        "worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; " +
        "frame-ancestors 'none'",
    );
    expect(policy).not.toMatch(/https?:/);
    expect(policy).not.toContain("'unsafe-eval'");
    expect(directives(policy).get('script-src')).toEqual(["'self'"]);
  });

  it('leaves frame-ancestors out for framable pages', () => {
    const policy = contentSecurityPolicy({
      authMode: 'kratos',
      clerkPublishableKey: null,
      framable: true,
    });
    expect(directives(policy).has('frame-ancestors')).toBe(false);
  });

  it('adds the hosted-auth origins in clerk mode', () => {
    const policy = directives(
      contentSecurityPolicy({
        authMode: 'clerk',
        clerkPublishableKey: clerkKey('clerk.mission.example.com', 'live'),
        framable: false,
      }),
    );
    const fapi = 'https://clerk.mission.example.com';
    for (const name of ['script-src', 'connect-src', 'frame-src', 'worker-src']) {
      expect(policy.get(name)).toEqual(
        expect.arrayContaining([fapi, 'https://*.clerk.accounts.dev']),
      );
    }
    expect(policy.get('script-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://challenges.cloudflare.com']),
    );
    expect(policy.get('frame-src')).toContain('https://challenges.cloudflare.com');
    // Direct-mode organisations call their own backend, known only at run time.
    expect(policy.get('connect-src')).toContain('https:');
    expect(policy.get('script-src')).not.toContain('https:');
    expect(policy.get('img-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://img.clerk.com']),
    );
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('treats only /view/* as framable', () => {
    expectAnswers(isFramablePath, [
      ['/view/health', true],
      ['/view/topology/abc', true],
      ['/views/abc', false],
      ['/health', false],
    ]);
  });
});

describe('security headers on responses', () => {
  const app = demoAppPerDescribe(() => ({ distDir: makeDist() }));

  it('forbids framing of ordinary pages', async () => {
    const response = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    const policy = String(response.headers['content-security-policy']);
    expect(directives(policy).get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives(policy).get('script-src')).toEqual(["'self'"]);
  });

  it('lets /view/* pages be framed', async () => {
    const response = await app.inject({ url: '/view/health', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeUndefined();
    const policy = String(response.headers['content-security-policy']);
    expect(directives(policy).has('frame-ancestors')).toBe(false);
    expect(directives(policy).get('script-src')).toEqual(["'self'"]);
  });

  it('sends the headers on API answers and 404s too', async () => {
    for (const url of ['/api/auth/whoami', '/api/unknown', '/config.json']) {
      const response = await app.inject({ url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('adds the hosted-auth origins to the header in clerk mode', async () => {
    const clerkApp = await demoApp({
      authMode: 'clerk',
      clerkPublishableKey: clerkKey('clerk.mission.example.com', 'live'),
      distDir: makeDist(),
    });
    try {
      const response = await clerkApp.inject({ url: '/login', headers: { accept: 'text/html' } });
      expect(response.headers['content-security-policy']).toContain(
        "script-src 'self' https://clerk.mission.example.com",
      );
    } finally {
      await clerkApp.close();
    }
  });
});
