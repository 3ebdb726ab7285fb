import { foreignRequests, recordRequests } from './support/browser';
import { browserPerFileWith } from './support/perTest';
import { baseUrl } from './support/server';

jest.setTimeout(60_000);

describe('the built console served by the server', () => {
  const origin = baseUrl();
  const run = browserPerFileWith();

  it('shows the BAD_SESSION text on /error and links back home', async () => {
    const page = await run.context.newPage();
    const requests = recordRequests(page);
    await page.goto(`${origin}/error?error_code=BAD_SESSION`);
    await page
      .getByText(
        'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
      )
      .waitFor();
    expect(await page.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/');
    await page.waitForLoadState('networkidle');
    expect(foreignRequests(requests, origin)).toEqual([]);
  });

  it('shows Unknown error for any other error code', async () => {
    const page = await run.context.newPage();
    await page.goto(`${origin}/error?error_code=SOMETHING_ELSE`);
    await page.getByText('Unknown error').waitFor();
  });

  it('shows the 404 page for an unknown path, and makes no request to another origin', async () => {
    const page = await run.context.newPage();
    const requests = recordRequests(page);
    const response = await page.goto(`${origin}/no/such/page?x=1`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: '404: Page not found' }).waitFor();
    await page.getByText('/no/such/page').waitFor();
    await page.waitForLoadState('networkidle');
    expect(requests.length).toBeGreaterThan(2);
    expect(foreignRequests(requests, origin)).toEqual([]);
  });

  it('loads its runtime settings from /config.json', async () => {
    const page = await run.context.newPage();
    const configRequest = page.waitForRequest((r) => r.url() === `${origin}/config.json`);
    await page.goto(`${origin}/error`);
    const response = await (await configRequest).response();
    expect(response?.status()).toBe(200);
    const config = (await response?.json()) as { authMode: string; identityBasePath: string };
    expect(config.authMode).toBe('kratos');
    expect(config.identityBasePath).toBe('/api/.ory');
  });
});
