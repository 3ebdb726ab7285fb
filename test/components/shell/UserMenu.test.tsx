import { screen, waitFor, within } from '@testing-library/react';
import { ShellProvider } from '../../../src/shell/ShellContext';
import { UserMenu } from '../../../src/shell/UserMenu';
import { renderApp } from '../../support/renderApp';
import type { RenderAppOptions } from '../../support/renderApp';
import { serverFails } from '../../support/shellHandlers';
import { expectAttribute } from '../../support/expectations';

const ui = {
  open: () => screen.getByRole('button', { name: 'User menu' }),
  menu: () => screen.findByRole('menu', { name: 'User menu' }),
  item: (name: string) => screen.getByRole('menuitem', { name }),
};

function renderMenu(options: RenderAppOptions & { onSignOut?: (returnTo: string) => void } = {}) {
  const { onSignOut, ...rest } = options;
  const rendered = renderApp(
    <ShellProvider onSignOut={onSignOut}>
      <UserMenu profileHref="/profile-settings" />
    </ShellProvider>,
    { url: '/health?checkId=42&timeRange=1h', config: { version: '1.4.63' }, ...rest },
  );
  return rendered;
}

describe('user menu', () => {
  it('greets the user and lists profile, kubeconfig, versions and sign out', async () => {
    const { user } = renderMenu({ onSignOut: jest.fn(), user: { name: 'Grace Hopper' } });
    await user.click(ui.open());
    const menu = await ui.menu();
    expect(within(menu).getByText('Hi Grace Hopper')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Your Profile', 'Download kubeconfig', 'Sign out']);
    expect(within(menu).getByText('Console 1.4.63')).toBeInTheDocument();
    expect(await within(menu).findByText('Backend v0.0.1-test')).toBeInTheDocument();
    expect(within(menu).queryByText(/MCP/)).toBeNull();
  });

  it('shows the user name on the button', async () => {
    renderMenu({ user: { name: 'Grace Hopper' } });
    expect(ui.open()).toHaveTextContent('Grace Hopper');
  });

  it.each([
    ['the about call fails', () => serverFails('about')],
    ['the about call is not found', () => serverFails('about', 404)],
  ])('says NA for the backend when %s', async (_name, scenario) => {
    scenario();
    const { user } = renderMenu();
    await user.click(ui.open());
    const menu = await ui.menu();
    expect(await within(menu).findByText('Backend NA')).toBeInTheDocument();
    expect(within(menu).getByText('Console 1.4.63')).toBeInTheDocument();
  });

  it('goes to the profile page', async () => {
    const { user, currentUrl } = renderMenu();
    await user.click(ui.open());
    await ui.menu();
    await user.click(ui.item('Your Profile'));
    expect(currentUrl()).toBe('/profile-settings');
  });

  it('signs out with the current path and query', async () => {
    const onSignOut = jest.fn();
    const { user } = renderMenu({ onSignOut });
    await user.click(ui.open());
    await ui.menu();
    await user.click(ui.item('Sign out'));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(onSignOut).toHaveBeenCalledWith('/health?checkId=42&timeRange=1h');
  });

  it('has no Sign out without a sign-out for the auth mode', async () => {
    const { user } = renderMenu();
    await user.click(ui.open());
    const menu = await ui.menu();
    expect(within(menu).queryByRole('menuitem', { name: 'Sign out' })).toBeNull();
  });
});

describe('kubeconfig', () => {
  it('downloads the file in a new window and explains how to use it', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = renderMenu();
    await user.click(ui.open());
    await ui.menu();
    await user.click(ui.item('Download kubeconfig'));

    expect(open).toHaveBeenCalledWith('/api/kubeconfig', '_blank', 'noopener');
    const dialog = await screen.findByRole('dialog', { name: 'Download kubeconfig' });
    expect(within(dialog).getByText('kubectl get canaries')).toBeInTheDocument();
    expect(within(dialog).getByText(/export KUBECONFIG=/)).toBeInTheDocument();
    expectAttribute(dialog, 'link', 'href', { 'download it again': '/api/kubeconfig' });
    expectAttribute(dialog, 'button', 'href', {
      'Learn more': 'https://flanksource.com/docs/guide/canary-checker',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Download kubeconfig' })).toBeNull(),
    );
    open.mockRestore();
  });

  it('copies the kubectl command', async () => {
    jest.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = renderMenu();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(ui.open());
    await ui.menu();
    await user.click(ui.item('Download kubeconfig'));
    const dialog = await screen.findByRole('dialog', { name: 'Download kubeconfig' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy the kubectl command' }));
    expect(writeText).toHaveBeenCalledWith('kubectl get canaries');
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
  });
});
