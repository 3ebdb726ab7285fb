/**
 * What a job run's details dialog shows (spec 002 §2.9, §4.4, §8): its three tabs, which of
 * them have something in them and which one the dialog opens on, the errors as a list whatever
 * shape they arrive in, and summaries as table rows where they have the shape for it. Pure.
 */
import type { JobDetails } from '../../../api/schemas/jobHistory';

/** The tabs of the details dialog, in their order. */
export const JOB_DETAIL_TABS = ['errors', 'scrape_summary', 'summary', 'logs'] as const;
export type JobDetailTab = (typeof JOB_DETAIL_TABS)[number];

/** The tabs' titles (spec 002 §2.9). */
export const JOB_DETAIL_TAB_TITLES: Record<JobDetailTab, string> = {
  errors: 'Errors',
  scrape_summary: 'Scrape Summary',
  summary: 'Reconcile Summary',
  logs: 'Logs',
};

/** Whether a value has nothing to show: absent, null, blank text, an empty list or map. */
export function isEmptyDetail(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** The tabs that have something to show, in their order. */
export function filledDetailTabs(details: JobDetails | null | undefined): JobDetailTab[] {
  if (!details) return [];
  return JOB_DETAIL_TABS.filter((tab) => !isEmptyDetail(details[tab]));
}

/**
 * The tab the dialog opens on: Errors when there are errors, else Scrape Summary, else
 * Reconcile Summary; undefined when all three are empty (the dialog does not open).
 */
export function initialDetailTab(details: JobDetails | null | undefined): JobDetailTab | undefined {
  return filledDetailTabs(details)[0];
}

/** Whether a run has details to open. */
export function hasJobDetails(details: JobDetails | null | undefined): boolean {
  return initialDetailTab(details) !== undefined;
}

/** Any value as a line of text: text as it is, anything else as compact JSON. */
export function detailText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The errors of a run in the shape they are shown. */
export type NormalizedJobErrors =
  | { kind: 'none' }
  /** One message, shown as text. */
  | { kind: 'text'; text: string }
  /** Messages, shown as a list. */
  | { kind: 'list'; items: string[] }
  /** Messages by what they are about (a resource, a type), shown as a table. */
  | { kind: 'map'; entries: Array<{ key: string; message: string }> };

/**
 * The errors of `details.errors` (spec 002 §8: a string, a list, or a map of errors): text
 * stays text, a list becomes its non-empty items as text, a map its entries as key and
 * message. Anything else is shown as text.
 */
export function normalizeJobErrors(errors: unknown): NormalizedJobErrors {
  if (isEmptyDetail(errors)) return { kind: 'none' };
  if (typeof errors === 'string') return { kind: 'text', text: errors };
  if (Array.isArray(errors)) {
    const items = errors.filter((item) => !isEmptyDetail(item)).map(detailText);
    return items.length === 0 ? { kind: 'none' } : { kind: 'list', items };
  }
  if (typeof errors === 'object' && errors !== null) {
    const entries = Object.entries(errors).map(([key, value]) => ({
      key,
      message: Array.isArray(value) ? value.map(detailText).join('\n') : detailText(value),
    }));
    return { kind: 'map', entries };
  }
  return { kind: 'text', text: detailText(errors) };
}

/** A summary as a table: one row a key, one column a counted word. */
export interface SummaryTable {
  /** The counted words in the order first met (`added`, `updated`, `unchanged`, …). */
  columns: string[];
  rows: Array<{ key: string; values: Record<string, string> }>;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isScalar = (value: unknown): boolean =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * A summary shaped `{ key: { word: value, … }, … }` with plain values (a scrape summary by
 * config type: `{ "Kubernetes::Pod": { added: 1, updated: 2, unchanged: 40 } }`) as a table,
 * or a flat `{ word: value }` map as one row per word under `value`. Anything else (nested
 * deeper, lists) is undefined: it is shown as formatted text instead.
 */
export function summaryTable(summary: unknown): SummaryTable | undefined {
  if (!isPlainObject(summary) || Object.keys(summary).length === 0) return undefined;
  const values = Object.values(summary);
  if (values.every(isScalar)) {
    return {
      columns: ['value'],
      rows: Object.entries(summary).map(([key, value]) => ({
        key,
        values: { value: detailText(value) },
      })),
    };
  }
  if (!values.every((value) => isPlainObject(value) && Object.values(value).every(isScalar))) {
    return undefined;
  }
  const columns: string[] = [];
  const rows = Object.entries(summary as Record<string, Record<string, unknown>>).map(
    ([key, counts]) => {
      const cells: Record<string, string> = {};
      for (const [word, value] of Object.entries(counts)) {
        if (!columns.includes(word)) columns.push(word);
        cells[word] = detailText(value);
      }
      return { key, values: cells };
    },
  );
  return { columns, rows };
}

/** A summary as indented JSON, for the read-only code view. */
export function summaryJson(summary: unknown): string {
  try {
    return JSON.stringify(summary, null, 2) ?? '';
  } catch {
    return String(summary);
  }
}
