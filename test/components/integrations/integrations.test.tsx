import '../../support/withEditableMonacoMock';
import { screen, waitFor, within } from '@testing-library/react';
import { disabledFeatures, testUser } from '../../support/shellHandlers';
import { BACKEND_ID, NEW_ID, SLOW, TOPOLOGY_ID, renderIntegrations } from './integrationsBackend';
import { bodyRows } from '../../support/tables';
import { onlyWrite } from '../../support/expectations';

const ui = {
  table: () => screen.findByRole('table', { name: 'Integrations' }, SLOW),
  dialog: () => screen.findByRole('dialog', {}, SLOW),
  tile: (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { name }),
  code: async (scope: HTMLElement, label: string) =>
    within(await within(scope).findByRole('group', { name: label }, SLOW)).findByRole('textbox', {
      name: 'Code',
    }),
};

describe('integrations list', () => {
  it('lists INT-01 a page at a time, sorts on the server and opens a row', async () => {
    const { user, backend, currentUrl } = renderIntegrations('/settings/integrations');
    const table = await ui.table();
    await within(table).findByText('payments');
    const read = backend.integrations.reads[0]!;
    expect(read.url.search).toBe(
      '?order=created_at.desc&select=*&deleted_at=is.null&limit=50&offset=0',
    );
    expect(read.prefer).toBe('count=exact');

    const rows = bodyRows(table);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Topology',
      'Scraper',
      'Log Backend',
    ]);
    expect(within(rows[0]!).getByText('Success')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'eu-west' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('3')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(currentUrl()).toContain('sortBy=name'));
    await waitFor(() =>
      expect(backend.integrations.reads.at(-1)!.url.searchParams.getAll('order')).toEqual([
        'created_at.desc',
        'name.asc',
      ]),
    );

    await user.click(within(table).getByText('payments'));
    await waitFor(() =>
      expect(currentUrl()).toBe(`/settings/integrations/topologies/${TOPOLOGY_ID}`),
    );
  });

  it('offers Add Integration only with write access', async () => {
    renderIntegrations('/settings/integrations', { user: testUser({ roles: ['viewer'] }) });
    await within(await ui.table()).findByText('payments');
    expect(screen.queryByRole('button', { name: 'Add Integration' })).toBeNull();
  });
});

describe('Add Integration wizard', () => {
  it('keeps the wizard in the address, so a reload or a shared link shows it open', async () => {
    const { user, currentUrl } = renderIntegrations('/settings/integrations');
    await ui.table();
    await user.click(await screen.findByRole('button', { name: 'Add Integration' }, SLOW));
    await ui.dialog();
    expect(currentUrl()).toBe('/settings/integrations?new=1');
  });

  it('opens the wizard from a shared link', async () => {
    renderIntegrations('/settings/integrations?new=1');
    const dialog = await ui.dialog();
    expect(within(dialog).getByRole('heading', { name: 'Add Integration' })).toBeInTheDocument();
    expect(ui.tile(dialog, 'Log Backends')).toBeInTheDocument();
  });

  it('shows the Flux manifest and Helm commands of a GitOps chart in the namespace', async () => {
    const { user } = renderIntegrations('/settings/integrations');
    await ui.table();
    await user.click(await screen.findByRole('button', { name: 'Add Integration' }, SLOW));
    const dialog = await ui.dialog();
    expect(within(dialog).getByRole('heading', { name: 'Add Integration' })).toBeInTheDocument();
    expect(within(dialog).getByText('Add via GitOps')).toBeInTheDocument();
    expect(ui.tile(dialog, 'Log Backends')).toBeInTheDocument();

    await user.click(ui.tile(dialog, 'Prometheus'));
    expect(
      within(dialog).getByRole('heading', { name: 'Add Integration Prometheus' }),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('The Kubernetes chart must be installed in flux.'),
    ).toBeInTheDocument();
    // The chart's default values fill the editor and the manifest.
    const values = await ui.code(dialog, 'Values');
    await waitFor(() => expect(values).toHaveValue('prometheus:\n  url: http://prometheus:9090\n'));
    const flux = within(dialog).getByLabelText('Flux manifest');
    expect(flux.textContent).toContain('kind: HelmRelease');
    expect(flux.textContent).toContain('namespace: mission-control');
    expect(flux.textContent).toContain('url: http://prometheus:9090');

    const namespace = within(dialog).getByRole('textbox', { name: 'Namespace' });
    await user.clear(namespace);
    await user.type(namespace, 'monitoring');
    expect(within(dialog).getByLabelText('Flux manifest').textContent).toContain(
      'namespace: monitoring',
    );

    await user.click(within(dialog).getByRole('tab', { name: 'Helm CLI' }));
    expect(within(dialog).getByLabelText('Helm CLI commands').textContent).toContain(
      'helm install mission-control-prometheus flanksource/mission-control-prometheus -n monitoring --create-namespace -f values.yaml',
    );

    // Values outside the chart's schema are pointed out.
    await user.clear(values);
    await user.type(values, 'unknown: 1');
    expect(await within(dialog).findByRole('list', { name: /problems/i })).toBeInTheDocument();

    // Back returns to the tiles, forgetting the choice.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('heading', { name: 'Add Integration' })).toBeInTheDocument();
    expect(ui.tile(dialog, 'Custom Topology')).toBeInTheDocument();
  });

  it('adds a custom topology with a POST, then refreshes the list and closes', async () => {
    const { user, backend } = renderIntegrations('/settings/integrations');
    await within(await ui.table()).findByText('payments');
    const readsBefore = backend.integrations.reads.length;
    await user.click(screen.getByRole('button', { name: 'Add Integration' }));
    const dialog = await ui.dialog();
    await user.click(ui.tile(dialog, 'Custom Topology'));
    expect(
      within(dialog).getByRole('heading', { name: 'Add Integration Custom Topology' }),
    ).toBeInTheDocument();
    const form = within(dialog).getByRole('form', { name: 'Topology' });
    expect(within(form).getByRole('textbox', { name: /^Namespace/ })).toHaveValue('default');
    const save = within(form).getByRole('button', { name: 'Save' });

    await user.type(within(form).getByRole('textbox', { name: /^Name(\s|$)/ }), 'checkout');
    const spec = await ui.code(form, 'Spec');
    await user.click(spec);
    await user.paste('icon: cart\n');
    // The schema wants a type: Save stays disabled while the form is invalid.
    await waitFor(() => expect(save).toBeDisabled());
    await user.clear(spec);
    await user.click(spec);
    await user.paste('type: App\n');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(await onlyWrite(backend.topologies)).toMatchObject({
      method: 'POST',
      body: {
        name: 'checkout',
        namespace: 'default',
        labels: {},
        spec: { type: 'App' },
        source: 'UI',
        created_by: testUser().id,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(backend.integrations.reads.length).toBeGreaterThan(readsBefore));
    expect(backend.topologies.rows.some((row) => row.id === NEW_ID)).toBe(true);
  });

  it.each([
    ['Custom Topology', 'View topology', '/topology', 'Topology page'],
    ['Catalog Scraper', 'View catalog', '/config-db', 'Catalog page'],
  ])(
    'after saving a %s, its toast leads to the return target',
    async (tile, action, target, landing) => {
      const { user, currentUrl } = renderIntegrations('/settings/integrations');
      await ui.table();
      await user.click(await screen.findByRole('button', { name: 'Add Integration' }, SLOW));
      const dialog = await ui.dialog();
      await user.click(ui.tile(dialog, tile));
      if (tile === 'Catalog Scraper') {
        await user.click(within(dialog).getByRole('button', { name: 'Scraper save' }));
      } else {
        const form = within(dialog).getByRole('form', { name: 'Topology' });
        await user.type(within(form).getByRole('textbox', { name: /^Name(\s|$)/ }), 'checkout');
        await user.click(await ui.code(form, 'Spec'));
        await user.paste('type: App\n');
        const save = within(form).getByRole('button', { name: 'Save' });
        await waitFor(() => expect(save).toBeEnabled());
        await user.click(save);
      }
      const toast = (await screen.findByText(/created successfully$/, undefined, SLOW)).closest(
        '.bp6-toast',
      ) as HTMLElement;
      expect(toast).toHaveTextContent(
        `${tile === 'Catalog Scraper' ? 'Catalog Scraper' : 'Topology'} created successfully`,
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await user.click(within(toast).getByRole('button', { name: action }));
      expect(await screen.findByRole('heading', { name: landing }, SLOW)).toBeInTheDocument();
      expect(currentUrl()).toBe(target);
    },
  );

  it('keeps the form with the server’s reason when the save fails', async () => {
    const { user, backend } = renderIntegrations('/settings/integrations');
    await ui.table();
    backend.logBackends.fail('POST', 409, { message: 'duplicate key value' });
    await user.click(await screen.findByRole('button', { name: 'Add Integration' }, SLOW));
    const dialog = await ui.dialog();
    await user.click(ui.tile(dialog, 'Log Backends'));
    const form = within(dialog).getByRole('form', { name: 'Log Backend' });
    await user.type(within(form).getByRole('textbox', { name: /^Name(\s|$)/ }), 'loki');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('duplicate key value');
    expect(within(form).getByRole('textbox', { name: /^Name(\s|$)/ })).toHaveValue('loki');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('adds a catalog scraper through the scraper editor', async () => {
    const { user, backend } = renderIntegrations('/settings/integrations');
    await ui.table();
    await user.click(await screen.findByRole('button', { name: 'Add Integration' }, SLOW));
    const dialog = await ui.dialog();
    await user.click(ui.tile(dialog, 'Catalog Scraper'));
    const editor = within(dialog).getByRole('region', { name: 'Scraper editor' });
    expect(within(editor).getByText('Editing a new scraper')).toBeInTheDocument();
    await user.click(within(editor).getByRole('button', { name: 'Scraper save' }));
    expect(await onlyWrite(backend.scrapers)).toMatchObject({
      method: 'POST',
      body: {
        name: 'k8s',
        spec: { kubernetes: [{ clusterName: 'prod' }] },
        source: 'UI',
        created_by: testUser().id,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('hides Log Backends while the logs feature is off', async () => {
    const { user } = renderIntegrations('/settings/integrations', {
      properties: disabledFeatures('logs'),
    });
    await ui.table();
    await user.click(await screen.findByRole('button', { name: 'Add Integration' }, SLOW));
    const dialog = await ui.dialog();
    expect(ui.tile(dialog, 'Catalog Scraper')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Log Backends' })).toBeNull(),
    );
  });
});

describe('integration editor', () => {
  it('edits a topology: INT-02 read, PATCH of the merged row, back to the list', async () => {
    const { user, backend, currentUrl } = renderIntegrations(
      `/settings/integrations/topologies/${TOPOLOGY_ID}`,
    );
    const form = await screen.findByRole('form', { name: 'Topology' }, SLOW);
    expect(backend.topologies.reads[0]!.url.search).toBe(`?id=eq.${TOPOLOGY_ID}`);
    const name = within(form).getByRole('textbox', { name: /^Name(\s|$)/ });
    await waitFor(() => expect(name).toHaveValue('payments'));
    expect(within(form).getByRole('textbox', { name: /^Namespace/ })).toHaveValue('prod');
    expect(await ui.code(form, 'Spec')).toHaveValue('type: App\n');
    expect(within(form).getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'payments-v2');
    await user.click(within(form).getByRole('button', { name: 'Update' }));
    expect(await onlyWrite(backend.topologies)).toMatchObject({
      method: 'PATCH',
      filters: { id: `eq.${TOPOLOGY_ID}` },
      body: {
        id: TOPOLOGY_ID,
        name: 'payments-v2',
        namespace: 'prod',
        labels: { team: 'core' },
        spec: { type: 'App' },
        source: 'UI',
      },
    });
    expect(await screen.findByText('Topology updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/settings/integrations'));
  });

  it('shows a log backend managed elsewhere without its footer', async () => {
    const { backend } = renderIntegrations(`/settings/integrations/logging_backends/${BACKEND_ID}`);
    backend.logBackends.rows.push({
      id: BACKEND_ID,
      name: 'loki',
      labels: {},
      spec: { loki: { url: 'http://loki:3100' } },
      source: 'KubernetesCRD',
      deleted_at: null,
    });
    const form = await screen.findByRole('form', { name: 'Log Backend' }, SLOW);
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: /^Name(\s|$)/ })).toHaveValue('loki'),
    );
    expect(backend.logBackends.reads[0]!.url.search).toBe(`?id=eq.${BACKEND_ID}`);
    expect(within(form).queryByRole('button', { name: 'Update' })).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('shows the server’s reason with a Retry when the read fails', async () => {
    const { user, backend } = renderIntegrations(
      `/settings/integrations/topologies/${TOPOLOGY_ID}`,
    );
    backend.topologies.fail('GET', 500, { message: 'database is down' }, { times: 1 });
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('database is down');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'Topology' }, SLOW)).toBeInTheDocument();
  });
});
