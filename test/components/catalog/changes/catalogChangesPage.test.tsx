import '../../../support/withMonacoMock';
import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_CHANGES_BODY } from '../../../support/catalogChanges';
import { deferred } from '../../../support/deferred';
import { pagesAt, renderPages } from '../../../support/renderPages';
import { SLOW, bodyRows, findTable } from '../../../support/tables';
import { ITEM_ID, configItemBackend } from '../item/configItemBackend';
import type { ChangesAnswer } from './changesBackend';
import {
  ARRIVED,
  CHANGES,
  DEPLOYMENT_ID,
  DIFF_ID,
  PERSON_ID,
  POD_ID,
  PULLED_ID,
  changeDialogBackend,
  changesBackend,
} from './changesBackend';

const PAGE = '/catalog/changes';

const ui = {
  table: () => findTable('Changes'),
  bodyRows,
  row: (table: HTMLElement, text: string) =>
    bodyRows(table).find((row) => row.textContent?.includes(text))!,
  filter: (name: string) => screen.getByRole('button', { name: new RegExp(`^${name} filter`) }),
  chips: () => screen.getByRole('group', { name: 'Changes by type' }),
  dialog: () => screen.findByRole('dialog', {}, SLOW),
  refresh: () => screen.findByRole('button', { name: 'Refresh' }),
};

function renderChanges(
  url = PAGE,
  answer?: ChangesAnswer,
  hold?: Parameters<typeof changesBackend>[1],
) {
  const backend = changesBackend(answer, hold);
  return { ...renderPages(pagesAt(PAGE), url), backend };
}

/** The query of the current address. */
const query = (currentUrl: () => string) => new URL(currentUrl(), 'http://console').searchParams;

describe('catalog changes page', () => {
  it('asks for the last 2 days of every config and lists them with the counts by type', async () => {
    const { backend } = renderChanges();
    const table = await ui.table();
    expect(backend.bodies).toEqual([DEFAULT_CHANGES_BODY]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Changes');
    expect(
      within(screen.getByRole('navigation', { name: 'Catalog sections' })).getByRole('link', {
        name: 'Changes',
      }),
    ).toHaveAttribute('href', PAGE);

    const rows = ui.bodyRows(table);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('replicas 2 → 3');
    expect(rows[0]).toHaveTextContent('kubectl');
    expect(within(rows[0]!).getByRole('link', { name: /checkout-api/ })).toHaveAttribute(
      'href',
      `/catalog/${DEPLOYMENT_ID}`,
    );
    // A person's id is shown as their name.
    expect(await within(rows[1]!).findByText('Ada Admin', {}, SLOW)).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('High');
    // Without a summary the change type stands in.
    expect(within(rows[2]!).getByRole('button', { name: 'Filter by UPDATE' })).toBeVisible();

    // Most changes first.
    expect(
      within(ui.chips())
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['UPDATE 5', 'diff 2', 'Pulled 1']);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('of 3');
  });

  it('cancels the search of a severity chosen again before its answer came', async () => {
    const never = deferred();
    const { user, backend } = renderChanges(PAGE, undefined, (body) =>
      body.severity === 'critical' ? never.promise : undefined,
    );
    const table = await ui.table();
    backend.answer({ changes: [CHANGES[1]!], summary: { diff: 1 }, total: 1 });
    const severity = screen.getByRole('combobox', { name: 'Severity' });
    await user.selectOptions(severity, 'critical');
    await waitFor(() => expect(backend.lastBody()).toMatchObject({ severity: 'critical' }));
    await user.selectOptions(severity, 'high');
    await waitFor(() => expect(backend.lastBody()).toMatchObject({ severity: 'high' }));
    await waitFor(() => expect(backend.requests[1]?.signal.aborted).toBe(true));
    expect(backend.requests[2]?.signal.aborted).toBe(false);
    await waitFor(() => expect(ui.bodyRows(table)).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
    never.resolve();
  });

  it('sends every filter of the address, and the same address gives the same body', async () => {
    const params = new URLSearchParams({
      id: DEPLOYMENT_ID,
      configTypes: 'Kubernetes__Deployment:1,Kubernetes__Pod:-1',
      changeType: 'diff:1',
      severity: 'high',
      source: 'kubernetes/events:1',
      summary: 'Image pulled:-1',
      created_by: `${PERSON_ID}:1`,
      external_created_by: 'kubectl:1',
      tags: 'cluster=prod:1,cluster=dev:1,namespace=shop:-1',
      showDeletedConfigs: 'true',
      rangeType: 'relative',
      range: 'now-7d',
      display: 'Last 7 days',
      pageIndex: '1',
      pageSize: '25',
      sortBy: 'count',
      sortOrder: 'asc',
    });
    const expected = {
      id: DEPLOYMENT_ID,
      config_type: 'Kubernetes::Deployment,!Kubernetes::Pod',
      type: 'diff',
      created_by: `${PERSON_ID},kubectl`,
      summary: '!Image%20pulled',
      source: 'kubernetes%2Fevents',
      from: 'now-7d',
      to: 'now',
      severity: 'high',
      page: 2,
      page_size: 25,
      sort_by: 'count',
      tags: 'cluster in (prod,dev),namespace!=shop',
      recursive: 'none',
      include_deleted_configs: true,
    };
    const first = renderChanges(`${PAGE}?${params}`);
    await ui.table();
    expect(first.backend.lastBody()).toEqual(expected);
    const shown = first.currentUrl();
    first.unmount();

    const again = renderChanges(shown);
    await ui.table();
    expect(again.backend.lastBody()).toEqual(expected);
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Severity' })).toHaveValue('high');
    expect(screen.getByRole('checkbox', { name: 'Include deleted configs' })).toBeChecked();
    expect(ui.filter('Config Type')).toHaveAccessibleName('Config Type filter, 2 selected');
    expect(ui.filter('Created By')).toHaveAccessibleName('Created By filter, 2 selected');
    expect(ui.filter('Tags')).toHaveAccessibleName('Tags filter, 3 selected');
    expect(screen.getByText('Config: checkout-api')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Page 2 of 5');
  });

  it('puts the filters chosen in the toolbar in the address and the body, from the first page', async () => {
    const { backend, user, currentUrl } = renderChanges(`${PAGE}?pageIndex=2&pageSize=50`);
    await ui.table();
    expect(backend.lastBody()).toMatchObject({ page: 3 });

    await user.click(ui.filter('Config Type'));
    await user.click(await screen.findByRole('button', { name: 'Include Kubernetes::Pod' }, SLOW));
    await waitFor(() =>
      expect(backend.lastBody()).toMatchObject({ config_type: 'Kubernetes::Pod' }),
    );
    expect(backend.lastBody()).not.toHaveProperty('page');
    expect(query(currentUrl).get('configTypes')).toBe('Kubernetes__Pod:1');
    expect(query(currentUrl).get('pageIndex')).toBeNull();

    await user.click(ui.filter('Change Type'));
    await user.click(await screen.findByRole('button', { name: 'Exclude Pulled' }, SLOW));
    await waitFor(() => expect(backend.lastBody()).toMatchObject({ type: '!Pulled' }));

    // The tag pairs (CAT-11) are read only once the Tags filter opens.
    expect(backend.tags.reads).toHaveLength(0);
    await user.click(ui.filter('Tags'));
    const tags = await screen.findByRole('list', { name: 'Tags' }, SLOW);
    await within(tags).findByRole('button', { name: 'Include cluster=dev' }, SLOW);
    expect(backend.tags.reads).toHaveLength(1);
    // CAT-11's pairs, each once, sorted.
    expect(
      within(tags)
        .getAllByRole('button', { name: /^Include / })
        .map((button) => button.textContent),
    ).toEqual(['Include cluster=dev', 'Include cluster=prod', 'Include namespace=shop']);
    await user.click(within(tags).getByRole('button', { name: 'Include cluster=prod' }));
    await user.click(within(tags).getByRole('button', { name: 'Include cluster=dev' }));
    await waitFor(() =>
      expect(backend.lastBody()).toMatchObject({ tags: 'cluster in (prod,dev)' }),
    );

    await user.click(ui.filter('Created By'));
    await user.click(await screen.findByRole('button', { name: 'Include Ada Admin' }, SLOW));
    await waitFor(() => expect(backend.lastBody()).toMatchObject({ created_by: PERSON_ID }));
    expect(query(currentUrl).get('created_by')).toBe(`${PERSON_ID}:1`);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'critical');
    await waitFor(() => expect(backend.lastBody()).toMatchObject({ severity: 'critical' }));

    await user.click(screen.getByRole('checkbox', { name: 'Include deleted configs' }));
    await waitFor(() =>
      expect(backend.lastBody()).toMatchObject({ include_deleted_configs: true }),
    );
    expect(query(currentUrl).get('showDeletedConfigs')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Last 2 days' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Last 7 days' }, SLOW));
    await waitFor(() => expect(backend.lastBody()).toMatchObject({ from: 'now-7d', to: 'now' }));

    await user.click(screen.getByRole('button', { name: 'Config' }));
    await waitFor(() => expect(backend.lastBody()).toMatchObject({ sort_by: 'name' }));
    await user.click(screen.getByRole('button', { name: 'Count' }));
    await waitFor(() => expect(backend.lastBody()).toMatchObject({ sort_by: 'count' }));

    // One button takes every filter away; sort and page size stay.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(backend.lastBody()).toEqual({ ...DEFAULT_CHANGES_BODY, sort_by: 'count' }),
    );
    expect(currentUrl()).toBe(`${PAGE}?pageSize=50&sortBy=count&sortOrder=asc`);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('filters by a value clicked in a row without opening the row', async () => {
    const { backend, user, currentUrl } = renderChanges();
    const table = await ui.table();
    const pulled = ui.row(table, 'Image pulled');

    await user.click(within(pulled).getByRole('button', { name: 'Filter by kubernetes/events' }));
    await waitFor(() =>
      expect(backend.lastBody()).toMatchObject({ source: 'kubernetes%2Fevents' }),
    );
    expect(query(currentUrl).get('source')).toBe('kubernetes/events:1');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(pulled).getByRole('button', { name: 'Filter by Kubernetes::Pod' }));
    await waitFor(() =>
      expect(backend.lastBody()).toMatchObject({ config_type: 'Kubernetes::Pod' }),
    );
    expect(query(currentUrl).get('configTypes')).toBe('Kubernetes__Pod:1');

    await user.click(within(pulled).getByRole('button', { name: 'Filter by Pulled' }));
    await waitFor(() => expect(backend.lastBody()).toMatchObject({ type: 'Pulled' }));

    await user.click(await within(pulled).findByRole('button', { name: 'Filter by Ada Admin' }));
    await waitFor(() => expect(backend.lastBody()).toMatchObject({ created_by: PERSON_ID }));
    expect(query(currentUrl).get('created_by')).toBe(`${PERSON_ID}:1`);

    // From the keyboard too: an outside author goes to its own parameter.
    const diff = ui.row(table, 'replicas 2 → 3');
    within(diff).getByRole('button', { name: 'Filter by kubectl' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(backend.lastBody()).toMatchObject({ created_by: `${PERSON_ID},kubectl` }),
    );
    expect(query(currentUrl).get('external_created_by')).toBe('kubectl:1');
    expect(query(currentUrl).get('changeId')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('filters by the change type of a summary chip, and stops when it is used again', async () => {
    const { backend, user, currentUrl } = renderChanges();
    await ui.table();
    await user.click(within(ui.chips()).getByRole('button', { name: 'diff 2' }));
    await waitFor(() => expect(backend.lastBody()).toMatchObject({ type: 'diff' }));
    expect(query(currentUrl).get('changeType')).toBe('diff:1');
    const chip = within(ui.chips()).getByRole('button', { name: 'diff 2' });
    expect(chip).toHaveAttribute('aria-pressed', 'true');

    await user.click(chip);
    await waitFor(() => expect(query(currentUrl).get('changeType')).toBeNull());
    expect(within(ui.chips()).getByRole('button', { name: 'diff 2' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    // Back to the first search, answered from the cache.
    expect(backend.bodies).toEqual([
      DEFAULT_CHANGES_BODY,
      { ...DEFAULT_CHANGES_BODY, type: 'diff' },
    ]);
  });

  it('opens a row in the change dialog with its diff, details and patches', async () => {
    const { backend, user, currentUrl } = renderChanges();
    const table = await ui.table();
    await user.click(ui.row(table, 'replicas 2 → 3'));
    expect(query(currentUrl).get('changeId')).toBe(DIFF_ID);
    expect(query(currentUrl).get('changeConfigId')).toBe(DEPLOYMENT_ID);

    const dialog = await ui.dialog();
    expect(within(dialog).getByRole('heading', { name: 'replicas 2 → 3' })).toBeInTheDocument();
    expect(await within(dialog).findByTestId('diff-original', {}, SLOW)).toHaveTextContent(
      'kind: Deployment replicas: 2 image: api:1.0',
    );
    expect(within(dialog).getByTestId('diff-modified')).toHaveTextContent(
      'kind: Deployment replicas: 3 image: api:1.0',
    );
    expect(within(dialog).getByTestId('diff')).toHaveAttribute('data-side-by-side', 'true');
    await user.click(within(dialog).getByRole('radio', { name: 'Unified' }));
    expect(within(dialog).getByTestId('diff')).toHaveAttribute('data-side-by-side', 'false');

    const details = within(dialog).getByRole('region', { name: 'Details' });
    expect(within(details).getByTestId('code')).toHaveTextContent('reason: ScalingReplicaSet');
    const patches = within(dialog).getByRole('region', { name: 'Patches' });
    expect(within(patches).getByTestId('code')).toHaveTextContent('replicas: 3');
    expect(within(dialog).getByRole('link', { name: /checkout-api/ })).toHaveAttribute(
      'href',
      `/catalog/${DEPLOYMENT_ID}`,
    );
    expect(dialog).toHaveTextContent('kubectl');
    expect(dialog).toHaveTextContent('Info');

    const read = backend.details.reads[0]!;
    expect([...read.url.searchParams]).toEqual([
      ['config_id', `eq.${DEPLOYMENT_ID}`],
      ['id', `eq.${DIFF_ID}`],
      [
        'select',
        'id,config_id,change_type,created_at,external_created_by,source,diff,details,patches,created_by,config:configs(id,name,type,config_class)',
      ],
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentUrl()).toBe(PAGE);
  });

  it('reopens the change named in the address; a change without a diff has no diff', async () => {
    const { user, currentUrl } = renderChanges(
      `${PAGE}?changeId=${PULLED_ID}&changeConfigId=${POD_ID}`,
    );
    const dialog = await ui.dialog();
    expect(
      await within(dialog).findByRole('heading', { name: 'Image pulled' }, SLOW),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('Ada Admin', {}, SLOW)).toBeInTheDocument();
    expect(within(dialog).getByTestId('code')).toHaveTextContent('image: api:1.0');
    expect(within(dialog).queryByRole('region', { name: 'Diff' })).toBeNull();
    expect(within(dialog).queryByRole('region', { name: 'Patches' })).toBeNull();

    // Escape closes the dialog once it has taken the focus, as it does on opening.
    await waitFor(() =>
      expect(dialog.closest(`.${Classes.OVERLAY}`)).toContainElement(
        document.activeElement as HTMLElement,
      ),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentUrl()).toBe(PAGE);
  });

  it('says when the change is not found', async () => {
    renderChanges(`${PAGE}?changeId=missing&changeConfigId=${POD_ID}`);
    const dialog = await ui.dialog();
    expect(await within(dialog).findByText('Change not found', {}, SLOW)).toBeInTheDocument();
  });

  it("lists the change's artifacts by name, each a download with its size", async () => {
    const { backend } = renderChanges(
      `${PAGE}?changeId=${DIFF_ID}&changeConfigId=${DEPLOYMENT_ID}`,
    );
    const dialog = await ui.dialog();
    const artifacts = await within(dialog).findByRole('region', { name: 'Artifacts' }, SLOW);
    const items = within(artifacts).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'events.json 512 B',
      'manifest.yaml 2 KB',
    ]);
    expect(within(artifacts).getByRole('link', { name: 'manifest.yaml' })).toHaveAttribute(
      'href',
      '/api/artifacts/download/art-manifest?filename=manifest.yaml',
    );
    expect(within(artifacts).getByRole('link', { name: 'events.json' })).toHaveAttribute(
      'download',
      'events.json',
    );
    expect([...backend.artifacts.reads[0]!.url.searchParams]).toEqual([
      ['config_change_id', `eq.${DIFF_ID}`],
      ['deleted_at', 'is.null'],
      ['select', 'id,filename,path,content_type,size,created_at'],
      ['order', 'filename.asc'],
    ]);
  });

  it('says when the artifacts cannot be loaded, and Retry reads them again', async () => {
    const { backend, user } = renderChanges(
      `${PAGE}?changeId=${DIFF_ID}&changeConfigId=${DEPLOYMENT_ID}`,
    );
    backend.artifacts.fail('GET', 500, { message: 'disk full' });
    const dialog = await ui.dialog();
    const alert = await within(dialog).findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent("The change's artifacts could not be loaded");
    expect(alert).toHaveTextContent('disk full');
    backend.artifacts.recover();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByRole('link', { name: 'manifest.yaml' }, SLOW)).toBeVisible();
  });

  it('marks the changes that arrive while following, not those there at first', async () => {
    const { backend, user } = renderChanges(`${PAGE}?follow=true`);
    const table = await ui.table();
    expect(screen.getByRole('checkbox', { name: 'Follow' })).toBeChecked();
    expect(within(table).queryByText('New')).toBeNull();

    backend.answer({ changes: [ARRIVED, ...CHANGES] });
    await user.click(await ui.refresh());
    const arrived = await within(table).findByText('image api:1.1 → api:1.2', {}, SLOW);
    const row = arrived.closest('tr')!;
    expect(row).toHaveClass('mc-change-row--new');
    expect(within(row).getByText('New')).toBeInTheDocument();
    const others = ui.bodyRows(table).filter((other) => other !== row);
    expect(others).toHaveLength(3);
    for (const other of others) {
      expect(other).not.toHaveClass('mc-change-row--new');
      expect(within(other).queryByText('New')).toBeNull();
    }
    expect(backend.bodies).toHaveLength(2);
    expect(backend.bodies[1]).toEqual(backend.bodies[0]);
  });

  it('marks nothing when not following, and starts from the rows shown when following', async () => {
    const { backend, user, currentUrl } = renderChanges();
    const table = await ui.table();
    backend.answer({ changes: [ARRIVED, ...CHANGES] });
    await user.click(await ui.refresh());
    await within(table).findByText('image api:1.1 → api:1.2', {}, SLOW);
    expect(within(table).queryByText('New')).toBeNull();

    // Following starts from what is shown: the change that came before is not new.
    await user.click(screen.getByRole('checkbox', { name: 'Follow' }));
    expect(query(currentUrl).get('follow')).toBe('true');
    expect(screen.getByRole('checkbox', { name: 'Follow' })).toBeChecked();
    expect(within(table).queryByText('New')).toBeNull();
    const later = { ...ARRIVED, id: `${ARRIVED.id}-later`, summary: 'image api:1.2 → api:1.3' };
    backend.answer({ changes: [later, ARRIVED, ...CHANGES] });
    await user.click(await ui.refresh());
    const row = (await within(table).findByText('image api:1.2 → api:1.3', {}, SLOW)).closest(
      'tr',
    )!;
    expect(within(row).getByText('New')).toBeInTheDocument();
    expect(within(table).getAllByText('New')).toHaveLength(1);
  });

  it('says so when there are no changes in the range', async () => {
    renderChanges(PAGE, { empty: true });
    const table = await ui.table();
    expect(table).toHaveTextContent('No changes in this range');
    expect(table).toHaveTextContent('Choose a longer time range');
    expect(within(ui.chips()).queryAllByRole('button')).toHaveLength(0);
  });

  it("shows the server's reason when the search fails, and Retry loads it again", async () => {
    const { backend, user } = renderChanges(PAGE, {
      status: 500,
      body: { message: 'query timed out' },
    });
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Error loading changes');
    expect(alert).toHaveTextContent('query timed out');
    backend.answer({ changes: CHANGES });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    const table = await ui.table();
    expect(ui.bodyRows(table)).toHaveLength(3);
  });
});

describe("a config item's Changes tab", () => {
  it('opens a change in the same dialog', async () => {
    configItemBackend();
    const dialogBackend = changeDialogBackend();
    const { user, currentUrl } = renderPages(
      pagesAt('/catalog/:id/*'),
      `/catalog/${ITEM_ID}/changes`,
    );
    const table = await ui.table();
    await user.click(ui.row(table, 'Image pulled'));
    expect(query(currentUrl).get('changeId')).toBe('ch-2');
    const dialog = await ui.dialog();
    expect(within(dialog).getByRole('heading', { name: 'Image pulled' })).toBeInTheDocument();
    await waitFor(() => expect(dialogBackend.details.reads).toHaveLength(1));
    expect(dialogBackend.details.reads[0]!.url.searchParams.get('id')).toBe('eq.ch-2');
  });
});
