import { screen, within } from '@testing-library/react';
import type { PlaybookRunActionDetail } from '../../../src/api/schemas/playbooks';
import { paths } from '../../../src/shell/paths';
import { pagesAt, renderPages } from '../../support/renderPages';
import { plots } from '../../support/uplotMock';
import { RUN_DONE, runsBackend } from './runsBackend';

jest.mock('uplot', () => jest.requireActual('../../support/uplotMock'));

jest.setTimeout(60_000);
const SLOW = { timeout: 10_000 };

/** An action of the completed run whose result declares a content type. */
function typed(id: string, name: string, result: Record<string, unknown>): PlaybookRunActionDetail {
  return {
    id,
    name,
    playbook_run_id: RUN_DONE,
    status: 'completed',
    start_time: new Date(Date.now() - 60_000).toISOString(),
    end_time: new Date().toISOString(),
    result,
    artifacts: [],
    playbook_run: { spec: { actions: [{ name, exec: { script: 'report' } }] } },
  };
}

/** An action of the completed run whose spec gives it its type (`{ sql: … }`, `{ ai: … }`). */
function ofType(
  id: string,
  name: string,
  definition: Record<string, unknown>,
  result: Record<string, unknown>,
): PlaybookRunActionDetail {
  return {
    ...typed(id, name, result),
    playbook_run: { spec: { actions: [{ name, ...definition }] } },
  };
}

const MARKDOWN = [
  '## Pod checkout-api',
  '',
  '**Status:** Running, *restarted* 7 times',
  '',
  '- exit code `137`',
  '- see [limits](https://kubernetes.io/docs) and [bad](javascript:alert(1))',
  '',
  '<img src=x onerror="alert(1)"><script>alert(2)</script>',
].join('\n');

const HTML = '<h2>Cost report</h2><script>window.parent.document.title = "owned"</script>';

function renderWith(...actions: PlaybookRunActionDetail[]) {
  const backend = runsBackend();
  backend.actions.push(...actions);
  return renderPages(pagesAt(paths.playbookRun.path), paths.playbookRun.getHref(RUN_DONE));
}

async function open(user: ReturnType<typeof renderWith>['user'], name: string) {
  const graph = await screen.findByRole('region', { name: 'Run graph' }, SLOW);
  await user.click(
    await within(graph).findByRole('button', { name: new RegExp(`^${name},`) }, SLOW),
  );
  return screen.findByRole('region', { name: `Action ${name}` }, SLOW);
}

describe('Run page: results by content type', () => {
  it('renders a markdown result as Markdown, passing no raw HTML and no unsafe link', async () => {
    const { user } = renderWith(
      typed('a-md', 'describe', { stdout: MARKDOWN, contentType: 'text/markdown' }),
    );
    const detail = await open(user, 'describe');
    const doc = within(detail).getByRole('document', { name: 'Markdown output' });
    expect(
      await within(doc).findByRole('heading', { name: 'Pod checkout-api' }, SLOW),
    ).toBeInTheDocument();
    expect(within(doc).getByText('Status:').tagName).toBe('STRONG');
    expect(within(doc).getByText('restarted').tagName).toBe('EM');
    expect(within(doc).getByText('137').tagName).toBe('CODE');
    expect(within(doc).getAllByRole('listitem')).toHaveLength(2);
    expect(within(doc).getByRole('link', { name: 'limits' })).toHaveAttribute(
      'href',
      'https://kubernetes.io/docs',
    );
    expect(within(doc).queryByRole('link', { name: 'bad' })).not.toBeInTheDocument();
    expect(within(doc).getAllByRole('listitem')[1]).toHaveTextContent('and bad');
    expect(doc.querySelector('img, script, [onerror]')).toBeNull();
    expect(doc).toHaveTextContent('<script>alert(2)</script>');
  });

  it('shows an HTML result in a frame that can run no script and reach no network', async () => {
    const { user } = renderWith(
      typed('a-html', 'render-report', { stdout: HTML, contentType: 'text/html; charset=utf-8' }),
    );
    const detail = await open(user, 'render-report');
    const frame = within(detail).getByTitle('HTML output');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    const srcdoc = frame.getAttribute('srcdoc') ?? '';
    expect(srcdoc).toMatch(
      /^<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">/,
    );
    expect(srcdoc).toContain('<h2>Cost report</h2>');
    // The page's own document never holds the result's markup.
    expect(detail.querySelector('h2, script')).toBeNull();
  });

  it('shows a JSON result as a tree whose branches fold and unfold', async () => {
    const { user } = renderWith(
      typed('a-json', 'inventory', {
        stdout: '{"cluster":"prod","nodes":[{"name":"n1","ready":true}],"total":1}',
        contentType: 'application/json',
      }),
    );
    const detail = await open(user, 'inventory');
    const tree = await within(detail).findByRole('tree', { name: 'JSON output' }, SLOW);
    expect(within(tree).getByText('"prod"')).toBeInTheDocument();
    const nodes = within(tree).getByRole('button', { name: /nodes/ });
    expect(nodes).toHaveAttribute('aria-expanded', 'true');
    // The third level starts folded.
    const first = within(tree).getByRole('button', { name: /^▸?\s*0:/ });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(within(tree).queryByText('"n1"')).not.toBeInTheDocument();
    await user.click(first);
    expect(within(tree).getByText('"n1"')).toBeInTheDocument();
    await user.click(nodes);
    expect(within(tree).queryByText('"n1"')).not.toBeInTheDocument();
    expect(nodes).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows text as monospace and logs as lines on a dark background', async () => {
    const { user } = renderWith(
      typed('a-text', 'events', {
        stdout: 'LAST SEEN   TYPE      REASON\n3m          Warning   BackOff',
        contentType: 'text/plain',
      }),
      typed('a-log', 'logs', {
        stdout:
          '{"level":"error","ts":"2024-05-02T10:15:41Z","msg":"upstream timeout"}\nplain line',
        stderr: 'error: container restarted while reading',
        exitCode: 1,
        contentType: 'application/log+json',
      }),
    );
    const text = within(await open(user, 'events')).getByLabelText('Text output');
    expect(text.tagName).toBe('PRE');
    expect(text).toHaveClass('mc-run-log');
    expect(text.textContent).toBe('LAST SEEN   TYPE      REASON\n3m          Warning   BackOff');

    const logs = await open(user, 'logs');
    // A command keeps its exit code and standard error around its output.
    expect(within(logs).getByText('Exit code: 1')).toBeInTheDocument();
    expect(within(logs).getByLabelText('Standard error')).toHaveTextContent(
      'container restarted while reading',
    );
    const log = within(logs).getByRole('list', { name: 'Log output' });
    expect(log).toHaveClass('mc-run-dark-log');
    const lines = within(log).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByText('2024-05-02T10:15:41Z').tagName).toBe('TIME');
    expect(lines[0]).toHaveTextContent('error');
    expect(lines[0]).toHaveTextContent('upstream timeout');
    expect(lines[1]).toHaveTextContent('plain line');
  });
});

const LONG_QUERY = [
  'SELECT type,',
  '       count(*) AS total,',
  "       count(*) FILTER (WHERE health = 'unhealthy') AS unhealthy",
  '  FROM config_items',
  ' GROUP BY type',
].join('\n');

describe('Run page: query results', () => {
  it('shows a sql result as its query above a table, numbers right-aligned', async () => {
    const { user } = renderWith(
      ofType(
        'a-sql-types',
        'by-type',
        { sql: { query: LONG_QUERY } },
        {
          query: LONG_QUERY,
          columns: ['type', 'total', 'unhealthy', 'notes'],
          rows: [
            { type: 'Kubernetes::Pod', total: '120', unhealthy: '7', notes: null },
            {
              type: 'AWS::EC2::Instance',
              total: '12',
              unhealthy: '0',
              notes: 'a long note that wraps '.repeat(6).trim(),
            },
          ],
          count: 2,
        },
      ),
    );
    const detail = await open(user, 'by-type');
    // The long query starts folded to its first line; the button shows it whole.
    const query = within(detail).getByLabelText('SQL query');
    expect(query.tagName).toBe('PRE');
    expect(query.textContent).toBe('SELECT type, …');
    const toggle = within(detail).getByRole('button', { name: 'Show full query' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(query.textContent).toBe(LONG_QUERY);
    expect(within(detail).getByRole('button', { name: 'Hide full query' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    const table = within(detail).getByRole('table', { name: 'Query results' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    // The columns in the order the result lists them.
    expect(headers).toEqual(['type', 'total', 'unhealthy', 'notes']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const cells = within(rows[0]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['Kubernetes::Pod', '120', '7', '']);
    expect(cells[1]).toHaveClass('mc-run-cell-number');
    expect(cells[2]).toHaveClass('mc-run-cell-number');
    expect(cells[0]).not.toHaveClass('mc-run-cell-number');
    // A text column with an empty cell stays left-aligned.
    expect(within(rows[1]!).getAllByRole('cell')[3]).not.toHaveClass('mc-run-cell-number');
    expect(within(table).getAllByRole('columnheader')[1]).toHaveClass('mc-run-cell-number');
  });

  it('shows a short query whole, and a query without rows as "No rows"', async () => {
    const { user } = renderWith(
      ofType(
        'a-sql-empty',
        'none',
        { sql: { query: 'select 1' } },
        { query: 'select 1', count: 0 },
      ),
    );
    const detail = await open(user, 'none');
    expect(within(detail).getByLabelText('SQL query')).toHaveTextContent('select 1');
    expect(within(detail).queryByRole('button', { name: /full query/ })).not.toBeInTheDocument();
    expect(within(detail).getByText('No rows')).toBeInTheDocument();
  });
});

/** Samples of a range query as Mission Control's prometheus action records them. */
function promRows(): Array<Record<string, unknown>> {
  const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 10, minute)).toISOString();
  return [
    { check: 'api', status: 'passed', timestamp: at(0), value: 5 },
    { check: 'api', status: 'passed', timestamp: at(5), value: 4 },
    { check: 'api', status: 'failed', timestamp: at(0), value: 0 },
    { check: 'api', status: 'failed', timestamp: at(5), value: 1.5 },
  ];
}

describe('Run page: Prometheus results', () => {
  beforeEach(() => {
    plots.length = 0;
  });

  it('draws a prometheus action as a line chart and a table of its series', async () => {
    const query = 'sum by (status) (increase(canary_check_count{check="api"}[5m]))';
    const { user } = renderWith(
      ofType(
        'a-prom',
        'error-rate',
        { prometheus: { query, range: { start: 'now-1h', end: 'now', step: '5m' } } },
        { query, range: { start: 'now-1h', end: 'now', step: '5m' }, rows: promRows(), count: 4 },
      ),
    );
    const detail = await open(user, 'error-rate');
    expect(within(detail).getByLabelText('PromQL query')).toHaveTextContent(query);
    // The chart's code loads when the result is shown.
    await within(detail).findByRole('img', { name: 'Prometheus series chart' }, SLOW);
    const plot = plots.at(-1)!;
    const start = Date.UTC(2030, 0, 1, 10, 0) / 1000;
    expect(plot.data).toEqual([
      [start, start + 300],
      [5, 4],
      [0, 1.5],
    ]);
    expect((plot.options.series ?? []).slice(1).map((s) => (s as { label: string }).label)).toEqual(
      ['{check="api", status="passed"}', '{check="api", status="failed"}'],
    );

    const table = within(detail).getByRole('table', { name: 'Series' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Series', 'Last value', 'Samples']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '{check="api", status="passed"}42',
      '{check="api", status="failed"}1.52',
    ]);
  });

  it('draws a Prometheus API answer in an http body, keeping the status code', async () => {
    const answer = {
      status: 'success',
      data: {
        resultType: 'matrix',
        result: [
          {
            metric: { __name__: 'up', job: 'api' },
            values: [
              [1_893_492_000, '1'],
              [1_893_492_060, '0'],
            ],
          },
        ],
      },
    };
    const { user } = renderWith(
      ofType(
        'a-http-prom',
        'query-prometheus',
        { http: { url: 'http://prometheus:9090/api/v1/query_range' } },
        {
          code: 200,
          headers: { 'Content-Type': 'application/json' },
          content: JSON.stringify(answer),
          contentType: 'application/prometheus+json',
        },
      ),
    );
    const detail = await open(user, 'query-prometheus');
    expect(within(detail).getByText('200')).toBeInTheDocument();
    await within(detail).findByRole('img', { name: 'Prometheus series chart' }, SLOW);
    expect(plots.at(-1)!.data).toEqual([
      [1_893_492_000, 1_893_492_060],
      [1, 0],
    ]);
    const table = within(detail).getByRole('table', { name: 'Series' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('up{job="api"}02');
    // The body is not drawn a second time as a JSON tree.
    expect(within(detail).queryByRole('tree')).not.toBeInTheDocument();
  });

  it('shows an instant query as a table of values, without a chart', async () => {
    const { user } = renderWith(
      ofType(
        'a-prom-now',
        'now',
        { prometheus: { query: 'up' } },
        { query: 'up', rows: [{ __name__: 'up', job: 'api', value: 1 }], count: 1 },
      ),
    );
    const detail = await open(user, 'now');
    const table = within(detail).getByRole('table', { name: 'Series' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Series', 'Value']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('up{job="api"}1');
    expect(within(detail).queryByRole('img', { name: 'Prometheus series chart' })).toBeNull();
  });
});

describe('Run page: model cost', () => {
  const diagnosis = ofType(
    'a-ai',
    'diagnose',
    { ai: { prompt: 'Why is this unhealthy?' } },
    {
      markdown: '### Summary\ncheckout-api is **unhealthy**.',
      generationInfo: [
        { inputTokens: 1200, outputTokens: 400, cost: 0.00042, model: 'gpt-4o-mini' },
        {
          inputTokens: 300,
          outputTokens: 100,
          reasoningTokens: 20,
          cost: 0.0038,
          model: 'gpt-4o-mini',
        },
      ],
    },
  );
  const summary = ofType(
    'a-ai-2',
    'summarise',
    { ai: { prompt: 'Summarise' } },
    {
      markdown: 'All good.',
      generationInfo: [{ inputTokens: 4000, outputTokens: 1000, cost: 0.0125, model: 'gpt-4o' }],
    },
  );

  it("shows an ai action's report and what it cost, to a hundredth of a cent, tokens in a tooltip", async () => {
    const { user } = renderWith(diagnosis, summary);
    const detail = await open(user, 'diagnose');
    const doc = within(detail).getByRole('document', { name: 'Markdown output' });
    expect(await within(doc).findByRole('heading', { name: 'Summary' }, SLOW)).toBeInTheDocument();
    expect(within(doc).getByText('unhealthy').tagName).toBe('STRONG');
    const cost = within(detail).getByText('$0.0042');
    expect(cost.closest('p')).toHaveTextContent('Cost $0.0042');
    await user.hover(cost);
    expect(
      await screen.findByText('1,500 input tokens, 520 output tokens (gpt-4o-mini)', {}, SLOW),
    ).toBeInTheDocument();
  });

  it("shows the run's total cost in its summary, tokens in a tooltip", async () => {
    const { user } = renderWith(diagnosis, summary);
    const run = await screen.findByRole('region', { name: 'Run' }, SLOW);
    const total = await within(run).findByText('$0.0167', {}, SLOW);
    expect(total.closest('dd')?.previousElementSibling).toHaveTextContent('Cost');
    await user.hover(total);
    expect(
      await screen.findByText(
        '5,500 input tokens, 1,520 output tokens (gpt-4o-mini, gpt-4o)',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
  });

  it('shows no cost for a run whose actions called no model', async () => {
    renderWith();
    const run = await screen.findByRole('region', { name: 'Run' }, SLOW);
    await within(run).findByText('Duration');
    await screen.findByRole('region', { name: 'Run graph' }, SLOW);
    expect(within(run).queryByText('Cost')).not.toBeInTheDocument();
  });
});
