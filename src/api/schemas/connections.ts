import { array, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import {
  optionalStringMap,
  optionalText,
  optionalBoolean,
  optionalJson,
  rowTimes,
  namespacedName,
  personOrId,
  idAndName,
} from './fields';

/**
 * A `connections` row (api.md CONN-01): the stored values of a connection. `url`, `username`,
 * `password` and `certificate` may hold the value itself or a `secret://{name}/{key}` /
 * `configmap://{name}/{key}` reference; `properties` holds the type's other settings as strings.
 */
export const ConnectionStruct = type({
  id: string(),
  ...namespacedName,
  type: optionalText(),
  url: optionalText(),
  username: optionalText(),
  password: optionalText(),
  certificate: optionalText(),
  insecure_tls: optionalBoolean(),
  properties: optionalStringMap(),
  source: optionalText(),
  /** The embedded creator (`created_by(A)`), or the bare id where it is not embedded. */
  created_by: personOrId(),
  ...rowTimes,
});
export type Connection = Infer<typeof ConnectionStruct>;

export const ConnectionsStruct = array(ConnectionStruct);

/** CONN-03: the minimal row (`id,name,type`). */
export const ConnectionSummaryStruct = type({ ...idAndName, type: optionalText() });
export type ConnectionSummary = Infer<typeof ConnectionSummaryStruct>;

export const ConnectionSummariesStruct = array(ConnectionSummaryStruct);

/** CONN-02 on success: `{ message: "ok", payload }`. */
export const ConnectionTestStruct = type({ message: optionalText(), payload: optionalJson() });
export type ConnectionTest = Infer<typeof ConnectionTestStruct>;
