import type { Infer } from 'superstruct';
import { array, nullable, record, string, type, union, unknown } from 'superstruct';
import { LinkedComponentStruct } from './configItem';
import {
  configRefColumns,
  optionalText,
  maybe,
  optionalBoolean,
  rowTimes,
  namespacedName,
  idAndName,
} from './fields';
import { PersonSummaryStruct } from './lookups';

/** Where a silence comes from: made in the console, or from a Kubernetes CRD. */
export const SILENCE_SOURCES = ['UI', 'KubernetesCRD'] as const;

/** A person embedded with the avatar columns (api.md `A`). */
export const SilencePersonStruct = PersonSummaryStruct;

/** NOTIF-09's `checks:check_id(id,name,type,status)`. */
export const SilenceCheckStruct = type({
  ...idAndName,
  type: optionalText(),
  status: optionalText(),
});

/** NOTIF-09's `catalog:config_id(id,name,type,config_class)`. */
export const SilenceConfigStruct = type(configRefColumns);

/** NOTIF-09's `component:component_id(id,name,icon)`. */
export const SilenceComponentStruct = LinkedComponentStruct;

/**
 * A row of `notification_silences` (NOTIF-09, NOTIF-10). `until` null means "indefinitely";
 * exactly one of the resource ids, `filter` or `selectors` says what it mutes.
 */
export const SilenceStruct = type({
  id: string(),
  ...namespacedName,
  description: optionalText(),
  filter: optionalText(),
  /** Resource selectors (a JSON array); absent from some backends. */
  selectors: maybe(union([array(unknown()), record(string(), unknown()), string()])),
  error: optionalText(),
  from: optionalText(),
  until: optionalText(),
  recursive: optionalBoolean(),
  config_id: optionalText(),
  check_id: optionalText(),
  canary_id: optionalText(),
  component_id: optionalText(),
  source: optionalText(),
  /**
   * A maintenance window (the demo backend; absent from Mission Control): a five-field cron
   * `schedule` read in `timezone` (IANA, UTC when null) opens a window of `duration` (`2h`).
   */
  schedule: optionalText(),
  timezone: optionalText(),
  duration: optionalText(),
  /** The creator's id (the person is embedded as `createdBy`). */
  created_by: optionalText(),
  ...rowTimes,
  checks: maybe(SilenceCheckStruct),
  catalog: maybe(SilenceConfigStruct),
  component: maybe(SilenceComponentStruct),
  createdBy: maybe(SilencePersonStruct),
});

export const SilencesStruct = array(SilenceStruct);

export type Silence = Infer<typeof SilenceStruct>;
export type SilencePerson = Infer<typeof SilencePersonStruct>;

/** The resource of a preview row (the backend's resource JSON: name, type, health …). */
export const PreviewResourceStruct = type({
  id: optionalText(),
  name: optionalText(),
  type: optionalText(),
  health: optionalText(),
  status: optionalText(),
  config_class: optionalText(),
  icon: optionalText(),
});

/** A notification sent in the last 15 days that a silence would have muted (NOTIF-14). */
export const SilencePreviewRowStruct = type({
  id: string(),
  notification_id: optionalText(),
  status: optionalText(),
  source_event: optionalText(),
  resource_id: optionalText(),
  created_at: optionalText(),
  first_observed: optionalText(),
  resource: maybe(PreviewResourceStruct),
  body_markdown: optionalText(),
  /** The maintenance window the send fell in (a preview of a recurring silence). */
  window_start: optionalText(),
  window_end: optionalText(),
});

/** NOTIF-14's answer: an array, or null when nothing matches. */
export const SilencePreviewStruct = nullable(array(SilencePreviewRowStruct));

export type SilencePreviewRow = Infer<typeof SilencePreviewRowStruct>;

/** A window of a recurring silence and what it would have muted (null: still to come). */
export const SilenceWindowStruct = type({
  start: string(),
  end: string(),
  muted: nullable(array(SilencePreviewRowStruct)),
});

/**
 * `GET /api/notification/silence_windows`' answer (the demo backend only): the last window
 * at or before now (it may still be open) and the next, each null when there is none.
 */
export const SilenceWindowsStruct = type({
  last: nullable(SilenceWindowStruct),
  next: nullable(SilenceWindowStruct),
});

export type SilenceWindow = Infer<typeof SilenceWindowStruct>;
export type SilenceWindows = Infer<typeof SilenceWindowsStruct>;
