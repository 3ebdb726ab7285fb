import { Classes } from '@blueprintjs/core';
import { screen, within } from '@testing-library/react';
import { outcomeAnnounced } from '../../../src/api/outcomes';
import { useAppDispatch } from '../../../src/shell/hooks';
import { renderWithApp } from '../../support/renderApp';

/** A page that tells an outcome with a follow-up, and the page the follow-up opens. */
function Announcer() {
  const dispatch = useAppDispatch();
  return (
    <button
      type="button"
      onClick={() =>
        dispatch(
          outcomeAnnounced({
            kind: 'success',
            message: 'Evidence linked to Checkout outage',
            action: { text: 'Open incident', href: '/incidents/inc-1' },
          }),
        )
      }
    >
      Link
    </button>
  );
}

function renderAnnouncer() {
  return renderWithApp([
    { path: '/', element: <Announcer /> },
    { path: '/incidents/:id', element: <h1>Incident page</h1> },
  ]);
}

async function toastOf(text: string): Promise<HTMLElement> {
  const message = await screen.findByText(text);
  const toast = message.closest<HTMLElement>(`.${Classes.TOAST}`);
  if (!toast) throw new Error(`no toast around ${text}`);
  return toast;
}

describe('outcome toasts with an action', () => {
  it('show the action as a link to its address', async () => {
    const { user } = renderAnnouncer();
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const toast = await toastOf('Evidence linked to Checkout outage');
    expect(toast).toHaveClass(Classes.INTENT_SUCCESS);
    expect(within(toast).getByRole('button', { name: 'Open incident' })).toHaveAttribute(
      'href',
      '/incidents/inc-1',
    );
  });

  it('open the address inside the console on a click, and go', async () => {
    const { user, currentUrl } = renderAnnouncer();
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const toast = await toastOf('Evidence linked to Checkout outage');
    await user.click(within(toast).getByRole('button', { name: 'Open incident' }));
    expect(await screen.findByRole('heading', { name: 'Incident page' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/incidents/inc-1');
  });
});
