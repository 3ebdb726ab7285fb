import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ArtifactRow, ArtifactSummaryRow } from '../../../src/api/schemas/artifacts';
import { server } from '../../support/msw';
import { postgrestTable } from '../../support/postgrestTable';
import type { PostgrestTable } from '../../support/postgrestTable';
import { pagesAt, renderPages } from '../../support/renderPages';
import { SLOW, bodyRows, findTable } from '../../support/tables';

jest.setTimeout(30_000);

const PAGES = pagesAt('/settings/artifacts');

const SUMMARY: ArtifactSummaryRow[] = [
  {
    content_type: 'text/plain',
    storage: 'inline',
    connection_id: null,
    connection_name: null,
    connection_type: null,
    total_count: 12,
    total_size: 3072,
  },
  {
    content_type: 'application/json',
    storage: 'external',
    connection_id: 'c-1',
    connection_name: 'artifacts-bucket',
    connection_type: 's3',
    total_count: '3',
    total_size: '1048576',
  },
  {
    content_type: 'image/svg+xml',
    storage: 'inline',
    connection_id: null,
    connection_name: null,
    connection_type: null,
    total_count: 1,
    total_size: 300,
  },
];

function artifact(
  n: number,
  filename: string,
  contentType: string | null,
  owner: Partial<ArtifactRow>,
): ArtifactRow {
  return {
    id: `0193aaaa-0000-7000-8000-${String(n).padStart(12, '0')}`,
    filename,
    path: `runs/${filename}`,
    content_type: contentType,
    size: 100 + n,
    created_at: `2026-11-${String(n).padStart(2, '0')}T10:00:00Z`,
    expires_at: null,
    ...owner,
  };
}

const LOG = artifact(20, 'container.log', 'text/plain', { config_change_id: 'chg-1' });
const EVENTS = artifact(19, 'events.json', 'application/json', { config_change_id: 'chg-1' });
const CHART = artifact(18, 'cost by team.svg', 'image/svg+xml', {
  playbook_run_action_id: 'act-1',
});
const BUNDLE = artifact(17, 'bundle.zip', 'application/zip', { check_id: 'chk-1' });
/** Older text files, enough for a second page of text. */
const OLDER = Array.from({ length: 11 }, (_, i) =>
  artifact(i + 1, `output-${i + 1}.txt`, 'text/plain', { job_history_id: 'job-1' }),
);

let summary: PostgrestTable<ArtifactSummaryRow>;
let artifacts: PostgrestTable<ArtifactRow>;
let downloads: string[];

function renderPage(url = '/settings/artifacts', rows = [LOG, EVENTS, CHART, BUNDLE, ...OLDER]) {
  summary = postgrestTable('artifact_summary', SUMMARY);
  artifacts = postgrestTable(
    'artifacts',
    rows.map((row) => ({ ...row, deleted_at: null })),
  );
  downloads = [];
  server.use(
    http.get('*/api/artifacts/download/:id', ({ params }) => {
      downloads.push(String(params.id));
      if (params.id === EVENTS.id) return HttpResponse.json({ reason: 'BackOff', count: 4 });
      return HttpResponse.text('starting server on :8080\nfatal: connection refused\n');
    }),
  );
  return renderPages(PAGES, url);
}

const ui = {
  table: () => findTable('Artifacts'),
  names: () => bodyRows('Artifacts').map((row) => within(row).getAllByRole('cell')[0]?.textContent),
  summary: () => screen.findByRole('region', { name: 'Artifacts by content type' }, SLOW),
  contentType: () => screen.getByRole('combobox', { name: 'Content type' }),
  lastRead: () => decodeURIComponent(artifacts.reads.at(-1)!.url.search),
};

describe('Artifacts page', () => {
  it('sums the artifacts by content type and where they are kept', async () => {
    renderPage();
    const region = await ui.summary();
    expect(decodeURIComponent(summary.reads[0]!.url.search)).toBe(
      '?order=total_count.desc,content_type.asc',
    );
    const rows = within(region).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'text/plainInline123 KB',
      'application/jsonExternal: artifacts-bucket (s3)31 MB',
      'image/svg+xmlInline1300 B',
    ]);
  });

  it('lists the artifacts newest first a page at a time, with what kept them', async () => {
    renderPage();
    await ui.table();
    expect(ui.lastRead()).toBe(
      '?select=id,filename,path,content_type,size,check_id,playbook_run_action_id,config_change_id,scraper_id,job_history_id,connection_id,created_at,expires_at&deleted_at=is.null&order=created_at.desc,id.desc&limit=50&offset=0',
    );
    expect(artifacts.reads.at(-1)!.prefer).toMatch(/count=exact/);
    expect(ui.names().slice(0, 4)).toEqual([
      'container.log',
      'events.json',
      'cost by team.svg',
      'bundle.zip',
    ]);
    const [log, , chart, bundle] = bodyRows('Artifacts').map((row) =>
      within(row).getAllByRole('cell'),
    );
    expect(log![1]).toHaveTextContent('text/plain');
    expect(log![2]).toHaveTextContent('120 B');
    expect(log![3]).toHaveTextContent('Config change');
    expect(chart![3]).toHaveTextContent('Playbook run');
    expect(bundle![3]).toHaveTextContent('Health check');
  });

  it('filters by the content type in the address, and pages through it', async () => {
    const { user, currentUrl } = renderPage(
      '/settings/artifacts?contentType=text/plain&pageSize=10',
    );
    await waitFor(() => expect(ui.names()).toHaveLength(10));
    expect(ui.lastRead()).toContain('&content_type=eq.text/plain&');
    expect(ui.contentType()).toHaveValue('text/plain');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(ui.names()).toEqual(['output-2.txt', 'output-1.txt']));
    expect(ui.lastRead()).toContain('&limit=10&offset=10');
    expect(currentUrl()).toBe(
      '/settings/artifacts?contentType=text%2Fplain&pageSize=10&pageIndex=1',
    );

    // Another content type goes back to the first page.
    await user.selectOptions(ui.contentType(), 'application/json');
    await waitFor(() => expect(ui.names()).toEqual(['events.json']));
    expect(currentUrl()).toBe('/settings/artifacts?contentType=application%2Fjson&pageSize=10');

    await user.selectOptions(ui.contentType(), 'All content types');
    await waitFor(() => expect(ui.names()).toHaveLength(10));
    expect(currentUrl()).toBe('/settings/artifacts?pageSize=10');
  });

  it('filters by a content type chosen in the summary', async () => {
    const { user, currentUrl } = renderPage();
    const region = await ui.summary();
    await user.click(within(region).getByRole('button', { name: 'image/svg+xml' }));
    await waitFor(() => expect(ui.names()).toEqual(['cost by team.svg']));
    expect(currentUrl()).toBe('/settings/artifacts?contentType=image%2Fsvg%2Bxml');
    expect(within(region).getByRole('button', { name: 'image/svg+xml' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says when no artifact has the content type, and clears the filter', async () => {
    const { user, currentUrl } = renderPage('/settings/artifacts?contentType=video/mp4');
    expect(
      await screen.findByText('No artifacts of this content type', undefined, SLOW),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentUrl()).toBe('/settings/artifacts'));
    await waitFor(() => expect(ui.names().length).toBeGreaterThan(0));
  });

  it('says when there are no artifacts', async () => {
    renderPage('/settings/artifacts', []);
    expect(await screen.findByText('No artifacts', undefined, SLOW)).toBeVisible();
  });

  it('shows the server’s reason when the list or the summary fails', async () => {
    const { user } = renderPage();
    artifacts.fail('GET', 500, { message: 'artifacts are being vacuumed' }, { times: 1 });
    summary.fail('GET', 503, { message: 'summary unavailable' }, { times: 1 });
    expect(await screen.findByText('Error loading artifacts', undefined, SLOW)).toBeVisible();
    expect(screen.getByText('artifacts are being vacuumed')).toBeVisible();
    expect(screen.getByText('Error loading the artifact summary')).toBeVisible();
    expect(screen.getByText('summary unavailable')).toBeVisible();
    // Each has its own Retry.
    const retries = screen.getAllByRole('button', { name: 'Retry' });
    expect(retries).toHaveLength(2);
    for (const retry of retries) await user.click(retry);
    await waitFor(() => expect(ui.names().length).toBeGreaterThan(0));
    expect(await ui.summary()).toBeVisible();
  });

  it('previews a text, a JSON and an image artifact read from the download address', async () => {
    const { user } = renderPage();
    await ui.table();

    await user.click(screen.getByRole('button', { name: 'Preview container.log' }));
    let dialog = await screen.findByRole('dialog', { name: 'container.log' }, SLOW);
    const text = await within(dialog).findByLabelText('Artifact content', {}, SLOW);
    expect(text.textContent).toBe('starting server on :8080\nfatal: connection refused\n');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    // Opening the row previews it too.
    await user.click(screen.getByText('events.json'));
    dialog = await screen.findByRole('dialog', { name: 'events.json' }, SLOW);
    const tree = await within(dialog).findByRole('tree', { name: 'Artifact content' }, SLOW);
    expect(within(tree).getByText('"BackOff"')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Preview cost by team.svg' }));
    dialog = await screen.findByRole('dialog', { name: 'cost by team.svg' }, SLOW);
    expect(within(dialog).getByRole('img', { name: 'cost by team.svg' })).toHaveAttribute(
      'src',
      `/api/artifacts/download/${CHART.id}`,
    );
    expect(downloads).toEqual([LOG.id, EVENTS.id]);

    // A file that is neither an image nor text is only downloaded.
    expect(screen.queryByRole('button', { name: 'Preview bundle.zip' })).toBeNull();
  });

  it('links each artifact to a download that keeps its name', async () => {
    renderPage();
    await ui.table();
    const link = screen.getByRole('link', { name: 'Download cost by team.svg' });
    expect(link).toHaveAttribute(
      'href',
      `/api/artifacts/download/${CHART.id}?filename=cost%20by%20team.svg`,
    );
    expect(link).toHaveAttribute('download', 'cost by team.svg');
  });
});
