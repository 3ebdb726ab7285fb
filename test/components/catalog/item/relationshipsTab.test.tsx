import '../../../support/withMonacoMock';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RelatedConfig } from '../../../../src/api/schemas/configItem';
import type {
  LayoutAnswer,
  LayoutRequest,
} from '../../../../src/features/catalog/item/relationships/graphLayout';
import { computeLayout } from '../../../../src/features/catalog/item/relationships/graphLayout';
import { installReactFlowStubs } from '../../../support/reactFlow';
import { pagesAt, renderPages } from '../../../support/renderPages';
import { resourceSearch } from '../../../support/resourceSearch';
import type { TestUser } from '../../../support/shellHandlers';
import { SLOW, bodyRows, findTable } from '../../../support/tables';
import type { ConfigItemBackendOptions } from './configItemBackend';
import {
  COMPONENTS,
  COMPONENT_ID,
  ITEM_ID,
  MANUAL_COMPONENT_ID,
  NAMESPACE_ID,
  OTHER_COMPONENT_ID,
  POD_ID,
  RELATED,
  configItemBackend,
} from './configItemBackend';

installReactFlowStubs();

const TAB = `/catalog/${ITEM_ID}/relationships`;

const ui = {
  graph: () => screen.findByRole('region', { name: 'Relationship graph' }, SLOW),
  /** A config node that opens its item (or a cluster node), by its name. */
  node: (name: string) => screen.findByRole('button', { name }, SLOW),
  queryNode: (name: string) => screen.queryByRole('button', { name }),
  /** The item's own node. */
  itemNode: (name: string) => screen.findByRole('group', { name }, SLOW),
  table: () => findTable('Relationships'),
  bodyRows,
  radio: (name: string) => screen.getByRole('radio', { name }),
  switch: (name: string) => screen.getByRole('checkbox', { name }),
  filter: (label: string) => screen.getByRole('button', { name: new RegExp(`^${label} filter`) }),
  components: () => screen.findByRole('region', { name: 'Linked components' }, SLOW),
};

function renderTab(
  url = TAB,
  options: ConfigItemBackendOptions & { user?: Partial<TestUser> } = {},
) {
  const { user: signedIn, ...backendOptions } = options;
  const backend = configItemBackend(backendOptions);
  const rendered = renderPages(pagesAt('/catalog/:id/*'), url, signedIn ? { user: signedIn } : {});
  return { ...rendered, backend };
}

/** The RPC's last query, in order. */
const lastRpc = (urls: URL[]) => [...urls.at(-1)!.searchParams];
/** Opens Link component, searches "bill" and picks Billing; resolves to the dialog. */
async function pickBilling(user: ReturnType<typeof renderTab>['user']) {
  await user.click(
    await within(await ui.components()).findByRole('button', { name: 'Link component' }, SLOW),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Link component' }, SLOW);
  const picker = within(dialog).getByRole('combobox', { name: /Component/ });
  await user.click(picker);
  await user.type(picker, 'bill');
  const option = await screen.findByRole('option', { name: /^Billing/ }, SLOW);
  await user.click(within(option).getByText('Billing'));
  return dialog;
}

/** Waits until CAT-30's last query ends with `filters` (after its first three parameters). */
const filtersSent = (
  backend: ReturnType<typeof renderTab>['backend'],
  filters: Array<[string, string]>,
) => waitFor(() => expect(lastRpc(backend.relationships).slice(3)).toEqual(filters));
const params = (currentUrl: () => string) => new URL(currentUrl(), 'http://x').searchParams;

/** Picks include or exclude of an option in one of the toolbar's filter dropdowns. */
async function choose(
  user: ReturnType<typeof renderTab>['user'],
  filter: string,
  action: 'Include' | 'Exclude',
  option: string,
) {
  await user.click(ui.filter(filter));
  const list = await screen.findByRole('list', { name: filter }, SLOW);
  await user.click(within(list).getByRole('button', { name: `${action} ${option}` }));
  await user.keyboard('{Escape}');
}

describe('relationship graph', () => {
  it('draws the item, its parent and child from CAT-30, the item marked', async () => {
    const { backend } = renderTab();
    await ui.graph();
    expect(lastRpc(backend.relationships)).toEqual([
      ['config_id', ITEM_ID],
      ['include_deleted_configs', 'false'],
      ['max_depth', '10'],
      ['type_filter', 'all'],
      ['incoming_relation', 'hard'],
      ['outgoing_relation', 'hard'],
    ]);
    const item = await ui.itemNode('checkout-api');
    expect(item).toHaveAttribute('aria-current', 'true');
    expect(item).toHaveClass('mc-rel-flow-node--selected');
    const pod = await ui.node('checkout-api-5d8');
    expect(pod).not.toHaveAttribute('aria-current');
    expect(pod).toHaveTextContent('Kubernetes::Pod');
    expect(within(pod).getByRole('img', { name: 'Unhealthy' })).toBeInTheDocument();
    expect(within(pod).getByTitle('7 changes')).toHaveTextContent('7');
    expect(within(pod).getByTitle('3 insights')).toHaveTextContent('3');
    expect(await ui.node('shop')).toHaveTextContent('Kubernetes::Namespace');
    // An arrow per relationship: namespace → item → pod.
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('.react-flow__edge')]
          .map((edge) => edge.getAttribute('data-id'))
          .sort(),
      ).toEqual([`${ITEM_ID}->${POD_ID}`, `${NAMESPACE_ID}->${ITEM_ID}`]),
    );
    expect(screen.getByRole('button', { name: 'Fit View' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zoom In' })).toBeInTheDocument();
  });

  it('opens a related item by click or Enter, and not the item itself', async () => {
    const { user, currentUrl } = renderTab();
    fireEvent.click(await ui.itemNode('checkout-api'));
    expect(currentUrl()).toBe(TAB);

    (await ui.node('checkout-api-5d8')).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentUrl()).toBe(`/catalog/${POD_ID}/spec`));
  });

  it('opens a related item when its node is clicked', async () => {
    const { currentUrl } = renderTab();
    fireEvent.click(await ui.node('shop'));
    await waitFor(() => expect(currentUrl()).toBe(`/catalog/${NAMESPACE_ID}/spec`));
  });

  it('sends the direction, soft, deleted and tri-state filters to CAT-30', async () => {
    const { backend, user, currentUrl } = renderTab();
    await ui.node('shop');

    await user.click(ui.radio('Incoming'));
    await filtersSent(backend, [
      ['type_filter', 'incoming'],
      ['incoming_relation', 'hard'],
    ]);
    expect(params(currentUrl).get('outgoing')).toBe('false');
    await user.click(ui.switch('Soft relationships'));
    await filtersSent(backend, [
      ['type_filter', 'incoming'],
      ['incoming_relation', 'both'],
    ]);
    await user.click(ui.radio('Outgoing'));
    await filtersSent(backend, [
      ['type_filter', 'outgoing'],
      ['outgoing_relation', 'both'],
    ]);
    expect(params(currentUrl).get('incoming')).toBe('false');
    await user.click(ui.radio('Both'));
    await user.click(ui.switch('Include deleted'));
    await waitFor(() =>
      expect(lastRpc(backend.relationships)).toEqual([
        ['config_id', ITEM_ID],
        ['include_deleted_configs', 'true'],
        ['max_depth', '10'],
        ['type_filter', 'all'],
        ['incoming_relation', 'both'],
        ['outgoing_relation', 'both'],
      ]),
    );
    expect(params(currentUrl).get('showDeleted')).toBe('true');

    // Types and statuses offered are those of the unfiltered result.
    await choose(user, 'Type', 'Exclude', 'Kubernetes::Namespace');
    await waitFor(() =>
      expect(lastRpc(backend.relationships)).toContainEqual([
        'type.filter',
        '!Kubernetes::Namespace',
      ]),
    );
    expect(params(currentUrl).get('type')).toBe('Kubernetes__Namespace:-1');
    await waitFor(() => expect(ui.queryNode('shop')).toBeNull());
    await choose(user, 'Status', 'Include', 'CrashLoopBackOff');
    await choose(user, 'Health', 'Include', 'Unhealthy');
    await waitFor(() =>
      expect(lastRpc(backend.relationships)).toEqual([
        ['config_id', ITEM_ID],
        ['include_deleted_configs', 'true'],
        ['max_depth', '10'],
        ['type.filter', '!Kubernetes::Namespace'],
        ['status.filter', 'CrashLoopBackOff'],
        ['health.filter', 'unhealthy'],
        ['type_filter', 'all'],
        ['incoming_relation', 'both'],
        ['outgoing_relation', 'both'],
      ]),
    );
    expect(params(currentUrl).get('status')).toBe('CrashLoopBackOff:1');
    expect(params(currentUrl).get('health')).toBe('unhealthy:1');
    expect(await ui.node('checkout-api-5d8')).toBeInTheDocument();
  });

  it('reads its state from the address, turning __ into :: for the RPC', async () => {
    const url =
      `${TAB}?incoming=false&relation=soft&showDeleted=true` +
      '&type=Kubernetes__Pod:1,Kubernetes__Namespace:-1&status=Active:-1&health=unhealthy:1';
    const { backend } = renderTab(url);
    await ui.node('checkout-api-5d8');
    const filtered = backend.relationships.find((rpc) => rpc.searchParams.has('type.filter'))!;
    expect([...filtered.searchParams]).toEqual([
      ['config_id', ITEM_ID],
      ['include_deleted_configs', 'true'],
      ['max_depth', '10'],
      ['type.filter', 'Kubernetes::Pod,!Kubernetes::Namespace'],
      ['status.filter', '!Active'],
      ['health.filter', 'unhealthy'],
      ['type_filter', 'outgoing'],
      ['outgoing_relation', 'both'],
    ]);
    expect(ui.radio('Outgoing')).toHaveAttribute('aria-checked', 'true');
    expect(ui.switch('Soft relationships')).toBeChecked();
    expect(ui.switch('Include deleted')).toBeChecked();
    expect(ui.filter('Type')).toHaveAccessibleName('Type filter, 2 selected');
    expect(ui.queryNode('shop')).toBeNull();
  });

  it('filters by tag in the browser, in the graph and the list', async () => {
    const { backend, user, currentUrl } = renderTab();
    await ui.node('shop');
    const requests = backend.relationships.length;
    await choose(user, 'Tag', 'Include', 'namespace: shop');
    await waitFor(() => expect(ui.queryNode('shop')).toBeNull());
    expect(await ui.node('checkout-api-5d8')).toBeInTheDocument();
    expect(await ui.itemNode('checkout-api')).toBeInTheDocument();
    expect(params(currentUrl).get('tag')).toBe('namespace__:__shop');
    expect(backend.relationships).toHaveLength(requests);

    await user.click(ui.radio('List'));
    const rows = ui.bodyRows(await ui.table());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('checkout-api-5d8');

    await choose(user, 'Tag', 'Exclude', 'namespace: shop');
    await waitFor(() => expect(params(currentUrl).get('tag')).toBe('!namespace__:__shop'));
    await waitFor(() => expect(ui.bodyRows(screen.getByRole('table'))).toHaveLength(1));
    expect(ui.bodyRows(screen.getByRole('table'))[0]).toHaveTextContent('shop');
    expect(backend.relationships).toHaveLength(requests);
  });

  it('shows the same list with the same tag filter after a reload', async () => {
    const first = renderTab();
    await ui.node('shop');
    await choose(first.user, 'Tag', 'Exclude', 'namespace: shop');
    await first.user.click(ui.radio('List'));
    await waitFor(() => expect(ui.bodyRows(screen.getByRole('table'))).toHaveLength(1));
    const shown = first.currentUrl();
    expect(params(() => shown).get('tag')).toBe('!namespace__:__shop');
    first.unmount();

    renderTab(shown);
    const rows = ui.bodyRows(await ui.table());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('shop');
    expect(ui.radio('List')).toHaveAttribute('aria-checked', 'true');
    expect(ui.filter('Tag')).toHaveAccessibleName('Tag filter, 1 selected');
  });

  it('switches between the graph and a list of the same rows', async () => {
    const { user, currentUrl } = renderTab();
    await ui.node('shop');
    await user.click(ui.radio('List'));
    expect(params(currentUrl).get('view')).toBe('list');
    const table = await ui.table();
    const rows = ui.bodyRows(table);
    // The item itself is not listed.
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByRole('link', { name: /checkout-api-5d8/ })).toHaveAttribute(
      'href',
      `/catalog/${POD_ID}`,
    );
    expect(rows[1]).toHaveTextContent('CrashLoopBackOff');
    expect(rows[1]).toHaveTextContent('Unhealthy');
    expect(within(rows[1]!).getAllByRole('cell')[6]).toHaveTextContent('3');
    expect(screen.queryByRole('region', { name: 'Relationship graph' })).toBeNull();

    await user.click(ui.radio('Graph'));
    await ui.graph();
    expect(params(currentUrl).has('view')).toBe(false);
  });

  it('opens a related item from its row in the list', async () => {
    const { user, currentUrl } = renderTab(`${TAB}?view=list`);
    const table = await ui.table();
    await user.click(ui.bodyRows(table)[0]!);
    await waitFor(() => expect(currentUrl()).toBe(`/catalog/${NAMESPACE_ID}/spec`));
  });

  it('says when the item has no relationships', async () => {
    const only = RELATED.slice(0, 1);
    renderTab(TAB, { related: only });
    expect(await screen.findByText('No relationships', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Relationship graph' })).toBeNull();
  });

  it('says when no related config matches the filters', async () => {
    renderTab(`${TAB}?health=warning:1`);
    expect(
      await screen.findByText('No related configs match the filters', {}, SLOW),
    ).toBeInTheDocument();
  });

  it("shows the server's reason when the relationships cannot be loaded, and retries", async () => {
    const { backend, user } = renderTab(TAB);
    backend.failRelationships(500, { message: 'relationships are unavailable' });
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Error loading relationships');
    expect(alert).toHaveTextContent('relationships are unavailable');
    backend.recoverRelationships();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await ui.node('shop')).toBeInTheDocument();
  });
});

describe('clusters above 300 configs', () => {
  /** The item, its namespace, 250 pods and 60 services under it: 312 configs. */
  function manyRelated(): RelatedConfig[] {
    const pods = Array.from({ length: 250 }, (_, i) => ({
      id: `pod-${i}`,
      name: `pod-${i}`,
      type: 'Kubernetes::Pod',
      health: i < 4 ? 'unhealthy' : 'healthy',
    }));
    const services = Array.from({ length: 60 }, (_, i) => ({
      id: `svc-${i}`,
      name: `svc-${i}`,
      type: 'Kubernetes::Service',
      health: 'healthy',
      related_ids: [`pod-${i}`],
    }));
    return [
      { ...RELATED[0]!, related_ids: [...pods, ...services].map((config) => config.id) },
      RELATED[1]!,
      ...pods,
      ...services,
    ];
  }

  it('groups configs by type into clusters; a cluster shows its members when clicked', async () => {
    const { user, currentUrl } = renderTab(TAB, { related: manyRelated() });
    const pods = await ui.node('Kubernetes::Pod · 250');
    expect(pods).toHaveTextContent('4 unhealthy');
    expect(pods.querySelector('[data-cluster]')).toHaveAttribute('data-cluster', 'Kubernetes::Pod');
    expect(await ui.node('Kubernetes::Service · 60')).toBeInTheDocument();
    expect(await ui.node('shop')).toBeInTheDocument();
    expect(await ui.itemNode('checkout-api')).toBeInTheDocument();
    expect(ui.queryNode('svc-0')).toBeNull();
    expect(screen.getByText(/312 configs: more than 300/)).toBeInTheDocument();
    // Edges go to and between clusters, once each.
    await waitFor(() => expect(document.querySelectorAll('.react-flow__edge')).toHaveLength(4));

    fireEvent.click(await ui.node('Kubernetes::Service · 60'));
    expect(await ui.node('svc-0')).toBeInTheDocument();
    expect(await ui.node('svc-59')).toBeInTheDocument();
    expect(ui.queryNode('Kubernetes::Service · 60')).toBeNull();
    expect(params(currentUrl).get('expanded')).toBe('Kubernetes__Service');
    expect(ui.queryNode('pod-0')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Group Kubernetes::Service again' }));
    expect(await ui.node('Kubernetes::Service · 60')).toBeInTheDocument();
    expect(ui.queryNode('svc-0')).toBeNull();
    expect(params(currentUrl).has('expanded')).toBe(false);
  });

  it('expands a cluster with Enter', async () => {
    const { user } = renderTab(TAB, { related: manyRelated() });
    (await ui.node('Kubernetes::Service · 60')).focus();
    await user.keyboard('{Enter}');
    expect(await ui.node('svc-7')).toBeInTheDocument();
  });

  it('draws a large graph zoomed out as plain boxes named in their tooltips', async () => {
    renderTab(`${TAB}?expanded=Kubernetes__Pod`, { related: manyRelated() });
    const region = await ui.graph();
    // 250 pods in one layer: fitted, the view is zoomed far out.
    await waitFor(() => expect(region).toHaveAttribute('data-nodes', '253'), SLOW);
    await waitFor(() => expect(region.querySelector('.mc-rel-node--plain')).not.toBeNull(), SLOW);
    const drawn = [...region.querySelectorAll('.react-flow__node')];
    // Only those in view are drawn, each without icon, text or badges.
    expect(drawn.length).toBeLessThan(253);
    expect(region.querySelectorAll('.mc-rel-node--plain')).toHaveLength(drawn.length);
    expect(region.querySelector('.mc-rel-icon, .mc-rel-count')).toBeNull();
    const pods = drawn.filter((node) => node.getAttribute('data-id')!.startsWith('pod-'));
    expect(pods.length).toBeGreaterThan(0);
    for (const node of pods) {
      const id = node.getAttribute('data-id')!;
      const box = node.querySelector('.mc-rel-node');
      // Named in its tooltip, filled with its health's colour (pods 0 to 3 are unhealthy).
      expect(box).toHaveAttribute('title', id);
      expect(box).toHaveClass(Number(id.slice(4)) < 4 ? 'mc-rel-node--red' : 'mc-rel-node--green');
    }
  });

  it('draws the edges of a large graph as one drawing under its nodes, an arrowhead each', async () => {
    renderTab(`${TAB}?expanded=Kubernetes__Pod`, { related: manyRelated() });
    const region = await ui.graph();
    await waitFor(() => expect(region).toHaveAttribute('data-nodes', '253'), SLOW);
    const layer = await waitFor(() => {
      const svg = region.querySelector('svg.mc-rel-edges');
      expect(svg).not.toBeNull();
      return svg!;
    }, SLOW);
    // The item to its 250 pods and to the services' group, the namespace to the item, and the
    // group to the 60 pods of its services.
    expect(layer).toHaveAttribute('data-edges', '312');
    const [lines, arrows] = [...layer.querySelectorAll('path')];
    expect(lines!.getAttribute('d')!.match(/M/g)).toHaveLength(312);
    expect(arrows!.getAttribute('d')!.match(/Z/g)).toHaveLength(312);
    // Neither an element per edge nor the handles React Flow would end them at.
    expect(region.querySelector('.react-flow__edge, .react-flow__handle')).toBeNull();
    expect(region.querySelectorAll('.react-flow__node').length).toBeGreaterThan(0);
  });

  it('marks the graph moving while its view pans, not when a node is pressed, and not once it stops', async () => {
    renderTab(`${TAB}?expanded=Kubernetes__Pod`, { related: manyRelated() });
    const region = await ui.graph();
    await waitFor(() => expect(region).toHaveAttribute('data-nodes', '253'), SLOW);
    const [pod, pane] = await waitFor(() => {
      const elements = [
        region.querySelector('.react-flow__node[data-id^="pod-"]'),
        region.querySelector('.react-flow__pane'),
      ];
      expect(elements).not.toContain(null);
      return elements as Element[];
    }, SLOW);
    // Fitted to the view, and at rest.
    await waitFor(() => expect(region).not.toHaveClass('mc-rel-graph--moving'), SLOW);
    // A press on a node starts the pane's gesture too; until the view moves, the node must
    // take the release and the click (the moving graph's nodes take no pointer events).
    fireEvent.mouseDown(pod!, { view: window, clientX: 100, clientY: 100 });
    expect(region).not.toHaveClass('mc-rel-graph--moving');
    fireEvent.mouseUp(window, { view: window, clientX: 100, clientY: 100 });

    fireEvent.mouseDown(pane!, { view: window, clientX: 100, clientY: 100 });
    expect(region).not.toHaveClass('mc-rel-graph--moving');
    fireEvent.mouseMove(window, { view: window, clientX: 160, clientY: 130 });
    expect(region).toHaveClass('mc-rel-graph--moving');
    fireEvent.mouseUp(window, { view: window, clientX: 160, clientY: 130 });
    await waitFor(() => expect(region).not.toHaveClass('mc-rel-graph--moving'), SLOW);
  });

  describe('with a layout worker', () => {
    /** Stands in for the browser's Worker: keeps what it is sent, answers when told. */
    class ControlledWorker {
      static started: ControlledWorker[] = [];
      onmessage: ((event: MessageEvent<LayoutAnswer>) => void) | null = null;
      onerror: ((event: ErrorEvent) => void) | null = null;
      readonly received: LayoutRequest[] = [];
      terminated = false;
      constructor(readonly url: URL) {
        ControlledWorker.started.push(this);
      }
      postMessage(request: LayoutRequest) {
        this.received.push(request);
      }
      terminate() {
        this.terminated = true;
      }
      /** Lays out the last request as the real worker does and answers it. */
      async answer() {
        const request = this.received.at(-1)!;
        await act(async () => this.onmessage?.({ data: computeLayout(request) } as MessageEvent));
      }
    }

    beforeEach(() => {
      ControlledWorker.started = [];
      Object.assign(globalThis, { Worker: ControlledWorker });
    });
    afterEach(() => {
      delete (globalThis as { Worker?: unknown }).Worker;
    });

    const status = () => within(screen.getByRole('region', { name: 'Relationship graph' }));

    it('shows that it lays out, keeps the graph drawn before, and drops a superseded layout', async () => {
      const { user } = renderTab(TAB, { related: manyRelated() });
      const region = await ui.graph();
      expect(await status().findByRole('status', {}, SLOW)).toHaveTextContent(
        'Laying out 4 nodes…',
      );
      expect(region).toHaveAttribute('aria-busy', 'true');
      const [worker] = ControlledWorker.started;
      expect(worker!.url.pathname).toMatch(/layout\.worker\.ts$/);
      expect(worker!.received).toHaveLength(1);
      expect(ui.queryNode('Kubernetes::Service · 60')).toBeNull();

      await worker!.answer();
      expect(await ui.node('Kubernetes::Service · 60')).toBeInTheDocument();
      expect(status().queryByRole('status')).toBeNull();
      expect(region).not.toHaveAttribute('aria-busy');

      // Expanding a group: the groups stay drawn while its members are laid out.
      fireEvent.click(await ui.node('Kubernetes::Service · 60'));
      expect(await status().findByRole('status')).toHaveTextContent('Laying out 63 nodes…');
      expect(ui.queryNode('Kubernetes::Service · 60')).toBeInTheDocument();
      expect(worker!.received).toHaveLength(2);

      // Grouped again before that layout ends: it is abandoned with its worker.
      await user.click(screen.getByRole('button', { name: 'Group Kubernetes::Service again' }));
      await waitFor(() => expect(ControlledWorker.started).toHaveLength(2));
      expect(worker!.terminated).toBe(true);
      const [, next] = ControlledWorker.started;
      expect(next!.received).toHaveLength(1);
      expect(next!.received[0]!.graph.nodes).toHaveLength(4);
      await next!.answer();
      await waitFor(() => expect(status().queryByRole('status')).toBeNull());
      expect(ui.queryNode('svc-0')).toBeNull();
      expect(await ui.node('Kubernetes::Service · 60')).toBeInTheDocument();
    });
  });
});

describe('linked components', () => {
  it('links each component to its topology page, and unlinks manual ones only', async () => {
    const { backend } = renderTab();
    await ui.node('shop');
    const section = await ui.components();
    expect(await within(section).findByRole('link', { name: 'Checkout' }, SLOW)).toHaveAttribute(
      'href',
      `/topology/${COMPONENT_ID}`,
    );
    expect(within(section).getByRole('link', { name: 'Payments' })).toHaveAttribute(
      'href',
      `/topology/${MANUAL_COMPONENT_ID}`,
    );
    expect(
      await within(section).findByRole('button', { name: 'Unlink Payments' }, SLOW),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Unlink Checkout' })).toBeNull();
    const manual = backend.components.reads.find((read) =>
      read.url.searchParams.has('selector_id'),
    )!;
    expect([...manual.url.searchParams]).toEqual([
      ['config_id', `eq.${ITEM_ID}`],
      ['selector_id', 'eq.manual'],
      ['select', 'component_id'],
    ]);
  });

  it('links a component picked by name (CAT-34)', async () => {
    const { backend, user } = renderTab();
    const searches = resourceSearch({ components: COMPONENTS });
    const dialog = await pickBilling(user);
    expect(searches.at(-1)).toEqual({ components: [{ search: 'bill', agent: 'all' }] });

    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(backend.components.writes).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: { component_id: OTHER_COMPONENT_ID, config_id: ITEM_ID, selector_id: 'manual' },
      }),
    ]);
    expect(
      await within(await ui.components()).findByRole('link', { name: 'Billing' }, SLOW),
    ).toHaveAttribute('href', `/topology/${OTHER_COMPONENT_ID}`);
    expect(await screen.findByText('Component linked', {}, SLOW)).toBeInTheDocument();
    // Linked by hand: it can be unlinked.
    expect(
      await within(await ui.components()).findByRole('button', { name: 'Unlink Billing' }, SLOW),
    ).toBeInTheDocument();
  });

  it("keeps the dialog and the chosen component with the server's reason when linking fails", async () => {
    const { backend, user } = renderTab();
    resourceSearch({ components: COMPONENTS });
    backend.components.fail('POST', 409, { code: '23505', message: 'already linked' });
    const dialog = await pickBilling(user);
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await within(dialog).findByRole('alert', {}, SLOW)).toHaveTextContent('already linked');
    expect(within(dialog).getByRole('combobox', { name: /Component/ })).toHaveValue('Billing');

    backend.components.recover();
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(backend.components.writes.map((write) => write.body)).toEqual([
      { component_id: OTHER_COMPONENT_ID, config_id: ITEM_ID, selector_id: 'manual' },
    ]);
  });

  it('unlinks a manual link after confirming (CAT-35)', async () => {
    const { backend, user } = renderTab();
    await user.click(
      await within(await ui.components()).findByRole('button', { name: 'Unlink Payments' }, SLOW),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Unlink component' }, SLOW);
    expect(confirm).toHaveTextContent('Unlink Payments from this config?');
    await user.click(within(confirm).getByRole('button', { name: 'Unlink' }));
    const section = await ui.components();
    await waitFor(() =>
      expect(within(section).queryByRole('link', { name: 'Payments' })).toBeNull(),
    );
    expect(backend.components.writes).toEqual([
      expect.objectContaining({
        method: 'DELETE',
        filters: {
          component_id: `eq.${MANUAL_COMPONENT_ID}`,
          config_id: `eq.${ITEM_ID}`,
          selector_id: 'eq.manual',
        },
      }),
    ]);
    expect(within(section).getByRole('link', { name: 'Checkout' })).toBeInTheDocument();
  });

  it('offers neither linking nor unlinking without write access', async () => {
    const { backend } = renderTab(TAB, { user: { roles: ['viewer'] } });
    await ui.node('shop');
    const section = await ui.components();
    expect(await within(section).findByRole('link', { name: 'Payments' }, SLOW)).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Link component' })).toBeNull();
    expect(within(section).queryByRole('button', { name: /^Unlink/ })).toBeNull();
    expect(backend.components.reads.some((read) => read.url.searchParams.has('selector_id'))).toBe(
      false,
    );
  });
});
