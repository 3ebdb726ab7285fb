import type { PlaybookRunStatus } from '../../../contracts/playbooks';
import { FINAL_RUN_STATUSES, PLAYBOOK_RUN_STATUSES } from '../../../contracts/playbooks';
import { array, record, string, type, union, unknown } from 'superstruct';
import type { Infer } from 'superstruct';
import {
  optionalNumber,
  optionalNumeric,
  optionalText as text,
  EmbeddedPersonStruct,
  maybe,
  optionalStringMap,
  optionalBoolean,
  optionalJson,
  rowTimes,
  namespacedName,
  personOrId,
  idAndName,
  EmbeddedTeamStruct,
} from './fields';

/** A JSON object column that may be absent or null (`spec`, `parameters`, `result`, …). */
const jsonMap = () => optionalStringMap();

/** A person as the playbook calls embed them (api.md `A`, or `id,name,avatar`). */
export const PlaybookPersonStruct = EmbeddedPersonStruct;
export type PlaybookPerson = Infer<typeof PlaybookPersonStruct>;

/** A named resource embedded in a run (`component`, `check`, `config`). */
const RunResourceStruct = type({
  id: text(),
  name: text(),
  icon: text(),
  type: text(),
  config_class: text(),
});
export type PlaybookRunResource = Infer<typeof RunResourceStruct>;
const runResource = () => maybe(RunResourceStruct);

/** PB-01: a row of `playbook_names`. */
export const PlaybookNameStruct = type({
  ...idAndName,
  title: text(),
  icon: text(),
  category: text(),
});
export type PlaybookName = Infer<typeof PlaybookNameStruct>;
export const PlaybookNamesStruct = array(PlaybookNameStruct);

/**
 * A parameter of a playbook (PB-08, and `spec.parameters` of PB-02). `type` is one of `list,
 * text, password, email, url, number, bytes, millicores, dns1123, duration, code, checkbox,
 * component, config, configs, check, people, team` (text when absent); `properties` holds
 * `options`, `multiline`, `language`, `size`, `filter`, `role`, `regex`, `min`, `max`,
 * `minLength`, `maxLength`, `format`, `colSpan`, `className`, … as the spec gives them.
 */
export const PlaybookParameterStruct = type({
  name: string(),
  label: text(),
  description: text(),
  default: optionalJson(),
  required: optionalBoolean(),
  icon: text(),
  type: text(),
  properties: jsonMap(),
});
/** `default` may be absent (superstruct types an `unknown` field as present). */
export type PlaybookParameter = Omit<Infer<typeof PlaybookParameterStruct>, 'default'> & {
  default?: unknown;
};

/**
 * A playbook's spec, loosely: the parts the console reads. The resource selectors
 * (`configs`, `components`, `checks`) say which kinds of resource it runs on.
 */
export const PlaybookSpecStruct = type({
  title: text(),
  description: text(),
  icon: text(),
  category: text(),
  parameters: maybe(array(PlaybookParameterStruct)),
  actions: maybe(array(record(string(), unknown()))),
  configs: maybe(array(unknown())),
  components: maybe(array(unknown())),
  checks: maybe(array(unknown())),
  approval: jsonMap(),
});
export type PlaybookSpec = Infer<typeof PlaybookSpecStruct>;
const spec = () => maybe(PlaybookSpecStruct);

/** PB-02 (and the rows PB-04 and PB-05 answer): a playbook with its spec. */
export const PlaybookStruct = type({
  id: string(),
  ...namespacedName,
  title: text(),
  description: text(),
  icon: text(),
  category: text(),
  spec: spec(),
  /** `KubernetesCRD`, `ConfigFile` or `UI`; only `UI` playbooks can be changed (PB-05). */
  source: text(),
  created_by: personOrId(),
  ...rowTimes,
});
export type Playbook = Infer<typeof PlaybookStruct>;
export const PlaybooksStruct = array(PlaybookStruct);

/** PB-03: the title and spec of several playbooks. */
export const PlaybookTitleStruct = type({ id: string(), title: text(), spec: spec() });
export type PlaybookTitle = Infer<typeof PlaybookTitleStruct>;
export const PlaybookTitlesStruct = array(PlaybookTitleStruct);

/** PB-07: a playbook that can run on the resource. */
export const RunnablePlaybookStruct = type({
  id: string(),
  ...namespacedName,
  title: text(),
  icon: text(),
  description: text(),
  source: text(),
  category: text(),
  created_at: text(),
  parameters: maybe(array(PlaybookParameterStruct)),
  spec: spec(),
});
export type RunnablePlaybook = Infer<typeof RunnablePlaybookStruct>;
export const RunnablePlaybooksStruct = array(RunnablePlaybookStruct);

/** PB-08: the parameters with their templates rendered against the resource. */
export const PlaybookParamsResponseStruct = type({ params: maybe(array(PlaybookParameterStruct)) });

/** PB-09's answer (201). */
export const PlaybookRunStartedStruct = type({ run_id: string(), starts_at: text() });
export type PlaybookRunStarted = Infer<typeof PlaybookRunStartedStruct>;

/** A run that retries another from one of its actions. */
export const PlaybookRunRetryStruct = type({ id: string(), status: text(), created_at: text() });
export type PlaybookRunRetry = Infer<typeof PlaybookRunRetryStruct>;
export const PlaybookRunRetriesStruct = array(PlaybookRunRetryStruct);

/** Run statuses (PB-10) and those after which a run changes no more, shared with the demo. */
export { FINAL_RUN_STATUSES, PLAYBOOK_RUN_STATUSES };
export type { PlaybookRunStatus };

/** Which playbook a run is of, where it stands and when it ran (PB-10, and the item's runs). */
export const runStateColumns = {
  id: string(),
  playbook_id: text(),
  status: text(),
  start_time: text(),
  scheduled_time: text(),
  end_time: text(),
  created_at: text(),
  error: text(),
};

/** The columns of a run that PB-10 and PB-11 read. */
const runColumns = {
  ...runStateColumns,
  /** The parameters it ran with, by name. */
  parameters: jsonMap(),
  agent_id: text(),
  parent_id: text(),
  /** The failed run this one retries from one of its actions (the demo backend's own column). */
  retry_of: text(),
  notification_send_id: text(),
  check_id: text(),
  config_id: text(),
  component_id: text(),
  created_by: personOrId(),
  playbooks: maybe(
    type({ id: text(), name: text(), title: text(), icon: text(), spec: jsonMap() }),
  ),
  component: runResource(),
  check: runResource(),
  config: runResource(),
};

/** PB-10: a run with its playbook, creator and resource. */
export const PlaybookRunStruct = type(runColumns);
export type PlaybookRun = Infer<typeof PlaybookRunStruct>;
export const PlaybookRunsStruct = array(PlaybookRunStruct);

/** An approval of a run (PB-11's `playbook_approvals`). */
export const PlaybookApprovalStruct = type({
  id: text(),
  run_id: text(),
  person_id: personOrId(),
  team_id: maybe(union([EmbeddedTeamStruct, string()])),
  created_at: text(),
});
export type PlaybookApproval = Infer<typeof PlaybookApprovalStruct>;

/** PB-11: a run or one of its children, with approvals. */
export const PlaybookRunDetailStruct = type({
  ...runColumns,
  playbook_approvals: maybe(array(PlaybookApprovalStruct)),
});
export type PlaybookRunDetail = Infer<typeof PlaybookRunDetailStruct>;
export const PlaybookRunDetailsStruct = array(PlaybookRunDetailStruct);

/** An artifact an action produced (PB-13, MISC-04). */
export const PlaybookArtifactStruct = type({
  id: string(),
  filename: text(),
  path: text(),
  content_type: text(),
  checksum: text(),
  size: optionalNumeric(),
  playbook_run_action_id: text(),
  created_at: text(),
});
export type PlaybookArtifact = Infer<typeof PlaybookArtifactStruct>;

/** The columns of an action that PB-12 and PB-13 read. */
const actionColumns = {
  ...idAndName,
  playbook_run_id: text(),
  /** `completed, failed, running, scheduled, skipped, waiting_children, sleeping` */
  status: text(),
  scheduled_time: text(),
  start_time: text(),
  end_time: text(),
  /** What the action produced; its shape depends on the action's type. */
  result: optionalJson(),
  error: text(),
  agent_id: text(),
  retry_count: optionalNumber(),
  agent: maybe(type({ id: text(), name: text() })),
  artifacts: maybe(array(PlaybookArtifactStruct)),
};

/** PB-12: an action of a run. */
export const PlaybookRunActionStruct = type(actionColumns);
export type PlaybookRunAction = Omit<Infer<typeof PlaybookRunActionStruct>, 'result'> & {
  result?: unknown;
};
export const PlaybookRunActionsStruct = array(PlaybookRunActionStruct);

/** PB-13: one action, its artifacts and the spec of its run. */
export const PlaybookRunActionDetailStruct = type({
  ...actionColumns,
  playbook_run: maybe(type({ spec: jsonMap() })),
});
export type PlaybookRunActionDetail = Omit<
  Infer<typeof PlaybookRunActionDetailStruct>,
  'result'
> & {
  result?: unknown;
};
export const PlaybookRunActionDetailsStruct = array(PlaybookRunActionDetailStruct);

/** PB-14 and PB-15: `{ message }`. */
export const PlaybookMessageStruct = type({ message: text() });

/**
 * The catalog's config item of the Kubernetes resource a playbook comes from (a Playbook custom
 * resource scraped as `MissionControl::Playbook`, sharing the playbook's id).
 */
export const PlaybookSourceConfigStruct = type({
  id: string(),
  name: text(),
  type: text(),
  config_class: text(),
  tags: optionalStringMap(),
});
export type PlaybookSourceConfig = Infer<typeof PlaybookSourceConfigStruct>;
export const PlaybookSourceConfigsStruct = array(PlaybookSourceConfigStruct);
