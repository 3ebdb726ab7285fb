import { safeReturnTo, toConsoleLocation } from '../../../../src/auth/kratos/consoleLocation';

const ORIGIN = 'https://console.example';
const PUBLIC = `${ORIGIN}/api/.ory`;

describe('toConsoleLocation', () => {
  it.each([
    [
      `${PUBLIC}/self-service/login/browser?aal=aal2&return_to=${encodeURIComponent(`${ORIGIN}/health?x=1`)}`,
      '/login?aal=aal2&return_to=%2Fhealth%3Fx%3D1',
    ],
    [
      `${PUBLIC}/self-service/login/browser?refresh=true&return_to=${encodeURIComponent(
        `${PUBLIC}/self-service/settings?flow=f-1`,
      )}`,
      '/login?refresh=true&return_to=%2Fprofile-settings%3Fflow%3Df-1',
    ],
    [`${PUBLIC}/self-service/settings?flow=f-2`, '/profile-settings?flow=f-2'],
    [`${PUBLIC}/self-service/recovery/flows?id=f-3`, '/recovery?flow=f-3'],
    [`${PUBLIC}/self-service/registration/browser`, '/registration'],
    [`${PUBLIC}/self-service/errors?id=e-1`, '/flow-error/e-1'],
    [`${ORIGIN}/profile-settings?flow=f-4`, '/profile-settings?flow=f-4'],
    ['/health?checkId=1#top', '/health?checkId=1#top'],
  ])('maps %s to the console route %s', (url, href) => {
    expect(toConsoleLocation(url, ORIGIN)).toEqual({ internal: true, href });
  });

  it('leaves addresses of other sites (a social sign-in provider) to the browser', () => {
    expect(toConsoleLocation('https://github.com/login/oauth/authorize?x=1', ORIGIN)).toEqual({
      internal: false,
      href: 'https://github.com/login/oauth/authorize?x=1',
    });
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi'])('sends %s home', (url) => {
    expect(toConsoleLocation(url, ORIGIN)).toEqual({ internal: true, href: '/' });
  });
});

describe('safeReturnTo', () => {
  it.each([
    [undefined, '/'],
    ['', '/'],
    ['/topology', '/topology'],
    ['/health?checkId=1', '/health?checkId=1'],
    [`${ORIGIN}/catalog?tab=2`, '/catalog?tab=2'],
    ['//evil.example/path', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
  ])('%s → %s', (value, expected) => {
    expect(safeReturnTo(value, ORIGIN)).toBe(expected);
  });
});
