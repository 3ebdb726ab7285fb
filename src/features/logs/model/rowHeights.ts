/**
 * Row heights of the log grid when lines wrap: enough lines for the longer of the message and
 * the labels at their columns' widths, estimated from the text's length (the grid's rows have
 * fixed heights; measuring every cell would mean drawing it). Pure.
 */
import type { LogRow } from './lines';
import { labelsText } from './lines';

/** The height of a row that does not wrap. */
export const ROW_HEIGHT = 24;
const LINE_HEIGHT = 18;
/** About the width of a monospace character at the grid's font size. */
const CHAR_WIDTH = 7.3;
const CELL_PADDING = 20;
const VERTICAL_PADDING = 6;

/** How many lines `text` takes in a column `width` pixels wide (each newline starts one). */
export function wrappedLines(text: string, width: number): number {
  const perLine = Math.max(1, Math.floor((width - CELL_PADDING) / CHAR_WIDTH));
  return text
    .split('\n')
    .reduce((sum, part) => sum + Math.max(1, Math.ceil(part.length / perLine)), 0);
}

/** Each row's height with its message and labels wrapped in columns of the given widths. */
export function wrappedRowHeights(
  rows: readonly LogRow[],
  messageWidth: number,
  labelsWidth: number,
): number[] {
  return rows.map((row) => {
    const lines = Math.max(
      wrappedLines(row.line.message, messageWidth),
      wrappedLines(labelsText(row), labelsWidth),
    );
    return Math.max(ROW_HEIGHT, lines * LINE_HEIGHT + VERTICAL_PADDING);
  });
}
