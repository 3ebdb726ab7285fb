import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { BlueprintProvider } from '@blueprintjs/core';
import { createRoutes } from '../../../src/app/routes';
import { BootErrorPage } from '../../../src/app/pages/BootErrorPage';

function renderAt(url: string) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [url] });
  render(
    <BlueprintProvider>
      <RouterProvider router={router} />
    </BlueprintProvider>,
  );
  return router;
}

describe('error page', () => {
  it('shows the BAD_SESSION text and a Go back link to /', async () => {
    renderAt('/error?error_code=BAD_SESSION');
    expect(
      await screen.findByText(
        'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
  });

  it.each(['/error', '/error?error_code=', '/error?error_code=NOPE'])(
    'shows Unknown error at %s',
    async (url) => {
      renderAt(url);
      expect(await screen.findByText('Unknown error')).toBeInTheDocument();
    },
  );
});

describe('404 page', () => {
  it('names the unknown path and links home', async () => {
    renderAt('/does/not/exist?tab=1');
    expect(await screen.findByRole('heading', { name: '404: Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/does/not/exist')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

describe('boot error page', () => {
  it('shows why the console could not start and retries on request', async () => {
    const onRetry = jest.fn();
    render(<BootErrorPage message="Could not load /config.json: 502" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load /config.json: 502');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
