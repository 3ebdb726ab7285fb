import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import { formatDate } from '../../../src/lib/dates';
import { defaultPreferences } from '../../../src/shell/preferencesSlice';
import type { LogsBackendOptions } from './logsBackend';
import { CHECKOUT_ID, PAYMENTS_ID, logLines, logsBackend } from './logsBackend';
import { pagesAt, renderPages } from '../../support/renderPages';

jest.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null };
    static tzDate = (date: Date) => date;
    constructor(
      _options: unknown,
      public data: unknown[][],
    ) {
      mockCharts.push(this);
    }
    setData(data: unknown[][]) {
      this.data = data;
    }
    setSize() {}
    destroy() {}
  }
  return { __esModule: true, default: FakePlot };
});

/** Every histogram made, with its newest data. */
const mockCharts: Array<{ data: unknown[][] }> = [];

const LOGS_PAGES = pagesAt('/logs');

const SEARCHED = `/logs?component=${PAYMENTS_ID}&selector=payments-api-logs`;

const ui = {
  component: () => screen.findByRole('combobox', { name: 'Component' }),
  selector: () => screen.getByRole('combobox', { name: 'Log selector' }),
  grid: () => screen.findByRole('region', { name: 'Log lines' }),
  optionsOf: (select: HTMLElement) =>
    within(select)
      .getAllByRole('option')
      .map((option) => option.textContent),
  /** The messages shown, top to bottom. */
  messages: async () => {
    const grid = await ui.grid();
    return Array.from(grid.querySelectorAll('.mc-log-message')).map((cell) => cell.textContent);
  },
  /** The message cell reading `text`. */
  messageCell: async (text: string) => {
    const grid = await ui.grid();
    const cell = Array.from(grid.querySelectorAll('.mc-log-message')).find(
      (element) => element.textContent === text,
    );
    if (!cell) throw new Error(`no line ${text}`);
    return cell as HTMLElement;
  },
  /** The cells of the row whose message reads `text`. */
  rowCells: async (text: string) => {
    const cell = await ui.messageCell(text);
    const rowClass = Array.from(cell.classList).find((name) => /-table-cell-row-\d+$/.test(name));
    const grid = await ui.grid();
    return Array.from(grid.querySelectorAll(`.${rowClass}`)) as HTMLElement[];
  },
};

function render(url: string, backend: LogsBackendOptions = {}, timezone = 'browser') {
  const recorded = logsBackend(backend);
  const rendered = renderPages(LOGS_PAGES, url, {
    preloadedState: { preferences: { ...defaultPreferences, timezone } },
  });
  return { ...rendered, ...recorded };
}

const params = (url: string) => new URLSearchParams(url.split('?')[1] ?? '');

/**
 * jsdom lays nothing out: the grid would see a scroll container of 0 × 0 and draw only the rows
 * at its very top. Give its scroll containers the size of a screen, as a browser would.
 */
const SCROLL_CONTAINER = `${Classes.getClassNamespace()}-table-quadrant-scroll-container`;
const sized = (property: 'clientHeight' | 'clientWidth', pixels: number) => {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, property);
  Object.defineProperty(HTMLElement.prototype, property, {
    configurable: true,
    get(this: HTMLElement) {
      if (this.classList.contains(SCROLL_CONTAINER)) return pixels;
      return (original?.get?.call(this) as number | undefined) ?? 0;
    },
  });
  return () => {
    if (original) Object.defineProperty(HTMLElement.prototype, property, original);
  };
};
const restores: Array<() => void> = [];
beforeAll(() => {
  restores.push(sized('clientHeight', 800), sized('clientWidth', 1800));
});
afterAll(() => restores.forEach((restore) => restore()));

beforeEach(() => {
  mockCharts.length = 0;
});

describe('Logs page (/logs)', () => {
  it('asks for a component first, offering those with log selectors', async () => {
    const { searches } = render('/logs');
    expect(await screen.findByText('Select a component to see its logs')).toBeInTheDocument();
    expect(ui.optionsOf(await ui.component())).toEqual([
      'Select a component',
      'payments-api',
      'checkout-web',
    ]);
    expect(searches).toHaveLength(0);
  });

  it('renders lines newest first with time, level colours, labels and grouped counts', async () => {
    const { lines } = render(SEARCHED, {}, 'Asia/Tokyo');
    await waitFor(async () =>
      expect(await ui.messages()).toEqual([
        'failed to connect to postgres: dial tcp: i/o timeout',
        '{"level":"warn","msg":"slow query took 2300ms"}',
        'readiness probe failed: HTTP probe failed with statuscode: 503',
        'GET /api/v1/orders 200 12ms',
        'level=debug msg="cache lookup hit=true"',
      ]),
    );
    const [first, , grouped, plain, debug] = lines;

    // Level from the labels: red.
    const error = await ui.rowCells(first!.message);
    const errorTag = within(error[1]!).getByText('error');
    expect(errorTag.closest(`.${Classes.TAG}`)).toHaveClass(Classes.INTENT_DANGER);
    expect(error[2]).toHaveClass('mc-log-level--error');
    // Time in the chosen zone.
    expect(error[0]).toHaveTextContent(
      formatDate(first!.timestamp, { format: 'timestamp', timezone: 'Asia/Tokyo' }),
    );
    expect(error[0]?.textContent).toMatch(/\+09:00$/);
    expect(error[3]).toHaveTextContent(
      'container=payments-api level=error pod=payments-api-7d9f-abcde',
    );

    // Level from a JSON message: amber.
    const warn = await ui.rowCells('{"level":"warn","msg":"slow query took 2300ms"}');
    expect(within(warn[1]!).getByText('warn').closest(`.${Classes.TAG}`)).toHaveClass(
      Classes.INTENT_WARNING,
    );
    expect(warn[2]).toHaveClass('mc-log-level--warn');

    // A grouped line: count, first and last observed.
    const group = await ui.rowCells(grouped!.message);
    expect(group[4]).toHaveTextContent('12');
    expect(group[5]).toHaveTextContent(
      formatDate(grouped!.firstObserved, { format: 'timestamp', timezone: 'Asia/Tokyo' }),
    );
    expect(group[6]).toHaveTextContent(
      formatDate(grouped!.lastObserved, { format: 'timestamp', timezone: 'Asia/Tokyo' }),
    );

    // No level anywhere: no tag, no colour.
    const none = await ui.rowCells(plain!.message);
    expect(none[1]?.textContent).toBe('');
    expect(none[2]).not.toHaveClass('mc-log-level');
    expect((await ui.rowCells(debug!.message))[1]).toHaveTextContent('debug');

    // The line older than the range is left out; the histogram counts the five shown.
    expect(await ui.messages()).not.toContain('ancient line from last week');
    expect(screen.getByRole('status')).toHaveTextContent('5 of 6 lines');
    const chart = mockCharts[mockCharts.length - 1]!;
    const sum = (series: unknown) => (series as number[]).reduce((a, b) => a + b, 0);
    expect(sum(chart.data[1])).toBe(5);
    expect(sum(chart.data[2])).toBe(1);
  });

  it('sends the choices of a deep link and shows them: selector, range, labels, search, wrap', async () => {
    const url = `${SEARCHED}&rangeType=relative&range=now-2h&display=Last+2+hours&label=pod=payments-api-7d9f-abcde&q=TIMEOUT&wrap=1`;
    const { searches } = render(url);
    await waitFor(async () =>
      expect(await ui.messages()).toEqual(['failed to connect to postgres: dial tcp: i/o timeout']),
    );
    expect(searches).toHaveLength(1);
    const [sent] = searches;
    expect(sent).toMatchObject({
      id: PAYMENTS_ID,
      name: 'payments-api-logs',
      labels: { pod: 'payments-api-7d9f-abcde' },
    });
    const span = Date.parse(sent!.end!) - Date.parse(sent!.start!);
    expect(span).toBe(2 * 60 * 60_000);
    expect(Math.abs(Date.now() - Date.parse(sent!.end!))).toBeLessThan(60_000);

    expect(ui.selector()).toHaveValue('payments-api-logs');
    expect(screen.getByRole('button', { name: /Last 2 hours/ })).toBeInTheDocument();
    expect(screen.getByText('pod=payments-api-7d9f-abcde')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('TIMEOUT');
    expect(screen.getByRole('checkbox', { name: 'Wrap lines' })).toBeChecked();
    // The search is highlighted in the message.
    const mark = (await ui.messageCell(logLines()[0]!.message)).querySelector('mark');
    expect(mark).toHaveTextContent('timeout');
    expect(screen.getByRole('status')).toHaveTextContent('1 matching of 5 lines');
  });

  it('keeps its choices in the address: search, wrap and label filters', async () => {
    const { user, currentUrl, searches } = render(SEARCHED);
    await ui.grid();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'probe');
    await waitFor(() => expect(params(currentUrl()).get('q')).toBe('probe'));
    await waitFor(async () =>
      expect(await ui.messages()).toEqual([
        'readiness probe failed: HTTP probe failed with statuscode: 503',
      ]),
    );

    await user.click(screen.getByRole('checkbox', { name: 'Wrap lines' }));
    expect(params(currentUrl()).get('wrap')).toBe('1');

    await user.type(screen.getByRole('textbox', { name: 'Label filters' }), 'level=warn{Enter}');
    await waitFor(() => expect(params(currentUrl()).getAll('label')).toEqual(['level=warn']));
    await waitFor(() => expect(searches.at(-1)?.labels).toEqual({ level: 'warn' }));

    await user.type(screen.getByRole('textbox', { name: 'Label filters' }), 'nonsense{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A label filter is written key=value',
    );
    expect(params(currentUrl()).getAll('label')).toEqual(['level=warn']);
  });

  it('offers the selectors of the chosen component, and follows a change of component', async () => {
    const { user, currentUrl, searches } = render('/logs');
    await screen.findByRole('option', { name: 'payments-api' });
    await user.selectOptions(await ui.component(), 'payments-api');
    await waitFor(() =>
      expect(ui.optionsOf(ui.selector())).toEqual([
        'Select a log selector',
        'payments-api-logs',
        'payments-audit',
      ]),
    );
    // The first selector is searched at once.
    await waitFor(() => expect(params(currentUrl()).get('selector')).toBe('payments-api-logs'));
    expect(params(currentUrl()).get('component')).toBe(PAYMENTS_ID);
    await waitFor(() =>
      expect(searches.at(-1)).toMatchObject({ id: PAYMENTS_ID, name: 'payments-api-logs' }),
    );

    await user.selectOptions(ui.selector(), 'payments-audit');
    await waitFor(() =>
      expect(searches.at(-1)).toMatchObject({ id: PAYMENTS_ID, name: 'payments-audit' }),
    );

    await user.selectOptions(await ui.component(), 'checkout-web');
    await waitFor(() =>
      expect(ui.optionsOf(ui.selector())).toEqual(['Select a log selector', 'checkout-web-logs']),
    );
    await waitFor(() => expect(params(currentUrl()).get('selector')).toBe('checkout-web-logs'));
    await waitFor(() =>
      expect(searches.at(-1)).toMatchObject({ id: CHECKOUT_ID, name: 'checkout-web-logs' }),
    );
  });

  it("shows the server's reason and searches again on Retry", async () => {
    const LINE = logLines()[0]!;
    let fail = true;
    const { user, searches } = render(`/logs?component=${PAYMENTS_ID}&selector=gone`, {
      search: () =>
        fail
          ? {
              status: 404,
              body: {
                error:
                  'component payments-api has no log selector named "gone"; available: payments-api-logs, payments-audit',
              },
            }
          : { body: { total: 1, results: [LINE] } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The logs could not be loaded');
    expect(alert).toHaveTextContent('available: payments-api-logs, payments-audit');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(async () => expect(await ui.messages()).toEqual([LINE.message]));
    expect(searches).toHaveLength(2);
  });

  it('searches again up to now on Refresh with a relative range', async () => {
    const { user, searches } = render(SEARCHED);
    await ui.grid();
    expect(searches).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(searches).toHaveLength(2));
    expect(Date.parse(searches[1]!.end!)).toBeGreaterThan(Date.parse(searches[0]!.end!));
  });

  it('searches the same absolute range again on Refresh', async () => {
    const from = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const to = new Date(Date.now() - 60_000).toISOString();
    const { user, searches } = render(
      `${SEARCHED}&rangeType=absolute&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    await ui.grid();
    expect(searches).toEqual([expect.objectContaining({ start: from, end: to })]);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(searches).toHaveLength(2));
    expect(searches[1]).toEqual(searches[0]);
  });

  it('says when there are no lines in the range', async () => {
    render(SEARCHED, { search: () => ({ body: { total: 0, results: [] } }) });
    expect(await screen.findByText('No log lines')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Log lines' })).toBeNull();
  });

  it('copies a line with its time, level, message and labels', async () => {
    const { user, lines } = render(SEARCHED);
    // After the user-event set-up, which puts a clipboard of its own in place.
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const [first] = lines;
    const cells = await ui.rowCells(first!.message);
    await user.click(within(cells[7]!).getByRole('button', { name: 'Copy line' }));
    expect(writeText).toHaveBeenCalledWith(
      `${first!.timestamp} ERROR ${first!.message} container=payments-api level=error pod=payments-api-7d9f-abcde`,
    );
    expect(await screen.findByText('Line copied to clipboard')).toBeInTheDocument();
  });
});
