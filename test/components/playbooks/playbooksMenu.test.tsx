import '../../support/withMonacoMock';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { systemApi } from '../../../src/api/endpoints/system';
import { CheckDetailDialog } from '../../../src/features/health/detail/CheckDetailDialog';
import { ComponentDetailsPanel } from '../../../src/features/topology/ComponentDetailsPanel';
import { server } from '../../support/msw';
import { propertiesBackend } from '../../support/propertiesBackend';
import type { RenderAppOptions } from '../../support/renderApp';
import { renderApp } from '../../support/renderApp';
import { ITEM, ITEM_ID, configItemBackend } from '../catalog/item/configItemBackend';
import { CHECK_ID, checkBackend } from '../health/detail/checkBackend';
import { COMPONENT, FULL, componentDetailsBackend } from '../topology/details/fixtures';
import { playbooksBackend } from './playbooksBackend';
import { pagesAt, renderPages } from '../../support/renderPages';

// The check dialog's chart and the editors need a real browser.
jest.mock('uplot', () => {
  class FakePlot {
    setData() {}
    setSize() {}
    destroy() {}
  }
  return { __esModule: true, default: FakePlot };
});
jest.setTimeout(30_000);

const RESTART_ID = '018f4b8e-7777-7000-8000-0000000000a1';
const SCALE_ID = '018f4b8e-7777-7000-8000-0000000000a2';

/** PB-07's rows: names only, no titles (as mission-control lists them). */
const RUNNABLE = [
  { id: RESTART_ID, name: 'restart-deployment', spec: { configs: [{ types: ['*'] }] } },
  { id: SCALE_ID, name: 'scale-deployment', spec: { configs: [{ types: ['*'] }] } },
];
/** PB-03's rows for them: the titles the menu shows. */
const TITLES = [
  { id: RESTART_ID, title: 'Restart deployment', spec: { configs: [{ types: ['*'] }] } },
  { id: SCALE_ID, title: 'Scale deployment', spec: { icon: 'scale' } },
];

interface Answer {
  status: number;
  body: unknown;
}

/**
 * PB-07 answering `answers` in turn (the last repeats; each may wait on a promise) and PB-03
 * over `TITLES`; records the addresses asked.
 */
function playbookLists(answers: Array<Answer | Promise<Answer>>) {
  const asked = { lists: [] as string[], titles: [] as string[] };
  server.use(
    http.get('*/api/playbook/list', async ({ request }) => {
      const url = new URL(request.url);
      asked.lists.push(`${url.pathname}${url.search}`);
      const answer = await answers[Math.min(asked.lists.length - 1, answers.length - 1)]!;
      return HttpResponse.json(answer.body as Record<string, unknown>, { status: answer.status });
    }),
    http.get('*/api/db/playbooks', ({ request }) => {
      const url = new URL(request.url);
      asked.titles.push(decodeURIComponent(url.search));
      return HttpResponse.json(TITLES);
    }),
  );
  return asked;
}

const ITEM_PAGES = pagesAt('/catalog/:id/*');

function renderItem(options: RenderAppOptions = {}) {
  configItemBackend();
  return renderPages(ITEM_PAGES, `/catalog/${ITEM_ID}/spec`, options);
}

function renderCheck(options: RenderAppOptions & { embedded?: boolean } = {}) {
  checkBackend();
  const { embedded, ...rest } = options;
  return renderApp(
    <CheckDetailDialog checkId={CHECK_ID} onClose={() => undefined} embedded={embedded} />,
    { url: `/health?checkId=${CHECK_ID}`, userOptions: { delay: null }, ...rest },
  );
}

/** The feature flags are known: a button hidden while they load would show by now. */
async function flagsKnown(rendered: ReturnType<typeof renderApp>) {
  await waitFor(() =>
    expect(systemApi.endpoints.getProperties.select()(rendered.store.getState()).isSuccess).toBe(
      true,
    ),
  );
}

const menuButton = () => screen.queryByRole('button', { name: 'Playbooks' });

describe('the Playbooks menu', () => {
  it("lists a config's playbooks with their titles and runs one on the config", async () => {
    let answer: (value: Answer) => void = () => undefined;
    const asked = playbookLists([new Promise<Answer>((resolve) => (answer = resolve))]);
    const backend = playbooksBackend({ params: [] });
    const { user } = renderItem();
    await screen.findByRole('heading', { level: 2, name: ITEM.name! });
    // Nothing is asked before the menu opens.
    expect(asked.lists).toEqual([]);

    await user.click(await screen.findByRole('button', { name: 'Playbooks' }));
    expect(await screen.findByLabelText('Loading playbooks')).toBeInTheDocument();
    answer({ status: 200, body: RUNNABLE });
    const menu = await screen.findByRole('menu', { name: 'Playbooks' });
    await within(menu).findByRole('menuitem', { name: 'Restart deployment' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Restart deployment', 'Scale deployment']);
    expect(asked.lists).toEqual([`/api/playbook/list?config_id=${ITEM_ID}`]);
    expect(asked.titles).toEqual([`?id=in.(${RESTART_ID},${SCALE_ID})&select=id,title,spec`]);

    await user.click(within(menu).getByRole('menuitem', { name: 'Scale deployment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run Scale deployment' });
    expect(await within(dialog).findByText('This playbook has no parameters.')).toBeInTheDocument();
    // The resource is the config: nothing to pick.
    expect(within(dialog).queryByRole('combobox', { name: /^Resource/ })).toBeNull();
    expect(backend.paramsBodies).toEqual([{ id: SCALE_ID, config_id: ITEM_ID }]);
    // Choosing closed the menu.
    await waitFor(() => expect(screen.queryByRole('menu', { name: 'Playbooks' })).toBeNull());
  });

  it('says when no playbook runs on a component', async () => {
    const asked = playbookLists([{ status: 200, body: [] }]);
    componentDetailsBackend(FULL);
    const { user } = renderApp(<ComponentDetailsPanel component={COMPONENT} />, {
      url: `/topology/${COMPONENT.id}`,
      userOptions: { delay: null },
    });
    const panel = screen.getByRole('complementary', { name: 'Component details' });
    await user.click(await within(panel).findByRole('button', { name: 'Playbooks' }));
    const menu = await screen.findByRole('menu', { name: 'Playbooks' });
    expect(await within(menu).findByText('No playbooks')).toBeInTheDocument();
    expect(asked.lists).toEqual([`/api/playbook/list?component_id=${COMPONENT.id}`]);
    expect(asked.titles).toEqual([]);
  });

  it("shows the server's reason for a check, and lists them after a Retry", async () => {
    const asked = playbookLists([
      { status: 500, body: { error: 'playbook store unavailable' } },
      { status: 200, body: RUNNABLE },
    ]);
    const { user } = renderCheck();
    await user.click(await screen.findByRole('button', { name: 'Playbooks' }));
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByText('Playbooks could not be loaded')).toBeInTheDocument();
    expect(within(failure).getByText(/playbook store unavailable/)).toBeInTheDocument();
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    const menu = await screen.findByRole('menu', { name: 'Playbooks' });
    expect(await within(menu).findByRole('menuitem', { name: 'Restart deployment' })).toBeVisible();
    expect(asked.lists).toEqual([
      `/api/playbook/list?check_id=${CHECK_ID}`,
      `/api/playbook/list?check_id=${CHECK_ID}`,
    ]);
  });

  it('is hidden from a viewer', async () => {
    const rendered = renderItem({ user: { roles: ['viewer'] } });
    await screen.findByRole('heading', { level: 2, name: ITEM.name! });
    await flagsKnown(rendered);
    expect(menuButton()).toBeNull();
  });

  it('is hidden when the playbooks feature is disabled', async () => {
    const properties = propertiesBackend({ rows: [{ name: 'playbooks.disable', value: 'true' }] });
    const rendered = renderItem({ properties: properties.list });
    await screen.findByRole('heading', { level: 2, name: ITEM.name! });
    await flagsKnown(rendered);
    // The incidents feature is on: its button shows, the menu does not.
    expect(await screen.findByRole('button', { name: 'Attach as Evidence' })).toBeInTheDocument();
    expect(menuButton()).toBeNull();
  });

  it('is shown in the check dialog, and hidden in the embedded one', async () => {
    const shown = renderCheck();
    expect(await screen.findByRole('button', { name: 'Playbooks' })).toBeInTheDocument();
    shown.unmount();

    const rendered = renderCheck({ embedded: true });
    // Nothing here reads the feature flags: read them, so a hidden-while-loading menu would show.
    void rendered.store.dispatch(systemApi.endpoints.getProperties.initiate());
    await screen.findByRole('button', { name: /Run Now/ });
    await flagsKnown(rendered);
    expect(menuButton()).toBeNull();
  });
});
