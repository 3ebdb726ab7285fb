import { array, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { optionalText, changeTimes } from './fields';

/** A row of the `properties` table as PostgREST returns it (PROP-04..06). */
export const PropertyRowStruct = type({
  name: string(),
  value: string(),
  created_by: optionalText(),
  ...changeTimes,
});
export type PropertyRow = Infer<typeof PropertyRowStruct>;

export const PropertyRowsStruct = array(PropertyRowStruct);

/** What the console writes: the name is the primary key. */
export interface PropertyInput {
  name: string;
  value: string;
  /** The signed-in person's id. */
  created_by?: string;
}
