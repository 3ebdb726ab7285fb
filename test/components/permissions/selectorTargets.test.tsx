/**
 * A permission chosen by selectors shows each selector entry as a link that opens what the entry
 * selects now (MISC-03 for playbooks, configs, components and connections; the tables for views
 * and Scopes), each a link to that object's page, without opening the permission's row.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { PermissionSummary } from '../../../src/api/schemas/permissions';
import { appPages } from '../../../src/app/routes';
import { RESOURCE_CELL_LABELS as LABELS } from '../../../src/features/permissions/ResourceCell';
import { server } from '../../support/msw';
import { renderPages } from '../../support/renderPages';
import { SLOW, findTable } from '../../support/tables';
import { CRD_DENY, PLAYBOOKS, TEAM_RUNS_PLAYBOOK, permissionsBackend } from './permissionsBackend';

jest.setTimeout(60_000);

const BY_SCOPE: PermissionSummary = {
  ...CRD_DENY,
  id: '7d1b2c4e-0000-4000-8000-000000000001',
  description: 'The SRE runbooks scope reads',
  action: 'read',
  object: null,
  deny: false,
  object_selector: { scopes: [{ namespace: 'sre', name: 'runbooks' }] },
};

/** MISC-03 by exact name, recording the selectors asked. */
function searchByName() {
  const asked: Array<Record<string, unknown>> = [];
  server.use(
    http.post('*/api/resources/search', async ({ request }) => {
      const body = (await request.json()) as Record<string, Array<Record<string, unknown>>>;
      asked.push(body);
      const wanted = body.playbooks?.[0]?.name;
      return HttpResponse.json({
        playbooks: PLAYBOOKS.filter((playbook) => playbook.name === wanted).map(({ id, name }) => ({
          id,
          name,
        })),
      });
    }),
  );
  return asked;
}

describe('selector targets on the permissions page', () => {
  it('opens what a playbook selector selects, each a link to the playbook', async () => {
    permissionsBackend([TEAM_RUNS_PLAYBOOK, CRD_DENY]);
    const asked = searchByName();
    const { user, currentUrl } = renderPages(appPages, '/settings/permissions');
    await findTable('Permissions');
    const entry = await screen.findByRole(
      'button',
      { name: LABELS.resolvesTo('restart-deployment') },
      SLOW,
    );
    await user.click(entry);
    const link = await screen.findByRole('link', { name: 'restart-deployment' }, SLOW);
    // The row's dialog did not open.
    expect(currentUrl()).toBe('/settings/permissions');
    expect(asked).toEqual([{ playbooks: [{ name: 'restart-deployment', limit: 20 }] }]);
    expect(screen.queryByRole('link', { name: 'drain-node' })).toBeNull();
    await user.click(link);
    await waitFor(() => expect(currentUrl()).toBe(`/playbooks/${PLAYBOOKS[1]!.id}`));
  });

  it('opens the Scope a scope selector names, linked to its dialog', async () => {
    permissionsBackend([BY_SCOPE]);
    const { user } = renderPages(appPages, '/settings/permissions');
    await findTable('Permissions');
    await user.click(
      await screen.findByRole('button', { name: LABELS.resolvesTo('sre/runbooks') }, SLOW),
    );
    const targets = await screen.findByLabelText(LABELS.resolvesTo('sre/runbooks'), {
      selector: 'div',
    });
    const link = await within(targets).findByRole('link', { name: 'sre/runbooks' }, SLOW);
    expect(link).toHaveAttribute('href', '/settings/scopes?id=s1');
  });

  it('says when a selector selects nothing now', async () => {
    permissionsBackend([
      { ...TEAM_RUNS_PLAYBOOK, object_selector: { playbooks: [{ name: 'gone' }] } },
    ]);
    searchByName();
    const { user } = renderPages(appPages, '/settings/permissions');
    await findTable('Permissions');
    await user.click(await screen.findByRole('button', { name: LABELS.resolvesTo('gone') }, SLOW));
    expect(await screen.findByText(LABELS.nothing, {}, SLOW)).toBeInTheDocument();
  });
});
