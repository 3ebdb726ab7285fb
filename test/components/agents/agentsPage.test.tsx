import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { AgentSummary } from '../../../src/api/schemas/agents';
import { clearToasts } from '../../../src/ui/toaster';
import { server } from '../../support/msw';
import { postgrestTable } from '../../support/postgrestTable';
import type { PostgrestTable } from '../../support/postgrestTable';
import type { RenderAppOptions } from '../../support/renderApp';
import { SLOW, findTable, rowCellsWith, rowWith } from '../../support/tables';
import { pagesAt, renderPages } from '../../support/renderPages';
import { minutesAgo } from '../../support/time';
import { onlyWrite } from '../../support/expectations';

jest.setTimeout(30_000);

const FRESH_ID = '018f4b8e-aaaa-7000-8000-000000000001';
const SILENT_ID = '018f4b8e-aaaa-7000-8000-000000000002';

const AGENTS_PAGES = pagesAt('/settings/agents');

const agent = (id: string, extra: Partial<AgentSummary>): AgentSummary => ({
  id,
  name: 'agent',
  hostname: 'host',
  version: 'v0.1.0',
  ip: '10.0.0.1',
  properties: {},
  created_at: '2024-05-01T10:00:00Z',
  created_by: { id: 'p-1', name: 'Ada Admin', email: 'ada@example.com', avatar: null },
  ...extra,
});

const AGENTS: AgentSummary[] = [
  agent(FRESH_ID, {
    name: 'edge-eu',
    hostname: 'edge-eu-0',
    version: 'v1.2.3',
    ip: '10.1.0.4',
    last_seen: minutesAgo(1),
    created_at: '2024-06-01T10:00:00Z',
    config_count: 120,
    checks_count: 7,
    config_scrapper_count: 2,
    playbook_runs_count: 15,
    properties: { region: 'eu-west-1' },
  }),
  agent(SILENT_ID, {
    name: 'edge-us',
    hostname: 'edge-us-0',
    version: 'v1.1.0',
    ip: '10.2.0.9',
    last_seen: minutesAgo(30),
    created_at: '2024-05-01T10:00:00Z',
    config_count: null,
    checks_count: null,
    config_scrapper_count: null,
    playbook_runs_count: null,
  }),
];

const GENERATED = {
  id: '018f4b8e-aaaa-7000-8000-0000000000aa',
  username: 'agent-edge-ap',
  access_token: 'tok_3f9a8c7e1b2d',
};

const ui = {
  table: () => findTable('Agents'),
  row: (name: string) => rowWith('Agents', name),
  cells: (name: string) => rowCellsWith('Agents', name),
  register: () => screen.queryByRole('button', { name: 'Register agent' }),
};

let summary: PostgrestTable<AgentSummary>;
let agents: PostgrestTable<{ id: string; name: string }>;
let generated: unknown[];

interface PageOptions extends RenderAppOptions {
  /** The first read of AGENT-01 fails with this server message. */
  listFailsOnce?: string;
}

function renderPage(url = '/settings/agents', { listFailsOnce, ...options }: PageOptions = {}) {
  summary = postgrestTable('agents_summary', AGENTS);
  if (listFailsOnce) summary.fail('GET', 500, { message: listFailsOnce }, { times: 1 });
  agents = postgrestTable(
    'agents',
    AGENTS.map(({ id, name }) => ({ id, name })),
  );
  generated = [];
  server.use(
    http.post('*/api/agent/generate', async ({ request }) => {
      generated.push(await request.json());
      return HttpResponse.json(GENERATED, { status: 201 });
    }),
  );
  return renderPages(AGENTS_PAGES, url, options);
}

afterEach(async () => {
  await act(() => clearToasts());
});

describe('Agents page', () => {
  it('lists each agent with its host, version, IP, last report and counts', async () => {
    renderPage();
    await ui.table();
    const cells = ui.cells('edge-eu');
    expect(cells.slice(0, 4)).toEqual(['edge-eu', 'edge-eu-0', 'v1.2.3', '10.1.0.4']);
    expect(cells[4]).toMatch(/1m ago/);
    expect(cells.slice(5, 9)).toEqual(['120', '7', '2', '15']);
    // No counts from the backend read as zero.
    expect(ui.cells('edge-us').slice(5, 9)).toEqual(['0', '0', '0', '0']);
  });

  it('sends AGENT-01 with both orders, the page and the exact count', async () => {
    renderPage('/settings/agents?sortBy=name&sortOrder=asc&pageIndex=1&pageSize=25');
    await ui.table();
    const read = summary.reads.at(-1)!;
    expect(read.prefer).toBe('count=exact');
    expect(decodeURIComponent(read.url.search)).toBe(
      '?select=*,created_by(id,name,avatar,email)&order=created_at.desc&&limit=25&offset=25&order=name.asc',
    );
  });

  it('marks an agent not seen for more than five minutes as stale', async () => {
    renderPage();
    await ui.table();
    expect(within(ui.row('edge-us')).getByText('Stale')).toBeInTheDocument();
    expect(within(ui.row('edge-eu')).queryByText('Stale')).toBeNull();
  });

  it('shows the server reason when the list fails, and Retry reads it again', async () => {
    const { user } = renderPage('/settings/agents', {
      listFailsOnce: 'agents_summary is unavailable',
    });
    expect(await screen.findByText('agents_summary is unavailable', {}, SLOW)).toBeVisible();
    expect(screen.getByText('Error loading agents')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByText('edge-eu', {}, SLOW)).not.toHaveLength(0);
  });

  it('opens the agent of ?id= and saves its properties', async () => {
    const { user, currentUrl } = renderPage(`/settings/agents?id=${FRESH_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'edge-eu' }, SLOW);
    expect(within(dialog).getByDisplayValue('eu-west-1')).toBeInTheDocument();
    await user.clear(within(dialog).getByDisplayValue('eu-west-1'));
    await user.type(within(dialog).getByDisplayValue(''), 'eu-central-1');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await onlyWrite(agents)).toMatchObject({
      method: 'PATCH',
      filters: { id: `eq.${FRESH_ID}` },
      body: { properties: { region: 'eu-central-1' } },
    });
    expect(await screen.findByText('Agent updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/settings/agents'));
  });

  it('opens an agent from its row', async () => {
    const { user, currentUrl } = renderPage();
    await ui.table();
    await user.click(within(ui.row('edge-us')).getAllByRole('cell')[0]!);
    expect(await screen.findByRole('dialog', { name: 'edge-us' })).toBeInTheDocument();
    expect(currentUrl()).toBe(`/settings/agents?id=${SILENT_ID}`);
  });

  it('deletes an agent with cleanup after confirmation', async () => {
    const { user, currentUrl } = renderPage(`/settings/agents?id=${SILENT_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'edge-us' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete agent' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete the agent edge-us?');
    await user.click(within(confirm).getByRole('checkbox', { name: /Clean up/ }));
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await onlyWrite(agents)).toMatchObject({
      method: 'PATCH',
      filters: { id: `eq.${SILENT_ID}` },
      body: { deleted_at: 'now()', cleanup: true },
    });
    expect(await screen.findByText('Agent deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/settings/agents'));
  });

  it('deletes without cleanup unless asked', async () => {
    const { user } = renderPage(`/settings/agents?id=${SILENT_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'edge-us' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete agent' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect((await onlyWrite(agents)).body).toEqual({ deleted_at: 'now()' });
  });

  it('registers an agent and shows its install instructions once', async () => {
    const { user } = renderPage();
    await ui.table();
    await user.click(ui.register()!);
    const form = await screen.findByRole('dialog', { name: 'Register agent' });
    await user.type(within(form).getByLabelText(/^Name/), 'edge-ap');
    await user.click(within(form).getByRole('button', { name: 'Register' }));

    const shown = await screen.findByRole('dialog', { name: 'Install the agent' });
    expect(generated).toEqual([{ name: 'edge-ap', properties: {} }]);
    expect(within(shown).getByLabelText('Username')).toHaveTextContent('agent-edge-ap');
    expect(within(shown).getByLabelText('Access token')).toHaveTextContent('tok_3f9a8c7e1b2d');
    const values = within(shown).getByLabelText('Helm values').textContent ?? '';
    expect(values).toContain(`host: "${window.location.origin}/api"`);
    expect(values).toContain('password: "tok_3f9a8c7e1b2d"');
    const command = within(shown).getByLabelText('Helm command').textContent ?? '';
    expect(command).toContain('helm repo add flanksource https://flanksource.github.io/charts');
    expect(command).toContain('flanksource/mission-control-agent');
    expect(command).toContain("--set upstream.username='agent-edge-ap'");

    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(within(shown).getByRole('button', { name: 'Copy access token' }));
    expect(writeText).toHaveBeenCalledWith('tok_3f9a8c7e1b2d');

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(
      await screen.findByText('The agent access token will not be shown again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A new registration starts afresh: the token is gone.
    await user.click(ui.register()!);
    await screen.findByRole('dialog', { name: 'Register agent' });
    expect(screen.queryByText('tok_3f9a8c7e1b2d')).toBeNull();
  });

  it('puts Register agent in the address', async () => {
    const { user, currentUrl } = renderPage();
    await ui.table();
    await user.click(ui.register()!);
    await screen.findByRole('dialog', { name: 'Register agent' });
    expect(currentUrl()).toBe('/settings/agents?new=1');
  });

  it('opens Register agent from a shared link', async () => {
    const { user, currentUrl } = renderPage('/settings/agents?new=1');
    const form = await screen.findByRole('dialog', { name: 'Register agent' }, SLOW);
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentUrl()).toBe('/settings/agents'));
  });

  it('offers registration only to users who may write agents', async () => {
    renderPage('/settings/agents', { user: { roles: ['viewer'] } });
    await ui.table();
    expect(ui.register()).toBeNull();
  });
});
