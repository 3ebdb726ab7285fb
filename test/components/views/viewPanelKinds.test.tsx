import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { ViewResult } from '../../../src/api/schemas/views';
import { ViewPage } from '../../../src/features/views/ViewPage';
import { renderApp } from '../../support/renderApp';
import { disabledFeatures } from '../../support/shellHandlers';
import { SLOW } from '../../support/tables';
import { PODS_ID, viewsBackend } from './viewsBackend';

jest.mock('uplot', () => jest.requireActual('../../support/uplotMock'));

/** A dashboard as VIEW-02 answers it: every new panel kind, and one panel that failed. */
const DASHBOARD: ViewResult = {
  namespace: 'mc',
  name: 'dashboard',
  title: 'Dashboard',
  columns: [],
  panels: [
    {
      name: 'Changes over time',
      type: 'timeseries',
      timeseries: {
        timeKey: 'day',
        valueKey: 'count',
        style: 'area',
        legend: { enable: true, layout: 'vertical' },
      },
      rows: [
        { day: '2026-03-01T00:00:00Z', count: 4 },
        { day: '2026-03-02T00:00:00Z', count: 9 },
      ],
    },
    {
      name: 'Check runs',
      type: 'heatmap',
      heatmap: { mode: 'compact' },
      rows: [{ date: '2026-03-01', successful: 10, failed: 1 }],
    },
    {
      name: 'Cost by account',
      type: 'bargauge',
      bargauge: { min: '0', max: '1000', unit: 'USD', precision: 0, format: null, group: null },
      rows: [{ name: 'prod', value: 640 }],
    },
    { name: 'Estate', type: 'properties', rows: [{ label: 'Clusters', value: 3 }] },
    {
      name: 'Failing checks',
      type: 'table',
      rows: [],
      error: {
        code: 'sql_error',
        message: 'column "status" does not exist',
        hint: 'Name a column of the checks query',
      },
    },
    {
      name: 'Unhealthy',
      type: 'gauge',
      gauge: { unit: ' %', precision: 1, thresholds: [{ percent: 60, color: 'orange' }] },
      rows: [{ value: 62.25 }],
    },
  ],
};

function render() {
  viewsBackend({
    evaluate: (id) => (id === PODS_ID ? HttpResponse.json(DASHBOARD) : undefined),
  });
  return renderApp([{ path: '/views/:id', element: <ViewPage /> }], {
    url: `/views/${PODS_ID}`,
    properties: disabledFeatures(),
  });
}

describe('View panels on the view page', () => {
  it("accepts VIEW-02's panel kinds and a failed panel, and draws every other panel", async () => {
    render();
    const failed = await screen.findByRole('region', { name: 'Failing checks' }, SLOW);
    expect(within(failed).getByText('column "status" does not exist')).toBeInTheDocument();
    expect(within(failed).getByText('sql_error')).toBeInTheDocument();
    expect(within(failed).getByText('Hint: Name a column of the checks query')).toBeInTheDocument();

    const changes = screen.getByRole('region', { name: 'Changes over time' });
    expect(
      await within(changes).findByRole('img', { name: /^Changes over time: 1 series/ }),
    ).toBeInTheDocument();
    expect(within(changes).getByRole('list', { name: 'Changes over time legend' })).toHaveAttribute(
      'data-layout',
      'vertical',
    );
    expect(
      within(screen.getByRole('region', { name: 'Check runs' })).getByTitle(
        '2026-03-01: 11 (10 successful, 1 failed)',
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Cost by account' })).getByRole('meter', {
        name: 'prod',
      }),
    ).toHaveAttribute('aria-valuetext', '640 USD');
    expect(
      within(screen.getByRole('region', { name: 'Estate' })).getByRole('definition'),
    ).toHaveTextContent('3');
    expect(
      within(screen.getByRole('region', { name: 'Unhealthy' })).getByRole('meter'),
    ).toHaveAttribute('aria-valuetext', '62.3%');
  });
});
