/**
 * Run Selected on the health page: choosing checks (one, a group, all, none), running them
 * (HEALTH-08 each) and the list read again once the runs are done.
 */
import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { createRoutes } from '../../../src/app/routes';
import type { CheckSummary } from '../../../src/api/schemas/healthSummary';
import { server } from '../../support/msw';
import { renderApp } from '../../support/renderApp';
import type { RenderAppOptions } from '../../support/renderApp';
import { loadHealthPageFirst, summaryBackend, summaryCheck } from './healthBackend';

jest.setTimeout(30_000);

loadHealthPageFirst();

const ui = {
  table: () => screen.findByRole('table', { name: 'Health checks' }),
  box: (name: string) => screen.getByRole('checkbox', { name }),
  bar: () => screen.getByRole('group', { name: 'Selected checks' }),
  selected: () => within(ui.bar()).getByRole('status'),
  barButton: (name: string) => within(ui.bar()).getByRole('button', { name }),
  dialog: () => screen.findByRole('dialog', { name: 'Run selected checks' }),
  footerButton: (dialog: HTMLElement, name: string) =>
    within(dialog.querySelector<HTMLElement>(`.${Classes.DIALOG_FOOTER}`)!).getByRole('button', {
      name,
    }),
};

function estate(): CheckSummary[] {
  return [
    summaryCheck({ canary_name: 'shop', name: 'cart', status: 'unhealthy' }),
    summaryCheck({ canary_name: 'shop', name: 'checkout', status: 'healthy' }),
    summaryCheck({ canary_name: 'db', name: 'primary', status: 'unhealthy' }),
  ];
}

function renderHealth(checks: CheckSummary[], options: RenderAppOptions = {}) {
  const summary = summaryBackend(checks);
  const runs: string[] = [];
  server.use(
    http.post('*/api/canary/run/check/:id', ({ params }) => {
      const id = String(params.id);
      runs.push(id);
      const check = checks.find((candidate) => candidate.id === id);
      return check?.name === 'cart'
        ? HttpResponse.json({ error: 'canary runner is busy' }, { status: 500 })
        : HttpResponse.json({ pass: true });
    }),
  );
  const rendered = renderApp(createRoutes({ publicRoutes: [] }), {
    url: '/health?hidePassing=false',
    ...options,
  });
  return { ...rendered, summary, runs };
}

describe('Run selected on the health page', () => {
  it('selects a check, a group, all and none, without opening a check', async () => {
    const { user, currentUrl } = renderHealth(estate());
    await ui.table();
    expect(ui.selected()).toHaveTextContent('No checks selected');
    expect(ui.barButton('Run selected')).toBeDisabled();

    await user.click(ui.box('Select primary'));
    expect(ui.selected()).toHaveTextContent('1 selected');
    expect(currentUrl()).not.toContain('checkId');

    await user.click(ui.box('Select the group shop'));
    expect(ui.selected()).toHaveTextContent('3 selected');
    expect(ui.box('Select the group shop')).toBeChecked();

    // A member unselected leaves its group partly selected.
    await user.click(screen.getByRole('button', { name: 'Expand shop' }));
    await user.click(ui.box('Select cart'));
    expect(ui.selected()).toHaveTextContent('2 selected');
    expect(ui.box('Select the group shop')).not.toBeChecked();
    expect(ui.box('Select the group shop')).toHaveProperty('indeterminate', true);

    await user.click(ui.barButton('Select none'));
    expect(ui.selected()).toHaveTextContent('No checks selected');
    await user.click(ui.barButton('Select all'));
    expect(ui.selected()).toHaveTextContent('3 selected');
    expect(currentUrl()).not.toContain('checkId');
  });

  it('runs the selected checks, shows their results and reads the list again', async () => {
    const checks = estate();
    const { user, summary, runs } = renderHealth(checks);
    await ui.table();
    await user.click(ui.box('Select the group shop'));
    await user.click(ui.barButton('Run selected'));

    const dialog = await ui.dialog();
    expect(dialog).toHaveTextContent('2 checks will run now, at most 4 at a time.');
    const before = summary.requests.length;
    await user.click(ui.footerButton(dialog, 'Run 2 checks'));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('1 passed, 1 could not run');
    expect(within(dialog).getByRole('status')).toHaveTextContent('2 of 2 done');
    expect(within(dialog).getByRole('row', { name: /cart/ })).toHaveTextContent(
      'Could not runcanary runner is busy',
    );
    expect(within(dialog).getByRole('row', { name: /checkout/ })).toHaveTextContent('Passed');
    expect([...runs].sort()).toEqual([checks[0]!.id, checks[1]!.id].sort());
    // One reload of the list once the runs are done (only a run that ran changes it).
    await waitFor(() => expect(summary.requests.length).toBe(before + 1));

    await user.click(ui.footerButton(dialog, 'Close'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Run selected checks' })).toBeNull(),
    );
    // The selection stays for another run.
    expect(ui.selected()).toHaveTextContent('2 selected');
  });

  it('cancels before a run when Cancel is pressed first', async () => {
    const { user, runs } = renderHealth(estate());
    await ui.table();
    await user.click(ui.box('Select primary'));
    await user.click(ui.barButton('Run selected'));
    const dialog = await ui.dialog();
    await user.click(ui.footerButton(dialog, 'Cancel'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Run selected checks' })).toBeNull(),
    );
    expect(runs).toEqual([]);
  });

  it('offers no selection to a viewer, who cannot run checks', async () => {
    renderHealth(estate(), { user: { roles: ['viewer'] } });
    await ui.table();
    expect(screen.queryByRole('checkbox', { name: /^Select/ })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Selected checks' })).toBeNull();
  });
});
