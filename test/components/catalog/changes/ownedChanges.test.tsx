import '../../../support/withMonacoMock';
import { screen, waitFor } from '@testing-library/react';
import { ownershipBackend } from '../../../support/ownershipBackend';
import { pagesAt, renderPages } from '../../../support/renderPages';
import { SLOW, bodyRows, findTable } from '../../../support/tables';
import { changesBackend } from './changesBackend';

const PAGE = '/catalog/changes';

function renderOwnedChanges(url: string, teams?: Parameters<typeof ownershipBackend>[0]) {
  const backend = changesBackend();
  ownershipBackend(teams);
  return { ...renderPages(pagesAt(PAGE), url), backend };
}

const OWNED = 'Owned by my teams';

describe('Owned by my teams on the changes page', () => {
  it("asks CAT-19 for the changes of configs the user's live teams own, as a selector in id", async () => {
    const { backend } = renderOwnedChanges(`${PAGE}?owned=mine`);
    await findTable('Changes');
    await waitFor(() => expect(backend.bodies.length).toBeGreaterThan(0), SLOW);
    expect(backend.lastBody()?.id).toBe('labels.owner=Checkout,Payments');
    expect(screen.getByRole('checkbox', { name: OWNED })).toBeChecked();
  });

  it("narrows one config's changes to it and to what the teams own", async () => {
    const config = '0190d1a2-7c4e-7000-8000-00000000c0f1';
    const { backend } = renderOwnedChanges(`${PAGE}?owned=mine&id=${config}`);
    await waitFor(() => expect(backend.bodies.length).toBeGreaterThan(0), SLOW);
    expect(backend.lastBody()?.id).toBe(`id=${config} labels.owner=Checkout,Payments`);
  });

  it('asks nothing and lists nothing for a user in no team', async () => {
    const { backend } = renderOwnedChanges(`${PAGE}?owned=mine`, { myTeams: [] });
    expect(await screen.findByRole('checkbox', { name: OWNED })).toBeChecked();
    await waitFor(() => expect(screen.queryByText(/no changes/i)).toBeInTheDocument(), SLOW);
    expect(backend.bodies).toEqual([]);
  });

  it('keeps the switch in the address and asks again for every config', async () => {
    const rendered = renderOwnedChanges(PAGE);
    const table = await findTable('Changes');
    await waitFor(() => expect(bodyRows(table).length).toBeGreaterThan(0), SLOW);
    expect(rendered.backend.lastBody()?.id).toBeUndefined();
    await rendered.user.click(screen.getByRole('checkbox', { name: OWNED }));
    await waitFor(() => expect(rendered.currentUrl()).toContain('owned=mine'));
    await waitFor(() =>
      expect(rendered.backend.lastBody()?.id).toBe('labels.owner=Checkout,Payments'),
    );
  });
});
