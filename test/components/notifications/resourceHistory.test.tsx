import { act, screen, waitFor, within } from '@testing-library/react';
import { paths } from '../../../src/shell/paths';
import {
  CONFIG_ID,
  MEMBER_ID,
  NODE_ID,
  RUN_ID,
  SEND_INHIBITED,
  SEND_PARENT,
  SEND_FAILED,
  SEND_PLAYBOOK,
  SEND_SENT,
  SEND_SILENCED,
  SILENCE_ID,
  historyBackend,
} from './historyBackend';
import { SLOW, bodyRows, findTable } from '../../support/tables';
import { pagesAt, renderPages } from '../../support/renderPages';

const HISTORY_PAGES = pagesAt(paths.notificationResource.path);

const ui = {
  table: () => findTable('Notification history'),
  bodyRows,
  dialog: () => screen.findByRole('dialog', { name: 'Notification' }, SLOW),
};

function renderHistory(search = '', roles?: string[]) {
  const backend = historyBackend();
  const rendered = renderPages(
    HISTORY_PAGES,
    `${paths.notificationResource.getHref(CONFIG_ID)}${search}`,
    { roles },
  );
  return { ...rendered, backend };
}

const urlParams = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));

/** The page's reads of NOTIF-07, without the one that names the resource. */
const pageReads = (backend: ReturnType<typeof historyBackend>) =>
  backend.historyReads.filter(
    (url) => url.searchParams.get('limit') !== '1' && !url.searchParams.has('id'),
  );

describe('/notifications/resource/:resourceId', () => {
  it('shows the resource with a link to its page, and its sends newest first', async () => {
    const { backend } = renderHistory();
    const table = await ui.table();
    const header = screen.getByRole('banner', { name: 'Resource' });
    expect(within(header).getByRole('link', { name: 'checkout-api' })).toHaveAttribute(
      'href',
      `/catalog/${CONFIG_ID}`,
    );
    expect(header).toHaveTextContent('Config · Kubernetes::Deployment');
    const rows = ui.bodyRows(table);
    // The silenced and the inhibited sends are hidden until asked for.
    expect(rows).toHaveLength(3);
    const first = within(rows[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(first.slice(1)).toEqual([
      'Sent',
      'Unhealthy deployments',
      'Person: Olga Oncall',
      'config.unhealthy',
      '850ms',
      '',
    ]);
    expect(
      within(rows[1]!).getByRole('link', { name: 'Playbook: Restart deployment' }),
    ).toHaveAttribute('href', `/playbooks/runs/${RUN_ID}`);
    expect(within(rows[2]!).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('slack: channel_not_found')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('3.2s')).toBeInTheDocument();
    const read = pageReads(backend)[0]!;
    expect(read.searchParams.get('resource_id')).toBe(`eq.${CONFIG_ID}`);
    expect(read.searchParams.get('order')).toBe('created_at.desc');
    expect(read.searchParams.get('limit')).toBe('50');
  });

  it('filters by status in the address', async () => {
    const { backend, user, currentUrl } = renderHistory();
    await ui.table();
    await user.click(screen.getByRole('button', { name: /^Status filter/ }));
    await user.click(screen.getByRole('button', { name: 'Include Failed' }));
    await waitFor(async () => expect(ui.bodyRows(await ui.table())).toHaveLength(1));
    expect(urlParams(currentUrl())).toEqual({ status: 'error:1' });
    const reads = pageReads(backend);
    expect(reads[reads.length - 1]!.searchParams.get('status.filter')).toBe('error');
  });

  it('reads the status filter and page from the address', async () => {
    const { backend } = renderHistory('?status=sent:-1&pageIndex=1&pageSize=10');
    await screen.findByText('No notifications match these filters', {}, SLOW);
    const read = pageReads(backend)[0]!;
    expect(read.searchParams.get('status.filter')).toBe(
      '!sent,!skipped,!silenced,!inhibited,!repeat-interval',
    );
    expect(read.searchParams.get('limit')).toBe('10');
    expect(read.searchParams.get('offset')).toBe('10');
  });

  it('shows suppressed sends when asked, in the address', async () => {
    const { backend, user, currentUrl } = renderHistory();
    await waitFor(async () => expect(ui.bodyRows(await ui.table())).toHaveLength(3));
    expect(pageReads(backend)[0]!.searchParams.get('status.filter')).toBe(
      '!skipped,!silenced,!inhibited,!repeat-interval',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Show suppressed' }));
    await waitFor(async () => expect(ui.bodyRows(await ui.table())).toHaveLength(5));
    expect(urlParams(currentUrl())).toEqual({ suppressed: 'true' });
    const reads = pageReads(backend);
    expect(reads[reads.length - 1]!.searchParams.has('status.filter')).toBe(false);
    expect(screen.getByText('Inhibited')).toBeInTheDocument();
  });

  it('links an inhibited send to the send that inhibited it', async () => {
    renderHistory(`?suppressed=true&send=${SEND_INHIBITED}`);
    const dialog = await ui.dialog();
    const link = await within(dialog).findByRole(
      'link',
      { name: 'node-a · config.unhealthy' },
      SLOW,
    );
    expect(link).toHaveAttribute(
      'href',
      `${paths.notificationResource.getHref(NODE_ID)}?send=${SEND_PARENT}`,
    );
  });

  it('shows what a send inhibited, its group and its body as the backend renders it', async () => {
    historyBackend();
    renderPages(
      HISTORY_PAGES,
      `${paths.notificationResource.getHref(NODE_ID)}?send=${SEND_PARENT}`,
    );
    const dialog = await ui.dialog();
    const message = await within(dialog).findByRole('region', { name: 'Message' });
    await within(message).findByText('Grouped resources:', { exact: false }, SLOW);
    expect(message).not.toHaveTextContent('stored body');
    const group = await within(dialog).findByRole('region', { name: 'Group' });
    expect(group).toHaveTextContent('Group (2)');
    expect(within(group).getByRole('link', { name: 'node-b' })).toHaveAttribute(
      'href',
      `/catalog/${MEMBER_ID}`,
    );
    const inhibited = await within(dialog).findByRole(
      'region',
      { name: 'Inhibited notifications' },
      SLOW,
    );
    expect(
      within(inhibited).getByRole('link', { name: 'checkout-api · config.unhealthy' }),
    ).toHaveAttribute(
      'href',
      `${paths.notificationResource.getHref(CONFIG_ID)}?send=${SEND_INHIBITED}`,
    );
  });

  it('opens a send detail from a row, in the address, with its message rendered safely', async () => {
    const { user, currentUrl, backend } = renderHistory();
    const rows = ui.bodyRows(await ui.table());
    await user.click(rows[0]!);
    const dialog = await ui.dialog();
    expect(urlParams(currentUrl())).toEqual({ send: SEND_SENT });
    expect(
      backend.historyReads.some((url) => url.searchParams.get('id') === `eq.${SEND_SENT}`),
    ).toBe(true);
    const message = await within(dialog).findByRole('region', { name: 'Message' });
    expect(
      within(message).getByRole('heading', { name: 'Deployment checkout-api is unhealthy' }),
    ).toBeInTheDocument();
    expect(within(message).getByRole('link', { name: 'dashboard' })).toHaveAttribute(
      'href',
      'https://grafana.example.com/d/1',
    );
    // The javascript: link and the script tag are text, not elements.
    expect(within(message).getAllByRole('link')).toHaveLength(1);
    expect(message).toHaveTextContent('<script>alert("x")</script>');
    expect(message.querySelector('script')).toBeNull();
    expect(message.querySelector('a[href^="javascript"]')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(urlParams(currentUrl())).toEqual({});
  });

  it('links the silence that muted a send and the playbook run it started', async () => {
    renderHistory(`?send=${SEND_SILENCED}`);
    const silenced = await ui.dialog();
    expect(
      await within(silenced).findByRole('link', { name: 'View silence' }, SLOW),
    ).toHaveAttribute('href', `/notifications/silences?id=${SILENCE_ID}`);
  });

  it('links the playbook run of a send, and shows the error of a failed one', async () => {
    const { router } = renderHistory(`?send=${SEND_PLAYBOOK}`);
    const dialog = await ui.dialog();
    const runLinks = await within(dialog).findAllByRole(
      'link',
      { name: /Restart deployment/ },
      SLOW,
    );
    expect(runLinks[0]).toHaveAttribute('href', `/playbooks/runs/${RUN_ID}`);
    await act(() =>
      router.navigate(`${paths.notificationResource.getHref(CONFIG_ID)}?send=${SEND_FAILED}`),
    );
    const failed = await ui.dialog();
    expect(
      await within(failed).findByText('slack: channel_not_found', {}, SLOW),
    ).toBeInTheDocument();
  });

  it('offers to silence the resource only to those who may write notifications', async () => {
    renderHistory(`?send=${SEND_SENT}`);
    const dialog = await ui.dialog();
    const silence = await within(dialog).findByRole('button', { name: 'Silence' }, SLOW);
    expect(silence).toHaveAttribute('href', `/notifications/silences/add?config_id=${CONFIG_ID}`);
  });

  it('hides the Silence action from a viewer', async () => {
    renderHistory(`?send=${SEND_SENT}`, ['viewer']);
    const dialog = await ui.dialog();
    await within(dialog).findByRole('region', { name: 'Message' }, SLOW);
    expect(within(dialog).queryByRole('button', { name: 'Silence' })).toBeNull();
  });
});
