import { array, string, type, union } from 'superstruct';
import type { Infer } from 'superstruct';
import {
  configRefColumns,
  optionalText as text,
  maybe,
  optionalJson,
  optionalNumeric,
} from './fields';
import { PersonSummaryStruct } from './lookups';

export { CatalogChangesResponseStruct, ConfigChangeStruct } from './configItem';
export type { CatalogChangesResponse, ConfigChange } from './configItem';

/** Who made a change: a person's id (or, from some backends, the person). */
const ChangeAuthorStruct = union([string(), type({ id: text(), name: text(), email: text() })]);

/** The config embedded in CAT-21 (`config:configs(id,name,type,config_class)`). */
export const ChangeConfigStruct = type(configRefColumns);
export type ChangeConfig = Infer<typeof ChangeConfigStruct>;

/**
 * CAT-21: one change with its diff, details and patches, and its config. `summary` and
 * `severity` are not in the call's select list; they are read when a backend sends them.
 */
export const ConfigChangeDetailStruct = type({
  id: string(),
  config_id: text(),
  change_type: text(),
  created_at: text(),
  external_created_by: text(),
  source: text(),
  /** A unified diff of the config's document. */
  diff: text(),
  /** A JSON document (or JSON text) the source attached to the change. */
  details: optionalJson(),
  /** The patch applied to the document (JSON, or JSON text). */
  patches: optionalJson(),
  created_by: maybe(ChangeAuthorStruct),
  summary: text(),
  severity: text(),
  config: maybe(ChangeConfigStruct),
});
export type ConfigChangeDetail = Infer<typeof ConfigChangeDetailStruct>;
export const ConfigChangeDetailsStruct = array(ConfigChangeDetailStruct);

/** CAT-11: a tag of some config, `{ key, value }`. */
export const ConfigTagStruct = type({ key: string(), value: text() });
export type ConfigTagRow = Infer<typeof ConfigTagStruct>;
export const ConfigTagsStruct = array(ConfigTagStruct);

/** AUTH-03: a person (people without an email, system users, are not listed). */
export const ChangePeopleStruct = array(PersonSummaryStruct);

/** A file kept with a change (`artifacts?config_change_id=eq.{id}`), downloaded with MISC-04. */
export const ChangeArtifactStruct = type({
  id: string(),
  filename: text(),
  path: text(),
  content_type: text(),
  /** Bytes. */
  size: optionalNumeric(),
  created_at: text(),
});
export type ChangeArtifact = Infer<typeof ChangeArtifactStruct>;
export const ChangeArtifactsStruct = array(ChangeArtifactStruct);
