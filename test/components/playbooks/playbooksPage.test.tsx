import '../../support/withMonacoMock';
import { act, screen, waitFor, within } from '@testing-library/react';
import { PLAYBOOKS_PAGE } from '../../../src/features/playbooks/PlaybooksPage';
import { RUN_DIALOG_LABELS } from '../../../src/features/playbooks/run/RunPlaybookDialog';
import type { RenderAppOptions } from '../../support/renderApp';
import { RUN_ID, playbooksBackend } from './playbooksBackend';
import type { PlaybooksPageBackendOptions } from './playbooksPageBackend';
import {
  CLEANUP_ID,
  RESTART_ID,
  ROTATE_ID,
  SCALE_ID,
  playbooksPageBackend,
} from './playbooksPageBackend';
import { pagesAt, renderPages } from '../../support/renderPages';

const PAGES = pagesAt('/playbooks');

const SLOW = { timeout: 5_000 };

const ui = {
  groups: () => screen.findAllByRole('region', {}, SLOW),
  card: (title: string) => screen.getByRole('article', { name: title }) as HTMLElement,
  cardTitles: (group: HTMLElement) =>
    within(group)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent),
  search: () => screen.getByRole('searchbox', { name: 'Search' }),
  runButtons: () => screen.queryAllByRole('button', { name: /^Run / }),
};

function renderPage(
  url = '/playbooks',
  options: PlaybooksPageBackendOptions = {},
  appOptions: RenderAppOptions = {},
  /** Changes the backend before the page asks anything (e.g. makes a table fail). */
  prepare?: (backend: ReturnType<typeof playbooksPageBackend>) => void,
) {
  const backend = playbooksPageBackend(options);
  prepare?.(backend);
  const rendered = renderPages(PAGES, url, appOptions);
  return { ...rendered, backend };
}

describe('playbooks page', () => {
  it('groups the playbooks by category, by title, with "Uncategorized" last', async () => {
    const { backend } = renderPage();
    const groups = await ui.groups();
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual([
      'Kubernetes',
      'Security',
      'Uncategorized',
    ]);
    expect(ui.cardTitles(groups[0]!)).toEqual(['Restart Deployment', 'Scale Deployment']);
    // Without a title the name is shown.
    expect(ui.cardTitles(groups[1]!)).toEqual(['rotate-credentials']);
    expect(ui.cardTitles(groups[2]!)).toEqual(['Clean up temp files']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(PLAYBOOKS_PAGE.title);

    // PB-01, then one PB-03 request for the specs of every playbook.
    const names = backend.names.reads[0]!.url.searchParams;
    expect(names.get('select')).toBe('id,name,title,icon,category');
    expect(names.get('order')).toBe('title.asc');
    await waitFor(() => expect(backend.titles.reads).toHaveLength(1));
    const titles = backend.titles.reads[0]!.url.searchParams;
    expect(titles.get('select')).toBe('id,title,spec');
    const asked = /^in\.\((.*)\)$/.exec(titles.get('id') ?? '')?.[1]?.split(',');
    expect(asked?.sort()).toEqual([RESTART_ID, SCALE_ID, ROTATE_ID, CLEANUP_ID].sort());
  });

  it('shows each playbook’s icon, description and the resources it runs on', async () => {
    renderPage();
    await ui.groups();
    const restart = ui.card('Restart Deployment');
    expect(await within(restart).findByText('Rolls the pods of a deployment')).toBeInTheDocument();
    expect(restart.querySelector('[data-icon="refresh"]')).not.toBeNull();
    expect(
      within(within(restart).getByLabelText('Runs on'))
        .getAllByText(/./)
        .map((t) => t.textContent),
    ).toEqual(['Config']);
    const scale = ui.card('Scale Deployment');
    expect(within(within(scale).getByLabelText('Runs on')).getByText('Component')).toBeVisible();
    // An icon Blueprint does not have becomes the generic play icon.
    const rotate = ui.card('rotate-credentials');
    expect(rotate.querySelector('[data-icon="play"]')).not.toBeNull();
    expect(within(rotate).queryByLabelText('Runs on')).not.toBeInTheDocument();
  });

  it('shows the latest runs of each playbook from one PB-10 request, newest first', async () => {
    const { backend } = renderPage();
    await ui.groups();
    const restart = ui.card('Restart Deployment');
    const recent = await within(restart).findByRole('list', { name: 'Recent runs' }, SLOW);
    const links = within(recent).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label')?.split(',')[0])).toEqual([
      'Running',
      'Failed',
      'Completed',
    ]);
    expect(links[0]).toHaveAttribute(
      'href',
      '/playbooks/runs/018f4b8e-8888-7000-8000-000000000004',
    );
    const rotate = ui.card('rotate-credentials');
    expect(within(rotate).getByRole('link', { name: /^Pending approval/ })).toBeInTheDocument();
    expect(within(ui.card('Scale Deployment')).getByText('No recent runs')).toBeInTheDocument();

    expect(backend.runs.reads).toHaveLength(1);
    const query = backend.runs.reads[0]!.url.searchParams;
    expect(query.get('parent_id')).toBe('is.null');
    expect(query.get('limit')).toBe('100');
    expect(query.get('offset')).toBe('0');
    expect(query.get('order')).toBe('created_at.desc');
    expect(query.get('playbook_id')).toBeNull();
    expect(backend.runs.reads[0]!.prefer).toContain('count=exact');
  });

  it('links each playbook to its runs', async () => {
    renderPage();
    await ui.groups();
    expect(screen.getByRole('link', { name: 'Runs of Scale Deployment' })).toHaveAttribute(
      'href',
      `/playbooks/runs?playbook=${SCALE_ID}`,
    );
  });

  it('searches by title or name and keeps the search in the address', async () => {
    const { user, currentUrl } = renderPage();
    await ui.groups();
    await user.type(ui.search(), 'scale');
    await waitFor(() => expect(currentUrl()).toBe('/playbooks?search=scale'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(ui.card('Scale Deployment')).toBeInTheDocument();
    expect(screen.getAllByRole('region').map((g) => g.getAttribute('aria-label'))).toEqual([
      'Kubernetes',
    ]);

    await user.clear(ui.search());
    await waitFor(() => expect(currentUrl()).toBe('/playbooks'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
  });

  it('restores the search from the address, matching names in any case', async () => {
    renderPage('/playbooks?search=ROTATE');
    const groups = await ui.groups();
    expect(groups).toHaveLength(1);
    expect(ui.cardTitles(groups[0]!)).toEqual(['rotate-credentials']);
    expect(ui.search()).toHaveValue('ROTATE');
  });

  it('says when nothing matches the search', async () => {
    renderPage('/playbooks?search=nothing-like-this');
    expect(await screen.findByText(PLAYBOOKS_PAGE.noMatch, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('opens the run dialog from Run', async () => {
    const { user } = renderPage();
    await ui.groups();
    expect(ui.runButtons()).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Run Restart Deployment' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(
      within(dialog).getByRole('heading', { name: 'Run Restart Deployment' }),
    ).toBeInTheDocument();
    // The playbook runs on configs: the dialog asks for one.
    expect(within(dialog).getByRole('combobox', { name: /^Resource/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the run dialog from the address (the command palette links it), which keeps it while open', async () => {
    const { user, currentUrl } = renderPage(`/playbooks?run=${RESTART_ID}`);
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(
      within(dialog).getByRole('heading', { name: 'Run Restart Deployment' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /^Resource/ })).toBeInTheDocument();
    expect(currentUrl()).toBe(`/playbooks?run=${RESTART_ID}`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentUrl()).toBe('/playbooks');
  });

  it('reopens the run dialog of a card after a reload', async () => {
    const first = renderPage();
    await ui.groups();
    await first.user.click(screen.getByRole('button', { name: 'Run Restart Deployment' }));
    await screen.findByRole('dialog', {}, SLOW);
    const shown = first.currentUrl();
    expect(shown).toBe(`/playbooks?run=${RESTART_ID}`);
    first.unmount();

    renderPage(shown);
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(
      within(dialog).getByRole('heading', { name: 'Run Restart Deployment' }),
    ).toBeInTheDocument();
  });

  it('opens the started run, and Back leads to the list without the dialog', async () => {
    const backend = playbooksBackend();
    const { user, currentUrl, router } = renderPage(`/playbooks?run=${ROTATE_ID}`);
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await within(dialog).findByText(RUN_DIALOG_LABELS.noParameters, {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: RUN_DIALOG_LABELS.run }));
    await waitFor(() => expect(currentUrl()).toBe(`/playbooks/runs/${RUN_ID}`));
    expect(backend.runBodies).toHaveLength(1);
    await act(() => router.navigate(-1));
    await waitFor(() => expect(currentUrl()).toBe('/playbooks'));
  });

  it('drops the run request of a user who may not run playbooks', async () => {
    const { currentUrl } = renderPage(
      `/playbooks?run=${RESTART_ID}`,
      {},
      { user: { roles: ['viewer'] } },
    );
    await ui.groups();
    await waitFor(() => expect(currentUrl()).toBe('/playbooks'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has no Run buttons for a user who may not run playbooks', async () => {
    renderPage('/playbooks', {}, { user: { roles: ['viewer'] } });
    await ui.groups();
    expect(ui.card('Restart Deployment')).toBeInTheDocument();
    expect(ui.runButtons()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Runs of Restart Deployment' })).toBeInTheDocument();
  });

  it('shows the server’s reason when the playbooks cannot be read, and retries', async () => {
    const { user } = renderPage('/playbooks', {}, {}, (backend) =>
      backend.names.fail('GET', 500, { message: 'database is down' }, { times: 1 }),
    );
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('database is down');
    expect(screen.getByText(PLAYBOOKS_PAGE.error)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: PLAYBOOKS_PAGE.retry }));
    const groups = await ui.groups();
    expect(groups).toHaveLength(3);
  });

  it('says when there are no playbooks', async () => {
    const { backend } = renderPage('/playbooks', { names: [], titles: [], runs: [] });
    expect(await screen.findByText(PLAYBOOKS_PAGE.empty, {}, SLOW)).toBeInTheDocument();
    expect(backend.titles.reads).toEqual([]);
  });

  it('shows a spinner while the playbooks load', async () => {
    renderPage();
    expect(await screen.findByLabelText(PLAYBOOKS_PAGE.loading)).toBeInTheDocument();
    await ui.groups();
    expect(screen.queryByLabelText(PLAYBOOKS_PAGE.loading)).not.toBeInTheDocument();
  });
});
