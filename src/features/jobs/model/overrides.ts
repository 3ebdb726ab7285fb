/**
 * A job's overrides as Mission Control reads them from the properties (duty job/job.go):
 * `jobs.<name>.schedule`, `.retention.success`, `.retention.failed`, `.disable`, and the log
 * level as `.debug` / `.trace`. The form's values from the job's properties, and the writes
 * that make the properties say what the form says (set, or removed when left empty). Pure.
 */
import type { PropertyWrite } from '../../../api/endpoints/properties';
import type { JobProperty } from '../../../api/schemas/jobHistory';
import { parseCron } from '../../../lib/cron';
import { SCHEDULE_DESCRIPTORS } from '../../../ui/form/ScheduleField';

export const LOG_LEVELS = ['info', 'debug', 'trace'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The overrides form's values; an empty text keeps the job's own setting. */
export interface JobOverrideValues {
  schedule?: string;
  retentionSuccess?: string;
  retentionFailed?: string;
  logLevel: LogLevel;
  disabled: boolean;
}

/** The property of one of a job's settings. */
export const jobProperty = (job: string, key: string) => `jobs.${job}.${key}`;

const TRUE = new Set(['true', '1', 'yes', 'on']);

/** The form's values from the job's properties. */
export function overrideValues(job: string, properties: readonly JobProperty[]): JobOverrideValues {
  const value = (key: string) =>
    properties.find((property) => property.name === jobProperty(job, key))?.value?.trim() ?? '';
  const on = (key: string) => TRUE.has(value(key).toLowerCase());
  return {
    schedule: value('schedule'),
    retentionSuccess: value('retention.success'),
    retentionFailed: value('retention.failed'),
    logLevel: on('trace') ? 'trace' : on('debug') ? 'debug' : 'info',
    disabled: on('disable') || on('disabled'),
  };
}

/**
 * The writes that make the job's properties say what the form says: each setting set, or
 * removed when it is back to the job's own (an empty text, info, enabled). Only what changes.
 */
export function overrideWrites(
  job: string,
  values: JobOverrideValues,
  properties: readonly JobProperty[],
): PropertyWrite[] {
  const current = new Map(properties.map((property) => [property.name, property.value ?? '']));
  const wanted: Array<[string, string | null]> = [
    ['schedule', values.schedule?.trim() || null],
    ['retention.success', values.retentionSuccess?.trim() || null],
    ['retention.failed', values.retentionFailed?.trim() || null],
    ['debug', values.logLevel === 'debug' ? 'true' : null],
    ['trace', values.logLevel === 'trace' ? 'true' : null],
    ['disable', values.disabled ? 'true' : null],
    // The older spelling is removed with the setting it duplicates.
    ['disabled', null],
  ];
  return wanted.flatMap(([key, value]): PropertyWrite[] => {
    const name = jobProperty(job, key);
    const had = current.has(name);
    if (value === null) return had ? [{ name, value: null }] : [];
    return current.get(name) === value ? [] : [{ name, value }];
  });
}

const EVERY = /^@every\s+(\d+(\.\d+)?(ns|us|µs|ms|s|m|h|d))+$/;

/** Why a job schedule cannot be used, or undefined (empty keeps the job's own). */
export function jobScheduleError(text: string | undefined): string | undefined {
  const value = text?.trim() ?? '';
  if (value === '' || SCHEDULE_DESCRIPTORS.has(value) || EVERY.test(value)) return undefined;
  if (value.startsWith('@')) {
    return 'Use @every and a duration (e.g. @every 10m) or @hourly, @daily, @weekly, @monthly';
  }
  const parsed = parseCron(value);
  return parsed.ok ? undefined : parsed.error;
}

/** Why a number of runs to keep cannot be used, or undefined (empty keeps the job's own). */
export function retentionError(text: string | undefined): string | undefined {
  const value = text?.trim() ?? '';
  if (value === '' || /^\d+$/.test(value)) return undefined;
  return 'Give a whole number of runs, 0 or more';
}
