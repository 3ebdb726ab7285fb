import { screen, within } from '@testing-library/react';
import type { PlaybookRunActionDetail } from '../../../src/api/schemas/playbooks';
import { paths } from '../../../src/shell/paths';
import { pagesAt, renderPages } from '../../support/renderPages';
import { RUN_DONE, runsBackend } from './runsBackend';

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
