import { screen, within } from '@testing-library/react';
import type { ViewPanel } from '../../../src/api/schemas/views';
import { ViewPanels } from '../../../src/widgets/view/ViewPanels';
import { renderApp } from '../../support/renderApp';

function render(name: string, rows: ViewPanel['rows']) {
  return renderApp(
    <ViewPanels panels={[{ name, type: 'heatmap', heatmap: { mode: 'compact' }, rows }]} />,
  );
}

async function strip(name: string) {
  const panel = await screen.findByRole('region', { name });
  const grid = within(panel).getByRole('img', { name: new RegExp(`^${name}: `) });
  const texts = (selector: string) =>
    [...grid.querySelectorAll(selector)].map((label) => label.textContent);
  return {
    panel,
    grid,
    /** How many columns share the width, as the style sizes them. */
    columns: grid.style.getPropertyValue('--mc-view-heat-columns'),
    months: texts('.mc-view-heatmap-week-month'),
    weekdays: texts('.mc-view-heatmap-weekday'),
    dayNumbers: texts('.mc-view-heatmap-day-number'),
    squares: grid.querySelectorAll('[data-level]'),
  };
}

describe('compact heatmap panel', () => {
  it('draws a short span as one row of days sharing the width, numbered, with a legend', async () => {
    render('Changes by day', [
      { date: '2026-11-22', count: 100 },
      { date: '2026-11-25', count: 450 },
      { date: '2026-11-29', count: 300 },
    ]);
    const { panel, grid, columns, dayNumbers, squares, months } = await strip('Changes by day');
    expect(columns).toBe('8');
    expect(grid).toHaveClass('mc-view-heatmap-days');
    expect(squares).toHaveLength(8);
    expect(dayNumbers).toEqual(['22', '23', '24', '25', '26', '27', '28', '29']);
    expect(months).toEqual([]);
    expect(within(panel).getByTitle('2026-11-25: 450')).toHaveAttribute('data-level', '4');
    expect(within(panel).getByTitle('2026-11-23: no data')).toHaveAttribute('data-level', '0');
    expect(within(panel).getByText('2026-11-22 to 2026-11-29')).toBeInTheDocument();
    const legend = within(panel).getByRole('list', { name: 'Changes by day legend' });
    expect([...legend.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'None',
      '0–112.5',
      '112.5–225',
      '225–337.5',
      '337.5–450',
    ]);
  });

  it('numbers no days once there are more than two weeks of them', async () => {
    render('Runs by day', [
      { date: '2026-03-01', count: 1 },
      { date: '2026-03-20', count: 3 },
    ]);
    const { columns, dayNumbers, squares } = await strip('Runs by day');
    expect(columns).toBe('20');
    expect(squares).toHaveLength(20);
    expect(dayNumbers).toEqual([]);
  });

  it('draws a long span as a column per week, under the months that begin in it', async () => {
    // 2026-01-10 is a Saturday and 2026-02-01 a Sunday: eleven weeks, February in the fifth.
    render('Restarts by day', [
      { date: '2026-01-10', count: 1 },
      { date: '2026-03-20', count: 3 },
    ]);
    const { grid, columns, months, weekdays, squares, dayNumbers } = await strip('Restarts by day');
    expect(grid).toHaveClass('mc-view-heatmap-weeks');
    expect(columns).toBe('11');
    expect(months).toHaveLength(11);
    expect(months.filter(Boolean)).toEqual(['Jan', 'Feb', 'Mar']);
    expect(months[0]).toBe('Jan');
    expect(months[4]).toBe('Feb');
    expect(weekdays).toEqual(['', 'Mon', '', 'Wed', '', 'Fri', '']);
    expect(squares).toHaveLength(70);
    expect(dayNumbers).toEqual([]);
  });

  it('does not name the first week when a month begins right after it', async () => {
    // 2026-03-01 is a Sunday: the second week begins March.
    render('Alerts by day', [
      { date: '2026-02-27', count: 1 },
      { date: '2026-04-20', count: 2 },
    ]);
    const { months } = await strip('Alerts by day');
    expect(months.slice(0, 2)).toEqual(['', 'Mar']);
    expect(months.filter(Boolean)).toEqual(['Mar', 'Apr']);
  });
});
