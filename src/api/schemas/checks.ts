import { array, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import {
  maybe,
  optionalNumber,
  optionalText,
  optionalBoolean,
  optionalJson,
  rowTimes,
  namespacedName,
  idAndName,
} from './fields';

const text = () => optionalText();
const num = () => optionalNumber();

/** `canaries!checks_canary_id_fkey(id,name,source)` of HEALTH-02. */
export const CheckCanaryStruct = type({ ...idAndName, source: text() });

/** `agents!checks_agent_id_fkey(id, name)` of HEALTH-02. */
export const CheckAgentStruct = type(idAndName);

/** A component related to a check (`check_component_relationships` → `components`). */
export const RelatedComponentStruct = type({ ...idAndName, icon: text(), deleted_at: text() });
export type RelatedComponent = Infer<typeof RelatedComponentStruct>;

/** A config item related to a check (`check_config_relationships` → `configs`). */
export const RelatedConfigStruct = type({ ...idAndName, type: text(), deleted_at: text() });
export type RelatedConfig = Infer<typeof RelatedConfigStruct>;

/**
 * One row of HEALTH-02: every `checks` column the console reads, with the canary, the agent and
 * the junction rows of its relationships, each holding its embedded component or config.
 */
export const CheckDetailStruct = type({
  id: string(),
  canary_id: string(),
  type: text(),
  name: string(),
  namespace: text(),
  icon: text(),
  description: text(),
  status: text(),
  severity: text(),
  owner: text(),
  spec: optionalJson(),
  endpoint: text(),
  last_runtime: text(),
  next_runtime: text(),
  last_transition_time: text(),
  ...rowTimes,
  agent_id: text(),
  canaries: maybe(CheckCanaryStruct),
  agents: maybe(CheckAgentStruct),
  components: maybe(array(type({ components: maybe(RelatedComponentStruct) }))),
  configs: maybe(array(type({ configs: maybe(RelatedConfigStruct) }))),
});
export type CheckDetail = Infer<typeof CheckDetailStruct>;
export const CheckDetailRowsStruct = array(CheckDetailStruct);

/** One run of a check (HEALTH-05). `status` true is a pass; `duration` is in milliseconds. */
export const CheckStatusStruct = type({
  check_id: text(),
  time: string(),
  status: optionalBoolean(),
  duration: num(),
  message: text(),
  error: text(),
});
export type CheckStatus = Infer<typeof CheckStatusStruct>;
export const CheckStatusRowsStruct = array(CheckStatusStruct);

/** A page of history: the rows and the total from `Content-Range`. */
export interface CheckStatusPage {
  data: CheckStatus[];
  /** Undefined when the backend sent no count. */
  totalEntries: number | undefined;
}

/** One point of the status series of HEALTH-06 (an aggregate window on long ranges). */
export const CheckGraphPointStruct = type({
  time: string(),
  status: optionalBoolean(),
  duration: num(),
  message: text(),
  error: text(),
  count: num(),
  passed: num(),
  failed: num(),
});
export type CheckGraphPoint = Infer<typeof CheckGraphPointStruct>;

export const CheckLatencyStruct = type({
  p95: num(),
  p97: num(),
  p99: num(),
  rolling1h: num(),
});

export const CheckUptimeStruct = type({ passed: num(), failed: num() });

/** HEALTH-06: the status series, uptime and latency of a check over a range. */
export const CheckGraphStruct = type({
  status: maybe(array(CheckGraphPointStruct)),
  latency: maybe(CheckLatencyStruct),
  uptime: maybe(CheckUptimeStruct),
});
export type CheckGraph = Infer<typeof CheckGraphStruct>;

/** HEALTH-09: the canary a check belongs to, with its spec. */
export const CanarySpecStruct = type({
  id: string(),
  ...namespacedName,
  source: text(),
  spec: optionalJson(),
});
export type CanarySpec = Infer<typeof CanarySpecStruct>;
export const CanarySpecRowsStruct = array(CanarySpecStruct);

/** HEALTH-08 answers with the result of the run; the console only needs an object. */
export const RunCheckResultStruct = type({});
export type RunCheckResult = Record<string, unknown>;
