import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import type { AccessReviewRequest } from '../../../contracts/playbookAccess';
import type { PermissionSummary } from '../../../src/api/schemas/permissions';
import { PlaybookPermissionsDialog } from '../../../src/features/playbooks/permissions/PlaybookPermissionsDialog';
import { ACCESS_CHECK_DIALOG_LABELS as CHECK } from '../../../src/features/permissions/model/accessCheck';
import type { PermissionsTab } from '../../../src/features/playbooks/permissions/model/dialogParams';
import { PLAYBOOK_PERMISSIONS_LABELS as LABELS } from '../../../src/features/playbooks/permissions/model/playbookPermissions';
import { server } from '../../support/msw';
import { postgrestTable } from '../../support/postgrestTable';
import { renderApp } from '../../support/renderApp';
import type { RenderAppOptions } from '../../support/renderApp';
import { appPages } from '../../../src/app/routes';
import { pagesAt, renderPages } from '../../support/renderPages';
import { RESTART_ID, playbooksPageBackend } from './playbooksPageBackend';

const PLAYBOOK = {
  id: RESTART_ID,
  name: 'restart-deployment',
  namespace: 'ops',
  title: 'Restart Deployment',
  description: null,
  icon: 'refresh',
  category: 'Kubernetes',
  spec: {},
  source: 'UI',
  created_by: null,
};
const TEAM_ID = '018f4b8e-1111-7000-8000-000000000001';

function permission(
  id: string,
  fields: Partial<PermissionSummary> & Pick<PermissionSummary, 'action'>,
): PermissionSummary {
  return {
    id,
    name: id,
    namespace: null,
    description: '',
    subject: 'someone',
    subject_type: 'person',
    deny: false,
    source: 'UI',
    created_by: null,
    ...fields,
  };
}

/** Rows the inbound question finds: by id, for every playbook, and selectors. */
const BY_ID = permission('by-id', {
  subject: TEAM_ID,
  subject_type: 'team',
  team: { id: TEAM_ID, name: 'Platform' },
  action: 'playbook:run',
  playbook_object: { id: RESTART_ID, name: 'Restart Deployment' },
});
const DENIED = permission('denied', {
  subject: 'p-1',
  subject_type: 'person',
  person: { id: 'p-1', name: 'Pat Person' },
  action: 'playbook:run',
  deny: true,
  source: 'KubernetesCRD',
  name: 'no-restarts',
  namespace: 'security',
  playbook_object: { id: RESTART_ID, name: 'Restart Deployment' },
});
const BY_SELECTOR = permission('by-selector', {
  subject: 'oncall',
  subject_type: 'group',
  action: 'playbook:approve',
  object_selector: { playbooks: [{ name: 'restart-*' }] },
});
const OTHER_SELECTOR = permission('other-selector', {
  subject: TEAM_ID,
  subject_type: 'team',
  action: 'playbook:run',
  object_selector: { playbooks: [{ name: 'scale-deployment' }] },
});
const OTHER_NAMESPACE = permission('other-namespace', {
  subject: TEAM_ID,
  subject_type: 'team',
  action: 'playbook:run',
  object_selector: { playbooks: [{ name: 'restart-deployment', namespace: 'dev' }] },
});
const EVERYONE = permission('everyone', {
  subject: 'everyone',
  subject_type: 'group',
  action: 'playbook:run',
  object: 'playbooks',
});
const EVERYONE_ON_PROD = permission('everyone-on-prod', {
  subject: 'everyone',
  subject_type: 'group',
  action: 'playbook:run',
  object_selector: {
    playbooks: [{ name: 'restart-deployment' }],
    configs: [{ name: '*', namespace: 'prod' }],
  },
});
/** A row whose subject is the playbook. */
const OUTBOUND = permission('outbound', {
  subject: RESTART_ID,
  subject_type: 'playbook',
  playbook: { id: RESTART_ID, name: 'restart-deployment', title: 'Restart Deployment' },
  action: 'read',
  object: 'catalog',
  source: 'KubernetesCRD',
  name: 'restart-reads-catalog',
  namespace: 'ops',
});

interface Backend {
  inbound: URL[];
  outbound: URL[];
  reviews: AccessReviewRequest[];
}

/**
 * PB-02 for the playbook, PERM-01's two questions (inbound: `or=(…)`; outbound: `subject=eq.`)
 * answered from `inbound` and `outbound`, and the access review answered by `review`.
 */
function backend(
  inbound: PermissionSummary[],
  review: (body: AccessReviewRequest) => Response | Promise<Response> = (body) =>
    HttpResponse.json({ resource: body.resource, action: body.action, results: [] }),
): Backend {
  const seen: Backend = { inbound: [], outbound: [], reviews: [] };
  postgrestTable('playbooks', [PLAYBOOK]);
  server.use(
    http.get('*/api/db/permissions_summary', ({ request }) => {
      const url = new URL(request.url);
      if (url.searchParams.get('subject') !== null) {
        seen.outbound.push(url);
        return HttpResponse.json([OUTBOUND]);
      }
      seen.inbound.push(url);
      return HttpResponse.json(inbound);
    }),
    http.post('*/api/rbac/subject-access-reviews', async ({ request }) => {
      const body = (await request.json()) as AccessReviewRequest;
      seen.reviews.push(body);
      return review(body);
    }),
  );
  return seen;
}

function Harness() {
  const [tab, setTab] = useState<PermissionsTab>('inbound');
  return (
    <PlaybookPermissionsDialog
      playbookId={RESTART_ID}
      tab={tab}
      onTabChange={setTab}
      onClose={() => undefined}
    />
  );
}

function renderDialog(options: RenderAppOptions = {}) {
  return renderApp(<Harness />, { url: '/playbooks', ...options });
}

const ui = {
  dialog: () => screen.findByRole('dialog', { name: LABELS.title('Restart Deployment') }),
  table: (name: string) => screen.findByRole('table', { name }),
  rows: (table: HTMLElement) => within(table).getAllByRole('row').slice(1),
  cells: (row: HTMLElement) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  warning: () => screen.queryByText(LABELS.warningTitle),
};

describe('a playbook’s Permissions dialog', () => {
  it('lists the permissions that reach the playbook by id, by selector and for every playbook', async () => {
    const seen = backend([BY_ID, DENIED, BY_SELECTOR, OTHER_SELECTOR, OTHER_NAMESPACE]);
    renderDialog();
    await ui.dialog();
    const table = await ui.table(LABELS.inbound);
    await waitFor(() => expect(ui.rows(table)).toHaveLength(3));
    // Denies first; subject, action, effect, object, source.
    expect(ui.rows(table).map(ui.cells)).toEqual([
      [
        'Person: Pat Person',
        'playbook:run',
        'Deny',
        'Playbook: Restart Deployment',
        'Kubernetes: security/no-restarts',
      ],
      ['Group: oncall', 'playbook:approve', 'Allow', 'Playbooks: restart-*', 'Console'],
      ['Team: Platform', 'playbook:run', 'Allow', 'Playbook: Restart Deployment', 'Console'],
    ]);
    // The team is a link to its page.
    expect(within(table).getByRole('link', { name: 'Platform' })).toHaveAttribute(
      'href',
      `/settings/teams/${TEAM_ID}`,
    );
    // One question, by the playbook's id, for every playbook, or by a selector of playbooks.
    const asked = seen.inbound[0]!.searchParams;
    expect(asked.get('or')).toBe(
      `(playbook_object->>id.eq.${RESTART_ID},object.in.(playbooks,*),object_selector->playbooks.not.is.null)`,
    );
    expect(asked.get('deleted_at')).toBe('is.null');
    expect(ui.warning()).toBeNull();
  });

  it('lists what the playbook itself may act on in Outbound', async () => {
    const seen = backend([BY_ID]);
    const { user } = renderDialog();
    await ui.dialog();
    await user.click(screen.getByRole('tab', { name: LABELS.outbound }));
    const table = await ui.table(LABELS.outbound);
    await waitFor(() => expect(ui.rows(table)).toHaveLength(1));
    expect(ui.cells(ui.rows(table)[0]!)).toEqual([
      'Playbook: Restart Deployment',
      'read',
      'Allow',
      'Object: catalog',
      'Kubernetes: ops/restart-reads-catalog',
    ]);
    expect(within(table).getByRole('link', { name: 'Restart Deployment' })).toHaveAttribute(
      'href',
      `/playbooks/${RESTART_ID}`,
    );
    const asked = seen.outbound[0]!.searchParams;
    expect(asked.get('subject')).toBe(`eq.${RESTART_ID}`);
    expect(asked.get('subject_type')).toBe('eq.playbook');
  });

  it('warns when anyone may run the playbook unrestricted, with a narrower example', async () => {
    backend([BY_ID, EVERYONE]);
    renderDialog();
    await ui.dialog();
    expect(await screen.findByText(LABELS.warningTitle)).toBeInTheDocument();
    const example = screen.getByLabelText(LABELS.example);
    expect(example.textContent).toContain('- playbook:run');
    expect(example.textContent).toContain('team: sre');
    expect(example.textContent).toContain('- name: restart-deployment');
    expect(example.textContent).toContain('namespace: ops');
    expect(example.textContent).toContain('configs:');
  });

  it('does not warn when everyone may run it only on some configs', async () => {
    backend([BY_ID, EVERYONE_ON_PROD]);
    renderDialog();
    const table = await ui.table(LABELS.inbound);
    await waitFor(() => expect(ui.rows(table)).toHaveLength(2));
    expect(ui.cells(ui.rows(table)[1]!)[0]).toBe('Group: Everyone');
    expect(ui.warning()).toBeNull();
  });
});

describe('the Permissions dialog on /playbooks', () => {
  const PAGES = pagesAt('/playbooks');

  it('opens from a card’s Permissions button and from the address', async () => {
    playbooksPageBackend();
    backend([BY_ID]);
    const { user, currentUrl } = renderPages(PAGES, '/playbooks');
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Permissions Restart Deployment' },
        { timeout: 5_000 },
      ),
    );
    await ui.dialog();
    expect(currentUrl()).toContain(`permissions=${RESTART_ID}`);
    await user.click(screen.getByRole('tab', { name: LABELS.outbound }));
    await waitFor(() => expect(currentUrl()).toContain('permissionsTab=outbound'));
    const closeButtons = screen.getAllByRole('button', { name: LABELS.close });
    await user.click(closeButtons[closeButtons.length - 1]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentUrl()).not.toContain('permissions=');
  });

  it('opens on the tab the address names', async () => {
    playbooksPageBackend();
    backend([BY_ID]);
    renderPages(PAGES, `/playbooks?permissions=${RESTART_ID}&permissionsTab=outbound`);
    const table = await screen.findByRole('table', { name: LABELS.outbound }, { timeout: 5_000 });
    await waitFor(() => expect(ui.rows(table)).toHaveLength(1));
  });
  it('opens the access check on the playbook from its Check access button', async () => {
    playbooksPageBackend();
    const seen = backend([BY_ID], (body) =>
      HttpResponse.json({
        resource: body.resource,
        action: body.action,
        results: [
          {
            subject: 'viewer',
            allowed: false,
            rules: [
              {
                source: 'permission',
                effect: 'deny',
                description: 'Viewers never run it',
                permission: {
                  id: 'd-1',
                  name: 'no-restarts',
                  namespace: 'security',
                  action: 'playbook:run',
                  subject: 'viewer',
                  subject_type: 'group',
                },
              },
            ],
          },
        ],
      }),
    );
    const { user } = renderPages(appPages, `/playbooks?permissions=${RESTART_ID}`);
    const permissions = await ui.dialog();
    await user.click(
      within(permissions).getByRole('button', { name: 'Check access Restart Deployment' }),
    );
    const check = await screen.findByRole('dialog', { name: CHECK.title }, { timeout: 5_000 });
    expect(within(check).getByLabelText('Playbook')).toHaveValue('Restart Deployment');
    await user.selectOptions(
      within(check).getByRole('combobox', { name: CHECK.subjectKind }),
      'role',
    );
    await user.selectOptions(within(check).getByRole('combobox', { name: CHECK.role }), 'viewer');
    await user.click(within(check).getByRole('button', { name: CHECK.submit }));
    const answer = await within(check).findByRole('status', {}, { timeout: 5_000 });
    expect(answer).toHaveTextContent(CHECK.denied);
    expect(within(answer).getByRole('list', { name: CHECK.rules })).toHaveTextContent(
      'Viewers never run it',
    );
    expect(seen.reviews).toEqual([
      { resource: { playbook: RESTART_ID }, action: 'playbook:run', subjects: ['viewer'] },
    ]);
  });

  it('offers Check access only to those who read access rules', async () => {
    playbooksPageBackend();
    backend([BY_ID]);
    renderPages(appPages, `/playbooks?permissions=${RESTART_ID}`, { roles: ['editor'] });
    const permissions = await ui.dialog();
    await ui.table(LABELS.inbound);
    expect(
      within(permissions).queryByRole('button', { name: 'Check access Restart Deployment' }),
    ).toBeNull();
  });
});
