import { screen, waitFor, within } from '@testing-library/react';
import { appPages } from '../../../src/app/routes';
import type { RenderPagesOptions } from '../../support/renderPages';
import { renderPages } from '../../support/renderPages';
import { DEFAULT_USER } from '../../support/shellHandlers';
import { SEEDED_SCOPES, scopesBackend } from './scopesBackend';
import { SLOW, bodyRows, findTable } from '../../support/tables';

jest.setTimeout(60_000);

const URL = '/settings/scopes';
const MESSAGES = {
  name: 'Name is required',
  targets: 'At least one target is required',
  oneType: 'Each target can only have one resource type.',
  empty:
    'Target cannot be empty. Please specify at least one of: name, agent, tags, or enable wildcard.',
  banner:
    'Read-Only Mode: This resource is managed by Kubernetes CRD and cannot be edited from the UI.',
  noTargets: 'No targets defined. Click Add Target to create one.',
};

const ui = {
  table: () => findTable('Scopes'),
  rows: () => bodyRows('Scopes'),
  cells: (row: HTMLElement) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  row: (name: string) => screen.getByText(name).closest('tr')!,
  dialog: (name: string) => screen.findByRole('dialog', { name }),
  confirm: (name: string) => screen.findByRole('alertdialog', { name }),
  target: (dialog: HTMLElement, n: number) =>
    within(dialog).getByRole('region', { name: `Target ${n}` }),
  targets: (dialog: HTMLElement) =>
    within(dialog).queryAllByRole('region', { name: /^Target \d+$/ }),
  save: (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /^(Save|Update)$/ }),
};

function renderPage(
  backend = scopesBackend(),
  { url = URL, ...options }: RenderPagesOptions & { url?: string } = {},
) {
  return { ...renderPages(appPages, url, options), backend };
}

async function openAdd() {
  const rendered = renderPage();
  await ui.table();
  await rendered.user.click(await screen.findByRole('button', { name: 'Add Scope' }));
  const dialog = await ui.dialog('Add Scope');
  return { ...rendered, dialog };
}

describe('scopes list', () => {
  it('shows the scopes that are not deleted, with namespace, target count and creator', async () => {
    const { backend } = renderPage();
    await ui.table();
    expect(ui.rows()).toHaveLength(2);
    const [crd, console] = ui.rows().map(ui.cells);
    expect(crd![0]).toBe('production-catalogmission-control');
    expect(crd![1]).toBe('2 targets');
    expect(crd![2]).toBe('Everything scraped from the production clusters');
    expect(crd![5]).toBe('KubernetesCRD');
    expect(console![1]).toBe('1 target');
    expect(console![5]).toBe('Eli Editor');
    expect(within(ui.row('everything')).getByText('mission-control')).toBeInTheDocument();
    expect(screen.queryByText('old-scope')).toBeNull();

    const read = backend.reads[0]!.url;
    expect(read.searchParams.get('select')).toBe('*,created_by(id,name,avatar,email)');
    expect(read.searchParams.get('deleted_at')).toBe('is.null');
  });

  it('says Error loading scopes when the list fails', async () => {
    const backend = scopesBackend();
    backend.scopes.fail('GET', 500, { message: 'relation "scopes" is unavailable' });
    renderPage(backend);
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Error loading scopes');
    expect(alert).toHaveTextContent('relation "scopes" is unavailable');
  });

  it('reloads with the Refresh button', async () => {
    const { backend, user } = renderPage();
    await ui.table();
    expect(backend.reads).toHaveLength(1);
    await user.click(await screen.findByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(backend.reads).toHaveLength(2), SLOW);
  });

  it.each(['viewer', 'guest', 'responder'])('has no add button for a %s', async (role) => {
    const { user } = renderPage(scopesBackend(), { user: { roles: [role] } });
    await ui.table();
    expect(screen.queryByRole('button', { name: 'Add Scope' })).toBeNull();
    // The row still opens, read-only: no Save, no Delete.
    await user.click(screen.getByText('everything'));
    const dialog = await ui.dialog('Edit Scope');
    expect(within(dialog).queryByRole('button', { name: /^(Save|Update)$/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(dialog).getByLabelText('Name (required)')).toBeDisabled();
  });
});

describe('adding a scope', () => {
  it('suggests names of the target’s kind as the user types, and keeps a typed pattern', async () => {
    const { user, dialog, backend } = await openAdd();
    await user.type(within(dialog).getByLabelText('Name (required)'), 'payments');
    const target = ui.target(dialog, 1);
    await user.selectOptions(within(target).getByLabelText('Resource Type'), 'Component');
    const name = within(target).getByRole('combobox', { name: 'Name' });
    await user.click(name);
    await user.type(name, 'pay');
    // Suggestions come from the server's resource search for components (MISC-03).
    const worker = await screen.findByRole('option', { name: /^payments-worker/ }, SLOW);
    expect(screen.getByRole('option', { name: /^payments-api/ })).toBeInTheDocument();
    expect(backend.searches).toContainEqual({ components: [{ search: 'pay', agent: 'all' }] });
    await user.click(within(worker).getByText('payments-worker'));
    expect(name).toHaveValue('payments-worker');
    // A pattern no resource is named is kept as typed.
    await user.click(within(dialog).getByRole('button', { name: 'Add Target' }));
    const second = ui.target(dialog, 2);
    await user.type(within(second).getByRole('combobox', { name: 'Name' }), 'web-*');
    await user.click(ui.save(dialog));
    expect(await screen.findByText('Scope created')).toBeInTheDocument();
    expect(backend.writes[0]!.body.targets).toEqual([
      { component: { name: 'payments-worker' } },
      { config: { name: 'web-*' } },
    ]);
  });

  it('creates a scope from the form and says so', async () => {
    const { user, dialog, backend } = await openAdd();
    expect(ui.targets(dialog)).toHaveLength(1);
    await user.type(within(dialog).getByLabelText('Name (required)'), 'payments');
    await user.type(within(dialog).getByLabelText('Namespace'), 'finance');
    await user.type(within(dialog).getByLabelText('Description'), 'Payment workloads');
    const target = ui.target(dialog, 1);
    await user.selectOptions(within(target).getByLabelText('Resource Type'), 'Component');
    await user.type(within(target).getByLabelText('Name'), 'payments-api');
    await user.selectOptions(within(target).getByLabelText('Agent'), 'eu-west-1-prod');
    await user.click(within(target).getByRole('button', { name: 'Add Tag' }));
    await user.type(within(target).getByLabelText('Tag 1 key'), 'team');
    await user.type(within(target).getByLabelText('Tag 1 value'), 'payments');
    await user.click(within(target).getByRole('button', { name: 'Add Tag' }));
    await user.type(within(target).getByLabelText('Tag 2 key'), 'env');
    await user.type(within(target).getByLabelText('Tag 2 value'), 'prod');
    await user.click(ui.save(dialog));

    expect(await screen.findByText('Scope created')).toBeInTheDocument();
    expect(backend.writes).toEqual([
      {
        method: 'POST',
        filters: {},
        prefer: 'return=representation',
        body: {
          name: 'payments',
          namespace: 'finance',
          description: 'Payment workloads',
          targets: [
            {
              component: {
                name: 'payments-api',
                agent: 'eu-west-1-prod',
                tagSelector: 'team=payments,env=prod',
              },
            },
          ],
          source: 'UI',
          created_by: DEFAULT_USER.id,
        },
      },
    ]);
    await waitFor(
      () => expect(screen.queryByRole('dialog', { name: 'Add Scope' })).toBeNull(),
      SLOW,
    );
    expect(await screen.findByText('payments')).toBeInTheDocument();
  });

  it('loads the agents for the agent select', async () => {
    const { dialog, backend } = await openAdd();
    const agent = within(ui.target(dialog, 1)).getByLabelText('Agent');
    await waitFor(
      () =>
        expect(
          within(agent)
            .getAllByRole('option')
            .map((o) => o.textContent),
        ).toEqual(['Any agent', 'local', 'eu-west-1-prod']),
      SLOW,
    );
    expect(backend.agentReads[0]!.url.searchParams.get('select')).toBe('id,name,description');
  });

  it('requires a name and a non-empty target, and sends nothing until then', async () => {
    const { user, dialog, backend } = await openAdd();
    await user.click(ui.save(dialog));
    expect(await within(dialog).findByText(MESSAGES.name)).toBeInTheDocument();
    expect(within(ui.target(dialog, 1)).getByRole('alert')).toHaveTextContent(MESSAGES.empty);
    expect(backend.writes).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name (required)'), 'web');
    await user.type(within(ui.target(dialog, 1)).getByLabelText('Name'), 'web-*');
    expect(within(dialog).queryByText(MESSAGES.name)).toBeNull();
    expect(within(dialog).queryByText(MESSAGES.empty)).toBeNull();
  });

  it('turning on the wildcard clears name, agent and tags', async () => {
    const { user, dialog, backend } = await openAdd();
    await user.type(within(dialog).getByLabelText('Name (required)'), 'all-configs');
    const target = ui.target(dialog, 1);
    await user.type(within(target).getByLabelText('Name'), 'web');
    await waitFor(
      () => expect(within(target).getAllByRole('option', { name: 'local' })).toHaveLength(1),
      SLOW,
    );
    await user.selectOptions(within(target).getByLabelText('Agent'), 'local');
    await user.click(within(target).getByRole('button', { name: 'Add Tag' }));
    await user.type(within(target).getByLabelText('Tag 1 key'), 'env');

    await user.click(within(target).getByRole('checkbox', { name: 'Wildcard' }));
    expect(within(target).getByLabelText('Name')).toHaveValue('');
    expect(within(target).getByLabelText('Name')).toBeDisabled();
    expect(within(target).getByLabelText('Agent')).toHaveValue('');
    expect(within(target).queryByLabelText('Tag 1 key')).toBeNull();

    await user.click(ui.save(dialog));
    await screen.findByText('Scope created');
    expect(backend.writes[0]!.body.targets).toEqual([{ config: { name: '*' } }]);
  });

  it('turning the wildcard off again leaves the fields empty', async () => {
    const { user, dialog } = await openAdd();
    const target = ui.target(dialog, 1);
    await user.type(within(target).getByLabelText('Name'), 'web');
    const wildcard = within(target).getByRole('checkbox', { name: 'Wildcard' });
    await user.click(wildcard);
    await user.click(wildcard);
    expect(within(target).getByLabelText('Name')).toHaveValue('');
    expect(within(target).getByLabelText('Name')).toBeEnabled();
  });

  it('adds targets and never removes the last one', async () => {
    const { user, dialog } = await openAdd();
    const removeFirst = () =>
      within(ui.target(dialog, 1)).getByRole('button', { name: 'Remove Target 1' });
    expect(removeFirst()).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Add Target' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Target' }));
    expect(ui.targets(dialog)).toHaveLength(3);
    await user.type(within(ui.target(dialog, 3)).getByLabelText('Name'), 'third');
    await user.click(removeFirst());
    await user.click(removeFirst());
    expect(ui.targets(dialog)).toHaveLength(1);
    expect(within(ui.target(dialog, 1)).getByLabelText('Name')).toHaveValue('third');
    expect(removeFirst()).toBeDisabled();
    await user.click(removeFirst());
    expect(ui.targets(dialog)).toHaveLength(1);
  });

  it('hides the agent for playbook targets and explains global targets', async () => {
    const { user, dialog } = await openAdd();
    const target = ui.target(dialog, 1);
    const type = within(target).getByLabelText('Resource Type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Config', 'Component', 'Playbook', 'Canary', 'View', 'Global']);
    await user.selectOptions(type, 'Playbook');
    expect(within(target).queryByLabelText('Agent')).toBeNull();
    await user.selectOptions(type, 'Global');
    expect(within(target).getByLabelText('Agent')).toBeInTheDocument();
    expect(
      within(target).getByText(
        'Tags apply only to config resources, agent applies to all but playbooks.',
      ),
    ).toBeInTheDocument();
    expect(within(target).getByText('Resources must match ALL tags.')).toBeInTheDocument();
  });

  it('shows the server’s message in an error toast and keeps the dialog', async () => {
    const { user, dialog, backend } = await openAdd();
    backend.scopes.fail(['POST', 'PATCH'], 409, {
      code: '23505',
      message: 'duplicate key value violates unique constraint "scopes_namespace_name_idx"',
    });
    await user.type(within(dialog).getByLabelText('Name (required)'), 'everything');
    await user.click(within(ui.target(dialog, 1)).getByRole('checkbox', { name: 'Wildcard' }));
    await user.click(ui.save(dialog));
    expect(
      await screen.findByText(
        'duplicate key value violates unique constraint "scopes_namespace_name_idx"',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Scope' })).toBeInTheDocument();
    expect(backend.writes).toEqual([]);
  });
});

describe('editing a scope', () => {
  it('keeps the open dialog in the address, so a reload shows it open', async () => {
    const { user, currentUrl } = renderPage(scopesBackend(), {
      url: `${URL}?id=6a8bd568-093f-4df2-9b79-1a4493388747`,
    });
    const edit = await ui.dialog('Edit Scope');
    expect(within(edit).getByLabelText('Name (required)')).toHaveValue('everything');
    await user.click(within(edit).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentUrl()).toBe(URL));

    await user.click(screen.getByRole('button', { name: 'Add Scope' }));
    await ui.dialog('Add Scope');
    expect(currentUrl()).toBe(`${URL}?new=1`);
  });

  it('opens Add Scope from a shared link', async () => {
    renderPage(scopesBackend(), { url: `${URL}?new=1` });
    const dialog = await ui.dialog('Add Scope');
    expect(within(dialog).getByLabelText('Name (required)')).toHaveValue('');
  });

  it('opens Edit Scope with the scope’s values and saves the changes', async () => {
    const { user, backend } = renderPage();
    await ui.table();
    await user.click(screen.getByText('everything'));
    const dialog = await ui.dialog('Edit Scope');
    expect(within(dialog).getByLabelText('Name (required)')).toHaveValue('everything');
    const first = ui.target(dialog, 1);
    expect(within(first).getByLabelText('Resource Type')).toHaveValue('global');
    expect(within(first).getByRole('checkbox', { name: 'Wildcard' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Add Target' }));
    const second = ui.target(dialog, 2);
    await user.selectOptions(within(second).getByLabelText('Resource Type'), 'Canary');
    await user.type(within(second).getByLabelText('Name'), 'dns-*');
    await user.click(within(first).getByRole('checkbox', { name: 'Wildcard' }));
    await user.type(within(first).getByLabelText('Name'), 'prod-*');
    await user.click(ui.save(dialog));

    expect(await screen.findByText('Scope updated')).toBeInTheDocument();
    expect(backend.writes).toEqual([
      {
        method: 'PATCH',
        filters: { id: `eq.${SEEDED_SCOPES[1]!.id}` },
        prefer: 'return=representation',
        body: {
          name: 'everything',
          namespace: 'mission-control',
          description: 'All resources of every kind',
          targets: [{ global: { name: 'prod-*' } }, { canary: { name: 'dns-*' } }],
          source: 'UI',
        },
      },
    ]);
    await waitFor(() => expect(ui.cells(ui.row('everything'))[1]).toBe('2 targets'), SLOW);
  });

  it('says when a target has more than one resource type', async () => {
    const backend = scopesBackend([
      {
        ...SEEDED_SCOPES[1]!,
        targets: [{ config: { name: 'web' }, component: { name: 'web' } }],
      },
    ]);
    const { user } = renderPage(backend);
    await ui.table();
    await user.click(screen.getByText('everything'));
    const dialog = await ui.dialog('Edit Scope');
    await user.click(ui.save(dialog));
    expect(within(ui.target(dialog, 1)).getByRole('alert')).toHaveTextContent(MESSAGES.oneType);
    // Choosing a type keeps exactly one.
    await user.selectOptions(
      within(ui.target(dialog, 1)).getByLabelText('Resource Type'),
      'Config',
    );
    expect(within(dialog).queryByText(MESSAGES.oneType)).toBeNull();
    expect(backend.writes).toEqual([]);
  });

  it('shows the empty state and requires a target when a scope has none', async () => {
    const backend = scopesBackend([{ ...SEEDED_SCOPES[1]!, targets: [] }]);
    const { user } = renderPage(backend);
    await ui.table();
    expect(ui.cells(ui.row('everything'))[1]).toBe('0 targets');
    await user.click(screen.getByText('everything'));
    const dialog = await ui.dialog('Edit Scope');
    expect(within(dialog).getByText(MESSAGES.noTargets)).toBeInTheDocument();
    await user.click(ui.save(dialog));
    expect(await within(dialog).findByText(MESSAGES.targets)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add Target' }));
    expect(within(dialog).queryByText(MESSAGES.noTargets)).toBeNull();
    expect(backend.writes).toEqual([]);
  });

  it('opens a Kubernetes scope read-only under the banner', async () => {
    const { user } = renderPage();
    await ui.table();
    await user.click(screen.getByText('production-catalog'));
    const dialog = await ui.dialog('Edit Scope');
    expect(within(dialog).getByRole('status')).toHaveTextContent(MESSAGES.banner);
    expect(within(dialog).getByLabelText('Name (required)')).toBeDisabled();
    expect(within(ui.target(dialog, 1)).getByLabelText('Resource Type')).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Add Target' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: /^(Save|Update)$/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    const close = within(dialog).getAllByRole('button', { name: 'Close' });
    expect(close).toHaveLength(2);
    await user.click(close[1]!);
    await waitFor(
      () => expect(screen.queryByRole('dialog', { name: 'Edit Scope' })).toBeNull(),
      SLOW,
    );
  });
});

describe('deleting a scope', () => {
  it('asks first, then soft-deletes the scope and says so', async () => {
    const { user, backend } = renderPage();
    await ui.table();
    await user.click(screen.getByText('everything'));
    const dialog = await ui.dialog('Edit Scope');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await ui.confirm('Delete Scope');
    expect(confirm).toHaveTextContent(
      'Are you sure you want to delete this scope? This action cannot be undone.',
    );

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(
      () => expect(screen.queryByRole('alertdialog', { name: 'Delete Scope' })).toBeNull(),
      SLOW,
    );
    expect(backend.writes).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await ui.confirm('Delete Scope')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Scope deleted')).toBeInTheDocument();
    expect(backend.writes).toHaveLength(1);
    const [write] = backend.writes;
    expect(write).toMatchObject({
      method: 'PATCH',
      filters: { id: `eq.${SEEDED_SCOPES[1]!.id}` },
    });
    expect(Object.keys(write!.body)).toEqual(['deleted_at']);
    expect(Number.isNaN(Date.parse(String(write!.body.deleted_at)))).toBe(false);
    await waitFor(() => expect(screen.queryByText('everything')).toBeNull(), SLOW);
    expect(screen.queryByRole('dialog', { name: 'Edit Scope' })).toBeNull();
  });

  it('reports a refused delete in an error toast', async () => {
    const { user, backend } = renderPage();
    await ui.table();
    backend.scopes.fail(['POST', 'PATCH'], 403, 'unauthorized. Access Denied');
    await user.click(screen.getByText('everything'));
    const dialog = await ui.dialog('Edit Scope');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await ui.confirm('Delete Scope')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('unauthorized. Access Denied')).toBeInTheDocument();
    expect(screen.getByText('everything')).toBeInTheDocument();
  });
});
