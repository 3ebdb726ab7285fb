import { array, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { optionalNumeric, optionalText } from './fields';

/** One event name of EVQ-01 (`event_queue_summary`): what waits, what failed and why. */
export const EventQueueRowStruct = type({
  name: string(),
  pending: optionalNumeric(),
  failed: optionalNumeric(),
  average_attempts: optionalNumeric(),
  first_failure: optionalText(),
  last_failure: optionalText(),
  most_common_error: optionalText(),
});
export type EventQueueRow = Infer<typeof EventQueueRowStruct>;

export const EventQueueRowsStruct = array(EventQueueRowStruct);
