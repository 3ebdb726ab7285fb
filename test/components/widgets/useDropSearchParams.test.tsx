import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { useDropSearchParams } from '../../../src/widgets/useDropSearchParams';

function Probe() {
  const drop = useDropSearchParams();
  const location = useLocation();
  return (
    <>
      <output aria-label="address">{location.pathname + location.search}</output>
      <button type="button" onClick={() => drop(['create', 'run'])}>
        Take the request
      </button>
    </>
  );
}

describe('useDropSearchParams', () => {
  it('removes the named parameters, keeps the others, and adds no history entry', async () => {
    const router = createMemoryRouter([{ path: '/incidents', element: <Probe /> }], {
      initialEntries: ['/', '/incidents?create=1&status=open&run=x'],
      initialIndex: 1,
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByLabelText('address')).toHaveTextContent(
      '/incidents?create=1&status=open&run=x',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Take the request' }));
    expect(screen.getByLabelText('address')).toHaveTextContent('/incidents?status=open');
    // Replaced, not pushed: Back leads where the visit came from.
    await act(async () => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });
});
