jest.mock('@clerk/clerk-react', () => jest.requireActual('../../support/clerkDouble'));

import { screen, waitFor, within } from '@testing-library/react';
import { KUBECONFIG_DOWNLOAD_URL } from '../../../src/api/downloads';
import { appPages } from '../../../src/app/routes';
import { clerkDouble } from '../../support/clerkDouble';
import {
  BACKEND_URL,
  HOME_PAGE,
  backendAnswers,
  directOrganization,
  renderHosted,
} from './renderHosted';

const WAIT = { timeout: 5000 };

const ui = {
  home: () => screen.findByRole('heading', { name: 'Home page', level: 1 }, WAIT),
  userButton: () => screen.getByRole('button', { name: 'Open user button' }),
  userButtonMenu: () => screen.getByRole('menu', { name: 'User button' }),
  switcher: () => screen.getByRole('button', { name: 'Switch organization' }),
};

/** Once the home page shows, opens the user button's menu and chooses `item`. */
async function chooseFromUserMenu(user: ReturnType<typeof renderReady>['user'], item: string) {
  await ui.home();
  await user.click(ui.userButton());
  await user.click(within(ui.userButtonMenu()).getByRole('menuitem', { name: item }));
}

function renderReady(options: Parameters<typeof renderHosted>[0] = {}) {
  backendAnswers(BACKEND_URL);
  return renderHosted({
    clerk: { organizations: [directOrganization()], activeOrganizationId: 'org_acme' },
    ...options,
  });
}

describe('top bar in hosted mode', () => {
  it('shows the organisation switcher and the user button instead of the plain user menu', async () => {
    renderReady();
    await ui.home();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('button', { name: 'Switch organization' })).toHaveTextContent(
      'Acme',
    );
    expect(within(banner).getByRole('button', { name: 'Open user button' })).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'User menu' })).toBeNull();
    expect(clerkDouble.props.OrganizationSwitcher).toMatchObject({
      hidePersonal: true,
      afterSelectOrganizationUrl: '/organizations/orgs-switched',
      afterCreateOrganizationUrl: '/organizations/orgs-switched',
    });
    expect(clerkDouble.props.UserButton).toMatchObject({
      userProfileMode: 'navigation',
      userProfileUrl: '/profile-settings',
    });
  });

  it('offers Download kubeconfig, Setup MCP, the selector tool and View as scope in the user button', async () => {
    const { user } = renderReady();
    await ui.home();
    await user.click(ui.userButton());
    expect(
      within(ui.userButtonMenu())
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Manage account',
      'Download kubeconfig',
      'Setup MCP',
      'Selector tool',
      'View as scope',
      'Sign out',
    ]);
  });

  it('downloads the kubeconfig and explains how to use it', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = renderReady();
    await chooseFromUserMenu(user, 'Download kubeconfig');
    expect(open).toHaveBeenCalledWith(KUBECONFIG_DOWNLOAD_URL, '_blank', 'noopener');
    const dialog = await screen.findByRole('dialog', { name: 'Download kubeconfig' });
    expect(within(dialog).getByText('kubectl get canaries')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Download kubeconfig' })).toBeNull(),
    );
    open.mockRestore();
  });

  it('opens the MCP setup', async () => {
    const { user } = renderReady();
    await chooseFromUserMenu(user, 'Setup MCP');
    expect(await screen.findByRole('dialog', { name: 'Setup MCP' }, WAIT)).toBeInTheDocument();
  });

  it("goes to the provider's profile from Manage account", async () => {
    const { user, currentUrl } = renderReady();
    await chooseFromUserMenu(user, 'Manage account');
    expect(await screen.findByRole('heading', { name: 'Account' }, WAIT)).toBeInTheDocument();
    expect(currentUrl()).toBe('/profile-settings');
  });

  it('signs out to /login', async () => {
    const { user, currentUrl } = renderReady();
    await chooseFromUserMenu(user, 'Sign out');
    expect(await screen.findByRole('heading', { name: 'Sign in' }, WAIT)).toBeInTheDocument();
    expect(currentUrl()).toBe('/login');
  });
});

describe('sidebar in hosted mode', () => {
  it('has no Users entry under Settings', async () => {
    const settingsPages = appPages.filter((page) => page.nav?.section === 'settings');
    expect(settingsPages.map((page) => page.nav?.label)).toContain('Users');
    const { user } = renderReady({ pages: [HOME_PAGE, ...settingsPages] });
    await ui.home();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(await within(nav).findByRole('button', { name: 'Settings' }, WAIT));
    expect(within(nav).getByRole('link', { name: 'Feature Flags' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
  });
});
