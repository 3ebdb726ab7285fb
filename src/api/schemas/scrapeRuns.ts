/**
 * The shapes of a scraper's run (notes: scrape-run contract): its `job_history` row, its
 * artifact row, the artifact's payload (what the run scraped, saved, logged and fetched) and the
 * scraper's config items the Configs tab lists. Loose on purpose: the payload is large and
 * written by the scraper; every part may be missing and extra fields are kept.
 */
import { array, record, string, type, unknown } from 'superstruct';
import type { Infer } from 'superstruct';
import { JobErrorsStruct, JobLogLineStruct } from './jobHistory';
import { maybe, optionalBoolean, optionalNumber, optionalText as text } from './fields';

/** A count of a summary; zero fields are left out. */
const count = optionalNumber;

/** What a run did to one config type: added, updated, unchanged, changes, deleted. */
export const ConfigTypeSummaryStruct = type({
  added: count(),
  updated: count(),
  unchanged: count(),
  changes: count(),
  deleted: count(),
});
export type ConfigTypeSummary = Infer<typeof ConfigTypeSummaryStruct>;

/** What a run did to users, groups, roles or access rows. */
export const EntitySummaryStruct = type({
  scraped: count(),
  saved: count(),
  skipped: count(),
  deleted: count(),
});
export type EntitySummary = Infer<typeof EntitySummaryStruct>;

/** A run's summary (`details.scrape_summary`, the payload's `save_summary`). */
export const ScrapeSummaryStruct = type({
  config_types: maybe(record(string(), ConfigTypeSummaryStruct)),
  external_users: maybe(EntitySummaryStruct),
  external_groups: maybe(EntitySummaryStruct),
  external_roles: maybe(EntitySummaryStruct),
  config_access: maybe(EntitySummaryStruct),
  access_logs: maybe(EntitySummaryStruct),
});
export type ScrapeSummary = Infer<typeof ScrapeSummaryStruct>;

/** `details` of a run: its summary, errors (a list or a map item → error) and log lines. */
export const ScrapeRunDetailsStruct = type({
  scrape_summary: maybe(unknown()),
  errors: maybe(JobErrorsStruct),
  logs: maybe(array(JobLogLineStruct)),
});

/** One run: `job_history?id=eq.{runId}`. */
export const ScrapeRunStruct = type({
  id: string(),
  name: text(),
  status: text(),
  resource_type: text(),
  resource_id: text(),
  success_count: optionalNumber(),
  error_count: optionalNumber(),
  duration_millis: optionalNumber(),
  time_start: text(),
  time_end: text(),
  created_at: text(),
  details: maybe(ScrapeRunDetailsStruct),
});
export type ScrapeRun = Infer<typeof ScrapeRunStruct>;
export const ScrapeRunsStruct = array(ScrapeRunStruct);

/** A run's artifact row (never its content). */
export const RunArtifactStruct = type({
  id: string(),
  filename: text(),
  path: text(),
  content_type: text(),
  size: optionalNumber(),
  created_at: text(),
});
export type RunArtifact = Infer<typeof RunArtifactStruct>;
export const RunArtifactsStruct = array(RunArtifactStruct);

/** A config (type, external id) as access rows name it. */
export const ExternalConfigRefStruct = type({ config_type: text(), external_id: text() });

const aliases = () => maybe(array(string()));

export const ExternalUserStruct = type({
  id: text(),
  name: text(),
  aliases: aliases(),
  user_type: text(),
  email: text(),
  account_id: text(),
  created_at: text(),
});
export type ExternalUser = Infer<typeof ExternalUserStruct>;

export const ExternalGroupStruct = type({
  id: text(),
  name: text(),
  aliases: aliases(),
  group_type: text(),
  account_id: text(),
  created_at: text(),
});
export type ExternalGroup = Infer<typeof ExternalGroupStruct>;

export const ExternalRoleStruct = type({
  id: text(),
  name: text(),
  aliases: aliases(),
  role_type: text(),
  description: text(),
  account_id: text(),
  created_at: text(),
});
export type ExternalRole = Infer<typeof ExternalRoleStruct>;

export const ConfigAccessStruct = type({
  id: text(),
  config_id: text(),
  external_config_id: maybe(ExternalConfigRefStruct),
  external_user_id: text(),
  external_group_id: text(),
  external_role_id: text(),
  created_at: text(),
});
export type ConfigAccess = Infer<typeof ConfigAccessStruct>;

export const ConfigAccessLogStruct = type({
  external_config_id: maybe(ExternalConfigRefStruct),
  external_user_aliases: aliases(),
  created_at: text(),
  mfa: optionalBoolean(),
  count: optionalNumber(),
});
export type ConfigAccessLog = Infer<typeof ConfigAccessLogStruct>;

/** What the run scraped (only the parts the viewer shows are read closely). */
export const RunResultsStruct = type({
  configs: maybe(array(unknown())),
  changes: maybe(array(unknown())),
  external_users: maybe(array(ExternalUserStruct)),
  external_groups: maybe(array(ExternalGroupStruct)),
  external_roles: maybe(array(ExternalRoleStruct)),
  external_user_groups: maybe(array(unknown())),
  config_access: maybe(array(ConfigAccessStruct)),
  config_access_logs: maybe(array(ConfigAccessLogStruct)),
});
export type RunResults = Infer<typeof RunResultsStruct>;

/** Counts of one kind of row, with windows anchored at the run's start. */
export const SnapshotCountsStruct = type({
  total: count(),
  updated_last: count(),
  deleted_last: count(),
});
export type SnapshotCounts = Infer<typeof SnapshotCountsStruct>;

const counts = () => maybe(SnapshotCountsStruct);

/** The database as one snapshot saw it (before or after the run), or the change between two. */
export const ScrapeSnapshotStruct = type({
  captured_at: text(),
  run_started_at: text(),
  per_scraper: maybe(record(string(), SnapshotCountsStruct)),
  per_config_type: maybe(record(string(), SnapshotCountsStruct)),
  external_users: counts(),
  external_groups: counts(),
  external_roles: counts(),
  external_user_groups: counts(),
  config_access: counts(),
  config_access_logs: counts(),
});
export type ScrapeSnapshot = Infer<typeof ScrapeSnapshotStruct>;

const nameValues = () => maybe(array(type({ name: string(), value: text() })));

/** One HTTP exchange of a run (HAR 1.2 entry). */
export const HarEntryStruct = type({
  startedDateTime: text(),
  time: optionalNumber(),
  request: type({
    method: text(),
    url: text(),
    httpVersion: text(),
    headers: nameValues(),
    queryString: nameValues(),
    bodySize: optionalNumber(),
    postData: maybe(type({ mimeType: text(), text: text() })),
  }),
  response: type({
    status: optionalNumber(),
    statusText: text(),
    httpVersion: text(),
    headers: nameValues(),
    content: maybe(type({ size: optionalNumber(), mimeType: text(), text: text() })),
    bodySize: optionalNumber(),
  }),
});
export type HarEntry = Infer<typeof HarEntryStruct>;

/** The artifact's payload. */
export const ScrapeRunPayloadStruct = type({
  scraper_id: text(),
  scraper_name: text(),
  started_at: text(),
  finished_at: text(),
  results: maybe(RunResultsStruct),
  save_summary: maybe(ScrapeSummaryStruct),
  last_scrape_summary: maybe(ScrapeSummaryStruct),
  snapshot_pair: maybe(
    type({
      before: maybe(ScrapeSnapshotStruct),
      after: maybe(ScrapeSnapshotStruct),
      diff: maybe(ScrapeSnapshotStruct),
    }),
  ),
  har: maybe(array(HarEntryStruct)),
  logs: text(),
});
export type ScrapeRunPayload = Infer<typeof ScrapeRunPayloadStruct>;

/** A config item of the scraper, as the Configs tab lists it. */
export const RunConfigItemStruct = type({
  id: string(),
  name: text(),
  type: text(),
  config_class: text(),
  health: text(),
  status: text(),
  created_at: text(),
  updated_at: text(),
  deleted_at: text(),
});
export type RunConfigItem = Infer<typeof RunConfigItemStruct>;
export const RunConfigItemsStruct = array(RunConfigItemStruct);
