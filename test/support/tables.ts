import { screen, within } from '@testing-library/react';

/**
 * How long a page may take to load its chunk and its data on a busy machine: a file's first
 * render compiles the page's modules, which takes seconds when other suites share the cores. A
 * passing wait ends as soon as the page shows; only a failing one waits this long.
 */
export const SLOW = { timeout: 30_000 };

/** The table named `name` once it has loaded (not busy). */
export const findTable = (name: string | RegExp) =>
  screen.findByRole('table', { name, busy: false }, SLOW);

/** The rows of a table (found, or named) without its header row. */
export function bodyRows(table: HTMLElement | string): HTMLElement[] {
  const element = typeof table === 'string' ? screen.getByRole('table', { name: table }) : table;
  return within(element).getAllByRole('row').slice(1);
}

/** The text of each body row's cells, the first `columns` of them (all by default). */
export const cellTexts = (table: HTMLElement | string, columns?: number) =>
  bodyRows(table).map((row) =>
    within(row)
      .getAllByRole('cell')
      .slice(0, columns)
      .map((cell) => cell.textContent),
  );

/** The row of the table named `table` that shows `text` somewhere in it. */
export function rowWith(table: string, text: string): HTMLElement {
  const row = within(screen.getByRole('table', { name: table }))
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText(text) !== null);
  if (!row) throw new Error(`No row of ${table} shows ${text}`);
  return row;
}

/** The text of each cell of the row of the table named `table` that shows `text`. */
export const rowCellsWith = (table: string, text: string) =>
  within(rowWith(table, text))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
