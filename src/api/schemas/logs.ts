import { array, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import {
  optionalText as text,
  countedPage,
  maybe,
  optionalStringMap,
  optionalNumber,
  idAndName,
} from './fields';

/**
 * One line of a log search (api.md LOG-01): the message and its time; labels, and for lines
 * that stand for repeated messages, how many and when the first and last were seen.
 */
export const LogLineStruct = type({
  message: string(),
  timestamp: string(),
  labels: optionalStringMap(),
  count: optionalNumber(),
  firstObserved: text(),
  lastObserved: text(),
});
export type LogLine = Infer<typeof LogLineStruct>;

/** LOG-01's answer: every match counted, the lines themselves capped by the backend. */
export const LogSearchResultStruct = countedPage(LogLineStruct);
export type LogSearchResult = Infer<typeof LogSearchResultStruct>;

/** A component with log selectors (TOPO-06): what the picker offers. */
export const ComponentWithLogsStruct = type({
  ...idAndName,
  icon: text(),
  type: text(),
  logs: maybe(array(type({ name: text() }))),
});
export type ComponentWithLogs = Infer<typeof ComponentWithLogsStruct>;
export const ComponentsWithLogsStruct = array(ComponentWithLogsStruct);
