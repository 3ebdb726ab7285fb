import { screen, within } from '@testing-library/react';
import type { ViewPanel } from '../../../src/api/schemas/views';
import { formatDate } from '../../../src/lib/dates';
import { loadTimezones } from '../../../src/lib/zoneRules';
import { defaultPreferences } from '../../../src/shell/preferencesSlice';
import { ViewPanels } from '../../../src/widgets/view/ViewPanels';
import { renderApp } from '../../support/renderApp';

// Dates in a chosen zone need moment's time zones, which load on demand.
beforeAll(() => loadTimezones());

const TOKYO = 'Asia/Tokyo';
const SINCE = '2026-03-24T20:00:00Z';
const PG_SINCE = '2026-03-25 08:30:00.25+00';

const FAILING_CHECKS: ViewPanel = {
  name: 'Failing checks',
  type: 'table',
  rows: [
    { name: 'api-latency', severity: 'high', since: SINCE, build: '2026-03-24' },
    { name: 'db-backup', severity: 'low', since: PG_SINCE, build: 'v1.2' },
  ],
};

function render(panels: ViewPanel[]) {
  return renderApp(<ViewPanels panels={panels} />, {
    preloadedState: { preferences: { ...defaultPreferences, timezone: TOKYO } },
  });
}

const cellsOf = (table: HTMLElement, row: number) =>
  within(within(table).getAllByRole('row')[row + 1]!).getAllByRole('cell');

describe('table panel', () => {
  it("shows timestamps in the user's format and time zone, the raw value in their title", async () => {
    render([FAILING_CHECKS]);
    const table = await screen.findByRole('table', { name: 'Failing checks' });
    const inTokyo = (value: string) =>
      formatDate(value, { format: defaultPreferences.dateTimeFormat, timezone: TOKYO });

    const [name, severity, since, build] = cellsOf(table, 0);
    expect(name).toHaveTextContent('api-latency');
    expect(severity).toHaveTextContent('high');
    expect(since).toHaveTextContent(inTokyo(SINCE));
    expect(inTokyo(SINCE)).toMatch(/Mar 25, 2026 05:00/);
    expect(within(since!).getByTitle(SINCE)).toHaveAttribute('datetime', SINCE);
    // A date alone is not a timestamp: it stays as written.
    expect(build).toHaveTextContent(/^2026-03-24$/);

    const [, , pgSince, version] = cellsOf(table, 1);
    expect(pgSince).toHaveTextContent(inTokyo(PG_SINCE));
    expect(within(pgSince!).getByTitle(PG_SINCE)).toBeInTheDocument();
    expect(version).toHaveTextContent(/^v1\.2$/);
  });
});
