import { array, number, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { changeTimes, maybe, optionalText } from './fields';

/** A saved query (`saved_query`, CAT-39): its text and the name it is listed under. */
export const SavedQueryStruct = type({
  id: string(),
  query: string(),
  description: optionalText(),
  icon: optionalText(),
  created_by: optionalText(),
  ...changeTimes,
});
export type SavedQuery = Infer<typeof SavedQueryStruct>;
export const SavedQueriesStruct = array(SavedQueryStruct);

/**
 * CAT-38: the rows a catalog query selects, any columns; `tags` (and `labels`) come as JSON
 * text. `count` and `columns` are config-db's, absent from some versions.
 */
export const ConfigQueryStruct = type({
  results: array(
    type({
      id: optionalText(),
      name: optionalText(),
      tags: optionalText(),
      labels: optionalText(),
    }),
  ),
  count: optional(number()),
  columns: maybe(array(type({ name: string() }))),
});
export type ConfigQueryAnswer = Infer<typeof ConfigQueryStruct>;
