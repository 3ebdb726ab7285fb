import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { AppPage } from '../../../src/app/routes';
import { SESSION_RENEWAL_TITLE } from '../../../src/auth/kratos/SessionRenewalDialog';
import { server } from '../../support/msw';
import { renderPages } from '../../support/renderPages';
import { DEFAULT_USER } from '../../support/shellHandlers';

jest.setTimeout(30_000);

function page(path: string, text: string): AppPage {
  return {
    path,
    load: async () =>
      function Page() {
        return <p>{text}</p>;
      },
    access: { resource: 'database' },
  };
}

const PAGES = [
  page('/settings/plugins', 'The plugins'),
  page('/incidents/:id', 'One incident'),
  page('/health', 'The checks'),
];

interface Visit {
  person_id: string;
  key: string;
}

/** Records each visit the console posts, answering it as the backend would (or with `status`). */
function recordVisits(status = 201): Visit[] {
  const visits: Visit[] = [];
  server.use(
    http.post('*/api/db/person_analytics', async ({ request }) => {
      expect(request.headers.get('prefer')).toBe('return=minimal');
      visits.push((await request.json()) as Visit);
      return status === 201
        ? new HttpResponse(null, { status })
        : HttpResponse.json({ message: 'refused' }, { status });
    }),
  );
  return visits;
}

describe('page visits', () => {
  it('posts one visit per page the user goes to, for the signed-in person, by route pattern', async () => {
    const visits = recordVisits();
    const { router } = renderPages(PAGES, '/settings/plugins');
    expect(await screen.findByText('The plugins')).toBeInTheDocument();
    await waitFor(() =>
      expect(visits).toEqual([{ person_id: DEFAULT_USER.id, key: 'page:/settings/plugins' }]),
    );

    await act(() => router.navigate('/incidents/42'));
    expect(await screen.findByText('One incident')).toBeInTheDocument();
    // Only the query changes: the same visit, nothing posted.
    await act(() => router.navigate('/incidents/42?tab=timeline'));
    // Another incident is another visit of the same page.
    await act(() => router.navigate('/incidents/43'));
    await act(() => router.navigate('/health'));
    expect(await screen.findByText('The checks')).toBeInTheDocument();

    await waitFor(() => expect(visits).toHaveLength(4));
    expect(visits.map((visit) => visit.key)).toEqual([
      'page:/settings/plugins',
      'page:/incidents/:id',
      'page:/incidents/:id',
      // The original console's key of the health page.
      'health.view',
    ]);
    expect(visits.every((visit) => visit.person_id === DEFAULT_USER.id)).toBe(true);
  });

  it('goes on silently when a visit cannot be recorded', async () => {
    const visits = recordVisits(500);
    const { router } = renderPages(PAGES, '/settings/plugins');
    expect(await screen.findByText('The plugins')).toBeInTheDocument();
    await waitFor(() => expect(visits).toHaveLength(1));
    await act(() => router.navigate('/health'));
    expect(await screen.findByText('The checks')).toBeInTheDocument();
    await waitFor(() => expect(visits).toHaveLength(2));
    expect(document.querySelector('.bp6-toast')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not ask the user to sign in again when a visit is refused with 401', async () => {
    const visits = recordVisits(401);
    renderPages(PAGES, '/health');
    expect(await screen.findByText('The checks')).toBeInTheDocument();
    await waitFor(() => expect(visits).toHaveLength(1));
    expect(screen.getByText('The checks')).toBeVisible();
    expect(screen.queryByText(SESSION_RENEWAL_TITLE)).toBeNull();
  });
});
