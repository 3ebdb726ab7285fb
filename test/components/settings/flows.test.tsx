import { screen, within } from '@testing-library/react';
import type { Property } from '../../../src/api/schemas/system';
import { createRoutes } from '../../../src/app/routes';
import { machineRegistry } from '../../../machines/registry';
import { renderApp } from '../../support/renderApp';
import { expectAttribute } from '../../support/expectations';

/** The property that switches the flows page on (it is off by default). */
const flowsOn: Property[] = [{ name: 'settings.flows.disable', value: 'false', source: 'db' }];

const routes = () =>
  createRoutes({ publicRoutes: [{ path: '/login', element: <h1>Sign-in page</h1> }] });

const ui = {
  title: () => screen.findByRole('heading', { name: 'Flows', level: 1 }),
  machines: () => screen.getByRole('navigation', { name: 'Machines' }),
  machine: (label: string) =>
    within(ui.machines()).getByRole('menuitem', { name: new RegExp(`^${label}`) }),
  chart: (id: string) => screen.findByRole('group', { name: `${id} statechart` }),
  unauthorized: () => screen.findByRole('heading', { name: 'Unauthorized' }),
};

type Globals = typeof globalThis & { __MACHINE_COVERAGE__?: unknown };

afterEach(() => {
  delete (globalThis as Globals).__MACHINE_COVERAGE__;
});

describe('/settings/flows', () => {
  it('lists every machine and draws the chosen one, kept in the address', async () => {
    const { user, currentUrl } = renderApp(routes(), {
      url: '/settings/flows',
      properties: flowsOn,
    });
    expect(await ui.title()).toBeVisible();
    const items = within(ui.machines()).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(
      machineRegistry.map((entry) => `${entry.label}${entry.id}`),
    );
    // The first machine is shown until one is chosen.
    expect(await ui.chart(machineRegistry[0]?.id ?? '')).toBeInTheDocument();
    expect(screen.getByText(/Coverage is not available for this build/)).toBeVisible();

    await user.click(ui.machine('Run now'));
    expect(currentUrl()).toBe('/settings/flows?machine=runNow');
    const chart = await ui.chart('runNow');
    for (const name of ['idle', 'running', 'refreshing']) {
      expect(within(chart).getByRole('img', { name: `state ${name}` })).toBeInTheDocument();
    }
    expect(screen.getByText('machines/health/runNow.ts')).toBeVisible();
  });

  it('shows coverage from the build', async () => {
    (globalThis as Globals).__MACHINE_COVERAGE__ = {
      generatedAt: '2026-02-10T09:00:00.000Z',
      machines: {
        runNow: {
          states: ['runNow', 'runNow.idle', 'runNow.running'],
          transitions: [
            'runNow.idle | check.run #0',
            'runNow.running | xstate.error.actor.runCheck #0',
          ],
        },
      },
    };
    renderApp(routes(), { url: '/settings/flows?machine=runNow', properties: flowsOn });
    expect(await screen.findByText('2 of 3 states, 2 of 5 transitions covered')).toBeVisible();
    const chart = await ui.chart('runNow');
    expectAttribute(chart, 'img', 'data-covered', {
      'state refreshing': 'false',
      'state running': 'true',
    });
    expect(screen.getByText(/Coverage by the generated-path tests of 2026-02-10/)).toBeVisible();
  });

  it('is off unless switched on, and has no sidebar entry then', async () => {
    renderApp(routes(), { url: '/settings/flows' });
    expect(await ui.unauthorized()).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Flows' })).toBeNull();
  });

  it('is for admins only', async () => {
    renderApp(routes(), {
      url: '/settings/flows',
      properties: flowsOn,
      user: { roles: ['editor'] },
    });
    expect(await ui.unauthorized()).toBeInTheDocument();
  });

  it('has a sidebar entry under Settings for admins when on', async () => {
    renderApp(routes(), { url: '/settings/flows', properties: flowsOn });
    await ui.title();
    // On a settings page the Settings group is open.
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(await screen.findByRole('link', { name: 'Flows' })).toHaveAttribute(
      'href',
      '/settings/flows',
    );
  });
});
