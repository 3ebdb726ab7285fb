import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { AppPage } from '../../../src/app/routes';
import { createRoutes } from '../../../src/app/routes';
import { CRASH_TITLE } from '../../../src/app/pages/CrashPage';
import { renderApp } from '../../support/renderApp';

const SLOW = { timeout: 5_000 };

/** A page that fails to render while `broken.now` is true. */
const broken = { now: true };

function Fragile() {
  if (broken.now) {
    throw new Error('The page broke', { cause: new Error('the answer had no rows') });
  }
  return <p>The page works again</p>;
}

const PAGE: AppPage = {
  path: '/fragile',
  load: async () => Fragile,
  access: { resource: 'canaries' },
};

function renderFragile(hideErrorDetails = false) {
  return renderApp(createRoutes({ pages: [PAGE], publicRoutes: [] }), {
    url: '/fragile',
    config: hideErrorDetails ? { hideErrorDetails: true } : {},
    userOptions: { delay: null },
  });
}

describe('the error page', () => {
  let logged: jest.SpyInstance;
  beforeEach(() => {
    broken.now = true;
    logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  it('says what failed, with its cause and stack behind a disclosure, and logs it', async () => {
    const { user } = renderFragile();
    expect(await screen.findByRole('heading', { name: CRASH_TITLE }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('The page broke')).toBeInTheDocument();
    const summary = screen.getByText('Details');
    const cause = screen.getByRole('region', { name: 'Cause', hidden: true });
    expect(cause).not.toBeVisible();
    await user.click(summary);
    expect(cause).toBeVisible();
    expect(within(cause).getByText('the answer had no rows')).toBeInTheDocument();
    const stack = screen.getByRole('region', { name: 'Stack' });
    expect(stack.textContent).toMatch(/Fragile/);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'The page broke' }));
  });

  it('leaves the details out when the runtime config hides them', async () => {
    renderFragile(true);
    expect(await screen.findByText('The page broke', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('Details')).not.toBeInTheDocument();
    expect(screen.queryByText(/the answer had no rows/)).not.toBeInTheDocument();
  });

  it('renders the page again on Retry', async () => {
    const { user } = renderFragile();
    await screen.findByRole('heading', { name: CRASH_TITLE }, SLOW);
    broken.now = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The page works again', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: CRASH_TITLE })).not.toBeInTheDocument();
  });

  it("loads a page's code again on Retry when it failed to load, until it loads", async () => {
    const chunkError = (message: string) =>
      Object.assign(new Error(message), { name: 'ChunkLoadError' });
    const load = jest
      .fn<Promise<ComponentType>, []>()
      .mockRejectedValueOnce(chunkError('Loading chunk 7 failed.'))
      .mockRejectedValueOnce(chunkError('Loading chunk 7 failed again.'))
      .mockResolvedValue(function Loaded() {
        return <p>The page loaded</p>;
      });
    const page: AppPage = { path: '/late', load, access: { resource: 'canaries' } };
    const { user } = renderApp(createRoutes({ pages: [page], publicRoutes: [] }), {
      url: '/late',
      userOptions: { delay: null },
    });
    expect(await screen.findByRole('heading', { name: CRASH_TITLE }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Loading chunk 7 failed.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Loading chunk 7 failed again.', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The page loaded', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: CRASH_TITLE })).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  });
});
