import { array, nullable, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';

/** The avatar columns the console embeds for a person (`id,name,avatar,email`). */
export const PersonSummaryStruct = type({
  id: string(),
  name: optional(nullable(string())),
  email: optional(nullable(string())),
  avatar: optional(nullable(string())),
});
export type PersonSummary = Infer<typeof PersonSummaryStruct>;

/** AUTH-03: a person of the people picker. */
export const PersonOptionStruct = type({
  id: string(),
  name: string(),
  email: optional(nullable(string())),
  avatar: optional(nullable(string())),
});
export type PersonOption = Infer<typeof PersonOptionStruct>;
export const PersonOptionsStruct = array(PersonOptionStruct);

/** AUTH-19: a team. */
export const TeamOptionStruct = type({
  id: string(),
  name: string(),
  icon: optional(nullable(string())),
});
export type TeamOption = Infer<typeof TeamOptionStruct>;
export const TeamOptionsStruct = array(TeamOptionStruct);

/** NOTIF-01 (the "all rules" picker): a notification rule. */
export const NotificationOptionStruct = type({
  id: string(),
  name: optional(nullable(string())),
  namespace: optional(nullable(string())),
  title: optional(nullable(string())),
});
export type NotificationOption = Infer<typeof NotificationOptionStruct>;
export const NotificationOptionsStruct = array(NotificationOptionStruct);

/** PB-01: a playbook name. */
export const PlaybookOptionStruct = type({
  id: string(),
  name: string(),
  title: optional(nullable(string())),
  icon: optional(nullable(string())),
  category: optional(nullable(string())),
});
export type PlaybookOption = Infer<typeof PlaybookOptionStruct>;
export const PlaybookOptionsStruct = array(PlaybookOptionStruct);

/** CONN-01: a connection (only what a picker shows). */
export const ConnectionOptionStruct = type({
  id: string(),
  name: string(),
  namespace: optional(nullable(string())),
  type: optional(nullable(string())),
});
export type ConnectionOption = Infer<typeof ConnectionOptionStruct>;
export const ConnectionOptionsStruct = array(ConnectionOptionStruct);

/** TOPO-04: a component name. */
export const ComponentOptionStruct = type({
  id: string(),
  name: string(),
  type: optional(nullable(string())),
  icon: optional(nullable(string())),
});
export type ComponentOption = Infer<typeof ComponentOptionStruct>;
export const ComponentOptionsStruct = array(ComponentOptionStruct);

/** CAT-07: a config item of the search picker. */
export const ConfigOptionStruct = type({
  id: string(),
  name: optional(nullable(string())),
  config_class: optional(nullable(string())),
  type: optional(nullable(string())),
});
export type ConfigOption = Infer<typeof ConfigOptionStruct>;
export const ConfigOptionsStruct = array(ConfigOptionStruct);

/** HEALTH-12: a canary name. */
export const CanaryOptionStruct = type({
  id: string(),
  name: string(),
  namespace: optional(nullable(string())),
});
export type CanaryOption = Infer<typeof CanaryOptionStruct>;
export const CanaryOptionsStruct = array(CanaryOptionStruct);
