import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { HELP_LINKS } from '../../../src/shell/HelpMenu';
import { Layout, MIN_PAGE_WIDTH_PX } from '../../../src/shell/Layout';
import type { ShellNavigation } from '../../../src/shell/navigation';
import { PageExtras, usePageHeader } from '../../../src/ui/pageHeader';
import { renderApp } from '../../support/renderApp';

const navigation: ShellNavigation = {
  main: [
    { label: 'Health', icon: 'pulse', href: '/health', feature: 'health', resource: 'canaries' },
  ],
  settings: [],
  links: { home: '/', notifications: '/notifications', profile: '/profile-settings' },
};

function HealthPage() {
  const [refreshes, setRefreshes] = useState(0);
  usePageHeader({ title: 'Health', onRefresh: () => setRefreshes((count) => count + 1) });
  return (
    <>
      <PageExtras>
        <button type="button">Time range</button>
      </PageExtras>
      <p>Refreshed {refreshes} times</p>
      <Link to="/about">About</Link>
    </>
  );
}

function AboutPage() {
  usePageHeader({ title: 'About' });
  return <p>About the console</p>;
}

function renderLayout(url = '/health') {
  return renderApp(
    [
      {
        element: <Layout navigation={navigation} />,
        children: [
          { path: '/health', element: <HealthPage /> },
          { path: '/about', element: <AboutPage /> },
          { path: '/notifications', element: <p>Notifications page</p> },
        ],
      },
    ],
    { url },
  );
}

describe('layout and top bar', () => {
  it('shows the page title, its extras and its refresh button', async () => {
    const { user } = renderLayout();
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('heading', { level: 1 })).toHaveTextContent('Health');
    expect(within(banner).getByRole('button', { name: 'Time range' })).toBeInTheDocument();
    expect(screen.getByText('Refreshed 0 times')).toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Refresh' }));
    await user.click(within(banner).getByRole('button', { name: 'Refresh' }));
    expect(screen.getByText('Refreshed 2 times')).toBeInTheDocument();
  });

  it('follows the page: title and extras change, no refresh button without a refresh', async () => {
    const { user } = renderLayout();
    await user.click(await screen.findByRole('link', { name: 'About' }));
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('heading', { level: 1 })).toHaveTextContent('About');
    expect(within(banner).queryByRole('button', { name: 'Time range' })).toBeNull();
    expect(within(banner).queryByRole('button', { name: 'Refresh' })).toBeNull();
  });

  it('says in the main area which address its page is of, as the page changes', async () => {
    const { user } = renderLayout('/health?tab=all');
    const main = await screen.findByRole('main');
    expect(main).toHaveAttribute('data-path', '/health?tab=all');
    await user.click(await screen.findByRole('link', { name: 'About' }));
    expect(await screen.findByText('About the console')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('data-path', '/about');
  });

  it('links the bell to the notifications', async () => {
    const { user, currentUrl } = renderLayout();
    const bell = await screen.findByRole('link', { name: 'Notifications' });
    expect(bell).toHaveAttribute('href', '/notifications');
    await user.click(bell);
    expect(currentUrl()).toBe('/notifications');
    expect(screen.getByText('Notifications page')).toBeInTheDocument();
  });

  it('has the preferences, help and user menus', async () => {
    const { user } = renderLayout();
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('button', { name: 'Preferences' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'User menu' })).toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Help' }));
    const help = await screen.findByRole('menu', { name: 'Help' });
    const items = within(help).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual(
      HELP_LINKS.map((link) => [link.text, link.href]),
    );
    for (const item of items) expect(item).toHaveAttribute('target', '_blank');
  });

  it('keeps the page at least 800 px wide, with the sidebar beside it', async () => {
    const { container } = renderLayout();
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(container.querySelector('.mc-shell')).toHaveStyle({
      minWidth: `${MIN_PAGE_WIDTH_PX}px`,
    });
    expect(MIN_PAGE_WIDTH_PX).toBe(800);
    expect(screen.getByRole('main')).toHaveTextContent('Refreshed 0 times');
  });
});
