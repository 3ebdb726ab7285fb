import { array, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import {
  maybe,
  optionalBoolean,
  optionalNumeric,
  optionalStringMap,
  optionalText as text,
} from './fields';

/**
 * The access review's rows, with the column names of Mission Control's views
 * (`views/038_config_access.sql`): who reaches which config item through which role, directly
 * or through a group, and when they last signed in to it.
 */

/** A `config_access_summary` row: one principal's role on one config item. */
export const AccessRowStruct = type({
  config_id: string(),
  config_name: text(),
  config_type: text(),
  /** The group the access comes through; null for a direct grant. */
  external_group_id: text(),
  /** The user; null for a group's grant whose members are not known. */
  external_user_id: text(),
  role: text(),
  /** The user's name, or the group's for a grant without members. */
  user: text(),
  email: text(),
  /** The user's type, or `group`. */
  user_type: text(),
  created_at: text(),
  last_signed_in_at: text(),
  last_reviewed_at: text(),
});
export type AccessRow = Infer<typeof AccessRowStruct>;
export const AccessRowsStruct = array(AccessRowStruct);

/** What every grouped view counts (PostgreSQL's `bigint` counts may come as text). */
const groupCounts = {
  access_count: optionalNumeric(),
  distinct_roles: optionalNumeric(),
  last_signed_in_at: text(),
  latest_grant: text(),
};

/** A `config_access_summary_by_user` row. */
export const AccessByUserStruct = type({
  external_user_id: string(),
  user: text(),
  email: text(),
  distinct_configs: optionalNumeric(),
  config_types: maybe(array(string())),
  ...groupCounts,
});
export type AccessByUser = Infer<typeof AccessByUserStruct>;
export const AccessByUserRowsStruct = array(AccessByUserStruct);

/** A `config_access_summary_by_group` row. */
export const AccessByGroupStruct = type({
  external_group_id: string(),
  group: text(),
  distinct_users: optionalNumeric(),
  distinct_configs: optionalNumeric(),
  config_types: maybe(array(string())),
  ...groupCounts,
});
export type AccessByGroup = Infer<typeof AccessByGroupStruct>;
export const AccessByGroupRowsStruct = array(AccessByGroupStruct);

/** A `config_access_summary_by_config` row. */
export const AccessByConfigStruct = type({
  config_id: string(),
  config_name: text(),
  config_type: text(),
  distinct_users: optionalNumeric(),
  ...groupCounts,
});
export type AccessByConfig = Infer<typeof AccessByConfigStruct>;
export const AccessByConfigRowsStruct = array(AccessByConfigStruct);

/** `rpc/config_access_filter_options`: each filter's values, faceted by the others. */
export const AccessFilterOptionsStruct = type({
  catalogs: maybe(array(type({ config_id: string(), config_name: text(), config_type: text() }))),
  users: maybe(array(type({ external_user_id: string(), user: text(), email: text() }))),
  groups: maybe(array(type({ external_group_id: string(), group: text() }))),
  roles: maybe(array(type({ role: text() }))),
  user_types: maybe(array(type({ user_type: text() }))),
});
export type AccessFilterOptions = Infer<typeof AccessFilterOptionsStruct>;

/** A `config_access_logs` row with its external user embedded: sign-ins of a user to an item. */
export const AccessLogStruct = type({
  config_id: string(),
  external_user_id: string(),
  scraper_id: text(),
  mfa: optionalBoolean(),
  properties: optionalStringMap(),
  count: optionalNumeric(),
  created_at: text(),
  external_user: maybe(type({ name: text(), email: text(), user_type: text() })),
});
export type AccessLog = Infer<typeof AccessLogStruct>;
export const AccessLogsStruct = array(AccessLogStruct);

/** A row read only for its count (`select=config_id`). */
export const CountedRowsStruct = array(type({ config_id: string() }));

/** An `external_users` row as the identity actions read it: its name, email and aliases. */
export const ExternalUserStruct = type({
  id: string(),
  name: text(),
  email: text(),
  aliases: maybe(array(string())),
});
export type ExternalUser = Infer<typeof ExternalUserStruct>;
export const ExternalUsersStruct = array(ExternalUserStruct);

/** What `rpc/add_external_user_alias` answers: the `external_user_aliases` row. */
export const ExternalUserAliasStruct = type({
  id: text(),
  external_user_id: string(),
  alias: string(),
  source: text(),
  created_at: text(),
});
export type ExternalUserAlias = Infer<typeof ExternalUserAliasStruct>;
