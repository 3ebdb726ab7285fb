/**
 * Where the access check opens with its resource preset: a playbook's card on `/playbooks` and
 * a connection's row on `/settings/connections`, as the app's routes supply the dialog.
 */
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { AccessReviewRequest } from '../../../contracts/playbookAccess';
import { appPages } from '../../../src/app/routes';
import { ACCESS_CHECK_DIALOG_LABELS as LABELS } from '../../../src/features/permissions/model/accessCheck';
import { server } from '../../support/msw';
import { renderPages } from '../../support/renderPages';
import { SLOW } from '../../support/tables';
import { UI_ID, connectionsBackend } from '../connections/connectionsBackend';
import { RESTART_ID, playbooksPageBackend } from '../playbooks/playbooksPageBackend';

jest.setTimeout(60_000);

/** The review answers that the role's rule allows it, recording what was asked. */
function reviewAllows() {
  const reviews: AccessReviewRequest[] = [];
  server.use(
    http.post('*/api/rbac/subject-access-reviews', async ({ request }) => {
      const body = (await request.json()) as AccessReviewRequest;
      reviews.push(body);
      return HttpResponse.json({
        resource: body.resource,
        action: body.action,
        results: body.subjects.map((subject) => ({
          subject,
          allowed: true,
          rules: [
            {
              source: 'role',
              effect: 'allow',
              description: 'Admins may do anything',
              role: subject,
            },
          ],
        })),
      });
    }),
  );
  return reviews;
}

const dialog = () => screen.findByRole('dialog', { name: LABELS.title }, SLOW);

describe('the access check opened on a resource', () => {
  it('opens from a playbook’s card with the playbook preset', async () => {
    playbooksPageBackend();
    const reviews = reviewAllows();
    const { user } = renderPages(appPages, '/playbooks');
    const [button] = await screen.findAllByRole(
      'button',
      { name: 'Check access Restart Deployment' },
      SLOW,
    );
    await user.click(button!);
    const opened = await dialog();
    expect(within(opened).getByRole('combobox', { name: LABELS.resourceKind })).toHaveValue(
      'playbook',
    );
    expect(within(opened).getByLabelText('Playbook')).toHaveValue('Restart Deployment');
    expect(within(opened).getByRole('combobox', { name: LABELS.action })).toHaveValue(
      'playbook:run',
    );

    await user.selectOptions(
      within(opened).getByRole('combobox', { name: LABELS.subjectKind }),
      'role',
    );
    await user.selectOptions(
      within(opened).getByRole('combobox', { name: LABELS.role }),
      'responder',
    );
    await user.click(within(opened).getByRole('button', { name: LABELS.submit }));
    expect(await within(opened).findByRole('status', {}, SLOW)).toHaveTextContent(LABELS.allowed);
    expect(reviews).toEqual([
      { resource: { playbook: RESTART_ID }, action: 'playbook:run', subjects: ['responder'] },
    ]);
  });

  it('opens from a connection’s row with the connection preset, without opening the row', async () => {
    connectionsBackend();
    const reviews = reviewAllows();
    const { user, currentUrl } = renderPages(appPages, '/settings/connections');
    const button = await screen.findByRole('button', { name: 'Check access legacy-crm' }, SLOW);
    await user.click(button);
    const opened = await dialog();
    expect(currentUrl()).toBe('/settings/connections');
    expect(within(opened).getByRole('combobox', { name: LABELS.resourceKind })).toHaveValue(
      'connection',
    );
    expect(within(opened).getByLabelText('Connection')).toHaveValue('legacy-crm');
    // The playbook actions are not offered on a connection.
    const action = within(opened).getByRole('combobox', { name: LABELS.action });
    expect(action).toHaveValue('read');
    expect(within(action).queryByRole('option', { name: 'playbook:run' })).toBeNull();

    await user.selectOptions(
      within(opened).getByRole('combobox', { name: LABELS.subjectKind }),
      'role',
    );
    await user.selectOptions(within(opened).getByRole('combobox', { name: LABELS.role }), 'admin');
    await user.click(within(opened).getByRole('button', { name: LABELS.submit }));
    const answer = await within(opened).findByRole('status', {}, SLOW);
    expect(answer).toHaveTextContent(LABELS.allowed);
    expect(answer).toHaveTextContent('Admins may do anything');
    expect(reviews).toEqual([
      { resource: { connection: UI_ID }, action: 'read', subjects: ['admin'] },
    ]);
  });
});
