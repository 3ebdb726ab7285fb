import { array, string, type, unknown } from 'superstruct';
import type { Infer } from 'superstruct';
import { optionalStringMap, optionalText, maybe, changeTimes, personOrId } from './fields';

/**
 * A log backend (`logging_backends`): LOG-02 selects `id, spec, name, source, created_at,
 * updated_at, created_by(A)`; the row read by id (INT-02) also has `labels`, `agent_id`.
 */
export const LogBackendRowStruct = type({
  id: string(),
  name: string(),
  spec: maybe(unknown()),
  labels: optionalStringMap(),
  source: optionalText(),
  agent_id: optionalText(),
  created_by: personOrId(),
  ...changeTimes,
});
export type LogBackendRow = Infer<typeof LogBackendRowStruct>;

export const LogBackendRowsStruct = array(LogBackendRowStruct);
