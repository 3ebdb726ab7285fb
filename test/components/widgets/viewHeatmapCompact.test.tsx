import { screen, within } from '@testing-library/react';
import type { ViewPanel } from '../../../src/api/schemas/views';
import { ViewPanels } from '../../../src/widgets/view/ViewPanels';
import { renderApp } from '../../support/renderApp';

function compact(name: string, rows: ViewPanel['rows']): ViewPanel {
  return { name, type: 'heatmap', heatmap: { mode: 'compact' }, rows };
}

async function strip(name: string) {
  const panel = await screen.findByRole('region', { name });
  const weeks = within(panel).getByRole('img', { name: new RegExp(`^${name}: `) });
  const months = [...weeks.querySelectorAll('.mc-view-heatmap-week-month')].map(
    (label) => label.textContent,
  );
  const weekdays = [...weeks.querySelectorAll('.mc-view-heatmap-weekday')].map(
    (label) => label.textContent,
  );
  return { panel, weeks, months, weekdays };
}

describe('compact heatmap panel', () => {
  it('shares the width among its weeks, under the months that begin in them', async () => {
    // 2026-03-01 is a Sunday: four weeks, from the one of Friday 27 February.
    renderApp(
      <ViewPanels
        panels={[
          compact('Changes by day', [
            { date: '2026-02-27', count: 4 },
            { date: '2026-03-15', count: 8 },
            { date: '2026-03-20', count: 2 },
          ]),
        ]}
      />,
    );
    const { panel, weeks, months, weekdays } = await strip('Changes by day');
    expect(weeks).toHaveAttribute('data-weeks', '4');
    expect(weeks.style.getPropertyValue('--mc-view-heat-weeks')).toBe('4');
    // March begins in the second week; February is not named a week before it.
    expect(months).toEqual(['', 'Mar', '', '']);
    expect(weekdays).toEqual(['', 'Mon', '', 'Wed', '', 'Fri', '']);
    // Every day of the span is a square, each with its tooltip; days outside it are blank.
    expect(weeks.querySelectorAll('[data-level]')).toHaveLength(22);
    expect(within(panel).getByTitle('2026-03-15: 8')).toHaveAttribute('data-level', '4');
    expect(within(panel).getByTitle('2026-03-01: no data')).toHaveAttribute('data-level', '0');
    // The legend says what the colours mean.
    const legend = within(panel).getByRole('list', { name: 'Changes by day legend' });
    expect([...legend.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'None',
      '0–2',
      '2–4',
      '4–6',
      '6–8',
    ]);
  });

  it('names the first week when no month begins soon after it', async () => {
    renderApp(
      <ViewPanels
        panels={[
          compact('Runs by day', [
            { date: '2026-01-10', count: 1 },
            { date: '2026-03-20', count: 3 },
          ]),
        ]}
      />,
    );
    const { weeks, months } = await strip('Runs by day');
    expect(weeks).toHaveAttribute('data-weeks', '11');
    expect(months.filter(Boolean)).toEqual(['Jan', 'Feb', 'Mar']);
    expect(months[0]).toBe('Jan');
    // 1 February is a Sunday: the fifth week.
    expect(months[4]).toBe('Feb');
  });
});
