import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { ViewResult } from '../../../src/api/schemas/views';
import { pagesAt, renderPages } from '../../support/renderPages';
import { disabledFeatures } from '../../support/shellHandlers';
import { SLOW } from '../../support/tables';
import { catalogBackend } from '../catalog/catalogBackend';
import { changesBackend } from '../catalog/changes/changesBackend';
import type { ViewsBackendOptions } from './viewsBackend';
import { PODS_ID, VIEW_IDS, viewsBackend } from './viewsBackend';

jest.setTimeout(60_000);

const OVERVIEW_ID = '018f4b8e-7777-7000-8000-000000000010';

/** A view that only gathers sections: the pods view, a failing one, a catalog and a changes table. */
function overview(variables: Record<string, string>): ViewResult {
  return {
    namespace: 'mission-control',
    name: 'overview',
    title: 'Overview',
    icon: 'dashboard',
    lastRefreshedAt: '2024-05-02T08:30:00Z',
    requestFingerprint: `fp-overview-${variables.cluster ?? 'prod'}`,
    variables: [{ key: 'region', label: 'Region', options: ['eu', 'us'], default: 'eu' }],
    sections: [
      {
        title: 'Pod health',
        icon: 'cube',
        viewRef: { namespace: 'mission-control', name: 'pods' },
      },
      { title: 'Broken', viewRef: { namespace: 'mission-control', name: 'broken' } },
      {
        title: 'Unhealthy payments',
        icon: 'server',
        uiRef: { configs: { health: '-healthy', labels: 'team=payments' } },
      },
      {
        title: 'Recent deployments',
        icon: 'changes',
        uiRef: {
          changes: { changeType: '-diff', from: '24h', configTypes: 'Kubernetes::Deployment' },
        },
      },
    ],
  };
}

/** The `broken` view: its evaluation fails with the server's reason. */
const BROKEN_ID = '018f4b8e-7777-7000-8000-000000000011';

function render(url = `/views/${OVERVIEW_ID}`, options: ViewsBackendOptions = {}) {
  const catalog = catalogBackend();
  const changes = changesBackend();
  const backend = viewsBackend({
    views: { [OVERVIEW_ID]: overview },
    viewIds: { 'mission-control/broken': BROKEN_ID },
    evaluate: (id) =>
      id === BROKEN_ID
        ? HttpResponse.json(
            { error: 'query "nodes" failed: relation "nodes" does not exist' },
            { status: 500 },
          )
        : undefined,
    ...options,
  });
  // The views the sections name, as `views_summary` answers VIEW-07's lookup.
  const sidebarViews = Object.entries({
    ...VIEW_IDS,
    'mission-control/broken': BROKEN_ID,
  }).map(([key, id], index) => {
    const [namespace, name] = key.split('/') as [string, string];
    return { id, namespace, name, title: name, ordinal: index };
  });
  const rendered = renderPages(pagesAt('/views/:id'), url, {
    properties: disabledFeatures(),
    sidebarViews,
  });
  return { ...rendered, backend, catalog, changes };
}

const section = (name: string) => screen.findByRole('region', { name }, SLOW);
const params = (url: string) => new URLSearchParams(url.split('?')[1] ?? '');

describe('a view made of sections', () => {
  it('draws each section in order under its title; a failed one says why and the rest still show', async () => {
    render();
    const pods = await section('Pod health');
    // The section's view: its panels and its table.
    expect(await within(pods).findByRole('region', { name: 'Pods by health' }, SLOW)).toBeVisible();
    expect(await within(pods).findByRole('table', { name: 'View table' }, SLOW)).toBeVisible();

    const broken = await section('Broken');
    expect(within(broken).getByRole('alert')).toHaveTextContent('Error loading the section');
    expect(within(broken).getByRole('alert')).toHaveTextContent(
      'query "nodes" failed: relation "nodes" does not exist',
    );
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Pod health', 'Broken', 'Unhealthy payments', 'Recent deployments']);
    // The overview gathers sections only: no table of its own besides the section's.
    expect(screen.getAllByRole('table', { name: 'View table' })).toHaveLength(1);
  });

  it("shows the view's and its sections' variables once; a change re-evaluates with the variables alone", async () => {
    const { backend, user, currentUrl } = render(`/views/${OVERVIEW_ID}?other=1&s1.pageSize=25`);
    const variables = await screen.findByRole('group', { name: 'Variables' }, SLOW);
    // The section's variable joins the view's when the metadata answers.
    await within(variables).findByRole('combobox', { name: 'Cluster' }, SLOW);
    expect(within(variables).getAllByRole('combobox')).toHaveLength(2);
    expect(within(variables).getByRole('combobox', { name: 'Region' })).toHaveValue('eu');
    expect(within(variables).getByRole('combobox', { name: 'Cluster' })).toHaveValue('prod');
    const of = (id: string) => backend.evaluations.filter((call) => call.id === id);
    expect(of(OVERVIEW_ID)).toEqual([
      { id: OVERVIEW_ID, body: { variables: {} }, cacheControl: null },
    ]);
    // The sections' variables come from the view's metadata, asked once.
    expect(backend.metadataReads).toEqual([OVERVIEW_ID]);

    await user.selectOptions(
      within(variables).getByRole('combobox', { name: 'Cluster' }),
      'staging',
    );
    await waitFor(() => expect(params(currentUrl()).get('var-cluster')).toBe('staging'));
    await waitFor(() => expect(of(OVERVIEW_ID)).toHaveLength(2));
    // Nothing else of the address (`other`, the section table's page size) is sent.
    expect(of(OVERVIEW_ID)[1]!.body).toEqual({ variables: { cluster: 'staging' } });
    // Each section's view is evaluated with the page's variables.
    await waitFor(() =>
      expect(of(PODS_ID).at(-1)!.body).toEqual({ variables: { cluster: 'staging' } }),
    );
    const pods = await section('Pod health');
    expect(await within(pods).findByText('7 pods', {}, SLOW)).toBeVisible();
  });

  it('collapses and opens a section, and keeps it so while the view is evaluated again', async () => {
    const { user } = render();
    const pods = await section('Pod health');
    await within(pods).findByRole('region', { name: 'Pods by health' }, SLOW);
    const toggle = within(pods).getByRole('button', { name: 'Pod health' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(pods).queryByRole('region', { name: 'Pods by health' })).not.toBeInTheDocument();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Region' }), 'us');
    expect(await screen.findByRole('combobox', { name: 'Region' })).toHaveValue('us');
    expect(
      within(await section('Pod health')).getByRole('button', { name: 'Pod health' }),
    ).toHaveAttribute('aria-expanded', 'false');
    // Keyboard: Enter on the focused title opens it again.
    within(await section('Pod health'))
      .getByRole('button', { name: 'Pod health' })
      .focus();
    await user.keyboard('{Enter}');
    expect(
      await within(await section('Pod health')).findByRole('region', { name: 'Pods by health' }),
    ).toBeVisible();
  });

  it('says so when a section names no view, and does not evaluate a collapsed section again', async () => {
    const LOST_ID = '018f4b8e-7777-7000-8000-000000000012';
    const lost = (): ViewResult => ({
      namespace: 'mission-control',
      name: 'lost',
      title: 'Lost',
      requestFingerprint: 'fp-lost',
      sections: [
        { title: 'Nowhere', viewRef: { namespace: 'mission-control', name: 'nowhere' } },
        { title: 'Pod health', viewRef: { namespace: 'mission-control', name: 'pods' } },
      ],
    });
    const { backend, user } = render(`/views/${LOST_ID}`, { views: { [LOST_ID]: lost } });
    const nowhere = await section('Nowhere');
    expect(await within(nowhere).findByRole('alert', {}, SLOW)).toHaveTextContent(
      'No view mission-control/nowhere exists.',
    );
    const pods = await section('Pod health');
    await within(pods).findByRole('region', { name: 'Pods by health' }, SLOW);
    const podEvaluations = () => backend.evaluations.filter((call) => call.id === PODS_ID);
    expect(podEvaluations()).toHaveLength(1);
    await user.click(within(pods).getByRole('button', { name: 'Pod health' }));
    await user.click(screen.getByRole('button', { name: 'Refresh view' }));
    await waitFor(() =>
      expect(backend.evaluations.filter((call) => call.id === LOST_ID)).toHaveLength(2),
    );
    // Opened again after the Refresh: asked again with the forced refresh.
    await user.click(within(pods).getByRole('button', { name: 'Pod health' }));
    await waitFor(() => expect(podEvaluations()).toHaveLength(2));
    expect(podEvaluations()[1]!.cacheControl).toBe('max-age=1');
  });

  it("pages a section's table with its own parameters", async () => {
    const { backend, user, currentUrl } = render();
    const pods = await section('Pod health');
    const table = await within(pods).findByRole('table', { name: 'View table' }, SLOW);
    await user.click(within(table).getByRole('button', { name: /Created/ }));
    await waitFor(() => expect(params(currentUrl()).get('s1.sortBy')).toBe('created'));
    expect(params(currentUrl()).has('sortBy')).toBe(false);
    await waitFor(() =>
      expect(backend.tableReads.at(-1)!.searchParams.get('order')).toBe('created.asc'),
    );
  });

  it("shows a configs section as the catalog's list with the section's filters", async () => {
    const { catalog } = render();
    const unhealthy = await section('Unhealthy payments');
    await within(unhealthy).findByRole('table', { name: 'Config items' }, SLOW);
    const query = catalog.lastListQuery()!;
    expect(query.get('health.filter')).toBe('!healthy');
    expect(query.get('or')).toBe('(and(labels->>team.eq."payments"))');
    const link = within(unhealthy).getByRole('link', { name: /Open in the catalog/ });
    const target = params(link.getAttribute('href') ?? '');
    expect(target.get('health')).toBe('healthy:-1');
    expect(target.get('labels')).toBe('team____payments:1');
  });

  it("shows a changes section as the changes table with the section's filters", async () => {
    const { changes } = render();
    const recent = await section('Recent deployments');
    await within(recent).findByRole('table', { name: 'Changes' }, SLOW);
    expect(changes.lastBody()).toMatchObject({
      config_type: 'Kubernetes::Deployment',
      type: '!diff',
      from: 'now-24h',
    });
    const link = within(recent).getByRole('link', { name: /Open in Changes/ });
    expect(link.getAttribute('href')).toMatch(/^\/catalog\/changes\?/);
    const target = params(link.getAttribute('href') ?? '');
    expect(target.get('changeType')).toBe('diff:-1');
    expect(target.get('configTypes')).toBe('Kubernetes__Deployment:1');
  });
});

describe('a view the server refuses or fails', () => {
  it('says the user may not read a view (403) and who to ask', async () => {
    render(`/views/${OVERVIEW_ID}`, {
      evaluate: () => HttpResponse.json({ error: 'forbidden: views read denied' }, { status: 403 }),
    });
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('You may not read this view');
    expect(alert).toHaveTextContent('Ask an administrator (the admin role) for access.');
    expect(alert).toHaveTextContent('forbidden: views read denied');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it("shows a failing view's reason from the server", async () => {
    render(`/views/${OVERVIEW_ID}`, {
      evaluate: () =>
        HttpResponse.json({ error: 'view spec invalid: no queries' }, { status: 500 }),
    });
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Error loading the view');
    expect(alert).toHaveTextContent('view spec invalid: no queries');
  });
});
