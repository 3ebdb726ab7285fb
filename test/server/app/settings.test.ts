import path from 'node:path';
import packageJson from '../../../package.json';
import { PROJECT_ROOT, parseSettings } from '../../../server/settings';

const clerkKey = `pk_test_${Buffer.from('clerk.example.com$').toString('base64')}`;

describe('parseSettings', () => {
  it('uses the defaults when nothing is given', () => {
    const settings = parseSettings([], {});
    expect(settings).toEqual({
      port: 3000,
      host: '127.0.0.1',
      rootDir: PROJECT_ROOT,
      distDir: path.join(PROJECT_ROOT, 'dist'),
      serveConsole: true,
      dataDir: path.join(PROJECT_ROOT, '.data'),
      databaseUrl: null,
      backendUrl: null,
      kratosUrl: null,
      authMode: 'kratos',
      clerkPublishableKey: null,
      consoleVersion: packageJson.version,
      reset: false,
      seedScale: 1,
      buildIfStale: false,
      logLevel: null,
      identityFlowLifetimeMs: null,
      hideErrorDetails: false,
      ownerLabel: 'owner',
    });
  });

  it('reads the environment', () => {
    const settings = parseSettings([], {
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/mc',
      DATABASE_URL: 'postgres://u:p@db/mc',
      MC_BACKEND_URL: 'https://mc.example.com/',
      KRATOS_URL: 'http://kratos:4433',
      AUTH_MODE: 'clerk',
      CLERK_PUBLISHABLE_KEY: clerkKey,
      CONSOLE_VERSION: '2.0.0',
      LOG_LEVEL: 'info',
    });
    expect(settings).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/mc',
      databaseUrl: 'postgres://u:p@db/mc',
      backendUrl: 'https://mc.example.com',
      kratosUrl: 'http://kratos:4433',
      authMode: 'clerk',
      clerkPublishableKey: clerkKey,
      consoleVersion: '2.0.0',
      logLevel: 'info',
    });
  });

  it('reads OWNER_LABEL as a label key', () => {
    expect(parseSettings([], { OWNER_LABEL: 'acme.io/team' }).ownerLabel).toBe('acme.io/team');
    expect(parseSettings([], { OWNER_LABEL: ' team ' }).ownerLabel).toBe('team');
    expect(() => parseSettings([], { OWNER_LABEL: 'owner team' })).toThrow(
      'Invalid OWNER_LABEL "owner team": expected a label key such as owner or acme.io/team.',
    );
  });

  it('reads HIDE_ERROR_DETAILS as a yes or no', () => {
    expect(parseSettings([], { HIDE_ERROR_DETAILS: 'true' }).hideErrorDetails).toBe(true);
    expect(parseSettings([], { HIDE_ERROR_DETAILS: '0' }).hideErrorDetails).toBe(false);
    expect(() => parseSettings([], { HIDE_ERROR_DETAILS: 'maybe' })).toThrow(
      'Invalid HIDE_ERROR_DETAILS "maybe": expected true or false.',
    );
  });

  it('reads the identity flow lifetime as a duration', () => {
    expect(parseSettings([], { IDENTITY_FLOW_LIFETIME: '30s' }).identityFlowLifetimeMs).toBe(
      30_000,
    );
    expect(parseSettings([], { IDENTITY_FLOW_LIFETIME: '10m' }).identityFlowLifetimeMs).toBe(
      600_000,
    );
    expect(parseSettings([], { IDENTITY_FLOW_LIFETIME: '1h' }).identityFlowLifetimeMs).toBe(
      3_600_000,
    );
    for (const bad of ['30', '0s', '-5m', '1d', 'soon']) {
      expect(() => parseSettings([], { IDENTITY_FLOW_LIFETIME: bad })).toThrow(
        `Invalid IDENTITY_FLOW_LIFETIME "${bad}": expected a positive duration such as 30s, 10m or 1h.`,
      );
    }
  });

  it('resolves a relative DATA_DIR and keeps the demo in memory for :memory:', () => {
    expect(parseSettings([], { DATA_DIR: 'tmp/data' }).dataDir).toBe(path.resolve('tmp/data'));
    expect(parseSettings([], { DATA_DIR: ':memory:' }).dataDir).toBeNull();
  });

  it('treats empty variables as unset', () => {
    const settings = parseSettings([], { PORT: '', MC_BACKEND_URL: '  ', AUTH_MODE: '' });
    expect(settings.port).toBe(3000);
    expect(settings.backendUrl).toBeNull();
    expect(settings.authMode).toBe('kratos');
  });

  it('reads the flags', () => {
    expect(parseSettings(['--reset', '--seed-scale', '10', '--build-if-stale'], {})).toMatchObject({
      reset: true,
      seedScale: 10,
      buildIfStale: true,
    });
    expect(parseSettings(['--seed-scale=0.5'], {}).seedScale).toBe(0.5);
  });

  it.each([['abc'], ['-1'], ['65536'], ['80.5'], ['3000x']])(
    'rejects PORT=%s with a one-line message',
    (port) => {
      expect(() => parseSettings([], { PORT: port })).toThrow(
        `Invalid PORT "${port}": expected a whole number from 0 to 65535.`,
      );
    },
  );

  it.each([
    [['--seed-scale']],
    [['--seed-scale', 'lots']],
    [['--seed-scale=0']],
    [['--seed-scale', '-2']],
  ])('rejects a bad seed scale %j', (argv) => {
    expect(() => parseSettings(argv, {})).toThrow(
      /^Invalid --seed-scale ".*": expected a number greater than 0/,
    );
  });

  it('rejects unknown options', () => {
    expect(() => parseSettings(['--verbose'], {})).toThrow('Unknown option "--verbose"');
  });

  it('rejects a bad AUTH_MODE, backend URL or clerk key', () => {
    expect(() => parseSettings([], { AUTH_MODE: 'saml' })).toThrow(
      'Invalid AUTH_MODE "saml": expected one of kratos, clerk.',
    );
    expect(() => parseSettings([], { MC_BACKEND_URL: 'mc.example.com' })).toThrow(
      'Invalid MC_BACKEND_URL "mc.example.com": expected an http:// or https:// URL.',
    );
    expect(() => parseSettings([], { KRATOS_URL: 'ftp://kratos' })).toThrow(/^Invalid KRATOS_URL/);
    expect(() => parseSettings([], { AUTH_MODE: 'clerk' })).toThrow(
      /AUTH_MODE=clerk needs CLERK_PUBLISHABLE_KEY/,
    );
    expect(() =>
      parseSettings([], { AUTH_MODE: 'clerk', CLERK_PUBLISHABLE_KEY: 'pk_test_bm90LWEtaG9zdA' }),
    ).toThrow(/^Invalid CLERK_PUBLISHABLE_KEY/);
  });

  it('every error message is a single line', () => {
    const bad: [string[], NodeJS.ProcessEnv][] = [
      [[], { PORT: 'x' }],
      [['--seed-scale', 'x'], {}],
      [['--nope'], {}],
      [[], { LOG_LEVEL: 'loud' }],
    ];
    for (const [argv, env] of bad) {
      let message = '';
      try {
        parseSettings(argv, env);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).not.toBe('');
      expect(message).not.toContain('\n');
    }
  });
});
