import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import type { InspectionEvent } from 'xstate';
import { createRoutes } from '../../../src/app/routes';
import { PREFERENCES_STORAGE_KEY } from '../../../src/shell/preferencesSlice';
import { server } from '../../support/msw';
import { renderApp } from '../../support/renderApp';
import { disabledFeatures, serverFails, whoamiAnswers } from '../../support/shellHandlers';

const ui = {
  shellNav: () => screen.findByRole('navigation', { name: 'Main' }),
  pageTitle: (name: string) => screen.findByRole('heading', { name, level: 1 }),
  unauthorized: () => screen.findByRole('heading', { name: 'Unauthorized' }),
};

/** Public pages replaced by a marker, so these tests do not depend on the identity pages. */
const routes = () =>
  createRoutes({
    publicRoutes: [{ path: '/login', element: <h1>Sign-in page</h1> }],
  });

describe('session gate', () => {
  it('shows the shell and the page once the user is known', async () => {
    renderApp(routes(), { url: '/settings/feature-flags' });
    expect(await ui.pageTitle('Feature Flags')).toBeInTheDocument();
    expect(await ui.shellNav()).toBeInTheDocument();
  });

  it('sends a signed-out user to /login keeping path and query', async () => {
    const { currentUrl } = renderApp(routes(), {
      url: '/settings/feature-flags?sortBy=name',
      user: null,
    });
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/login?return_to=%2Fsettings%2Ffeature-flags%3FsortBy%3Dname');
  });

  it.each([503, 502, 404])(
    'shows the provisioning screen when the user lookup answers %i',
    async (status) => {
      serverFails('whoami', status);
      renderApp(routes(), { url: '/settings/feature-flags' });
      expect(
        await screen.findByText('Please wait, instance provisioning in-progress ...'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    },
  );

  it('checks again from the provisioning screen and continues when the backend is up', async () => {
    serverFails('whoami', 503);
    const { user } = renderApp(routes(), { url: '/settings/feature-flags' });
    await screen.findByText('Please wait, instance provisioning in-progress ...');
    whoamiAnswers();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await ui.pageTitle('Feature Flags')).toBeInTheDocument();
  });

  it('offers a retry when the lookup fails otherwise', async () => {
    serverFails('whoami', 'network');
    renderApp(routes(), { url: '/settings/feature-flags' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network Error. Please try again.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('connects the session machine to the inspector when inspection is on', async () => {
    localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ inspect: true }));
    const next = jest.fn();
    renderApp(routes(), {
      url: '/settings/feature-flags',
      inspectorLoader: async () => ({ inspect: { next } }),
    });
    expect(await ui.pageTitle('Feature Flags')).toBeInTheDocument();
    const events = next.mock.calls.map(([event]) => event as InspectionEvent);
    const values = events.flatMap((event) =>
      event.type === '@xstate.snapshot' &&
      (event.actorRef as { sessionId?: string }).sessionId === event.rootId
        ? [(event.snapshot as { value?: unknown }).value]
        : [],
    );
    expect(values).toEqual(expect.arrayContaining(['loading', 'ready']));
  });

  it('keeps the error and 404 pages outside the gate', async () => {
    let asked = false;
    server.use(
      http.get('*/api/auth/whoami', () => {
        asked = true;
        return HttpResponse.json({ error: 'x' }, { status: 401 });
      }),
    );
    renderApp(routes(), { url: '/error?error_code=BAD_SESSION', user: null });
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(asked).toBe(false);
  });
});

describe('feature and permission gating of routes', () => {
  it('waits for the feature flags before showing a page', async () => {
    renderApp(routes(), {
      url: '/settings/feature-flags',
      properties: async () => {
        await delay(150);
        return disabledFeatures('settings.feature_flags');
      },
    });
    expect(await screen.findByLabelText('Loading feature flags')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Feature Flags', level: 1 })).toBeNull();
    expect(await ui.unauthorized()).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Feature Flags', level: 1 })).toBeNull();
  });

  it.each([['settings.feature_flags'], ['settings']])(
    'shows Unauthorized and drops the entry when %s is disabled',
    async (feature) => {
      renderApp(routes(), {
        url: '/settings/feature-flags',
        properties: disabledFeatures(feature),
      });
      expect(await ui.unauthorized()).toBeInTheDocument();
      expect(
        screen.getByText('You do not have permission to access this page.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Feature Flags' })).toBeNull();
      const settings = screen.queryByRole('button', { name: 'Settings' });
      if (feature === 'settings') {
        // Every settings page follows `settings`: the whole group is gone.
        expect(settings).toBeNull();
      } else {
        // Only that page is off; the other settings pages stay listed.
        expect(settings).not.toBeNull();
        await userEvent.click(settings as HTMLElement);
        expect(await screen.findByRole('link', { name: 'Scopes' })).toBeInTheDocument();
        expect(screen.queryByRole('link', { name: 'Feature Flags' })).toBeNull();
      }
    },
  );

  it('shows Unauthorized to a user without any role', async () => {
    renderApp(routes(), { url: '/settings/feature-flags', user: { roles: [] } });
    expect(await ui.unauthorized()).toBeInTheDocument();
  });

  it('goes on with every feature enabled when the flags cannot be read', async () => {
    serverFails('properties');
    renderApp(routes(), { url: '/settings/feature-flags' });
    expect(await ui.pageTitle('Feature Flags')).toBeInTheDocument();
    expect(
      await screen.findByText('Feature flags could not be loaded: properties is broken'),
    ).toBeInTheDocument();
  });

  it('shows the error view inside the shell when a page fails to render', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('page exploded');
    }
    renderApp(
      createRoutes({
        publicRoutes: [],
        pages: [
          {
            path: '/broken',
            load: async () => Broken,
            access: { resource: 'database' },
          },
        ],
      }),
      { url: '/broken' },
    );
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByText('page exploded')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'page exploded' })),
    );
    logged.mockRestore();
  });
});
