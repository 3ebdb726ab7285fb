import {
  array,
  boolean,
  nullable,
  number,
  optional,
  record,
  string,
  type,
  union,
  unknown,
} from 'superstruct';
import type { Struct } from 'superstruct';

/** A column or embed that may be absent or null. */
export const maybe = <T, S>(struct: Struct<T, S>) => optional(nullable(struct));

/** A text column that may be absent or null. */
export const optionalText = () => maybe(string());

/** A number that may be absent or null. */
export const optionalNumber = () => maybe(number());

/** Postgres `numeric`: a JSON number from PostgREST, text from some drivers. */
export const optionalNumeric = () => maybe(union([number(), string()]));

/** A `jsonb` map of tags or labels (values other than strings are tolerated). */
export const optionalStringMap = () => maybe(record(string(), unknown()));

/** Counts by key (health word, analysis type). */
export const optionalCounts = () => maybe(record(string(), number()));

/** How a person is reached and shown beside their name: email and avatar. */
export const personContactColumns = {
  email: optionalText(),
  avatar: optionalText(),
};

/**
 * A person as PostgREST embeds one (api.md `A`: `id,name,avatar,email`), every column tolerated
 * absent or null: an embed may be narrowed, and a deleted person reads as nulls.
 */
export const EmbeddedPersonStruct = type({
  id: optionalText(),
  name: optionalText(),
  ...personContactColumns,
});

/** A team as PostgREST embeds one (`team:team_id(id,name,icon)`), every column absent or null. */
export const EmbeddedTeamStruct = type({
  id: optionalText(),
  name: optionalText(),
  icon: optionalText(),
});

/** A flag that may be absent or null. */
export const optionalBoolean = () => maybe(boolean());

/** A JSON document of any shape (a spec, an analysis), or absent. */
export const optionalJson = () => optional(unknown());

/** An answer that counts every match and carries one page of `results` (LOG-01, NOTIF-06). */
export const countedPage = <T, S>(row: Struct<T, S>) =>
  type({ total: optionalNumber(), results: maybe(array(row)) });

/** What names a row where another embeds or lists it: its id, and its name when it has one. */
export const idAndName = {
  id: string(),
  name: optionalText(),
};

/** When a row was made and last changed. */
export const changeTimes = {
  created_at: optionalText(),
  updated_at: optionalText(),
};

/** When a row was made, last changed and (soft) deleted. */
export const rowTimes = {
  ...changeTimes,
  deleted_at: optionalText(),
};

/** A row's name and the namespace it lives in (rules, playbooks, connections, selectors …). */
export const namespacedName = {
  name: optionalText(),
  namespace: optionalText(),
};

/** A person embedded (api.md `A`), or only their id where the select does not embed them. */
export const personOrId = () => maybe(union([EmbeddedPersonStruct, string()]));

/**
 * The job columns of the `*_with_status` views (data-model.md "Job columns shared by the
 * *_with_status views"): the latest run of the resource's job.
 */
export const jobStatusColumns = {
  job_name: optionalText(),
  job_status: optionalText(),
  job_time_start: optionalText(),
  job_time_end: optionalText(),
  job_created_at: optionalText(),
  job_duration_millis: optionalNumber(),
  job_success_count: optionalNumber(),
  job_error_count: optionalNumber(),
  job_hostname: optionalText(),
  job_resource_type: optionalText(),
  job_details: optionalStringMap(),
  job_last_failed: optionalText(),
};

/**
 * The `config_items` columns every config row carries, in the catalog list (CAT-01) and on the
 * item's page (CAT-03): what it is, its health, its tags, its times and its costs.
 */
export const configItemColumns = {
  id: string(),
  name: optionalText(),
  type: optionalText(),
  config_class: optionalText(),
  status: optionalText(),
  health: optionalText(),
  labels: optionalStringMap(),
  tags: optionalStringMap(),
  ...rowTimes,
  cost_per_minute: optionalNumeric(),
  cost_total_1d: optionalNumeric(),
  cost_total_7d: optionalNumeric(),
  cost_total_30d: optionalNumeric(),
};

/** What names a config where another row embeds it: id, name, type and class. */
export const configRefColumns = {
  ...idAndName,
  type: optionalText(),
  config_class: optionalText(),
};

/** The `config_analysis` columns an insight shows, on the item (CAT-24/25) and a component (CAT-28). */
export const insightColumns = {
  id: string(),
  analyzer: optionalText(),
  analysis_type: optionalText(),
  message: optionalText(),
  severity: optionalText(),
  analysis: optionalJson(),
  first_observed: optionalText(),
};
