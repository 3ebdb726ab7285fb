import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { appPages } from '../../../src/app/routes';
import { server } from '../../support/msw';
import { postgrestTable } from '../../support/postgrestTable';
import { disabledFeatures } from '../../support/shellHandlers';
import { SLOW, bodyRows, findTable } from '../../support/tables';
import { renderPages } from '../../support/renderPages';

jest.setTimeout(60_000);

const PAGES = appPages.filter((page) => page.path.startsWith('/applications'));

const APPLICATIONS = [
  {
    id: 'a1',
    name: 'payments-platform',
    namespace: 'payments',
    description: 'Card and wallet payment processing',
    labels: { tier: '1', owner: 'payments' },
    spec: {},
    source: 'KubernetesCRD',
    created_at: '2026-01-03T10:00:00Z',
    deleted_at: null,
  },
  {
    id: 'a2',
    name: 'checkout',
    namespace: 'checkout',
    description: 'Basket, pricing and order placement',
    labels: { tier: '2' },
    spec: {},
    source: 'UI',
    created_at: '2026-01-01T10:00:00Z',
    deleted_at: null,
  },
];

const REPORT = {
  id: 'a1',
  name: 'payments-platform',
  type: 'Service',
  namespace: 'payments',
  description: 'Card and wallet payment processing',
  createdAt: '2026-01-03T10:00:00Z',
  properties: [{ label: 'tier', name: 'tier', text: '1' }],
  locations: [
    {
      account: 'prod-eu-west-1',
      name: 'prod-eu-west-1',
      type: 'cluster',
      purpose: 'production',
      region: '',
      provider: 'Kubernetes',
      resourceCount: 31,
    },
  ],
  backups: [
    {
      id: 'b1',
      database: 'prod-orders',
      type: 'snapshot',
      source: 'AWS Backup',
      date: '2026-01-05T03:00:00Z',
      size: '316 GiB',
      status: 'success',
    },
  ],
  restores: [],
  findings: [
    {
      id: 'f1',
      type: 'security',
      severity: 'high',
      title: 'Public access enabled',
      description: '',
      date: '2026-01-02T10:00:00Z',
      lastObserved: '2026-01-04T10:00:00Z',
      status: 'open',
    },
  ],
  incidents: [
    {
      id: 'i1',
      date: '2026-01-02T10:00:00Z',
      severity: 'medium',
      description: 'Ledger writes failing',
      status: 'resolved',
    },
  ],
  sections: [
    {
      type: 'configs',
      title: 'Configs',
      configs: [
        { id: 'c1', name: 'ledger-api', type: 'Kubernetes::Deployment', health: 'unhealthy' },
        { id: 'c2', name: 'prod-orders', type: 'AWS::RDS::DBInstance', health: 'healthy' },
      ],
    },
    {
      type: 'changes',
      title: 'Recent changes',
      changes: [
        {
          id: 'ch1',
          date: '2026-01-05T03:00:00Z',
          changeType: 'BackupCompleted',
          description: 'prod-orders: Automated snapshot completed',
          status: 'info',
        },
      ],
    },
  ],
};

function applicationsTable() {
  return postgrestTable('applications', APPLICATIONS);
}

/** MISC-05 answering `body` (with `status`) for payments/payments-platform; records the calls. */
function reportAnswers(body: unknown = REPORT, status = 200) {
  const calls: string[] = [];
  server.use(
    http.get('*/api/application/:namespace/:name', ({ params }) => {
      calls.push(`${String(params.namespace)}/${String(params.name)}`);
      return HttpResponse.json(body as Record<string, unknown>, { status });
    }),
  );
  return calls;
}

function render(url: string, options: Parameters<typeof renderPages>[2] = {}) {
  return renderPages(PAGES, url, options);
}

const ui = {
  list: () => findTable('Applications'),
  rows: () => bodyRows('Applications'),
  section: (name: string) => screen.findByRole('region', { name }, SLOW),
};

describe('applications list', () => {
  it('reads the applications table as the generic list does and shows their columns', async () => {
    const table = applicationsTable();
    render('/applications');
    await ui.list();
    const read = table.reads[0]!;
    expect(read.url.pathname).toBe('/api/db/applications');
    expect([...read.url.searchParams.entries()]).toEqual([
      ['select', '*,created_by(id,name,avatar,email)'],
      ['order', 'created_at.desc'],
      ['deleted_at', 'is.null'],
      ['limit', '100'],
    ]);
    const headers = within(screen.getByRole('table', { name: 'Applications' }))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Namespace', 'Description', 'Labels', 'Created']);
    const first = ui.rows()[0]!;
    expect(within(first).getByText('payments-platform')).toBeInTheDocument();
    expect(within(first).getByText('Card and wallet payment processing')).toBeInTheDocument();
    expect(within(first).getByText(/owner/)).toBeInTheDocument();
  });

  it('sorts on the server and keeps the sort in the address', async () => {
    const table = applicationsTable();
    const { user, currentUrl } = render('/applications');
    await ui.list();
    const header = within(screen.getByRole('table', { name: 'Applications' })).getByRole(
      'columnheader',
      { name: 'Name' },
    );
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(table.reads.at(-1)!.url.searchParams.get('order')).toBe('name.asc'));
    expect(currentUrl()).toMatch(/sortBy=name/);
    await waitFor(() =>
      expect(within(ui.rows()[0]!).getAllByRole('cell')[0]).toHaveTextContent('checkout'),
    );
  });

  it('opens an application report from its row', async () => {
    applicationsTable();
    reportAnswers();
    const { user, currentUrl } = render('/applications');
    await ui.list();
    await user.click(screen.getByText('payments-platform'));
    await waitFor(() => expect(currentUrl()).toBe('/applications/payments/payments-platform'));
    expect(await screen.findByRole('heading', { name: 'payments-platform' }, SLOW)).toBeVisible();
  });

  it('shows the server reason and retries when the list fails', async () => {
    const table = applicationsTable();
    table.fail('GET', 500, { message: 'database is down' }, { times: 1 });
    const { user } = render('/applications');
    expect(await screen.findByText('database is down', undefined, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await ui.list();
    expect(screen.getByText('payments-platform')).toBeInTheDocument();
  });

  it('is not reachable with the applications feature disabled', async () => {
    applicationsTable();
    render('/applications', { properties: disabledFeatures('applications') });
    expect(await screen.findByText(/not authorized|unauthorized/i, undefined, SLOW)).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Applications' })).not.toBeInTheDocument();
  });
});

describe('application report', () => {
  it('asks MISC-05 for the application in the address', async () => {
    const calls = reportAnswers();
    render('/applications/payments/payments-platform');
    await screen.findByRole('heading', { name: 'payments-platform' }, SLOW);
    expect(calls).toEqual(['payments/payments-platform']);
  });

  it('renders each part the response carries, under its heading, in order', async () => {
    reportAnswers();
    render('/applications/payments/payments-platform');
    await screen.findByRole('heading', { name: 'payments-platform' }, SLOW);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Overview',
      'Environments',
      'Configs',
      'Recent changes',
      'Findings',
      'Incidents',
      'Backups',
      'Restores',
    ]);
    // No access control in the response: no such part.
    expect(screen.queryByRole('heading', { name: 'Access Control' })).not.toBeInTheDocument();

    const overview = await ui.section('Overview');
    expect(within(overview).getByText('Service')).toBeInTheDocument();
    expect(within(overview).getByText('payments')).toBeInTheDocument();

    const configs = within(await ui.section('Configs')).getByRole('table', { name: 'Configs' });
    const rows = bodyRows(configs);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('ledger-api')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('img', { name: 'unhealthy' })).toBeInTheDocument();

    const environments = await ui.section('Environments');
    expect(within(environments).getByText('31')).toBeInTheDocument();
    expect(within(await ui.section('Backups')).getByText('316 GiB')).toBeInTheDocument();
    expect(
      within(await ui.section('Findings')).getByText('Public access enabled'),
    ).toBeInTheDocument();
    expect(
      within(await ui.section('Incidents')).getByText('Ledger writes failing'),
    ).toBeInTheDocument();
    expect(
      within(await ui.section('Recent changes')).getByText(
        'prod-orders: Automated snapshot completed',
      ),
    ).toBeInTheDocument();
    expect(within(await ui.section('Restores')).getByText('No restores.')).toBeInTheDocument();
  });

  it('shows access control when the response carries it', async () => {
    reportAnswers({
      ...REPORT,
      accessControl: {
        users: [{ id: 'u1', name: 'Ada Admin', email: 'ada@example.com', role: 'owner' }],
        authentication: [],
      },
    });
    render('/applications/payments/payments-platform');
    const access = await ui.section('Access Control');
    const users = within(access).getByRole('table', { name: 'Users' });
    expect(within(users).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(access).getByText('No authentication methods.')).toBeInTheDocument();
  });

  it('prints the page with the browser', async () => {
    reportAnswers();
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = render('/applications/payments/payments-platform');
    await user.click(await screen.findByRole('button', { name: 'Print' }, SLOW));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('shows the server error of an unknown application and retries', async () => {
    const calls = reportAnswers({ error: 'application payments/nope not found' }, 404);
    const { user } = render('/applications/payments/nope');
    expect(await screen.findByRole('alert', undefined, SLOW)).toHaveTextContent(
      'application payments/nope not found',
    );
    reportAnswers({ ...REPORT, name: 'nope' });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'nope' }, SLOW)).toBeVisible();
    expect(calls.length).toBeGreaterThanOrEqual(1);
  });
});
