/**
 * What the page does with LOG-01's lines: keeps those of the chosen window (a real backend
 * ignores the window), finds the search text, counts lines over time for the histogram and
 * writes a line out for the clipboard. Pure.
 */
import type { LogLine } from '../../../api/schemas/logs';
import type { LogLevel } from './level';
import { detectLevel } from './level';

/** A line with what the page reads of it worked out once. */
export interface LogRow {
  line: LogLine;
  /** Epoch milliseconds; NaN when the timestamp cannot be read. */
  at: number;
  level: LogLevel | undefined;
  labels: Array<[string, string]>;
}

function labelPairs(labels: LogLine['labels']): Array<[string, string]> {
  if (!labels) return [];
  return Object.entries(labels)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]): [string, string] => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ])
    .sort(([a], [b]) => a.localeCompare(b));
}

export function toLogRow(line: LogLine): LogRow {
  return {
    line,
    at: Date.parse(line.timestamp),
    level: detectLevel(line),
    labels: labelPairs(line.labels),
  };
}

/**
 * The rows inside [from, to] (`to` null: no end), newest first. Lines whose time cannot be
 * read are kept (at the end): the backend chose them.
 */
export function rowsInWindow(lines: readonly LogLine[], from: Date, to: Date | null): LogRow[] {
  const start = from.getTime();
  const end = to ? to.getTime() : Number.POSITIVE_INFINITY;
  return lines
    .map(toLogRow)
    .filter((row) => Number.isNaN(row.at) || (row.at >= start && row.at <= end))
    .sort((a, b) => {
      if (Number.isNaN(a.at)) return Number.isNaN(b.at) ? 0 : 1;
      if (Number.isNaN(b.at)) return -1;
      return b.at - a.at;
    });
}

/** Whether the row's message or a label (`key=value`) holds the text, ignoring case. */
export function rowMatches(row: LogRow, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (needle === '') return true;
  if (row.line.message.toLowerCase().includes(needle)) return true;
  return row.labels.some(([key, value]) => `${key}=${value}`.toLowerCase().includes(needle));
}

/** The parts of `text` with the places that hold `needle` (any case) marked. */
export function highlightParts(
  text: string,
  needle: string,
): Array<{ text: string; match: boolean }> {
  const wanted = needle.trim().toLowerCase();
  if (wanted === '') return [{ text, match: false }];
  const parts: Array<{ text: string; match: boolean }> = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(wanted); at >= 0; at = lower.indexOf(wanted, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + wanted.length), match: true });
    from = at + wanted.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}

/** Bars the histogram splits the window into. */
export const HISTOGRAM_BUCKETS = 60;

/**
 * Lines per time bucket over [from, to]: bucket starts in seconds (uPlot's x), every line, and
 * the error lines. A grouped line counts once, at its time.
 */
export function histogram(
  rows: readonly LogRow[],
  from: Date,
  to: Date,
  buckets = HISTOGRAM_BUCKETS,
): [number[], number[], number[]] {
  const start = from.getTime();
  const span = Math.max(to.getTime() - start, 1);
  const width = span / buckets;
  const times = Array.from({ length: buckets }, (_, i) => Math.floor((start + i * width) / 1000));
  const all = new Array<number>(buckets).fill(0);
  const errors = new Array<number>(buckets).fill(0);
  for (const row of rows) {
    if (Number.isNaN(row.at) || row.at < start || row.at > start + span) continue;
    const index = Math.min(buckets - 1, Math.floor((row.at - start) / width));
    all[index] = (all[index] ?? 0) + 1;
    if (row.level === 'error') errors[index] = (errors[index] ?? 0) + 1;
  }
  return [times, all, errors];
}

/** The labels as one text: `key=value` pairs by key, space-separated. */
export function labelsText(row: LogRow): string {
  return row.labels.map(([key, value]) => `${key}=${value}`).join(' ');
}

/** A line as copied: time, level, message, then its labels as `key=value`. */
export function lineText(row: LogRow): string {
  const parts = [row.line.timestamp];
  if (row.level) parts.push(row.level.toUpperCase());
  parts.push(row.line.message);
  if (row.line.count !== undefined && row.line.count !== null) parts.push(`(×${row.line.count})`);
  const labels = labelsText(row);
  if (labels) parts.push(labels);
  return parts.join(' ');
}
