/**
 * The shapes of job history (api.md §14): a row of `job_histories` (JOB-01, spec 002 §3.4) and
 * a job name of `job_history_names` (JOB-02). Columns the database may leave empty are
 * tolerated as absent or null.
 */
import { array, record, string, type, union, unknown } from 'superstruct';
import type { Infer } from 'superstruct';
import { optionalNumber, optionalNumeric, optionalText as text, maybe, idAndName } from './fields';

/** The statuses of a job run (spec 002 §3.4), in the order the status filter offers them. */
export const JOB_STATUSES = ['RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** What a job reports as its errors: one message, a list of them, or a map of them. */
export const JobErrorsStruct = union([string(), array(unknown()), record(string(), unknown())]);
export type JobErrors = Infer<typeof JobErrorsStruct>;

/**
 * A line a run logged: with its level (the demo's system jobs), or text alone (a scraper's
 * `details.logs`).
 */
export const JobLogLineStruct = union([string(), type({ level: text(), message: text() })]);
export type JobLogLine = Infer<typeof JobLogLineStruct>;

/**
 * `details`: the errors, the scrape summary, the reconcile summary and the log lines, each
 * optional.
 */
export const JobDetailsStruct = type({
  errors: maybe(JobErrorsStruct),
  scrape_summary: maybe(unknown()),
  summary: maybe(unknown()),
  logs: maybe(array(JobLogLineStruct)),
});
/** `details` as read: every part may be missing. */
export interface JobDetails {
  errors?: JobErrors | null;
  scrape_summary?: unknown;
  summary?: unknown;
  logs?: JobLogLine[] | null;
}

/** The agent a job ran on, as the view embeds it. */
export const JobAgentStruct = type({ id: text(), name: text() });

/** JOB-01: one run of a job. */
export const JobHistoryRowStruct = type({
  ...idAndName,
  success_count: optionalNumber(),
  error_count: optionalNumber(),
  details: maybe(JobDetailsStruct),
  hostname: text(),
  duration_millis: optionalNumber(),
  resource_type: text(),
  resource_id: text(),
  resource_name: text(),
  status: text(),
  time_start: text(),
  time_end: text(),
  created_at: text(),
  agent_id: text(),
  agent: maybe(JobAgentStruct),
});
export type JobHistoryRow = Omit<Infer<typeof JobHistoryRowStruct>, 'details'> & {
  details?: JobDetails | null;
};
export const JobHistoryRowsStruct = array(JobHistoryRowStruct);

/** JOB-02: a job's name. */
export const JobNameStruct = type({ name: text() });
export type JobName = Infer<typeof JobNameStruct>;
export const JobNamesStruct = array(JobNameStruct);

/**
 * One job's runs summed up (`job_history_summary`): its runs by status, when it last ran and
 * the average run in milliseconds; `last_status` where the backend adds it. Counts may come as
 * text (`bigint`, `numeric`).
 */
export const JobSummaryStruct = type({
  name: text(),
  total: optionalNumeric(),
  running: optionalNumeric(),
  success: optionalNumeric(),
  warning: optionalNumeric(),
  failed: optionalNumeric(),
  stale: optionalNumeric(),
  skipped: optionalNumeric(),
  last_run_at: text(),
  average_duration: optionalNumeric(),
  last_status: text(),
});
export type JobSummary = Infer<typeof JobSummaryStruct>;
export const JobSummariesStruct = array(JobSummaryStruct);

/** A property overriding a job (`jobs.<name>.<key>`). */
export const JobPropertyStruct = type({ name: string(), value: text() });
export type JobProperty = Infer<typeof JobPropertyStruct>;
export const JobPropertiesStruct = array(JobPropertyStruct);
