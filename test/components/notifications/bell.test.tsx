import { screen, waitFor } from '@testing-library/react';
import type { AppPage } from '../../../src/app/routes';
import { BELL_POLL_MS, bellBadge, bellLabel } from '../../../src/shell/TopBar';
import { historyBackend } from './historyBackend';
import { renderPages } from '../../support/renderPages';

const HOME: AppPage = {
  path: '/home',
  load: async () =>
    function Home() {
      return <p>home page</p>;
    },
  access: { resource: 'database' },
};

const SLOW = { timeout: 10_000 };

function renderShell(failedCount: number, roles?: string[]) {
  const backend = historyBackend({ failedCount });
  renderPages([HOME], '/home', { roles });
  return backend;
}

describe('the bell', () => {
  it('shows the failed sends of the last 24 hours in a badge and in its name', async () => {
    const backend = renderShell(3);
    const bell = await screen.findByRole(
      'link',
      { name: 'Notifications, 3 failed in the last 24 hours' },
      SLOW,
    );
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveTextContent('3');
    const read = backend.bellReads[0]!;
    expect(read.searchParams.get('status.filter')).toBe('error');
    expect(read.searchParams.get('created_at.filter')).toBe('>now-24h');
    expect(read.searchParams.get('limit')).toBe('1');
  });

  it('shows 99+ above 99', async () => {
    renderShell(250);
    const bell = await screen.findByRole(
      'link',
      { name: 'Notifications, more than 99 failed in the last 24 hours' },
      SLOW,
    );
    expect(bell).toHaveTextContent('99+');
  });

  it('has no badge when nothing failed', async () => {
    const backend = renderShell(0);
    await screen.findByText('home page', {}, SLOW);
    await waitFor(() => expect(backend.bellReads).toHaveLength(1));
    const bell = screen.getByRole('link', { name: 'Notifications' });
    expect(bell).toHaveTextContent('');
  });

  it('does not ask, nor show a badge, for someone who cannot read notifications', async () => {
    const backend = renderShell(5, []);
    // The page has settled (the user may not read it either).
    await screen.findByText('Unauthorized', {}, SLOW);
    await screen.findByRole('link', { name: 'Notifications' }, SLOW);
    expect(screen.queryByRole('link', { name: /failed in the last 24 hours/ })).toBeNull();
    expect(backend.bellReads).toHaveLength(0);
  });
});

describe('the badge text', () => {
  it('counts up to 99', () => {
    expect(bellBadge(0)).toBeUndefined();
    expect(bellBadge(1)).toBe('1');
    expect(bellBadge(99)).toBe('99');
    expect(bellBadge(100)).toBe('99+');
    expect(bellLabel(0)).toBe('Notifications');
    expect(BELL_POLL_MS).toBe(60_000);
  });
});
