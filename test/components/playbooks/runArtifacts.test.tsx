import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { PlaybookRunActionDetail } from '../../../src/api/schemas/playbooks';
import { paths } from '../../../src/shell/paths';
import { server } from '../../support/msw';
import { pagesAt, renderPages } from '../../support/renderPages';
import { RUN_DONE, runsBackend } from './runsBackend';

jest.setTimeout(60_000);
const SLOW = { timeout: 10_000 };

const artifact = (id: string, filename: string, contentType: string, size: number) => ({
  id,
  filename,
  path: `playbooks/${RUN_DONE}/render-report/${filename}`,
  content_type: contentType,
  size,
  playbook_run_action_id: 'a-report',
});

const REPORT: PlaybookRunActionDetail = {
  id: 'a-report',
  name: 'render-report',
  playbook_run_id: RUN_DONE,
  status: 'completed',
  start_time: new Date(Date.now() - 60_000).toISOString(),
  end_time: new Date().toISOString(),
  result: { stdout: 'done', stderr: '', exitCode: 0 },
  artifacts: [
    artifact('art-svg', 'cost by team.svg', 'image/svg+xml', 300),
    artifact('art-json', 'cost-by-team.json', 'application/json', 40),
    artifact('art-log', 'render.log', 'text/plain', 30),
    artifact('art-zip', 'bundle.zip', 'application/zip', 4096),
  ],
  playbook_run: { spec: { actions: [{ name: 'render-report', exec: { script: 'report' } }] } },
};

/** The run page with the report action, MISC-04 answering each file; the files read. */
function renderReport() {
  const backend = runsBackend();
  backend.actions.push(REPORT);
  const reads: string[] = [];
  server.use(
    http.get('*/api/artifacts/download/:id', ({ params, request }) => {
      reads.push(`${String(params.id)}${new URL(request.url).search}`);
      if (params.id === 'art-json') {
        return HttpResponse.json([{ team: 'payments', sum: 18432.11 }]);
      }
      return HttpResponse.text('10:00 render started\n10:01 render done\n');
    }),
  );
  const rendered = renderPages(
    pagesAt(paths.playbookRun.path),
    paths.playbookRun.getHref(RUN_DONE),
  );
  return { ...rendered, reads };
}

async function openReport(user: ReturnType<typeof renderReport>['user']) {
  const graph = await screen.findByRole('region', { name: 'Run graph' }, SLOW);
  await user.click(await within(graph).findByRole('button', { name: /^render-report,/ }, SLOW));
  const detail = await screen.findByRole('region', { name: 'Action render-report' }, SLOW);
  return within(detail).getByRole('region', { name: 'Artifacts' });
}

describe('Run page: an action’s artifacts', () => {
  it('links each file to a download that keeps its name', async () => {
    const { user } = renderReport();
    const artifacts = await openReport(user);
    expect(within(artifacts).getByRole('link', { name: 'cost by team.svg' })).toHaveAttribute(
      'href',
      '/api/artifacts/download/art-svg?filename=cost%20by%20team.svg',
    );
    const zip = within(artifacts).getByRole('link', { name: 'bundle.zip' });
    expect(zip).toHaveAttribute('href', '/api/artifacts/download/art-zip?filename=bundle.zip');
    expect(zip).toHaveAttribute('download', 'bundle.zip');
    // A file that is neither an image nor text has nothing to preview.
    expect(within(artifacts).queryByRole('button', { name: 'Preview bundle.zip' })).toBeNull();
  });

  it('shows an image inline', async () => {
    const { user } = renderReport();
    const artifacts = await openReport(user);
    const image = within(artifacts).getByRole('img', { name: 'cost by team.svg' });
    expect(image).toHaveAttribute('src', '/api/artifacts/download/art-svg');
    expect(
      within(artifacts).queryByRole('button', { name: 'Preview cost by team.svg' }),
    ).toBeNull();
  });

  it('previews a text file and a JSON file in a dialog', async () => {
    const { user, reads } = renderReport();
    const artifacts = await openReport(user);

    await user.click(within(artifacts).getByRole('button', { name: 'Preview render.log' }));
    let dialog = await screen.findByRole('dialog', { name: 'render.log' }, SLOW);
    const text = await within(dialog).findByLabelText('Artifact content', {}, SLOW);
    expect(text.tagName).toBe('PRE');
    expect(text.textContent).toBe('10:00 render started\n10:01 render done\n');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'render.log' })).not.toBeInTheDocument();

    await user.click(within(artifacts).getByRole('button', { name: 'Preview cost-by-team.json' }));
    dialog = await screen.findByRole('dialog', { name: 'cost-by-team.json' }, SLOW);
    const tree = await within(dialog).findByRole('tree', { name: 'Artifact content' }, SLOW);
    expect(within(tree).getByText('"payments"')).toBeInTheDocument();
    expect(within(tree).getByText('18432.11')).toBeInTheDocument();
    // The previews read the file as it is, not as a download.
    expect(reads).toEqual(['art-log', 'art-json']);
  });
});
