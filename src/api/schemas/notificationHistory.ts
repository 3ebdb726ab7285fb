/**
 * The shapes of what was sent (api.md §13): the send-history summary per resource (NOTIF-06),
 * the flat send history of `notification_send_history_summary` (NOTIF-07, NOTIF-08), and the
 * few rule columns the history shows beside a send (NOTIF-01's picker). Columns the database
 * may leave empty are tolerated as absent or null.
 */
import type { SendStatus } from '../../../contracts/notifications';
import { SEND_STATUSES } from '../../../contracts/notifications';
import { array, assign, string, type, union } from 'superstruct';
import type { Infer } from 'superstruct';
import {
  optionalNumber,
  optionalStringMap,
  optionalText as text,
  EmbeddedPersonStruct,
  maybe,
  countedPage,
  optionalNumeric,
  namespacedName,
  EmbeddedTeamStruct,
} from './fields';

/** The send statuses of a send-history row (api.md NOTIF-07), shared with the demo. */
export { SEND_STATUSES };
export type { SendStatus };

/**
 * The kinds of resource a notification is about: `resource_kind` of the newest backend (whose
 * `resource_type` is the resource's own type, `Kubernetes::Pod`), `resource_type` of older ones.
 */
export const NOTIFICATION_RESOURCE_TYPES = ['config', 'component', 'check'] as const;
export type NotificationResourceType = (typeof NOTIFICATION_RESOURCE_TYPES)[number];

/** A count the backend may send as a number, as text (`bigint`), or not at all. */
const count = () => optionalNumeric();

/** The resource a send is about, as the view builds it (`resource` jsonb). */
export const NotificationResourceStruct = type({
  id: text(),
  name: text(),
  type: text(),
  health: text(),
  status: text(),
  config_class: text(),
  icon: text(),
  tags: optionalStringMap(),
  deleted_at: text(),
});
export type NotificationResource = Infer<typeof NotificationResourceStruct>;

/** NOTIF-06: one resource's row of the summary. */
export const NotificationSummaryRowStruct = type({
  resource: maybe(NotificationResourceStruct),
  resource_type: text(),
  resource_kind: text(),
  resource_tags: optionalStringMap(),
  resource_health: text(),
  resource_status: text(),
  resource_health_description: text(),
  first_observed: text(),
  last_seen: text(),
  total: count(),
  last_message: text(),
  sent: count(),
  error: count(),
  suppressed: count(),
  in_progress: count(),
});
export type NotificationSummaryRow = Infer<typeof NotificationSummaryRowStruct>;

/** NOTIF-06's answer: `total` counts the resources on every page. */
export const NotificationSummaryResponseStruct = countedPage(NotificationSummaryRowStruct);
export type NotificationSummaryResponse = Infer<typeof NotificationSummaryResponseStruct>;

/** The playbook run a send started (`playbook_run` of the view). */
export const SendPlaybookRunStruct = type({
  id: string(),
  status: text(),
  playbook_name: text(),
  playbook_id: text(),
});
export type SendPlaybookRun = Infer<typeof SendPlaybookRunStruct>;

/** NOTIF-07 / NOTIF-08: one send, with the resource it was about. */
export const NotificationSendStruct = type({
  id: string(),
  notification_id: text(),
  body: text(),
  status: text(),
  count: optionalNumber(),
  first_observed: text(),
  source_event: text(),
  silenced_by: text(),
  resource_id: text(),
  playbook_run_id: text(),
  person_id: text(),
  team_id: text(),
  connection_id: text(),
  error: text(),
  duration_millis: optionalNumber(),
  created_at: text(),
  parent_id: text(),
  group_id: text(),
  resource_type: text(),
  resource_kind: text(),
  resource_health: text(),
  resource_status: text(),
  resource_health_description: text(),
  resource: maybe(NotificationResourceStruct),
  playbook_run: maybe(SendPlaybookRunStruct),
  /** An embedded person, or only an id where the backend does not embed one. */
  person: maybe(union([EmbeddedPersonStruct, string()])),
});
export type NotificationSend = Infer<typeof NotificationSendStruct>;
export const NotificationSendsStruct = array(NotificationSendStruct);

/** A custom service of a rule, as far as the history names it (`name`, `url`). */
const CustomServiceStruct = type({ name: text(), url: text(), connection: text() });

/** The rule columns the history reads from NOTIF-01's picker rows. */
export const SendRuleStruct = type({
  id: string(),
  ...namespacedName,
  title: text(),
  person: maybe(EmbeddedPersonStruct),
  team: maybe(EmbeddedTeamStruct),
  playbook_id: text(),
  custom_services: maybe(array(CustomServiceStruct)),
});
export type SendRule = Infer<typeof SendRuleStruct>;
export const SendRulesStruct = array(SendRuleStruct);

/** A resource of a send's group (the demo's `notification_groups_summary.members`). */
export const SendGroupMemberStruct = type({
  id: text(),
  kind: text(),
  name: text(),
  type: text(),
  resolved_at: text(),
});
export type SendGroupMember = Infer<typeof SendGroupMemberStruct>;

/**
 * `GET /api/notification/send_history/{id}`: the send with its body rendered as Markdown
 * (`body_markdown`); a grouped send also names its group and the group's resources.
 */
export const SendDetailStruct = assign(
  NotificationSendStruct,
  type({
    body_markdown: text(),
    group: maybe(
      type({
        id: text(),
        member_count: optionalNumber(),
        members: maybe(array(SendGroupMemberStruct)),
      }),
    ),
  }),
);
export type SendDetail = Infer<typeof SendDetailStruct>;

/** A tag of the resources notified about (`notification_send_history_resource_tags`). */
export const SendHistoryTagsStruct = array(type({ key: string(), value: text() }));
/** A type of the resources notified about (`notification_send_history_resource_types`). */
export const SendHistoryTypesStruct = array(type({ resource_type: text() }));
